import Testing
import _TestSupport

@testable import NextWaveSupport

@Suite struct CSVFormatTests {
    @Test func fieldsWithSeparatorsQuotesAndLineBreaksAreQuoted() {
        #expect(CSVFormat.row(["a,b", "c\"d", "e"]) == "\"a,b\",\"c\"\"d\",e\n")
        #expect(CSVText.parse("\"a,b\",\"c\"\"d\",e\n") == [["a,b", "c\"d", "e"]])
        #expect(CSVFormat.field("two\nlines") == "\"two\nlines\"")
        #expect(CSVFormat.field("plain") == "plain")
    }
}
