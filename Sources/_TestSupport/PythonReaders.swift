package import Foundation

/// The Python interpreters tests use as independent readers of the tool's outputs.
///
/// - ``pinned()``: the project's environment (`.venv`, from `Notebooks/requirements.txt`:
///   icalendar, html5lib, the notebooks' libraries), made by `scripts/python-env`, which
///   `scripts/test` runs first. A plain `swift test` in a fresh clone has none: the tests that
///   need it then fail with the command to run, not with a missing interpreter.
/// - ``system()``: any `python3` on `PATH`, for readers that need only the standard library.
package enum PythonReaders {
    /// Why a reader could not be found, with what to do.
    package struct Missing: Error, CustomStringConvertible {
        package var description: String
    }

    package static var pinnedPath: URL { RepositoryPaths.root.appendingPathComponent(".venv/bin/python") }

    /// `.venv/bin/python`, or an error that says to run `scripts/python-env`.
    package static func pinned() throws -> URL {
        let python = pinnedPath
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw Missing(
                description: "this test reads the output with the project's pinned Python environment, which is not "
                    + "there (\(python.path)): run scripts/python-env once (scripts/test does), then the tests again")
        }
        return python
    }

    /// The first `python3` on `PATH` (the standard library suffices), or an error naming what to
    /// install.
    package static func system() throws -> URL {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("python3")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        throw Missing(
            description: "this test reads the output with python3, which is not on PATH (\(path)): install it "
                + "(scripts/install-deps does: apt-get install python3)")
    }
}
