import Foundation
import SafeFiles
import Testing

/// Starting write-back while writing changes nothing in the file: every byte is there, in
/// order, across many hand-overs and odd write sizes.
@Suite struct WriteBehindTests {
    @Test func aFileWrittenWithWriteBehindHoldsEveryByte() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("write-behind-\(UUID().uuidString)")
        #expect(FileManager.default.createFile(atPath: url.path, contents: nil))
        defer { try? FileManager.default.removeItem(at: url) }
        let handle = try FileHandle(forWritingTo: url)
        var behind = WriteBehind(handle)
        var expected = Data()
        var rng = SystemRandomNumberGenerator()
        var seed: UInt8 = 0
        while expected.count < Int(3 * WriteBehind.step) {
            let size = Int.random(in: 1...(3 << 20), using: &rng)
            let chunk = Data((0..<size).map { index in UInt8(truncatingIfNeeded: index) &+ seed })
            seed &+= 1
            try handle.write(contentsOf: chunk)
            behind.wrote(chunk.count)
            expected.append(chunk)
        }
        try handle.synchronize()
        try handle.close()
        #expect(try Data(contentsOf: url) == expected)
    }
}
