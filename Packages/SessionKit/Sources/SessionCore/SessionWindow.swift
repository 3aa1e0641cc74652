/// A window found by ``SessionFinder``: waves `first...last` of the sorted input.
public struct SessionWindow: Hashable, Sendable {
    /// Index of the wave the window starts at (its start time is that wave's).
    public var startIndex: Int
    /// Index of the first and last wave taken (`first` ≤ `startIndex` when waves share a time).
    public var first: Int
    public var last: Int
    public var start: Int64
    public var end: Int64
    /// Σ of the waves' points (whole when every ship is known; sums of whole numbers are exact).
    public var quality: Double
    public var score: Double
    public var count: Int { last - first + 1 }

    /// Whether the two windows share any time (a window is `start...end`).
    public func overlaps(_ other: SessionWindow) -> Bool { start <= other.end && other.start <= end }
}
