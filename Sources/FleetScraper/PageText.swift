import Foundation
import WebPages

/// A page's content as a text browser would lay it out, for layout-free reading: block
/// elements start lines, table cells and adjacent elements of a line are separated, and the
/// page's furniture (navigation, header, footer, side bars, scripts, forms, cookie notices) is
/// left out, so that its links and numbers are never read as specs.
struct PageText {
    /// One line: its parts, split where the markup separates them (cells, sibling elements),
    /// each trimmed and non-empty.
    struct Line: Equatable {
        var parts: [String]
        var text: String { parts.joined(separator: " ") }
    }

    private(set) var lines: [Line] = []
    private var current: [String] = []
    private var pending = ""

    static let blocks: Set<String> = [
        "p", "div", "li", "ul", "ol", "dl", "dt", "dd", "tr", "table", "tbody", "thead", "section", "article",
        "main", "h1", "h2", "h3", "h4", "h5", "h6", "br", "hr", "figure", "figcaption", "blockquote", "pre", "body",
    ]
    /// Elements whose parts stay separate within a line.
    static let separating: Set<String> = ["td", "th", "span", "strong", "b", "em", "i", "label", "dfn", "abbr", "a"]
    static let furniture: Set<String> = [
        "nav", "header", "footer", "aside", "script", "style", "noscript", "form", "template", "svg", "button",
        "select", "iframe", "head",
    ]
    static let furnitureWords = ["nav", "menu", "footer", "breadcrumb", "cookie", "sidebar", "banner", "skip"]

    init(_ document: HTMLDocument) {
        if let root = document.root { visit(root) }
        endLine()
    }

    static func isFurniture(_ node: HTMLNode) -> Bool {
        if furniture.contains(node.name) { return true }
        let marks =
            ((node.attribute("class") ?? "") + " " + (node.attribute("id") ?? "") + " "
            + (node.attribute("role") ?? "")).lowercased()
        // Whole words of the class, id and role (`main-nav`, `navbar`; not `unavailable`).
        let words = marks.split { !$0.isLetter }
        return words.contains { word in furnitureWords.contains { word.hasPrefix($0) } }
    }

    private mutating func visit(_ node: HTMLNode) {
        guard !Self.isFurniture(node) else { return }
        let name = node.name
        let block = Self.blocks.contains(name)
        if block { endLine() }
        if name == "dl" {
            visitDefinitionList(node)
        } else {
            for child in node.children {
                switch child {
                case .text(let text): pending += text
                case .element(let element):
                    let separate = Self.separating.contains(element.name)
                    if separate { endPart() }
                    visit(element)
                    if separate { endPart() }
                }
            }
        }
        if block { endLine() }
    }

    /// `dt`/`dd` pairs as one line each: the term and its description as two parts.
    private mutating func visitDefinitionList(_ list: HTMLNode) {
        var term: String?
        for case .element(let child) in list.children {
            switch child.name {
            case "dt": term = Self.plain(child)
            case "dd":
                endLine()
                if let term { current.append(term) }
                current.append(Self.plain(child))
                endLine()
                term = nil
            default: visit(child)
            }
        }
    }

    static func plain(_ node: HTMLNode) -> String {
        node.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    private mutating func endPart() {
        let part = pending.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        if !part.isEmpty { current.append(part) }
        pending = ""
    }

    private mutating func endLine() {
        endPart()
        if !current.isEmpty { lines.append(Line(parts: current)) }
        current = []
    }
}
