import Foundation
import _FuzzTargets

#if FUZZING
    import CFuzzerDriver

    /// libFuzzer's entry point (its runtime references it even when our main drives it).
    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        FuzzMain.target?.run(data.map { Data(bytes: $0, count: size) } ?? Data())
        return 0
    }
#endif

/// `nextwave-fuzz`: the toolkit's input readers as fuzz targets.
///
/// Built normally (`swift build`), it replays inputs: `nextwave-fuzz run <target> <file|dir>…`
/// feeds each file to the target (a crash is a finding); `list` names the targets; `seeds
/// <dir> [--root <repo>]` writes every target's seed corpus into `<dir>/<target>/`.
///
/// Built by `scripts/fuzz` with `-sanitize=fuzzer,address -DFUZZING`, it is a libFuzzer binary
/// for the target named by `NEXTWAVE_FUZZ_TARGET` (its arguments are then libFuzzer's); without
/// that variable it replays as above, under the sanitizers.
@main struct FuzzMain {
    static func main() {
        #if FUZZING
            if ProcessInfo.processInfo.environment["NEXTWAVE_FUZZ_TARGET"] != nil { fuzz() }
        #endif
        replay(Array(CommandLine.arguments.dropFirst()))
    }

    #if FUZZING
        /// The target `NEXTWAVE_FUZZ_TARGET` names (set once, before libFuzzer starts).
        static let target = FuzzTargets.named(ProcessInfo.processInfo.environment["NEXTWAVE_FUZZ_TARGET"] ?? "")

        static func fuzz() {
            guard target != nil else {
                fail("set NEXTWAVE_FUZZ_TARGET to one of: \(FuzzTargets.all.map(\.name).joined(separator: ", "))")
            }
            var argc = CommandLine.argc
            var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
            exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) })
        }
    #endif

    static func replay(_ arguments: [String]) {
        switch arguments.first {
        case "list":
            for target in FuzzTargets.all {
                print("\(target.name.padding(toLength: 18, withPad: " ", startingAt: 0)) \(target.summary)")
            }
        case "seeds":
            guard arguments.count >= 2 else { fail(usage) }
            var root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
            if let index = arguments.firstIndex(of: "--root"), index + 1 < arguments.count {
                root = URL(fileURLWithPath: arguments[index + 1])
            }
            let out = URL(fileURLWithPath: arguments[1])
            for target in FuzzTargets.all {
                let folder = out.appendingPathComponent(target.name)
                try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                let seeds = target.seeds(root) + target.regressions(root: root)
                for seed in seeds { try? seed.data.write(to: folder.appendingPathComponent(seed.name)) }
                print("\(target.name): \(seeds.count) seed(s)")
            }
        case "run":
            guard arguments.count >= 3, let target = FuzzTargets.named(arguments[1]) else { fail(usage) }
            var count = 0
            for path in arguments.dropFirst(2) {
                for file in ReplayFiles.files(at: URL(fileURLWithPath: path)) {
                    guard let data = try? Data(contentsOf: file) else { fail("cannot read \(file.path)") }
                    target.run(data)
                    count += 1
                }
            }
            print("\(target.name): \(count) input(s), no crash")
        default:
            fail(usage)
        }
    }

    static let usage = """
        usage: nextwave-fuzz list
               nextwave-fuzz seeds <DIR> [--root <REPOSITORY>]
               nextwave-fuzz run <TARGET> <FILE|DIR>...
        (scripts/fuzz builds the libFuzzer version of this binary and runs it)
        """

    static func fail(_ message: String) -> Never {
        try? FileHandle.standardError.write(contentsOf: Data((message + "\n").utf8))
        exit(2)
    }
}
