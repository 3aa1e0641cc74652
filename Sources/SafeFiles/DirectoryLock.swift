package import Foundation
package import JobContract
import ThreadTools

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An advisory lock on a folder (`flock` on the folder itself, so no lock file is left behind),
/// taken by every run that writes outputs into it or changes an archive in it. Two runs into one
/// `--out` then follow each other instead of mixing their files; the kernel releases the lock
/// when the process ends, however it ends.
///
/// Between processes: a second holder waits (polling every 50 ms, telling ``waitingHandler``
/// once) up to ``maximumWait``, then fails with a message saying what to do. Within one process
/// the lock is shared by reference count: a folder this process already holds is not waited for
/// (a sessions run that reads an archive under a shared lock may write its reports into the
/// same folder).
package final class DirectoryLock {
    package let path: String

    /// Called once when a lock is busy, with the folder's path (the CLI sets it once, at start,
    /// to print it).
    package static var waitingHandler: (@Sendable (String) -> Void)? {
        get { processHandler.withLock { $0 } }
        set { processHandler.withLock { $0 = newValue } }
    }
    private static let processHandler = Locked<(@Sendable (String) -> Void)?>(nil)
    /// A handler for the locks taken within one task's scope, before ``waitingHandler``: tests
    /// listen here without touching the process-wide handler other suites rely on.
    @TaskLocal package static var scopedWaitingHandler: WaitingHandler?
    /// A handler as a task-local value: the closure in a struct, since an optional closure bound
    /// as a task-local value crashes an optimised build of Swift 6.3 (the runtime cannot demangle
    /// the type the compiler passes it; swiftlang/swift#88321).
    package struct WaitingHandler: Sendable {
        package let call: @Sendable (String) -> Void
        package init(_ call: @escaping @Sendable (String) -> Void) { self.call = call }
    }
    /// The longest wait for a busy lock (10 minutes).
    package static let maximumWait: Duration = .seconds(600)
    /// The clock of the wait for a busy lock within one task's scope (default: the system's):
    /// tests check the give-up decision without waiting ten minutes.
    @TaskLocal package static var scopedClock: (any JobClock)?

    /// Held folders of this process: real path → the folder's entry.
    private static let held = Locked<[String: Entry]>([:])

    /// One folder's lock within this process: its state under a lock that serialises this
    /// process's threads on the folder (so that the wait for another process blocks only threads
    /// that want the same folder): the `flock`ed descriptor and how many holders share it.
    private final class Entry: Sendable {
        let state = Locked((descriptor: Int32(-1), holders: 0))
    }

    /// Locks `directory` (creating it if needed): exclusively to write, shared to read.
    /// - Throws: ``FileProblem`` when the folder cannot be created or opened, or stays locked
    ///   by another process for ``maximumWait``.
    /// - Parameter waiting: wait for another process's lock (up to ``maximumWait``); false:
    ///   fail at once with a ``FileProblem`` of kind ``JobContract/ProblemKind/busy``.
    package init(_ directory: URL, exclusive: Bool = true, waiting: Bool = true) throws {
        try FileProblem.createFolder(directory)
        path = directory.resolvingSymlinksInPath().standardizedFileURL.path
        let entry = Self.held.withLock { held -> Entry in
            if let entry = held[path] { return entry }
            let entry = Entry()
            held[path] = entry
            return entry
        }
        try entry.state.withLock { state in
            if state.holders == 0 {
                state.descriptor = try Self.acquire(path, exclusive: exclusive, waiting: waiting)
            }
            state.holders += 1
        }
    }

    deinit {
        guard let entry = Self.held.withLock({ $0[path] }) else { return }
        entry.state.withLock { state in
            state.holders -= 1
            if state.holders == 0 {
                close(state.descriptor)
                state.descriptor = -1
            }
        }
    }

    private static func acquire(_ path: String, exclusive: Bool, waiting: Bool) throws -> Int32 {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw FileProblem(
                path: path, reason: "cannot open the folder (\(String(cString: strerror(errno))))", side: .lock)
        }
        let operation = exclusive ? LOCK_EX : LOCK_SH
        let clock = scopedClock ?? SystemClock()
        let deadline = clock.now + Double(maximumWait.components.seconds)
        var told = false
        while flock(descriptor, operation | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                throw FileProblem(path: path, reason: "cannot lock the folder (\(reason))", side: .lock)
            }
            guard waiting else {
                close(descriptor)
                throw FileProblem(
                    path: path, reason: "another nextwave run is using this folder; nothing was changed", side: .lock,
                    kind: .busy)
            }
            guard clock.now < deadline else {
                close(descriptor)
                throw FileProblem(
                    path: path,
                    reason: "another nextwave run has been using this folder for \(maximumWait.components.seconds) s; "
                        + "try again when it has finished", side: .lock)
            }
            if !told {
                (scopedWaitingHandler?.call ?? waitingHandler)?(path)
                told = true
            }
            clock.sleepBlocking(seconds: 0.05)
        }
        return descriptor
    }
}
