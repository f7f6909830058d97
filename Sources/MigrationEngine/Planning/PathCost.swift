/// The cost of a partial chain, compared lexicographically: lossy steps, then steps, then a tie-break key
/// (each step's landing position, explicit before inferred, mapping name) so equal chains resolve the same
/// way every time. The key only ever grows by appending, which keeps Dijkstra's search correct.
struct PathCost: Comparable {
    var lossySteps = 0
    var steps = 0
    var key: [StepKey] = []

    struct StepKey: Comparable {
        var position: Int
        var origin: StepOrigin

        static func < (a: StepKey, b: StepKey) -> Bool {
            if a.position != b.position { return a.position < b.position }
            // Explicit mappings before inference, then by mapping name.
            switch (a.origin, b.origin) {
            case (.mapping(let x), .mapping(let y)): return x < y
            case (.mapping, .inferred): return true
            case (.inferred, _): return false
            }
        }
    }

    func adding(_ edge: StepCandidate, position: Int) -> PathCost {
        adding(isLossy: edge.isLossy, origin: edge.origin, position: position)
    }

    /// The cost after one more step, landing at `position`, that is lossy or not.
    func adding(isLossy: Bool, origin: StepOrigin, position: Int) -> PathCost {
        PathCost(
            lossySteps: lossySteps + (isLossy ? 1 : 0), steps: steps + 1,
            key: key + [StepKey(position: position, origin: origin)])
    }

    /// Whether this chain, even with `steps` more lossless steps, would have more lossy steps than `reached`,
    /// or as many and more steps: it could neither beat nor tie it.
    func exceeds(_ reached: PathCost, withSteps steps: Int) -> Bool {
        (lossySteps, self.steps + steps) > (reached.lossySteps, reached.steps)
    }

    static func < (a: PathCost, b: PathCost) -> Bool {
        if a.lossySteps != b.lossySteps { return a.lossySteps < b.lossySteps }
        if a.steps != b.steps { return a.steps < b.steps }
        return a.key.lexicographicallyPrecedes(b.key)
    }
}
