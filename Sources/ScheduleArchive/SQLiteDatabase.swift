internal import CSQLite
import Foundation

/// A minimal wrapper over the SQLite C API: one connection, prepared statements, transactions.
/// Not thread-safe; use one instance per task.
final class SQLiteDatabase {
    private var handle: OpaquePointer?
    let path: String

    /// Opens (creating if needed) the database at `path` (":memory:" for a private in-memory one).
    /// `readOnly` opens an existing file without writing anything, not even locks or a WAL
    /// index (`immutable=1`): for a store in a folder this user cannot write.
    init(path: String, readOnly: Bool = false) throws {
        self.path = path
        let flags =
            readOnly
            ? SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX
            : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        var name = path
        if readOnly {
            var parts = URLComponents()
            parts.scheme = "file"
            parts.path = path
            parts.queryItems = [URLQueryItem(name: "immutable", value: "1")]
            name = parts.string ?? path
        }
        let status = sqlite3_open_v2(name, &handle, flags, nil)
        guard status == SQLITE_OK else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "cannot open"
            sqlite3_close(handle)
            handle = nil
            throw ArchiveError.store(path: path, reason: message)
        }
        // Writers are serialised by the archive's folder lock; this covers the rest (a checkpoint).
        sqlite3_busy_timeout(handle, 60_000)
    }

    /// Prepared statements kept for reuse, by SQL text (finalized before the connection closes).
    private var cache: [String: Statement] = [:]

    deinit {
        cache.removeAll()
        sqlite3_close(handle)
    }

    /// A prepared statement for `sql`, compiled once per connection and reset for each use.
    /// For the statements run once per file or row of an import; not for nested use of the same
    /// SQL text.
    func cached(_ sql: String) throws -> Statement {
        if let statement = cache[sql] {
            statement.reset()
            return statement
        }
        let statement = try prepare(sql)
        cache[sql] = statement
        return statement
    }

    func execute(_ sql: String) throws {
        var error: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, sql, nil, nil, &error) == SQLITE_OK else {
            sqlite3_free(error)
            throw ArchiveError.store(path: path, reason: lastError)
        }
    }

    func prepare(_ sql: String) throws -> Statement {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw ArchiveError.store(path: path, reason: lastError + " in: \(sql)")
        }
        return Statement(statement, database: self)
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    func transaction<T>(_ body: () throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        do {
            let value = try body()
            try execute("COMMIT")
            return value
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    /// SQLite's message, with the system's reason for an I/O error ("disk I/O error (file too
    /// large)").
    var lastError: String {
        guard let handle else { return "closed" }
        let message = String(cString: sqlite3_errmsg(handle))
        let code = sqlite3_system_errno(handle)
        guard sqlite3_errcode(handle) & 0xFF == SQLITE_IOERR, code != 0 else { return message }
        return "\(message) (\(String(cString: strerror(code)).lowercased()))"
    }
    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
    var changes: Int { Int(sqlite3_changes(handle)) }

    /// One prepared statement. Parameters are 1-based, columns 0-based (as in SQLite).
    final class Statement {
        private let pointer: OpaquePointer
        private unowned let database: SQLiteDatabase

        init(_ pointer: OpaquePointer, database: SQLiteDatabase) {
            self.pointer = pointer
            self.database = database
        }
        deinit { sqlite3_finalize(pointer) }

        func bind(_ index: Int32, _ value: Int64) { sqlite3_bind_int64(pointer, index, value) }
        func bind(_ index: Int32, _ value: Int) { sqlite3_bind_int64(pointer, index, Int64(value)) }
        func bind(_ index: Int32, _ value: Double) { sqlite3_bind_double(pointer, index, value) }
        func bind(_ index: Int32, _ value: String) {
            // Through the string's own UTF-8 (no C-string copy; SQLite copies the bytes).
            var value = value
            value.withUTF8 { utf8 in
                let start = UnsafeRawPointer(utf8.baseAddress ?? UnsafePointer(bitPattern: 1)!)
                sqlite3_bind_text(
                    pointer, index, start.assumingMemoryBound(to: CChar.self), Int32(utf8.count), csqlite_transient())
            }
        }
        func bind(_ index: Int32, _ value: String?) {
            if let value { bind(index, value) } else { sqlite3_bind_null(pointer, index) }
        }
        func bind(_ index: Int32, _ value: Int64?) {
            if let value { bind(index, value) } else { sqlite3_bind_null(pointer, index) }
        }

        /// Advances; `true` while a row is available.
        @discardableResult
        func step() throws -> Bool {
            switch sqlite3_step(pointer) {
            case SQLITE_ROW: return true
            case SQLITE_DONE: return false
            default: throw ArchiveError.store(path: database.path, reason: database.lastError)
            }
        }

        /// Resets for the next execution and clears the bindings.
        func reset() {
            sqlite3_reset(pointer)
            sqlite3_clear_bindings(pointer)
        }

        /// Executes once (for statements without rows) and resets.
        func run() throws {
            defer { reset() }
            try step()
        }

        func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(pointer, column) }
        func int(_ column: Int32) -> Int { Int(sqlite3_column_int64(pointer, column)) }
        func double(_ column: Int32) -> Double { sqlite3_column_double(pointer, column) }
        func isNull(_ column: Int32) -> Bool { sqlite3_column_type(pointer, column) == SQLITE_NULL }
        func string(_ column: Int32) -> String {
            guard let text = sqlite3_column_text(pointer, column) else { return "" }
            return String(cString: text)
        }
    }
}
