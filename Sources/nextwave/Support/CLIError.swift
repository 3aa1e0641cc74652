/// A message for the user; the command prints it and exits with `status`.
struct CLIError: Error, CustomStringConvertible {
    let description: String
    let status: ExitStatus
    init(_ description: String, status: ExitStatus) {
        self.description = description
        self.status = status
    }
}
