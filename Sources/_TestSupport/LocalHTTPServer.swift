package import Foundation
import ThreadTools

#if canImport(Glibc)
    import Glibc
#endif

/// A real HTTP/1.1 server on 127.0.0.1 (ephemeral port) for tests of network code: it serves
/// what a handler returns, and can delay, fail, or cut a body short. Each connection gets its
/// own thread; every response closes the connection. Not API.
package final class LocalHTTPServer: Sendable {
    package struct Response: Sendable {
        package var status: Int
        package var headers: [(String, String)]
        package var body: Data
        /// Seconds to wait before answering.
        package var delay: Double
        /// Send only this many body bytes (Content-Length still announces the whole body).
        package var truncateBodyTo: Int?
        /// Send the body one byte at a time, this many seconds apart (a trickling server).
        package var trickle: Double?
        /// Header lines sent as these bytes (not UTF-8 text: a Latin-1 byte, say), without CRLF.
        package var rawHeaderLines: [[UInt8]] = []
        /// Sent as they are instead of a status line, headers and body (an HTTP/0.9 answer).
        package var raw: [UInt8]?

        package init(
            status: Int = 200, headers: [(String, String)] = [], body: Data = Data(), delay: Double = 0,
            truncateBodyTo: Int? = nil, trickle: Double? = nil
        ) {
            self.status = status
            self.headers = headers
            self.body = body
            self.delay = delay
            self.truncateBodyTo = truncateBodyTo
            self.trickle = trickle
        }

        package static func html(_ text: String) -> Response {
            Response(headers: [("Content-Type", "text/html; charset=utf-8")], body: Data(text.utf8))
        }

        package static func json(_ text: String) -> Response {
            Response(headers: [("Content-Type", "application/json")], body: Data(text.utf8))
        }

        package static func status(_ code: Int, headers: [(String, String)] = []) -> Response {
            Response(status: code, headers: headers, body: Data("status \(code)".utf8))
        }
    }

    /// (path with query, how many times this path was requested including this one) → response.
    package typealias Handler = @Sendable (_ path: String, _ hit: Int) -> Response

    package let port: UInt16
    package var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    private let listener: Int32
    private let handler: Handler
    private struct State {
        var hits: [String: Int] = [:]
        var log: [String] = []
        var stopped = false
    }
    private let state = Locked(State())

    package init(handler: @escaping Handler) throws {
        self.handler = handler
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = 0
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0, listen(fd, 64) == 0 else {
            close(fd)
            throw POSIXError(.init(rawValue: errno) ?? .EIO)
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        port = UInt16(bigEndian: address.sin_port)
        listener = fd
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit { stop() }

    /// Paths requested so far, in order.
    package var requestLog: [String] { state.withLock { $0.log } }

    package func stop() {
        let wasStopped = state.withLock { state -> Bool in
            defer { state.stopped = true }
            return state.stopped
        }
        guard !wasStopped else { return }
        // Only wake the accept loop here; it closes the descriptor itself. Closing it here would
        // free the number for another server while this loop may still call accept() on it.
        shutdown(listener, Int32(SHUT_RDWR))
    }

    private func acceptLoop() {
        while true {
            let client = accept(listener, nil, nil)
            if client < 0 {
                if errno == EINTR && !state.withLock({ $0.stopped }) { continue }
                close(listener)
                return
            }
            if state.withLock({ $0.stopped }) {
                close(client)
                close(listener)
                return
            }
            let thread = Thread { [self] in serve(client) }
            thread.start()
        }
    }

    private func serve(_ client: Int32) {
        defer { close(client) }
        var request = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !request.containsHeaderEnd {
            let n = read(client, &buffer, buffer.count)
            guard n > 0 else { return }
            request += buffer[0..<n]
            if request.count > 65_536 { return }
        }
        let firstLine = String(decoding: request.prefix { $0 != 13 && $0 != 10 }, as: UTF8.self)
        let parts = firstLine.split(separator: " ")
        let path = parts.count >= 2 ? String(parts[1]) : "/"
        let hit = state.withLock { state -> Int in
            state.hits[path, default: 0] += 1
            state.log.append(path)
            return state.hits[path]!
        }
        let response = handler(path, hit)
        if response.delay > 0 { Thread.sleep(forTimeInterval: response.delay) }
        if let raw = response.raw {
            _ = sendAll(client, raw)
            shutdown(client, Int32(SHUT_WR))
            return
        }
        var head = "HTTP/1.1 \(response.status) \(Self.reason(response.status))\r\n"
        var headers = response.headers
        if !headers.contains(where: { $0.0.lowercased() == "content-length" }) {
            headers.append(("Content-Length", String(response.body.count)))
        }
        headers.append(("Connection", "close"))
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        var bytes = [UInt8](head.utf8)
        for line in response.rawHeaderLines { bytes += line + [13, 10] }
        bytes += [13, 10]
        let body = response.truncateBodyTo.map { response.body.prefix($0) } ?? response.body
        if let trickle = response.trickle {
            guard sendAll(client, bytes) else { return }
            for byte in body {
                Thread.sleep(forTimeInterval: trickle)
                guard !state.withLock({ $0.stopped }), sendAll(client, [byte]) else { return }
            }
        } else {
            bytes += body
            guard sendAll(client, bytes) else { return }
        }
        shutdown(client, Int32(SHUT_WR))
    }

    private func sendAll(_ client: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { return false }
            sent += n
        }
        return true
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 404: "Not Found"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 503: "Service Unavailable"
        default: "Status"
        }
    }
}

extension [UInt8] {
    fileprivate var containsHeaderEnd: Bool {
        guard count >= 4 else { return false }
        for i in 0...(count - 4) where self[i] == 13 && self[i + 1] == 10 && self[i + 2] == 13 && self[i + 3] == 10 {
            return true
        }
        return false
    }
}
