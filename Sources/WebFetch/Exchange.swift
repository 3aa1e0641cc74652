import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOHTTPCompression
import NIOPosix
import NextWaveSupport

/// One HTTP exchange with hard bounds, over AsyncHTTPClient: the body streams in with back
/// pressure (the server is read no faster than the body is taken), a compressed body is
/// inflated by a decoder that stops at `limit` bytes of output, and a watchdog ends the
/// exchange when
/// - the body passes `limit` bytes (or `Content-Length` announces more): ``Failure/tooLarge``;
/// - nothing arrives for `silence` seconds: ``Failure/silent`` (AsyncHTTPClient's idle read
///   timeout, kept on the event loop, so a busy process never mistakes its own stall for a
///   silent server);
/// - after the response head, fewer than `lowSpeed.bytesPerSecond` arrive on average over
///   `lowSpeed.seconds` seconds (curl's `--speed-limit`/`--speed-time` model): ``Failure/tooSlow``;
/// - the whole exchange has taken `deadline` seconds: ``Failure/overTime``.
/// Redirects are not followed; the 3xx comes back as the response.
struct Exchange: Sendable {
    struct Bounds: Sendable {
        var limit: Int
        var silence: Double
        var deadline: Double
        var lowSpeed: LowSpeed
    }

    /// Below `bytesPerSecond` on average over any `seconds` seconds of a body, the exchange ends.
    struct LowSpeed: Sendable, Equatable {
        var bytesPerSecond: Int
        var seconds: Double
    }

    struct Response: Sendable {
        var status: Int
        var headers: HTTPHeaders
        var body: Data

        /// The first value of a header (names are case-insensitive).
        func header(_ name: String) -> String? { headers.first(name: name) }
    }

    /// Why an exchange ended without a usable response.
    enum Failure: Error, Equatable {
        case tooLarge(limit: Int)
        case silent(seconds: Double)
        case tooSlow(LowSpeed)
        case overTime(seconds: Double)
        case transport(String, unreachable: Bool)
    }

    let bounds: Bounds

    /// Sends a GET for `url` with `headers` and collects the answer within the bounds.
    func get(_ url: URL, headers: [(String, String)]) async throws -> Response {
        let request = {
            var request = HTTPClientRequest(url: url.absoluteString)
            request.method = .GET
            for (name, value) in headers { request.headers.replaceOrAdd(name: name, value: value) }
            return request
        }()
        let watch = Watch(start: ContinuousClock.now)
        let bounds = self.bounds
        let client = Transport.client(decompressionLimit: bounds.limit, silence: bounds.silence)
        return try await withThrowingTaskGroup(of: Response?.self) { group in
            group.addTask {
                do {
                    // The deadline here is only a backstop: the watchdog ends the exchange first.
                    let response = try await client.execute(request, timeout: .seconds(Int64(bounds.deadline) + 5))
                    watch.headArrived()
                    if let length = response.headers.first(name: "Content-Length").flatMap(Int.init),
                        length > bounds.limit
                    {
                        throw Failure.tooLarge(limit: bounds.limit)
                    }
                    var body = Data()
                    for try await chunk in response.body {
                        guard chunk.readableBytes <= bounds.limit - body.count else {
                            throw Failure.tooLarge(limit: bounds.limit)
                        }
                        body.append(contentsOf: chunk.readableBytesView)
                        watch.received(chunk.readableBytes)
                    }
                    return Response(status: Int(response.status.code), headers: response.headers, body: body)
                } catch let failure as Failure {
                    throw failure
                } catch {
                    throw Self.classify(error, limit: bounds.limit, silence: bounds.silence)
                }
            }
            group.addTask {
                while true {
                    try await Task.sleep(for: .milliseconds(100))
                    if let failure = watch.verdict(bounds: bounds) { throw failure }
                }
            }
            defer { group.cancelAll() }
            // The first child to finish decides: the response, or the watchdog's verdict.
            guard let first = try await group.next(), let response = first else {
                throw Failure.transport("no response", unreachable: false)
            }
            return response
        }
    }

    /// An error of AsyncHTTPClient or SwiftNIO, as a ``Failure`` in words.
    static func classify(_ error: Error, limit: Int, silence: Double = 0) -> Failure {
        if let decompression = error as? NIOHTTPDecompression.DecompressionError {
            switch decompression {
            case .limit: return .tooLarge(limit: limit)
            default: return .transport("the compressed body is corrupt", unreachable: false)
            }
        }
        if let connection = error as? NIOConnectionError {
            if connection.dnsAError != nil || connection.dnsAAAAError != nil, connection.connectionErrors.isEmpty {
                return .transport("no such host", unreachable: true)
            }
            if let first = connection.connectionErrors.first?.error {
                return classify(first, limit: limit, silence: silence)
            }
        }
        if let io = error as? IOError {
            switch io.errnoCode {
            case ECONNREFUSED: return .transport("connection refused", unreachable: true)
            case EHOSTUNREACH, ENETUNREACH: return .transport("no route to the host", unreachable: true)
            case ECONNRESET: return .transport("connection reset", unreachable: false)
            default: return .transport("network error: \(String(cString: strerror(io.errnoCode)))", unreachable: false)
            }
        }
        if let client = error as? HTTPClientError {
            switch client {
            case .connectTimeout: return .transport("cannot connect (timed out)", unreachable: false)
            case .readTimeout:
                return silence > 0 ? .silent(seconds: silence) : .transport("timed out", unreachable: false)
            case .deadlineExceeded: return .transport("timed out", unreachable: false)
            case .remoteConnectionClosed: return .transport("connection lost (truncated body?)", unreachable: false)
            case .invalidURL, .emptyHost, .emptyScheme:
                return .transport("not a URL that can be fetched (\(client))", unreachable: true)
            default: return .transport("HTTP error: \(client)", unreachable: false)
            }
        }
        if error is CancellationError { return .transport("cancelled", unreachable: false) }
        if String(describing: type(of: error)).contains("Resolution") || "\(error)".contains("getaddrinfo") {
            return .transport("no such host", unreachable: true)
        }
        return .transport("network error: \(error)", unreachable: false)
    }
}

/// What has arrived of one exchange so far, and when: read by its watchdog.
private final class Watch: Sendable {
    private struct State {
        var head: ContinuousClock.Instant?
        var bytes = 0
        /// (time, bytes so far) about every 100 ms after the head, for the low-speed window.
        var samples: [(ContinuousClock.Instant, Int)] = []
        /// When the watchdog last looked.
        var lastLook: ContinuousClock.Instant
    }

    private let start: ContinuousClock.Instant
    private let state: Locked<State>

    init(start: ContinuousClock.Instant) {
        self.start = start
        state = Locked(State(lastLook: start))
    }

    func headArrived() {
        state.withLock { state in
            let now = ContinuousClock.now
            state.head = now
            state.samples = [(now, 0)]
        }
    }

    func received(_ count: Int) {
        state.withLock { $0.bytes += count }
    }

    /// Why the exchange must end now, if it must.
    func verdict(bounds: Exchange.Bounds) -> Exchange.Failure? {
        state.withLock { state in
            let now = ContinuousClock.now
            defer { state.lastLook = now }
            if seconds(now - start) >= bounds.deadline { return .overTime(seconds: bounds.deadline) }
            // Woken more than half a second late: this process, not the server, was stalled
            // (every thread busy), and what arrived meanwhile may not be counted yet: the speed
            // window starts again. (Silence is judged on the event loop, not here.)
            if seconds(now - state.lastLook) > 0.6 {
                if state.head != nil { state.samples = [(now, state.bytes)] }
                return nil
            }
            guard state.head != nil else { return nil }
            state.samples.append((now, state.bytes))
            let window = bounds.lowSpeed.seconds
            // The oldest sample at least `window` seconds old starts the window.
            guard let index = state.samples.lastIndex(where: { seconds(now - $0.0) >= window }) else { return nil }
            let (then, bytesThen) = state.samples[index]
            state.samples.removeFirst(index)
            let rate = Double(state.bytes - bytesThen) / seconds(now - then)
            return rate < Double(bounds.lowSpeed.bytesPerSecond) ? .tooSlow(bounds.lowSpeed) : nil
        }
    }

    private func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
