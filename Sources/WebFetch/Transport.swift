import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOPosix
import NextWaveSupport

/// The process's AsyncHTTPClient clients, one per (decompression limit, silence): created when
/// first needed and kept for the life of the process (as AsyncHTTPClient's own shared client
/// is), so that connections are reused across pages and nothing needs shutting down.
enum Transport {
    private struct Key: Hashable {
        var limit: Int
        var silenceMilliseconds: Int64
    }

    private static let clients = Locked<[Key: AsyncHTTPClient.HTTPClient]>([:])

    static func client(decompressionLimit: Int, silence: Double) -> AsyncHTTPClient.HTTPClient {
        let key = Key(limit: decompressionLimit, silenceMilliseconds: Int64(min(max(silence, 0.01), 86_400) * 1000))
        return clients.withLock { clients in
            if let client = clients[key] { return client }
            var configuration = AsyncHTTPClient.HTTPClient.Configuration(
                redirectConfiguration: .disallow,
                timeout: .init(
                    connect: .milliseconds(key.silenceMilliseconds), read: .milliseconds(key.silenceMilliseconds)),
                decompression: .enabled(limit: .size(decompressionLimit)))
            // A refused connection fails the request at once; retries are the caller's policy.
            configuration.connectionPool.retryConnectionEstablishment = false
            configuration.httpVersion = .http1Only
            let client = AsyncHTTPClient.HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
            clients[key] = client
            return client
        }
    }
}
