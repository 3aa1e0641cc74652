import Foundation

/// Every fuzz target, by name. Not API.
package enum FuzzTargets {
    package static let all: [FuzzTarget] =
        ratingsTargets + pageTargets + scheduleTargets + assignmentTargets + riderOutputTargets
        + sessionKitTargets

    package static func named(_ name: String) -> FuzzTarget? { all.first { $0.name == name } }
}
