/// Counts the lines a filter looked at and reports progress every 2^20 of them.
final class LineCount {
    // Counted once per line of a 30-million-line table, by one thread: no exclusivity check.
    @exclusivity(unchecked) private(set) var count = 0
    let progress: ((Int) -> Void)?

    init(progress: ((Int) -> Void)?) { self.progress = progress }

    func add() {
        count += 1
        if count & 0xFFFFF == 0 { progress?(count) }
    }
}
