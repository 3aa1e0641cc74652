import Foundation
import SafeFiles
import Testing
import ThreadTools
import _TestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// The busy-lock policy on a clock the test owns: the decisions (poll every 50 ms, announce
/// once, give up after ten minutes with advice) checked in milliseconds, not waited out.
@Suite struct DirectoryLockClockTests {
    @Test func aLockHeldElsewhereIsWaitedForTenMinutesThenRefusedWithAdvice() throws {
        let dir = RepositoryPaths.temporaryDirectory()
        // Another open file description holding the lock: to `flock`, another holder.
        let other = open(dir.path, O_RDONLY | O_DIRECTORY)
        defer { close(other) }
        #expect(flock(other, LOCK_EX | LOCK_NB) == 0)
        let clock = ManualClock()
        let told = Locked(0)
        let error = #expect(throws: FileProblem.self) {
            try DirectoryLock.$scopedClock.withValue(clock) {
                try DirectoryLock.$scopedWaitingHandler.withValue(.init { _ in told.withLock { $0 += 1 } }) {
                    _ = try DirectoryLock(dir)
                }
            }
        }
        #expect(
            error?.description.contains("has been using this folder for 600 s; try again when it has finished") == true)
        #expect(told.withLock { $0 } == 1, "the wait is announced once")
        let waits = clock.sleeps
        #expect(waits.allSatisfy { $0 == 0.05 }, "polled every 50 ms")
        // 600 s in 50 ms steps: the give-up comes at the deadline, not before and not long after.
        #expect(abs(clock.now - 600) <= 0.05 && waits.count >= 11_999 && waits.count <= 12_001, "\(waits.count)")
    }

    @Test func aLockReleasedDuringTheWaitIsTaken() throws {
        let dir = RepositoryPaths.temporaryDirectory()
        let other = open(dir.path, O_RDONLY | O_DIRECTORY)
        defer { close(other) }
        #expect(flock(other, LOCK_EX | LOCK_NB) == 0)
        // The other holder lets go during the third wait.
        let clock = ManualClock(onSleep: { count in if count == 3 { flock(other, LOCK_UN) } })
        let lock = try DirectoryLock.$scopedClock.withValue(clock) { try DirectoryLock(dir) }
        #expect(clock.sleeps.count == 3, "taken at the first poll after the release")
        withExtendedLifetime(lock) {}
    }
}
