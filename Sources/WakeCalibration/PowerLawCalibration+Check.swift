extension PowerLawCalibration {
    /// What makes a calibration unusable for predictions, in words (empty when it is usable): a
    /// file read back may have been edited or truncated. The power law needs one coefficient per
    /// feature (``featureNames``), a covariance of that many rows and columns, one range per
    /// feature but the intercept, and finite numbers throughout.
    package var problems: [String] {
        let p = Self.featureNames.count
        var problems: [String] = []
        let law = powerLaw
        if law.coefficients.count != p {
            problems.append("powerLaw.coefficients has \(law.coefficients.count) entries, not \(p)")
        }
        let shape = law.covariance.map(\.count)
        if shape.count != p || shape.contains(where: { $0 != p }) {
            let columns = Set(shape).sorted().map(String.init).joined(separator: "/")
            problems.append("powerLaw.covariance is \(shape.count)×\(columns.isEmpty ? "0" : columns), not \(p)×\(p)")
        }
        if law.featureRanges.count != p - 1 {
            problems.append("powerLaw.featureRanges has \(law.featureRanges.count) entries, not \(p - 1)")
        }
        var numbers: [Double] = law.coefficients.flatMap { [$0.value, $0.standardError] }
        numbers += law.covariance.joined()
        numbers += law.featureRanges.flatMap { [$0.min, $0.max] }
        numbers.append(law.residualStandardError)
        if numbers.contains(where: { !$0.isFinite }) { problems.append("powerLaw holds a number that is not finite") }
        if !(law.residualStandardError >= 0) { problems.append("powerLaw.residualStandardError is negative") }
        if law.degreesOfFreedom < 0 { problems.append("powerLaw.degreesOfFreedom is negative") }
        return problems
    }
}
