import SessionsPipeline

extension Terminal {
    /// Says which rating tables a run rates with (one line, unless `quiet`), and every newer
    /// table it can see (always), with what to do to rate with it.
    func announce(_ tables: DefaultRatingTables.Choice, quiet: Bool) {
        if !quiet { info(tables.summary) }
        for newer in tables.newer { warn("\(newer); " + Advice.words(for: newer.use)) }
    }
}
