import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The physical limit of writing the kernel's output: `memcpy` of the same number of bytes,
/// into fresh memory advised for huge pages (what the kernel's fresh output arrays cost:
/// first-touch page zeroing by the OS plus the write) and into memory already faulted in (pure
/// bandwidth).
struct CopyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy", abstract: "Time memcpy of N bytes into fresh and into pre-faulted memory.")

    @Option var bytes = 330_000_000
    @Option var repeats = 5

    func run() {
        let source = hugePageMemory(bytes: bytes)
        memset(source, 1, bytes)
        defer { free(source) }
        var fresh = Double.infinity
        for _ in 0...repeats {
            let target = hugePageMemory(bytes: bytes)  // not timed: the kernel's allocation is a syscall too
            let start = DispatchTime.now().uptimeNanoseconds
            memcpy(target, source, bytes)
            fresh = min(fresh, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            free(target)
        }
        let warm = hugePageMemory(bytes: bytes)
        memset(warm, 0, bytes)
        defer { free(warm) }
        let prefaulted = fastest(repeats: repeats) { memcpy(warm, source, bytes) }
        emit([
            "bytes": bytes, "freshSeconds": fresh, "freshBytesPerSecond": Double(bytes) / fresh,
            "prefaultedSeconds": prefaulted, "prefaultedBytesPerSecond": Double(bytes) / prefaulted,
        ])
    }
}
