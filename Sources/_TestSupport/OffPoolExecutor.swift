import Dispatch

/// A task executor on a dispatch queue of its own, outside Swift's cooperative pool. On a small
/// machine the pool has a thread per core, and other suites' long synchronous work can hold them
/// all for many seconds; a test that measures a deadline runs its tasks here instead, so that
/// what it times is the code under test, not the wait for a pool thread.
package final class OffPoolExecutor: TaskExecutor {
    /// The one executor the tests share.
    package static let shared = OffPoolExecutor()

    private let queue = DispatchQueue(label: "nextwave.tests.off-pool", attributes: .concurrent)

    package func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

/// Runs `operation`, and every child task it creates, on ``OffPoolExecutor``.
package func offThePool<T: Sendable>(_ operation: @Sendable () async throws -> T) async rethrows -> T {
    try await withTaskExecutorPreference(OffPoolExecutor.shared, operation: operation)
}
