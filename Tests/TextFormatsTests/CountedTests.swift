import Testing
import TextFormats

/// Counts in messages: one thing is singular, every other count plural (English).
@Suite struct CountedTests {
    @Test func oneIsSingularEveryOtherCountPlural() {
        #expect(counted(1, "lake") == "1 lake")
        #expect(counted(2, "lake") == "2 lakes")
        #expect(counted(0, "wave") == "0 waves")
        #expect(counted(-1, "day") == "-1 days")
        #expect(counted(1, "station-day") == "1 station-day")
        #expect(counted(21, "station-day") == "21 station-days")
        #expect(counted(1, "entry", plural: "entries") == "1 entry")
        #expect(counted(7, "entry", plural: "entries") == "7 entries")
    }

    /// Items in a sentence: commas between all but the last two, "and" before the last.
    @Test func itemsAreListedWithAnAndBeforeTheLast() {
        #expect(listed([]) == "")
        #expect(listed(["a"]) == "a")
        #expect(listed(["a", "b"]) == "a and b")
        #expect(listed(["a", "b", "c"]) == "a, b and c")
        #expect(listed(["a", "b", "c", "d"]) == "a, b, c and d")
    }
}
