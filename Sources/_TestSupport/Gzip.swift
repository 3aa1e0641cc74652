import CZlibCRC
package import Foundation

/// gzip for tests (zlib's deflate with the gzip wrapper). Not API.
package enum Gzip {
    /// `count` zero bytes, gzip-compressed, produced in 1 MiB steps (a 64 MiB body becomes
    /// about 64 KB: the shape of a decompression bomb).
    package static func zeros(_ count: Int) -> Data {
        var stream = z_stream()
        guard
            deflateInit2_(
                &stream, 1, Z_DEFLATED, 31, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
                == Z_OK
        else { return Data() }
        defer { deflateEnd(&stream) }
        let chunk = [UInt8](repeating: 0, count: 1 << 20)
        var output = [UInt8](repeating: 0, count: 1 << 16)
        var result = Data()
        var remaining = count
        repeat {
            let take = min(remaining, chunk.count)
            remaining -= take
            let flush = remaining == 0 ? Z_FINISH : Z_NO_FLUSH
            chunk.withUnsafeBufferPointer { input in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = UInt32(take)
                repeat {
                    output.withUnsafeMutableBufferPointer { out in
                        stream.next_out = out.baseAddress
                        stream.avail_out = UInt32(out.count)
                        _ = deflate(&stream, flush)
                        result.append(out.baseAddress!, count: out.count - Int(stream.avail_out))
                    }
                } while stream.avail_out == 0
            }
        } while remaining > 0
        return result
    }
}
