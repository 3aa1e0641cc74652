extension PowerLawCalibration {
    /// What makes a calibration unusable for predictions, in words (empty when it is usable): a
    /// file read back may have been edited or truncated. The power law needs one coefficient per
    /// feature (``featureNames``), a covariance of that many rows and columns, one range per
    /// feature but the intercept, and finite numbers throughout.
    /// The largest coefficient a calibration may hold.
    package static let largestCoefficient = 1000.0

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
        // A fitted log-law's coefficients are of order 1: one of 1e308 gave infinite heights.
        for (i, c) in law.coefficients.enumerated() {
            if c.value.isFinite, abs(c.value) > Self.largestCoefficient {
                problems.append(
                    "powerLaw.coefficients[\(i)] (\(c.name)) is \(c.value), outside ±\(Int(Self.largestCoefficient)) "
                        + "(a fitted exponent is of order 1)")
            }
            if c.standardError < 0 {
                problems.append("powerLaw.coefficients[\(i)] (\(c.name)) has a negative standard error")
            }
        }
        for i in law.covariance.indices where i < law.covariance[i].count && law.covariance[i][i] < 0 {
            problems.append("powerLaw.covariance[\(i)][\(i)] is a negative variance")
        }
        if observations < 0 { problems.append("observations is negative") }
        if skipped < 0 { problems.append("skipped is negative") }
        for (name, model) in models.sorted(by: { $0.key < $1.key }) where model.count < 0 {
            problems.append("models.\(name).count is negative")
        }
        return problems
    }
}
