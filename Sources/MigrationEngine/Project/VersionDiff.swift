/// What changes between two model versions: the inferred mapping and the data it would drop.
public struct VersionDiff: Sendable {
    /// The mapping a lightweight step would infer.
    public var mapping: InferredMapping
    /// What the step drops; with counts when a store was given.
    public var drops: [DataLoss]
    /// What the store's objects must satisfy for the step to run; with counts when a store was given.
    public var conditions: [StoreCondition] = []
    /// The store the drops were counted in, if any.
    public var countedInStore: String?
}
