/// What an entity mapping does, as Core Data's `NSEntityMappingType` names it.
public enum EntityMappingKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// Each source object becomes a destination object with the same attribute values.
    case copy
    /// The destination entity is new; the mapping makes no objects by itself (a policy may).
    case add
    /// The source entity's objects are dropped.
    case remove
    /// Each source object becomes a destination object computed by expressions.
    case transform
    /// A named migration policy makes the destination objects.
    case custom

    /// Core Data's `NSEntityMappingType` number.
    public var code: Int {
        switch self {
        case .custom: 1
        case .add: 2
        case .remove: 3
        case .copy: 4
        case .transform: 5
        }
    }

    /// Whether the mapping walks the source entity's objects.
    public var readsSource: Bool { self == .copy || self == .transform || self == .custom }
}

extension EntityMappingKind {
    /// What Xcode compiles an entity mapping of type "Undefined" to: custom when it names a policy class
    /// (the compiled `.cdm` of `coredataplus-cars` shows type 1 there), otherwise by which entities it has.
    static func undefined(source: String?, destination: String?, policy: String?) -> EntityMappingKind {
        switch (source, destination) {
        case (_?, _?): policy == nil ? .transform : .custom
        case (_?, nil): .remove
        default: .add
        }
    }
}
