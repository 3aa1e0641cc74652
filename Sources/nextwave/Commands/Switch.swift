import ArgumentParser
import CivilTime
import Foundation
import NextWaveSupport
@_spi(Benchmarks) import ScheduleArchive
@_spi(Benchmarks) import SessionAnalytics
import SessionCore
import SessionReports
import SessionsPipeline

/// `on` / `off`.
enum Switch: String, ExpressibleByArgument, CaseIterable, Sendable {
    case on, off
}
