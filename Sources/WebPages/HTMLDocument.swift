internal import CLibXML2
package import Foundation

/// An HTML document parsed by libxml2's forgiving HTML parser, queried with XPath.
///
/// Nodes keep their document alive; neither is thread-safe, so use them within one task.
package final class HTMLDocument {
    fileprivate let document: htmlDocPtr
    /// Where the bytes came from (used in error messages).
    package let url: String

    /// The largest page parsed: 64 MiB (libxml2 takes a 32-bit length; the operator's pages are
    /// about 100 KB).
    package static let maximumBytes = 64 << 20

    /// Parses HTML bytes in recovery mode, without network access. The encoding is the one the
    /// bytes declare (a byte-order mark, else a `<meta charset>`); undeclared bytes are read as
    /// UTF-8, and as ISO-8859-1 from the first byte that is not UTF-8 (libxml2's rule).
    /// - Throws: ``WebFetchError/unparseableHTML(url:)`` when libxml2 yields no document,
    ///   ``WebFetchError/tooLarge(url:limit:)`` above ``maximumBytes``,
    ///   ``WebFetchError/malformedHTML(url:reason:)`` for a tag with more than
    ///   ``TagScan/maximumAttributes`` attributes (libxml2's time grows with their square).
    package init(data: Data, url: String) throws {
        guard data.count <= Self.maximumBytes else {
            throw WebFetchError.tooLarge(url: url, limit: Self.maximumBytes)
        }
        let options = Int32(
            HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NOERROR.rawValue
                | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NONET.rawValue)
        if let reason = TagScan.unreadableEncoding(data) {
            throw WebFetchError.malformedHTML(url: url, reason: reason)
        }
        if let finding = data.withUnsafeBytes({ TagScan.firstFinding(in: $0.bindMemory(to: UInt8.self)) }) {
            throw WebFetchError.malformedHTML(url: url, reason: finding.reason)
        }
        cxml_quiet()
        let parsed: htmlDocPtr? = data.withUnsafeBytes { raw in
            guard let base = raw.baseAddress, raw.count > 0 else { return nil }
            return htmlReadMemory(
                base.assumingMemoryBound(to: CChar.self), Int32(raw.count), url, nil, options)
        }
        guard let parsed else { throw WebFetchError.unparseableHTML(url: url) }
        self.document = parsed
        self.url = url
    }

    deinit { xmlFreeDoc(document) }

    /// Nodes matching an XPath expression, evaluated against `context` (default: the document).
    package func select(_ xpath: String, in context: HTMLNode? = nil) -> [HTMLNode] {
        cxml_quiet()
        guard let xpathContext = xmlXPathNewContext(document) else { return [] }
        defer { xmlXPathFreeContext(xpathContext) }
        if let context { xpathContext.pointee.node = context.pointer }
        guard let result = xmlXPathEvalExpression(xpath, xpathContext) else { return [] }
        defer { xmlXPathFreeObject(result) }
        guard let nodeSet = result.pointee.nodesetval, nodeSet.pointee.nodeNr > 0 else { return [] }
        return (0..<Int(nodeSet.pointee.nodeNr)).compactMap { index in
            nodeSet.pointee.nodeTab[index].map { HTMLNode(pointer: $0, document: self) }
        }
    }

    /// The first node matching `xpath`, if any.
    package func first(_ xpath: String, in context: HTMLNode? = nil) -> HTMLNode? {
        select(xpath, in: context).first
    }
}

extension HTMLDocument {
    /// The `html` element (or the first element of the document).
    package var root: HTMLNode? {
        xmlDocGetRootElement(document).map { HTMLNode(pointer: $0, document: self) }
    }
}

extension HTMLDocument {
    /// The page's text as lines, one per text node in document order (every tag ends a line),
    /// white space collapsed, empty lines and the text of `script` and `style` left out: the
    /// reading of pages whose structure is loose but whose lines are not ("Kurs 2123_2124").
    package var textLines: [String] {
        var lines: [String] = []
        func walk(_ node: HTMLNode) {
            for child in node.children {
                switch child {
                case .text(let text):
                    let line = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
                    if !line.isEmpty { lines.append(line) }
                case .element(let element):
                    if element.name != "script" && element.name != "style" { walk(element) }
                }
            }
        }
        if let root { walk(root) }
        return lines
    }
}
