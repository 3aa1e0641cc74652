import Foundation
import Testing
import _TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Every failure to write is an error that names the outputs: a full disk, a full device, a
/// standard output that cannot be written.
///
/// Through the built binary, as a user runs it. Each case failed before its fix (the hardening
/// rounds 2, 3 and 4 in docs/RELIABILITY.md).
@Suite struct FailedWritesTests: HostileProbe {
    /// A disk that fills up just as the set's commit record is written: the error names the
    /// outputs that could not be written (it named the tool's `.nextwave-commit-…` journal), and
    /// nothing is left behind. A real small file system (tmpfs; the tests run as root).
    @Test func aFullDiskNamesTheOutputsNotTheJournal() async throws {
        let mountPoint = RepositoryPaths.temporaryDirectory("tmpfs")
        let mounted = try await CLI.runOffPool(
            ["mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", mountPoint.path],
            executable: URL(fileURLWithPath: "/usr/bin/env"))
        try #require(mounted.status == 0, "a tmpfs for a full disk: \(mounted.stderr)")
        defer { _ = umount(mountPoint.path) }
        // What the outputs take, in 4 KiB pages, from a run elsewhere.
        let reference = RepositoryPaths.temporaryDirectory("reference")
        #expect(try await CLI.runOffPool(["ratings", "--out", reference.path, "--quiet"]).status == 0)
        let pages = try FileManager.default.contentsOfDirectory(atPath: reference.path).map { name -> Int in
            let size =
                try FileManager.default.attributesOfItem(atPath: reference.appendingPathComponent(name).path)[
                    .size] as! Int
            return (size + 4095) / 4096 * 4096
        }.reduce(0, +)
        // Fill the disk to leave exactly that: the staged files fit, the commit record does not.
        var info = statvfs()
        #expect(statvfs(mountPoint.path, &info) == 0)
        let free = Int(info.f_bavail) * Int(info.f_frsize)
        try Data(count: free - pages).write(to: mountPoint.appendingPathComponent("filler"))
        let out = mountPoint.appendingPathComponent("out")
        let r = try await CLI.runOffPool(["ratings", "--out", out.path, "--quiet"])
        #expect(r.status == 73, "\(r.status): \(r.stderr)")
        #expect(r.stderr.contains("\(out.path)/{ratings-chart.svg, ratings.md, schiffsdaten.csv, …}"), "\(r.stderr)")
        #expect(r.stderr.contains("no space left on device") && !r.stderr.contains(".nextwave-commit"), "\(r.stderr)")
        #expect((try? FileManager.default.contentsOfDirectory(atPath: out.path))?.isEmpty ?? true)
    }

    @Test func everyFormOfThePlanOnAFullDeviceExits73() async throws {
        for form in ["", "--json", "--ics -"] {
            let result = try await CLI.runOffPool(
                [
                    "-c",
                    "\"$0\" plan --station wadenswil --from 2026-09-22 --days 1 \(form) > /dev/full",
                    CLI.binary.path,
                ], executable: URL(fileURLWithPath: "/bin/sh"))
            #expect(result.status == 73, "\(form): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("no space left on device"), "\(result.stderr)")
        }
    }

    @Test func everyCommandFailsWhenStdoutCannotBeWritten() async throws {
        let out = RepositoryPaths.temporaryDirectory("full")
        for arguments in [
            ["stations", "--json"], ["stations"], ["sun", "--station", "Wädenswil", "--date", "2026-06-21"],
            ["fleet", "show"], ["wake", "--ship", "MS Panta Rhei"], ["wake", "--ship", "MS Panta Rhei", "--json"],
            ["sessions", "--out", out.path, "--no-progress"],
            ["archive", "status", "--archive", RepositoryPaths.archive.path],
            ["fleet", "speeds", "--json"],
        ] {
            let status: Int32 = try await withCheckedThrowingContinuation { continuation in
                Thread.detachNewThread {
                    do {
                        let process = Process()
                        process.executableURL = CLI.binary
                        process.arguments = arguments
                        process.currentDirectoryURL = RepositoryPaths.root
                        var environment = ProcessInfo.processInfo.environment
                        environment["NEXTWAVE_DATA"] = RepositoryPaths.data.path
                        process.environment = environment
                        process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
                        process.standardError = FileHandle.nullDevice
                        try process.run()
                        process.waitUntilExit()
                        continuation.resume(returning: process.terminationStatus)
                    } catch {
                        continuation.resume(throwing: error)
                    }
                }
            }
            #expect(status == 73, "\(arguments.joined(separator: " ")) into /dev/full: exit \(status)")
        }
        // The message names standard output.
        let named = try await CLI.runOffPool(
            ["sh", "-c", "\"$0\" stations > /dev/full", CLI.binary.path],
            executable: URL(fileURLWithPath: "/usr/bin/env"),
            environment: ["NEXTWAVE_DATA": RepositoryPaths.data.path])
        #expect(named.stderr.contains("cannot write to standard output (no space left on device)"), "\(named.stderr)")
    }
}
