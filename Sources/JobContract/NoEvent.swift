/// The event type of a job that reports nothing while it runs.
public enum NoEvent: Sendable {}
