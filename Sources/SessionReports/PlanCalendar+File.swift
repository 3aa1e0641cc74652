import CivilTime
package import Foundation
import SafeFiles
package import SessionAnalytics
import TextFormats

extension PlanCalendar {
    /// The calendar that replaces the file at `path` (`-`: standard output), its events' stamps
    /// and sequences carried over from that file (RFC 5545: an unchanged event keeps both, a
    /// changed one gets SEQUENCE + 1 and a new stamp).
    ///
    /// A new or changed event is stamped `fixed` when given (the CLI gives `SOURCE_DATE_EPOCH`
    /// when it is set), else `now`; on standard output (no file to carry over) midnight UTC of
    /// the archive's last day, so that the same inputs give the same bytes. Only a regular file
    /// is read back (a FIFO, a device or a link is the writer's to refuse or write in place, never
    /// opened here); one that cannot be read only loses its stamps.
    package static func render(
        _ plan: RiderPlan, replacing path: String, options: Options,
        fixed: Date?, now: Date
    ) -> String {
        var previous: String?
        let type = try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType
        if path != "-", type == .typeRegular {
            previous =
                (try? BoundedFile.read(
                    URL(fileURLWithPath: path), limit: BoundedFile.tableLimit, what: "calendar")).map {
                    String(decoding: $0, as: UTF8.self)
                }
        }
        func seconds(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970.rounded(.down)) }
        let stamp =
            fixed.map(seconds)
            ?? (path == "-" ? Int64(plan.archiveRange.upperBound.daysSinceEpoch) * 86_400 : seconds(now))
        return render(plan, stamp: stamp, options: options, previous: previous)
    }
}
