public import DataFolderLayout
public import Foundation
import TextFormats

extension CourseSpeedTable {
    /// The file `nextwave fleet speeds --out` writes into the data folder, which `ratings` and
    /// `wake --speeds service` read by default.
    public static let bundledFileName = DataLayout.Name.courseSpeeds

    /// The cruising speeds a run reads: the file given (its path as given, also how tables cite
    /// it), else the data folder's when it is there (cited `Data/operating-speeds.json`); no file
    /// when neither is.
    public static func choose(given: String?, data: DataLayout) -> (url: URL?, reference: String) {
        if let given { return (URL(fileURLWithPath: given), given) }
        let bundled = data.courseSpeeds
        return (
            FileManager.default.fileExists(atPath: bundled.path) ? bundled : nil, DataLayout.reference(bundledFileName)
        )
    }

    /// The table as text: each ship's cruising speed, its standard error, the time lost per leg,
    /// and how many legs and days the fit rests on.
    public var text: String {
        TextTable.render(
            header: ["Ship", "km/h", "±", "t0 (s)", "Legs", "Days"],
            rows: ships.map { s in
                [
                    s.name, fixed(s.cruisingSpeedKmh, 1), fixed(s.standardErrorKmh, 1), fixed(s.lostTimePerLegS, 0),
                    String(s.legs), String(s.days),
                ]
            }, rightAligned: [1, 2, 3, 4, 5])
    }
}
