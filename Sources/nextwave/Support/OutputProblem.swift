/// Standard output could not be written.
struct OutputProblem: Error, CustomStringConvertible {
    var reason: String
    var description: String { "cannot write to standard output (\(reason)); the output is incomplete" }
}
