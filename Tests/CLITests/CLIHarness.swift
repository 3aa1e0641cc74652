import Foundation
import _TestSupport

/// Runs the built `nextwave` binary (``binary``).
struct CLI {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The binary the tests run: `NEXTWAVE_TEST_BINARY` when it names one (`scripts/test` gives
    /// its optimised build's, compiled as the binary users run), else the one beside the test
    /// bundle (the debug build of a bare `swift test`).
    static var binary: URL {
        if let given = ProcessInfo.processInfo.environment["NEXTWAVE_TEST_BINARY"],
            FileManager.default.isExecutableFile(atPath: given)
        {
            return URL(fileURLWithPath: given)
        }
        let candidates = [
            Bundle.main.bundleURL.appendingPathComponent("nextwave"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("nextwave"),
            RepositoryPaths.root.appendingPathComponent(".build/debug/nextwave"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) } ?? candidates[2]
    }

    /// Starts `nextwave args…` without waiting (its output is discarded).
    static func start(_ arguments: [String], in directory: URL = RepositoryPaths.root) throws -> Process {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["OPENBLAS_NUM_THREADS"] = "1"
        environment["NEXTWAVE_DATA"] = RepositoryPaths.data.path
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Runs `nextwave args…` in `directory` (default: the repository root) and waits for it.
    /// - Parameters:
    ///   - executable: another binary (an installed copy); default the one just built.
    ///   - environment: variables to set (nil removes one); `NEXTWAVE_DATA` points at the
    ///     repository's data unless overridden.
    static func run(
        _ arguments: [String], in directory: URL = RepositoryPaths.root, executable: URL? = nil,
        environment overrides: [String: String?] = [:]
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable ?? binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["OPENBLAS_NUM_THREADS"] = "1"
        environment["NEXTWAVE_DATA"] = RepositoryPaths.data.path
        for (key, value) in overrides { environment[key] = value }
        process.environment = environment
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // Both pipes are read at once (stderr on a thread of its own), so that a child filling
        // either pipe while the other is being read never blocks; then the exit is awaited.
        let errBox = DataBox()
        let errDone = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            errBox.data = err.fileHandleForReading.readDataToEndOfFile()
            errDone.signal()
        }
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        errDone.wait()
        let errData = errBox.data
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// Waits for `process` to end on a thread of its own: a long child then does not hold one of
    /// the few threads every async test shares (as ``runOffPool(_:in:executable:environment:)``).
    static func exit(of process: Process) async {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread {
                process.waitUntilExit()
                continuation.resume()
            }
        }
    }

    /// Copies the built binary to `destination` with `cp` in a child process of its own.
    ///
    /// Copied in this process (`FileManager.copyItem`), the destination is open for writing
    /// here for a moment; a child another test spawns in that moment inherits the descriptor, and
    /// while any process holds it, executing the copy fails with ETXTBSY ("Text file busy", exit
    /// 126). In `cp`'s own process the descriptor is never ours to hand on.
    static func copyBinary(to destination: URL) async throws {
        let copied = try await runOffPool(
            ["-p", binary.path, destination.path], executable: URL(fileURLWithPath: "/bin/cp"))
        guard copied.status == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cp: \(copied.stderr)"])
        }
    }

    /// `nextwave arguments…` under coreutils' `timeout -s KILL`, so that a regression that blocks
    /// fails its test (status 137) instead of hanging the suite.
    static func runBounded(_ arguments: [String], seconds: Int, in directory: URL = RepositoryPaths.root)
        async throws -> Result
    {
        try await runOffPool(
            ["timeout", "-s", "KILL", "\(seconds)", binary.path] + arguments, in: directory,
            executable: URL(fileURLWithPath: "/usr/bin/env"))
    }

    /// ``run(_:in:executable:environment:)`` on a thread of its own, awaited: a long child (a
    /// compiler, a whole recipe) then does not hold one of the few threads that every async test
    /// of the suite shares (an HTTP test waiting for its timer would stall behind it).
    static func runOffPool(
        _ arguments: [String], in directory: URL = RepositoryPaths.root, executable: URL? = nil,
        environment overrides: [String: String?] = [:]
    ) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            Thread.detachNewThread {
                continuation.resume(
                    with: Swift.Result {
                        try run(arguments, in: directory, executable: executable, environment: overrides)
                    })
            }
        }
    }
}

/// Bytes handed from the thread that reads a child's stderr to the one that waits for it.
private final class DataBox: @unchecked Sendable {
    // Invariant: written once by the reading thread before it signals; read after the wait.
    var data = Data()
}
