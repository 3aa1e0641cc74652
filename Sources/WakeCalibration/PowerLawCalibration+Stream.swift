package import Foundation
import JobContract
import WakeKernelSupport

extension PowerLawCalibration {
    /// A fit of a file read twice in blocks, with what the reads saw.
    package struct StreamedFit: Sendable {
        package var calibration: PowerLawCalibration
        /// Evenly spaced observations with every prediction, for the chart.
        package var samples: [Sample]
        package var file: ObservationsFile.StreamSummary
    }

    /// Files up to this size (64 MiB, about 1.5 million observations) are read whole, parsed on
    /// every thread and fitted in memory (about three times the file's size at the peak); larger
    /// ones are streamed in two reads, so that memory stays one block whatever their length.
    package static let wholeFileLimit = 64 << 20

    /// The fit of a file read whole (``wholeFileLimit``): the same figures as the streamed fit
    /// (`StreamedCalibrationTests`), in one parallel read.
    static func fitWhole(
        file url: URL, sampleLimit: Int, threads: Int, afterRead: (ObservationsFile.StreamSummary) -> Void
    ) throws -> StreamedFit {
        let read = try ObservationsFile.read(url, threads: threads)
        let summary = ObservationsFile.StreamSummary(
            rows: read.observations.count, skipped: read.skipped, skippedCount: read.skippedCount,
            illustrativeCount: read.illustrativeCount)
        afterRead(summary)
        let calibration = try PowerLawCalibration(
            table: read.observations, skipped: read.skippedCount, threads: threads)
        return StreamedFit(
            calibration: calibration, samples: calibration.samples(read.observations, limit: sampleLimit),
            file: summary)
    }

    /// Fits the observations of a file without holding them (files over ``wholeFileLimit``): the first read factors each block
    /// of [X | y] into its triangle (LAPACK `dgeqrf`) and keeps only the triangles, which are
    /// then factored together (tall-and-skinny QR, as ``LeastSquares`` does in memory); the
    /// second read computes the residuals, leverages and model comparisons with β and R⁻¹, and
    /// keeps at most `sampleLimit` evenly spaced rows for the chart. Memory: one block (and the
    /// triangles, q² numbers per block), whatever the number of rows.
    /// - Throws: ``CalibrationError`` as the in-memory fit does; also when the file changed
    ///   between the two reads.
    /// - Parameter afterFirstRead: what the first read saw (skipped rows…), before the fit, which
    ///   may fail.
    package static func fit(
        file url: URL, blockRows: Int = 65_536, sampleLimit: Int = 2000, threads: Int = 1,
        wholeFileLimit: Int = PowerLawCalibration.wholeFileLimit,
        afterFirstRead: (ObservationsFile.StreamSummary) -> Void = { _ in }
    ) throws -> StreamedFit {
        let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size]) as? Int
        if let size, size <= wholeFileLimit {
            return try fitWhole(file: url, sampleLimit: sampleLimit, threads: threads, afterRead: afterFirstRead)
        }
        let p = featureNames.count
        let q = p + 1
        var triangles: [Double] = []
        var blocks = 0
        var n = 0
        var ranges = [(min: Double, max: Double)](repeating: (.infinity, -.infinity), count: p)
        let summary = try ObservationsFile.stream(url, blockRows: blockRows) { table in
            let (design, response, blockRanges) = Self.design(table, threads: threads)
            var triangle = [Double](repeating: 0, count: q * q)
            let info = design.withUnsafeBufferPointer { x in
                response.withUnsafeBufferPointer { y in
                    triangle.withUnsafeMutableBufferPointer { out in
                        LeastSquares.factor(
                            rows: 0..<table.count, design: x, response: y, n: table.count, p: p, into: out)
                    }
                }
            }
            guard info == 0 else { throw CalibrationError.lapack(routine: "dgeqrf", info: info) }
            triangles += triangle
            blocks += 1
            // Many blocks: their triangles folded into one now and then, so that they too stay small.
            if blocks == 256 {
                triangles = try LeastSquares.triangle(
                    of: LeastSquares.stack(triangles, count: blocks, q: q), rows: blocks * q, q: q)
                blocks = 1
            }
            n += table.count
            for j in 0..<p {
                ranges[j] = (min(ranges[j].min, blockRanges[j].min), max(ranges[j].max, blockRanges[j].max))
            }
        }
        afterFirstRead(summary)
        guard n > p else {
            throw CalibrationError.tooFewObservations(valid: n, needed: p, skipped: summary.skippedCount)
        }
        let r = try LeastSquares.triangle(
            of: LeastSquares.stack(triangles, count: blocks, q: q), rows: blocks * q, q: q)
        var comparisons: ComparisonSums = []
        var kept = ObservationTable()
        let step = max(1, n / max(sampleLimit, 1))
        let fit = try LeastSquares(triangle: r, n: n, names: featureNames) { beta, rInverse in
            var sums: LeastSquares.ResidualSums = (0, 0, 0, 0, true)
            var index = 0
            _ = try ObservationsFile.stream(url, blockRows: blockRows) { table in
                let (design, response, _) = Self.design(table, threads: threads)
                let parts = ParallelFor.chunks(table.count, workers: threads, minimumItems: 10_000)
                let s = LeastSquares.residualSums(
                    design: design, response: response, beta: beta, rInverse: rInverse, parts: parts)
                sums = (
                    sums.y + s.y, sums.yy + s.yy, sums.rss + s.rss, sums.loo + s.loo, sums.looDefined && s.looDefined
                )
                comparisons = Self.adding(
                    comparisons, Self.compareSums(table, design: design, logHeights: response, threads: threads))
                for i in 0..<table.count where (index + i) % step == 0 && kept.count < sampleLimit {
                    kept.append(
                        hull: table.hulls[Int(table.hullIndex[i])], speedKmh: table.speedKmh[i],
                        trackDepthM: table.trackDepthM[i], distanceM: table.distanceM[i], heightM: table.heightM[i])
                }
                index += table.count
            }
            guard index == n else {
                throw CalibrationError.unreadable(
                    path: url.path, reason: "the file changed while it was read (\(n) rows, then \(index))",
                    kind: .badData)
            }
            return sums
        }
        let calibration = PowerLawCalibration(
            fit: fit, observations: n, skipped: summary.skippedCount, ranges: ranges, models: finish(comparisons))
        return StreamedFit(
            calibration: calibration, samples: calibration.samples(kept, limit: sampleLimit), file: summary)
    }
}
