/// The one error a job's ``Job/run(onEvent:)`` throws (besides `CancellationError`): the kind of
/// problem, where, the message in words, and the module's own error underneath for a caller
/// that wants the detail. A client switches on ``kind`` and needs no module's error types.
public struct JobFailure: KindedError {
    /// The class of the problem (``ProblemKind``).
    public var kind: ProblemKind
    /// The path or URL the problem is about, when there is one.
    public var location: String?
    /// The error the job's work threw: a ``KindedError`` of the toolkit, or an error from outside
    /// it (those are ``ProblemKind/failed``).
    public var underlying: any Error

    /// Classifies `error`: a failure stays as it is, a ``KindedError`` gives its kind and place,
    /// anything else is ``ProblemKind/failed``.
    public init(_ error: any Error) {
        if let failure = error as? JobFailure {
            self = failure
        } else if let kinded = error as? any KindedError {
            self.init(kind: kinded.kind, location: kinded.location, underlying: kinded)
        } else {
            self.init(kind: .failed, location: nil, underlying: error)
        }
    }

    public init(kind: ProblemKind, location: String?, underlying: any Error) {
        self.kind = kind
        self.location = location
        self.underlying = underlying
    }

    /// The underlying error's own words.
    public var description: String { String(describing: underlying) }
}
