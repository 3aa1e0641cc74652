import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One HTTP exchange with hard bounds, driven by URLSession's delegate callbacks: the body is
/// collected as it arrives (after any `Content-Encoding` is decoded, so a compressed body is
/// bounded by what it inflates to) and the transfer is cancelled as soon as
/// - the body passes `limit` bytes (or `Content-Length` announces more), or
/// - the whole exchange has taken `deadline` — however slowly the server trickles.
/// Redirects are not followed; the 3xx comes back as the response.
final class BodyTransfer: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    /// Why a transfer ended without a usable response.
    enum Failure: Error {
        case tooLarge(limit: Int, announced: Int64?)
        case tooSlow(seconds: Double)
        case transport(Error)
    }

    private struct Pending {
        var continuation: CheckedContinuation<(Data, HTTPURLResponse), Error>
        var body = Data()
        var response: HTTPURLResponse?
        var limit: Int
    }

    private let lock = NSLock()
    private var pending: [Int: Pending] = [:]

    /// Runs `request` on `session` (whose delegate must be this object).
    func run(_ request: URLRequest, on session: URLSession, limit: Int, deadline: Double) async throws -> (
        Data, HTTPURLResponse
    ) {
        let task = session.dataTask(with: request)
        let id = task.taskIdentifier
        let watchdog = Task { [weak self] in
            try? await Task.sleep(for: .seconds(deadline))
            guard !Task.isCancelled else { return }
            self?.finish(id, with: .failure(Failure.tooSlow(seconds: deadline)))
            task.cancel()
        }
        defer { watchdog.cancel() }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                lock.withLock { pending[id] = Pending(continuation: continuation, limit: limit) }
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
    }

    /// Resumes the waiting caller once; later calls for the same task are ignored.
    private func finish(_ id: Int, with result: Result<(Data, HTTPURLResponse), Error>) {
        guard let entry = lock.withLock({ pending.removeValue(forKey: id) }) else { return }
        entry.continuation.resume(with: result)
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let id = dataTask.taskIdentifier
        let announced = response.expectedContentLength
        let limit: Int? = lock.withLock {
            pending[id]?.response = response as? HTTPURLResponse
            return pending[id]?.limit
        }
        if let limit, announced > Int64(limit) {
            finish(id, with: .failure(Failure.tooLarge(limit: limit, announced: announced)))
            completionHandler(.cancel)
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let id = dataTask.taskIdentifier
        let overLimit: Int? = lock.withLock {
            guard var entry = pending[id] else { return nil }
            guard entry.body.count + data.count <= entry.limit else { return entry.limit }
            entry.body.append(data)
            pending[id] = entry
            return nil
        }
        if let limit = overLimit {
            finish(id, with: .failure(Failure.tooLarge(limit: limit, announced: nil)))
            dataTask.cancel()
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: Error?) {
        let id = task.taskIdentifier
        let entry = lock.withLock { pending[id] }
        guard let entry else { return }
        if let error {
            finish(id, with: .failure(Failure.transport(error)))
        } else if let response = entry.response ?? (task.response as? HTTPURLResponse) {
            finish(id, with: .success((entry.body, response)))
        } else {
            finish(id, with: .failure(Failure.transport(URLError(.badServerResponse))))
        }
    }

    /// Hands 3xx responses back instead of following them, so that the client decides (same
    /// site only).
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
