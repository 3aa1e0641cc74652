/// What kind of problem stopped a run: the one thing a front end needs to decide what to do
/// next (the command line turns it into its exit status; an app into a retry, a prompt or a
/// message). Every error the toolkit's libraries throw has one (``KindedError``).
public enum ProblemKind: String, Sendable, CaseIterable, Codable {
    /// The request is wrong: a value out of range, a name that matches nothing, options that
    /// exclude each other. Asking again the same way fails again.
    case usage
    /// An input's content is wrong: a malformed file, page, feed, table or archive.
    case badData
    /// An input is not there or cannot be opened (missing, not permitted, a folder, a device).
    case missingInput
    /// A site could not be reached or did not answer as it should; trying later may work.
    case unreachable
    /// An output could not be written (its folder, its temporary file, the disk).
    case cannotWrite
    /// A safety check refused the result, or another run held the folder too long: nothing was
    /// replaced.
    case refused
    /// Another run holds what this one needs (a site being updated) and this one does not wait:
    /// nothing was changed; the next run will do the work.
    case busy
    /// Anything else: the run could not finish.
    case failed
}

/// An error that says what kind of problem it is and where: the file's path or the page's URL
/// when there is one.
public protocol KindedError: Error, CustomStringConvertible {
    /// The class of the problem.
    var kind: ProblemKind { get }
    /// The path or URL the problem is about; nil when it is about no one file or page.
    var location: String? { get }
}

extension KindedError {
    /// No one file or page, unless the error says otherwise.
    public var location: String? { nil }
}
