import Foundation
import ShipRatingTable
import Testing

/// The speed mode is a closed set with the JSON it always had.
@Suite struct SpeedModeTests {
    @Test func itReadsAndWritesTheTableWords() throws {
        let decoded = try JSONDecoder().decode([SpeedMode].self, from: Data(#"["fixed", "operating", "service"]"#.utf8))
        #expect(decoded == [.fixed, .operating, .operating])
        #expect(
            String(decoding: try JSONEncoder().encode([SpeedMode.fixed, .operating]), as: UTF8.self)
                == #"["fixed","operating"]"#)
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([SpeedMode].self, from: Data(#"["sideways"]"#.utf8))
        }
    }
}
