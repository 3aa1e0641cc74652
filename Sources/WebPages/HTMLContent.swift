internal import CLibXML2
import Foundation

/// A child of an element: another element, or a run of text.
package enum HTMLContent {
    case element(HTMLNode)
    case text(String)
}
