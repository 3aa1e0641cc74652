import ArgumentParser
import CivilTime
import Foundation

/// `on` / `off`.
enum Switch: String, ExpressibleByArgument, CaseIterable, Sendable {
    case on, off
}
