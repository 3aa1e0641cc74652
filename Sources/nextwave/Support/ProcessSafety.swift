import Dispatch
import Foundation
import RatingsPipeline

#if canImport(Glibc)
    import Glibc
#endif

/// What every command sets up before it works, so that no way of ending a run loses data:
/// - SIGINT, SIGTERM and SIGHUP remove the temporary files of outputs being written, then end
///   the process as the signal would (exit status 128 + signal);
/// - SIGXFSZ (a write beyond `ulimit -f`) is ignored, so that the write fails with "file too
///   large", the outputs are left as they were and the error is reported;
/// - waiting for a folder another run holds is announced on stderr.
enum ProcessSafety {
    /// The signal sources, kept for the life of the process.
    private static let sources = Locked<[DispatchSourceSignal]>([])
    /// Sets the handlers up once (a `static let` is initialised exactly once, thread-safely).
    private static let once: Void = {
        signal(SIGXFSZ, SIG_IGN)
        let made = [SIGINT, SIGTERM, SIGHUP].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                TemporaryFiles.removeAll()
                // End as the signal would: its default action, on this thread with the signal
                // unblocked (libdispatch delivers it with the signal blocked); should that not
                // end the process, exit with the shell's 128 + signal.
                signal(number, SIG_DFL)
                var only = sigset_t()
                sigemptyset(&only)
                sigaddset(&only, number)
                pthread_sigmask(SIG_UNBLOCK, &only, nil)
                raise(number)
                usleep(200_000)
                _exit(128 + number)
            }
            source.resume()
            return source
        }
        sources.withLock { $0 = made }
    }()

    static func install(_ terminal: Terminal) {
        _ = once
        DirectoryLock.waitingHandler = { path in
            terminal.info("waiting for another nextwave run that is using \(path) …")
        }
    }
}
