/// Maps one connection's `seq` numbers to the output's, so its `cause` fields can be rewritten.
///
/// NB: stored as runs of consecutive numbers, one per batch a connection contributes, so memory
/// grows with the number of batches rather than events.
struct SequenceMap {
    private struct Run {
        var source: Int64
        var target: Int64
        var length: Int64
    }

    private var runs: [Run] = []

    /// Records that the connection's `source` became the output's `target`; ignores a source
    /// that does not increase (a misbehaving client), which leaves causes to it unresolved.
    mutating func record(_ source: Int64, as target: Int64) {
        if let last = runs.last {
            guard source >= last.source + last.length else { return }
            if source == last.source + last.length, target == last.target + last.length {
                runs[runs.count - 1].length += 1
                return
            }
        }
        runs.append(Run(source: source, target: target, length: 1))
    }

    /// The output `seq` that `source` became, or nil when it was never written.
    func target(of source: Int64) -> Int64? {
        var low = 0, high = runs.count
        while low < high {
            let middle = (low + high) / 2
            if runs[middle].source <= source { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let run = runs[low - 1]
        return source < run.source + run.length ? run.target + (source - run.source) : nil
    }
}
