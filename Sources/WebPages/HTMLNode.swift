internal import CLibXML2
import Foundation

/// One element of an ``HTMLDocument``.
package struct HTMLNode {
    let pointer: xmlNodePtr
    let document: HTMLDocument

    /// The concatenated text of the node and its descendants, as libxml2 reports it.
    package var text: String {
        guard let content = xmlNodeGetContent(pointer) else { return "" }
        defer { cxml_free(content) }
        return String(cString: content)
    }

    /// The text with leading and trailing white space (including no-break spaces) removed.
    package var trimmedText: String { text.trimmingCharacters(in: .whitespacesAndNewlines) }

    /// How many attributes the element has.
    package var attributeCount: Int {
        var count = 0
        var property = pointer.pointee.properties
        while let current = property {
            count += 1
            property = current.pointee.next
        }
        return count
    }

    /// An attribute's value, if present.
    package func attribute(_ name: String) -> String? {
        guard let value = xmlGetProp(pointer, name) else { return nil }
        defer { cxml_free(value) }
        return String(cString: value)
    }
}

extension HTMLNode {
    /// The element's tag name, lower case (`td`, `h1`).
    package var name: String {
        guard let raw = pointer.pointee.name else { return "" }
        return String(cString: raw).lowercased()
    }

    /// Element and text children in document order (comments and other nodes left out).
    package var children: [HTMLContent] {
        var result: [HTMLContent] = []
        var child = pointer.pointee.children
        while let node = child {
            switch node.pointee.type {
            case XML_ELEMENT_NODE: result.append(.element(HTMLNode(pointer: node, document: document)))
            case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                if let content = node.pointee.content { result.append(.text(String(cString: content))) }
            default: break
            }
            child = node.pointee.next
        }
        return result
    }
}
