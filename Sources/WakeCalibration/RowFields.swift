import Foundation

/// The fields of one row, however they were split.
protocol RowFields {
    /// 1-based line of the row within what was parsed.
    var line: Int { get }
    var count: Int { get }
    /// The bytes of field `index` (empty when the row is shorter).
    func raw(_ index: Int) -> UnsafeBufferPointer<UInt8>
    /// Field `index` as text.
    func string(_ index: Int) -> String
}
