public import JobContract
public import Testing

/// Runs `body`, which must throw a ``JobFailure`` of `kind` around exactly `expected` (the
/// module's own error): what a job's `run` throws for a refused input or a failed step.
public func expectJobFailure<E: Error & Equatable>(
    _ expected: E, kind: ProblemKind, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> Void
) async {
    do {
        try await body()
        Issue.record("expected \(expected), but nothing was thrown", sourceLocation: sourceLocation)
    } catch let failure as JobFailure {
        #expect(failure.kind == kind, sourceLocation: sourceLocation)
        #expect(failure.underlying as? E == expected, "got \(failure.underlying)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected a JobFailure around \(expected), got \(error)", sourceLocation: sourceLocation)
    }
}
