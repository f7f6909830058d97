/// Where a step of the version graph comes from.
public enum StepOrigin: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Inferred from the two model versions, as Core Data's lightweight migration would.
    case inferred
    /// Driven by the explicit mapping of that name (a mapping file, an Xcode mapping model, a `.cdm`).
    case mapping(String)

    /// The step's kind for display and events.
    public var kind: StepKind {
        switch self {
        case .inferred: .inferred
        case .mapping: .explicit
        }
    }

    /// The mapping's name, or nil for an inferred step.
    public var mappingName: String? {
        if case .mapping(let name) = self { return name }
        return nil
    }

    /// `inferred`, or the mapping's name.
    public var description: String { mappingName ?? "inferred" }
}
