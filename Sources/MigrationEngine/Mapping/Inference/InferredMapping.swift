/// What Core Data's lightweight (inferred) migration would do between two model versions.
///
/// Entities and properties match by name, or by the destination's renaming identifier naming the
/// source. Added and dropped attributes, relationships and entities, optional ↔ required, entity renames
/// and hierarchy moves are inferable; anything else is listed in ``notInferable`` with a reason per
/// property. A required property without a default that objects may lack is inferable on a condition
/// the store's objects must meet (``conditions``), as Core Data checks it when it migrates.
public struct InferredMapping: Sendable, Hashable, Codable {
    /// The source version's name.
    public var sourceVersion: String
    /// The destination version's name.
    public var destinationVersion: String
    /// One mapping per destination entity, in destination entity order.
    public var entities: [InferredEntityMapping]
    /// Source entities with no destination counterpart; their objects are dropped.
    public var droppedEntities: [String]
    /// Changes that need an explicit mapping.
    public var notInferable: [NotInferable]
    /// What the source store's objects must satisfy for the step to run on it (see ``StoreCondition``).
    public var conditions: [StoreCondition]
    /// Things that will be done but deserve attention (e.g. a relationship becoming required).
    public var warnings: [String]
    /// Likely renames without a renaming identifier.
    public var suggestedRenames: [RenameSuggestion]
    /// Everything the step drops that holds data of its own, without counts (see ``DataLossCounter``).
    /// A dropped to-many whose inverse is a to-one is not listed: its links live in the inverse's key.
    public var drops: [DataLoss]

    /// Creates a mapping from its parts (see ``infer(from:to:)`` to compute one).
    package init(
        sourceVersion: String, destinationVersion: String, entities: [InferredEntityMapping], droppedEntities: [String],
        notInferable: [NotInferable], conditions: [StoreCondition] = [], warnings: [String],
        suggestedRenames: [RenameSuggestion], drops: [DataLoss]
    ) {
        self.sourceVersion = sourceVersion
        self.destinationVersion = destinationVersion
        self.entities = entities
        self.droppedEntities = droppedEntities
        self.notInferable = notInferable
        self.conditions = conditions
        self.warnings = warnings
        self.suggestedRenames = suggestedRenames
        self.drops = drops
    }

    /// Infers the mapping from `source` to `destination`.
    ///
    /// - Parameters:
    ///   - source: The version the store is at.
    ///   - destination: The version to migrate to.
    /// - Returns: The mapping; a step that cannot be inferred lists why in ``notInferable`` rather than failing.
    public static func infer(from source: ObjectModel, to destination: ObjectModel) -> InferredMapping {
        infer(from: InferenceIndex(source), to: InferenceIndex(destination))
    }

    /// Infers the mapping between two indexed versions (see ``infer(from:to:)-(ObjectModel,ObjectModel)``).
    package static func infer(from source: InferenceIndex, to destination: InferenceIndex) -> InferredMapping {
        var inferrer = MappingInferrer(source: source, destination: destination)
        return inferrer.infer()
    }

    /// What a plan shows beside an inferable step's operations: what it drops, its warnings, the renames
    /// it suggests and the conditions its source's objects must meet.
    package var notices: [String] {
        drops.map(\.description) + warnings + suggestedRenames.map(\.description)
            + conditions.map { "checked when run: \($0)" }
    }

    /// Whether lightweight migration can perform the whole step.
    public var isInferable: Bool { notInferable.isEmpty }

    /// The mapping of a destination entity.
    ///
    /// - Parameter destination: The destination entity's name.
    /// - Returns: Its mapping; nil when the destination version has no such entity.
    public func entity(_ destination: String) -> InferredEntityMapping? {
        entities.first { $0.destination == destination }
    }

    /// The destination entity that takes a source entity's objects.
    ///
    /// - Parameter name: The source entity's name.
    /// - Returns: The mapping of the destination entity its objects become; nil when they are dropped.
    public func destination(ofSourceEntity name: String) -> InferredEntityMapping? {
        entities.first { $0.source == name }
    }

    /// The operations in words, for plans (`add Post.hide`, `rename Post.color → hexColor`, …).
    public var operations: [String] {
        var lines: [String] = []
        for entity in entities {
            let name = entity.destination
            guard let source = entity.source else {
                lines.append("add entity \(name)")
                continue
            }
            if entity.isRenamed { lines.append("rename entity \(source) → \(name)") }
            if let change = entity.parentChange {
                lines.append("move \(name) from \(change.from ?? "the root") to \(change.to ?? "the root")")
            }
            for property in entity.attributes + entity.relationships {
                if property.isAdded {
                    lines.append(
                        "add \(name).\(property.destination)"
                            + (property.defaultValue.map { " (default \($0))" } ?? ""))
                } else if property.isRenamed {
                    lines.append("rename \(name).\(property.source!) → \(property.destination)")
                }
                if property.becomesRequired {
                    lines.append(
                        "make \(name).\(property.destination) required"
                            + (property.defaultValue.map { " (missing values become \($0))" } ?? ""))
                }
                if property.becomesOptional { lines.append("make \(name).\(property.destination) optional") }
                if property.becomesToMany { lines.append("make \(name).\(property.destination) to-many") }
                if let merged = property.mergesMembershipsOf {
                    lines.append(
                        "fill \(name).\(property.destination) from \(merged)"
                            + (property.isAdded ? "" : " where it has none") + " (its inverse now)")
                }
            }
            lines += (entity.droppedAttributes + entity.droppedRelationships).map { "drop \(source).\($0)" }
        }
        lines += droppedEntities.map { "drop entity \($0)" }
        return lines
    }
}
