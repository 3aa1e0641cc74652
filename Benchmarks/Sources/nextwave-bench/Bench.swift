import ArgumentParser
import Foundation

@main
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "nextwave-bench",
        abstract: "Timings and generators behind Benchmarks/compare.sh. Prints one JSON object per run.",
        subcommands: [
            KernelCommand.self, EnsembleCommand.self, CopyCommand.self, SessionsCommand.self,
            GenerateArchiveCommand.self,
            GenerateObservationsCommand.self, CalibrateCommand.self,
            GenerateGTFSCommand.self,
        ])
}

/// Wall-clock seconds of the fastest of `repeats` runs (after one warm-up run).
func fastest(repeats: Int, _ body: () throws -> Void) rethrows -> Double {
    try body()
    var best = Double.infinity
    for _ in 0..<repeats {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
    }
    return best
}

func emit(_ object: [String: Any]) {
    let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    print(String(decoding: data, as: UTF8.self))
}
