/// The contract every pipeline of the toolkit keeps (`RatingsJob`, `GridJob`, `WakeJob`,
/// `CalibrationJob`, `SessionsJob`, `PlanJob`, `CourseSpeedsJob`):
///
/// - its input is a value given when the job is made; ``validate()`` checks everything that can
///   be checked without reading a file or a page, and ``run(onEvent:)`` calls it first, so a
///   front end need not (and should not) repeat the checks;
/// - each input file is read once per run;
/// - what happens along the way goes out as events (progress, warnings, streamed output), in
///   order, on the caller's task or the job's worker threads;
/// - the result comes back when the run ends; a thrown error means nothing was replaced (the
///   jobs write atomically, and each says what it writes).
public protocol Job: Sendable {
    /// What the job reports while it runs.
    associatedtype Event: Sendable
    /// What the job returns.
    associatedtype Result

    /// Throws the first problem of the input that needs no I/O to find.
    func validate() throws

    /// Runs the job: ``validate()``, then the work.
    func run(onEvent: @escaping @Sendable (Event) -> Void) async throws -> Result
}

extension Job {
    /// Checks nothing: for jobs whose input has no I/O-free check.
    public func validate() throws {}
}

extension Job where Event == NoEvent {
    /// Runs a job that reports no events.
    public func run() async throws -> Result { try await run(onEvent: { _ in }) }
}
