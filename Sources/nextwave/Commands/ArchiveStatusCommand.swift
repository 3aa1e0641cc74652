import ArgumentParser
import SessionsPipeline

struct ArchiveStatusCommand: NextWaveCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Index an archive's raw files and show what it holds.",
        discussion: """
            Examples:
              nextwave archive status
              nextwave archive status --archive ~/nextwave-archive
            """)

    @OptionGroup var source: ArchiveOptions

    func execute(_ terminal: Terminal) async throws {
        let job = ArchiveStatusJob(.init(archive: try source.location().url, data: try source.data.layout))
        let status = try await job.run()
        for message in status.skipped { terminal.warn("skipped \(message)") }
        print(status.lines.joined(separator: "\n"))
    }
}
