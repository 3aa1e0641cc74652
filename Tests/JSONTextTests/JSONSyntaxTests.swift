import Foundation
import JSONText
import SafeFiles
import Testing

/// Invalid JSON placed by line and column, as an editor counts them. Positions worked by hand
/// (and as Python's json module reports them: "Expecting ',' delimiter: line 3 column 3").
@Suite struct JSONSyntaxTests {
    struct Operators: Decodable { var operators: [String: String] }

    /// A comma left out after line 2: the reader stops at the `"` that opens line 3's key,
    /// after its two blanks: line 3, column 3. A ü before it is one column, not two bytes.
    static let missingComma = Data("{\"operators\": {\n  \"zsg\": \"Zürichsee\"\n  \"sgv\": \"Luzern\"}}\n".utf8)

    @Test func theSerialisersOffsetBecomesALineAndColumn() {
        #expect {
            try JSONSerialization.jsonObject(with: Self.missingComma)
        } throws: { error in
            JSONSyntax.place(of: error, in: Self.missingComma) == "line 3, column 3"
        }
    }

    /// JSONDecoder says only "not valid JSON" on Linux; the place is found all the same.
    @Test func theDecodersErrorIsPlacedToo() {
        #expect {
            try JSONDecoder().decode(Operators.self, from: Self.missingComma)
        } throws: { error in
            JSONSyntax.place(of: error, in: Self.missingComma) == "line 3, column 3"
        }
        // A file the decoder reads but whose field is wrong has no syntax place.
        let wrongType = Data("{\"operators\": 3}".utf8)
        #expect {
            try JSONDecoder().decode(Operators.self, from: wrongType)
        } throws: { error in
            JSONSyntax.place(of: error, in: wrongType) == nil
        }
    }

    /// What a reader of a data file says: the file, the article that fits, and the place.
    @Test func aDataFileNamesWhereItsSyntaxBreaks() {
        #expect {
            try JSONFile.decode(Operators.self, from: Self.missingComma, path: "operators.json", what: "operator list")
        } throws: { error in
            "\(error)" == "operators.json: not an operator list: invalid JSON at line 3, column 3"
        }
    }
}
