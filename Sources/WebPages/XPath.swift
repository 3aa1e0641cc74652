internal import CLibXML2
import Foundation

/// XPath building blocks.
package enum XPath {
    /// A predicate matching elements whose `class` attribute holds `name` as one token.
    package static func hasClass(_ name: String) -> String {
        "contains(concat(' ', normalize-space(@class), ' '), ' \(name) ')"
    }
}
