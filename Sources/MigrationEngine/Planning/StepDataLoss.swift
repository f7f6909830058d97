/// What one lossy step of a planned chain drops, counted in the store being planned.
public struct StepDataLoss: Sendable, Hashable, Codable {
    /// The version the step starts from.
    public var from: String
    /// The version the step produces.
    public var to: String
    /// What the step drops, named as at `from`; each ``DataLoss/count`` is what the store holds of it, or
    /// `nil` when it could not be traced back to the store (an explicit mapping or a hierarchy move before
    /// the step, a store read through its own cached model).
    public var drops: [DataLoss]

    /// Creates the record of one step.
    package init(from: String, to: String, drops: [DataLoss]) {
        self.from = from
        self.to = to
        self.drops = drops
    }

    /// Whether this store loses anything in the step: a drop that could not be counted counts as a loss, and
    /// so does a step whose drops could not be listed (no drops at all: only a lossy step is recorded).
    public var losesData: Bool { drops.isEmpty || drops.contains { $0.count != 0 } }

    /// The drops this store loses anything of (an empty entity or an attribute without values is left out).
    public var losses: [DataLoss] { drops.filter { $0.count != 0 } }
}
