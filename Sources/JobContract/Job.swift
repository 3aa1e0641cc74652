/// The contract every pipeline of the toolkit keeps (`RatingsJob`, `GridJob`, `WakeJob`,
/// `CalibrationJob`, `PublishJob`, `SessionsJob`, `PlanJob`, `FeedJob`, `CourseSpeedsJob`):
///
/// - its input is a value given when the job is made; ``validate()`` checks everything that can
///   be checked without reading a file or a page and throws an error that names the field, the
///   value and what is accepted;
/// - ``run(onEvent:)`` is the only way in: it calls ``validate()`` and then ``work(_:onEvent:)``,
///   so no caller can skip the checks and no front end needs to repeat them;
/// - each input file is read once per run;
/// - what happens along the way goes out as events (progress, warnings, streamed output), in
///   order, on the caller's task or the job's worker threads;
/// - the result comes back when the run ends; a thrown error means nothing was replaced (the
///   jobs write their outputs as one atomic set, and each says what it writes);
/// - every error ``run(onEvent:)`` throws is a ``JobFailure`` (kind, place, words and the
///   module's own error), or `CancellationError` when the task was cancelled.
public protocol Job: Sendable {
    /// What the job reports while it runs.
    associatedtype Event: Sendable
    /// What the job returns.
    associatedtype Result

    /// Throws the first problem of the input that needs no I/O to find.
    func validate() throws

    /// The work, on an input ``validate()`` accepted. Only ``run(onEvent:)`` can call it: it
    /// alone makes the ``Validated`` proof, so no caller reaches the work without the checks (a
    /// `GridJob` given NaN reached a precondition that way).
    func work(_ proof: Validated, onEvent: @escaping @Sendable (Event) -> Void) async throws -> Result
}

/// Proof that a job's input passed ``Job/validate()``: made by ``Job/run(onEvent:)`` after the
/// checks, and by nothing outside this package (its initializer is not public).
public struct Validated: Sendable {
    package init() {}
}

extension Job {
    /// Checks nothing: for jobs whose input has no I/O-free check.
    public func validate() throws {}

    /// Runs the job: ``validate()``, then ``work(_:onEvent:)``.
    /// - Throws: ``JobFailure`` with the kind of problem, or `CancellationError`.
    @discardableResult
    public func run(onEvent: @escaping @Sendable (Event) -> Void = { _ in }) async throws -> Result {
        try await run(onAccepted: {}, onEvent: onEvent)
    }

    /// Runs the job as ``run(onEvent:)`` does, calling `onAccepted` once the input has passed
    /// ``validate()`` and before any work: what a front end says about the run (which tables
    /// it rates with) follows a refusal, never precedes it, with the input checked once.
    /// - Throws: ``JobFailure`` with the kind of problem, or `CancellationError`.
    @discardableResult
    public func run(
        onAccepted: () -> Void, onEvent: @escaping @Sendable (Event) -> Void = { _ in }
    ) async throws -> Result {
        do {
            try validate()
            onAccepted()
            return try await work(Validated(), onEvent: onEvent)
        } catch let cancelled as CancellationError {
            throw cancelled
        } catch {
            throw JobFailure(error)
        }
    }
}
