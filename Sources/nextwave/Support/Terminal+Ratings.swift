import SessionsPipeline

extension Terminal {
    /// Says which rating tables a run rates with (one line, unless `quiet`), and every newer
    /// table it can see (always).
    func announce(_ tables: DefaultRatingTables.Choice, quiet: Bool) {
        if !quiet { info(tables.summary) }
        for warning in tables.warnings { warn(warning) }
    }
}
