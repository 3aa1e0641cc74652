import CLibCurl
import Foundation
import ThreadTools

/// One HTTP exchange with hard bounds, over the system's libcurl (its easy interface, on a
/// thread of its own): a compressed body is inflated by libcurl chunk by chunk into a write
/// callback that stops at `limit` bytes of output, and the transfer ends when
/// - the body passes `limit` bytes (or `Content-Length` announces more): ``Failure/tooLarge``;
/// - nothing arrives for `silence` seconds (also before the response head, and while
///   connecting): ``Failure/silent``;
/// - after the response head, fewer than `lowSpeed.bytesPerSecond` arrive on average over
///   `lowSpeed.seconds` seconds (curl's `--speed-limit`/`--speed-time` model, judged here so that
///   it starts at the head): ``Failure/tooSlow``;
/// - the whole exchange has taken `deadline` seconds: ``Failure/overTime``.
/// Redirects are not followed (the 3xx comes back as the response); only `http` and `https`
/// are spoken; proxies named by the environment (`https_proxy`, …) are used except for this
/// machine's addresses.
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
        /// The header fields of the final response, in order, as sent (values trimmed).
        var headers: [(name: String, value: String)]
        var body: Data

        /// The first value of a header (names are case-insensitive).
        func header(_ name: String) -> String? {
            let wanted = name.lowercased()
            return headers.first { $0.name.lowercased() == wanted }?.value
        }
    }

    /// Why an exchange ended without a usable response.
    enum Failure: Error, Equatable {
        case tooLarge(limit: Int)
        case silent(seconds: Double)
        case tooSlow(LowSpeed)
        case overTime(seconds: Double)
        case transport(String, unreachable: Bool)
        /// An answer no retry changes (a header over libcurl's limit, an HTTP/0.9 answer, an
        /// unknown Content-Encoding, two different Content-Lengths): not retried, and the host is
        /// not marked unreachable (it answered).
        case badAnswer(String)
    }

    let bounds: Bounds

    /// Sends a GET for `url` with `headers` and collects the answer within the bounds. The
    /// transfer runs on a thread of its own (libcurl blocks), never on the cooperative pool;
    /// cancelling the task ends it at libcurl's next progress call.
    func get(_ url: URL, headers: [(String, String)]) async throws -> Response {
        let transfer = Transfer(url: url, headers: headers, bounds: bounds)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                Thread.detachNewThread { continuation.resume(with: transfer.run()) }
            }
        } onCancel: {
            transfer.cancel()
        }
    }

    /// A libcurl result in words: what failed, and whether the host is unreachable (no retry,
    /// and no further page of it is tried).
    /// - Parameters:
    ///   - code: `curl_easy_perform`'s result.
    ///   - osError: `CURLINFO_OS_ERRNO` (the socket error behind a failed connect), or 0.
    ///   - detail: libcurl's error buffer.
    static func classify(_ code: CURLcode, osError: Int32 = 0, detail: String = "", limit: Int, silence: Double = 0)
        -> Failure
    {
        switch code {
        case CURLE_COULDNT_RESOLVE_HOST: return .transport("no such host", unreachable: true)
        case CURLE_COULDNT_RESOLVE_PROXY: return .transport("the proxy's host does not resolve", unreachable: true)
        case CURLE_COULDNT_CONNECT:
            switch osError {
            case ECONNREFUSED: return .transport("connection refused", unreachable: true)
            case EHOSTUNREACH, ENETUNREACH: return .transport("no route to the host", unreachable: true)
            case ETIMEDOUT: return .transport("cannot connect (timed out)", unreachable: false)
            default: return .transport("cannot connect" + (detail.isEmpty ? "" : " (\(detail))"), unreachable: true)
            }
        case CURLE_UNSUPPORTED_PROTOCOL where detail.contains("HTTP/0.9"):
            return .badAnswer("an HTTP/0.9 answer (no status line, no headers), which is refused")
        case CURLE_URL_MALFORMAT, CURLE_UNSUPPORTED_PROTOCOL:
            return .transport("not a URL that can be fetched (\(detail))", unreachable: true)
        case CURLE_OUT_OF_MEMORY:
            // libcurl's limit on one header line (100 kB), a `Location` included, ends this way.
            return .badAnswer(
                "an answer header longer than libcurl takes (100 kB: a header or a redirect's Location)"
                    + (detail.isEmpty ? "" : " (\(detail))"))
        case CURLE_FILESIZE_EXCEEDED, CURLE_WRITE_ERROR: return .tooLarge(limit: limit)
        case CURLE_BAD_CONTENT_ENCODING where detail.lowercased().contains("unrecognized"):
            return .badAnswer("an answer in a Content-Encoding this tool does not read (\(detail))")
        case CURLE_BAD_CONTENT_ENCODING: return .transport("the compressed body is corrupt", unreachable: false)
        case CURLE_PARTIAL_FILE: return .transport("connection lost (truncated body?)", unreachable: false)
        case CURLE_RECV_ERROR, CURLE_SEND_ERROR:
            return .transport(
                osError == ECONNRESET ? "connection reset" : "network error (\(detail))", unreachable: false)
        case CURLE_GOT_NOTHING:
            return .transport("the server closed the connection without answering", unreachable: false)
        case CURLE_WEIRD_SERVER_REPLY: return .transport("not an HTTP answer (\(detail))", unreachable: false)
        case CURLE_OPERATION_TIMEDOUT:
            return silence > 0 ? .silent(seconds: silence) : .transport("timed out", unreachable: false)
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM, CURLE_SSL_CIPHER,
            CURLE_SSL_CACERT_BADFILE:
            return .transport("TLS failed (\(detail))", unreachable: true)
        case CURLE_ABORTED_BY_CALLBACK: return .transport("cancelled", unreachable: false)
        default:
            let words = String(cString: curl_easy_strerror(code)).lowercased()
            return .transport("network error: \(detail.isEmpty ? words : detail)", unreachable: false)
        }
    }

    /// libcurl's one-time set-up, before any transfer (thread-safe: a `static let`).
    static let libcurlReady: Bool = nw_curl_global_init() == CURLE_OK
}

/// One transfer's state, shared by libcurl's callbacks (on the transfer's thread) and
/// ``cancel()`` (on any thread).
private final class Transfer: @unchecked Sendable {
    let url: URL
    let headers: [(String, String)]
    let bounds: Exchange.Bounds
    // Touched by the callbacks only, all on the transfer's thread.
    private let start = ContinuousClock.now
    private var lastActivity = ContinuousClock.now
    private var head: ContinuousClock.Instant?
    private var bytes = 0
    /// (time, bytes so far) at most every 100 ms after the head, for the low-speed window.
    private var samples: [(ContinuousClock.Instant, Int)] = []
    private var body = Data()
    private var fields: [(name: String, value: String)] = []
    private var failure: Exchange.Failure?
    // Crosses threads.
    private let cancelled = Locked(false)

    init(url: URL, headers: [(String, String)], bounds: Exchange.Bounds) {
        self.url = url
        self.headers = headers
        self.bounds = bounds
    }

    func cancel() { cancelled.withLock { $0 = true } }

    /// Performs the transfer (blocking).
    func run() -> Result<Exchange.Response, any Error> {
        guard Exchange.libcurlReady, let curl = curl_easy_init() else {
            return .failure(Exchange.Failure.transport("libcurl could not start", unreachable: true))
        }
        defer { curl_easy_cleanup(curl) }
        var list: UnsafeMutablePointer<curl_slist>?
        var encoding: String?
        for (name, value) in headers {
            // libcurl inflates what it asked for: the encodings go through its own option.
            if name.lowercased() == "accept-encoding" {
                encoding = value
            } else {
                list = curl_slist_append(list, "\(name): \(value)")
            }
        }
        defer { curl_slist_free_all(list) }
        var message = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE))
        let context = Unmanaged.passUnretained(self).toOpaque()
        let code: CURLcode = message.withUnsafeMutableBufferPointer { buffer in
            let milliseconds = { (seconds: Double) in Int(min(max(seconds, 0.001), 86_400) * 1000) }
            var ok = true
            func check(_ result: CURLcode) { ok = ok && result == CURLE_OK }
            check(nw_curl_set_string(curl, CURLOPT_URL, url.absoluteString))
            check(nw_curl_set_long(curl, CURLOPT_HTTPGET, 1))
            check(nw_curl_set_long(curl, CURLOPT_NOSIGNAL, 1))
            check(nw_curl_set_long(curl, CURLOPT_FOLLOWLOCATION, 0))
            check(nw_curl_set_string(curl, CURLOPT_PROTOCOLS_STR, "http,https"))
            check(nw_curl_set_long(curl, CURLOPT_HTTP_VERSION, Int(CURL_HTTP_VERSION_1_1)))
            check(nw_curl_set_string(curl, CURLOPT_NOPROXY, "localhost,127.0.0.1,::1"))
            if let encoding { check(nw_curl_set_string(curl, CURLOPT_ACCEPT_ENCODING, encoding)) }
            check(nw_curl_set_list(curl, CURLOPT_HTTPHEADER, list))
            check(nw_curl_set_long(curl, CURLOPT_CONNECTTIMEOUT_MS, milliseconds(bounds.silence)))
            // A backstop only: the progress callback ends the transfer at the deadline first.
            check(nw_curl_set_long(curl, CURLOPT_TIMEOUT_MS, milliseconds(bounds.deadline + 5)))
            check(nw_curl_set_offset(curl, CURLOPT_MAXFILESIZE_LARGE, bounds.limit))
            check(nw_curl_set_pointer(curl, CURLOPT_ERRORBUFFER, buffer.baseAddress))
            check(nw_curl_set_write(curl, Transfer.onBody))
            check(nw_curl_set_pointer(curl, CURLOPT_WRITEDATA, context))
            check(nw_curl_set_header(curl, Transfer.onHeader))
            check(nw_curl_set_pointer(curl, CURLOPT_HEADERDATA, context))
            check(nw_curl_set_progress(curl, Transfer.onProgress))
            check(nw_curl_set_pointer(curl, CURLOPT_XFERINFODATA, context))
            check(nw_curl_set_long(curl, CURLOPT_NOPROGRESS, 0))
            guard ok else { return CURLE_FAILED_INIT }
            return curl_easy_perform(curl)
        }
        if let failure { return .failure(failure) }
        guard code == CURLE_OK else {
            var osError = 0
            _ = nw_curl_get_long(curl, CURLINFO_OS_ERRNO, &osError)
            let detail = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(
                Exchange.classify(
                    code, osError: Int32(truncatingIfNeeded: osError), detail: detail, limit: bounds.limit,
                    silence: bounds.silence))
        }
        var status = 0
        _ = nw_curl_get_long(curl, CURLINFO_RESPONSE_CODE, &status)
        // Two different lengths: which one is the body's cannot be told (RFC 9110, 8.6).
        let lengths = Set(fields.filter { $0.name.lowercased() == "content-length" }.map(\.value))
        if lengths.count > 1 {
            return .failure(
                Exchange.Failure.badAnswer(
                    "two different Content-Length headers (\(lengths.sorted().joined(separator: ", "))); refused"))
        }
        return .success(Exchange.Response(status: status, headers: fields, body: body))
    }

    // MARK: libcurl's callbacks (C function pointers: the transfer comes as their context)

    static let onBody: nw_curl_data_callback = { data, size, count, context in
        let transfer = Unmanaged<Transfer>.fromOpaque(context!).takeUnretainedValue()
        let (total, overflow) = size.multipliedReportingOverflow(by: count)
        guard !overflow, let data else { return 0 }
        return transfer.received(UnsafeRawBufferPointer(start: data, count: total)) ? total : 0
    }

    static let onHeader: nw_curl_data_callback = { data, size, count, context in
        let transfer = Unmanaged<Transfer>.fromOpaque(context!).takeUnretainedValue()
        let (total, overflow) = size.multipliedReportingOverflow(by: count)
        guard !overflow, let data else { return 0 }
        transfer.headerLine(UnsafeRawBufferPointer(start: data, count: total))
        return total
    }

    static let onProgress: nw_curl_progress_callback = { context, _, _, _, _ in
        let transfer = Unmanaged<Transfer>.fromOpaque(context!).takeUnretainedValue()
        return transfer.verdict() == nil ? 0 : 1
    }

    /// Takes body bytes; false (the transfer ends) past the limit.
    private func received(_ chunk: UnsafeRawBufferPointer) -> Bool {
        guard chunk.count <= bounds.limit - body.count else {
            failure = .tooLarge(limit: bounds.limit)
            return false
        }
        body.append(contentsOf: chunk)
        bytes += chunk.count
        lastActivity = .now
        return true
    }

    /// One header line as sent (ISO-8859-1 is read as such: a header is not UTF-8 text).
    private func headerLine(_ raw: UnsafeRawBufferPointer) {
        lastActivity = .now
        // Each byte is its own code point (ISO-8859-1), so no byte is lost or refused.
        var line = String(String.UnicodeScalarView(raw.map { Unicode.Scalar($0) }))
        while let last = line.unicodeScalars.last, last == "\r" || last == "\n" { line.unicodeScalars.removeLast() }
        if line.hasPrefix("HTTP/") {
            fields = []  // a new response (after a 100 Continue): its own fields
        } else if line.isEmpty {
            head = .now
            samples = [(head!, bytes)]
        } else if let colon = line.firstIndex(of: ":") {
            fields.append(
                (String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
    }

    /// Why the transfer must end now, if it must (also recorded as ``failure``).
    private func verdict() -> Exchange.Failure? {
        if failure != nil { return failure }
        let now = ContinuousClock.now
        let found: Exchange.Failure? = {
            if cancelled.withLock({ $0 }) { return .transport("cancelled", unreachable: false) }
            if seconds(now - start) >= bounds.deadline { return .overTime(seconds: bounds.deadline) }
            if seconds(now - lastActivity) >= bounds.silence { return .silent(seconds: bounds.silence) }
            guard head != nil else { return nil }
            if let last = samples.last, seconds(now - last.0) < 0.1 { return nil }
            samples.append((now, bytes))
            // The oldest sample at least a window old starts the window.
            let window = bounds.lowSpeed.seconds
            guard let index = samples.lastIndex(where: { seconds(now - $0.0) >= window }) else { return nil }
            let (then, bytesThen) = samples[index]
            samples.removeFirst(index)
            let rate = Double(bytes - bytesThen) / seconds(now - then)
            return rate < Double(bounds.lowSpeed.bytesPerSecond) ? .tooSlow(bounds.lowSpeed) : nil
        }()
        failure = found
        return found
    }

    private func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
