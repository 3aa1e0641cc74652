import Dispatch
import Foundation
import _FuzzTargets
import _JobEntries

#if FUZZING
    import CFuzzerDriver
#endif

// `nextwave-fuzz-jobs`: the public job entries as one fuzz target, `job-entries` (issue 52,
// item 1). Each input's first byte chooses one of the library's public jobs, the rest its input
// (numbers from a pool of edges or any bit pattern, counts at Int's edges, dates at Int's edges,
// names from bytes); the job runs through `run()` on the repository's bundled data and a scratch
// copy of its archive, offline. A refusal or a failure is an answer; a trap or a sanitizer
// report is a finding. A binary of its own: the readers' `nextwave-fuzz` stays offline
// (scripts/check-architecture, rule 8), and the pipelines link the HTTP stack.
//
// Built normally it replays: `nextwave-fuzz-jobs run <file|dir>…`; `list` names the target;
// `seeds <dir>` writes a seed per job into `<dir>/job-entries/`. Built by scripts/fuzz with
// `-sanitize=fuzzer,address -DFUZZING` and run with NEXTWAVE_FUZZ_TARGET=job-entries, it is a
// libFuzzer binary (its arguments are then libFuzzer's).

let targetName = "job-entries"

/// Runs one input to its end on this thread (libFuzzer calls synchronously; the jobs are async).
func runEntry(_ data: Data) {
    let done = DispatchSemaphore(value: 0)
    Task.detached {
        await JobEntries.run(data)
        done.signal()
    }
    done.wait()
}

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("nextwave-fuzz-jobs: \(message)\n".utf8))
    exit(2)
}

#if FUZZING
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        runEntry(data.map { Data(bytes: $0, count: size) } ?? Data())
        return 0
    }

    if let name = ProcessInfo.processInfo.environment["NEXTWAVE_FUZZ_TARGET"] {
        guard name == targetName else { fail("NEXTWAVE_FUZZ_TARGET names \(name); this binary has \(targetName)") }
        var argc = CommandLine.argc
        var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) })
    }
#endif

let usage = "usage: nextwave-fuzz-jobs list | seeds DIR | run FILE|DIR…"
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "list":
    print("\(targetName.padding(toLength: 18, withPad: " ", startingAt: 0)) every public job's run() from bytes")
case "seeds":
    guard arguments.count >= 2 else { fail(usage) }
    let folder = URL(fileURLWithPath: arguments[1]).appendingPathComponent(targetName)
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    // One plain input per job: its first byte the job, its second one that makes it plain.
    for job in 0..<JobEntries.jobCount {
        let seed = Data([UInt8(job), 0] + [UInt8](repeating: 7, count: 62))
        try? seed.write(to: folder.appendingPathComponent("job-\(job)"))
    }
    print("\(targetName): \(JobEntries.jobCount) seed(s)")
case "run":
    guard arguments.count >= 2 else { fail(usage) }
    var count = 0
    for path in arguments.dropFirst() {
        for file in ReplayFiles.files(at: URL(fileURLWithPath: path)) {
            guard let data = try? Data(contentsOf: file) else { fail("cannot read \(file.path)") }
            runEntry(data)
            count += 1
        }
    }
    print("\(targetName): \(count) input(s), no crash")
default:
    fail(usage)
}
