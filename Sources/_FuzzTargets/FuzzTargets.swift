import Foundation

/// Every fuzz target, by name. Not API.
public enum FuzzTargets {
    public static let all: [FuzzTarget] = ratingsTargets + scheduleTargets + hardeningTargets

    public static func named(_ name: String) -> FuzzTarget? { all.first { $0.name == name } }
}
