/// The one inferred mapping from A to C that does what a lossless inferred step from A to B and one from B to C
/// do one after the other, so that a run may copy the rows once instead of twice (``StepFusion``).
///
/// Composed only where it provably gives every object what the two steps give it; otherwise nil, and the two
/// steps run as they are:
/// - both mappings are inferable without conditions on the store's objects (``InferredMapping/conditions``,
///   checked on each step's own source), drop nothing that holds data, rename no entity and move none in its
///   hierarchy (so every row stays in its table under its key), convert no number (a conversion there and
///   back need not give the value back), and no version has configurations (a store of one is scoped per step);
/// - each attribute takes, for every object, the value the two steps leave it: A's value, A's value with a
///   default where it has none, or a constant. A default that filled missing values is kept only where the
///   attribute is optional at A and required at C, which is what the composed mapping says it does;
/// - each relationship takes its links from the relationship of A the two steps carry into it, and at most
///   one of the steps changes how it is stored (to-one or to-many, ordered, its inverse's cardinality): the
///   composed mapping then makes that one change, as the step that made it did.
///
/// Names are the only thing composed that no single step would infer: a rename by renaming identifier at B
/// whose identifier C no longer keeps is still a rename from A to C.
struct MappingComposition {
    /// A → B.
    let first: InferredMapping
    /// B → C.
    let second: InferredMapping
    /// Versions A, B and C.
    let models: (source: ObjectModel, middle: ObjectModel, destination: ObjectModel)

    /// How a destination property gets each object's value, as ``InferredCopyBuilder`` writes it.
    private enum Value: Equatable {
        /// The source property's value.
        case copied(String)
        /// The source property's value, or the default where it has none.
        case filled(String, DefaultLiteral)
        /// The default for every object (NULL without one).
        case constant(DefaultLiteral?)

        init(_ property: InferredPropertyMapping) {
            guard let source = property.source else {
                self = .constant(property.defaultValue)
                return
            }
            if property.becomesRequired, let fill = property.defaultValue {
                self = .filled(source, fill)
            } else {
                self = .copied(source)
            }
        }

        /// This value (the second step's) read through the first step's values, `earlier` by name.
        func after(_ earlier: (String) -> Value?) -> Value? {
            switch self {
            case .constant: return self
            case .copied(let name): return earlier(name)
            case .filled(let name, let fill):
                switch earlier(name) {
                case .copied(let old)?: return .filled(old, fill)
                // Filled already: no object is left without a value for the second default.
                case .filled(let old, let first)?: return .filled(old, first)
                case .constant(let first)?: return .constant(first ?? fill)
                case nil: return nil
                }
            }
        }
    }

    /// Whether the two steps could be composed at all, told from their mappings alone.
    var mayCompose: Bool {
        Self.keepsRowsInPlace(first) && Self.keepsRowsInPlace(second)
            && [models.source, models.middle, models.destination].allSatisfy(\.configurations.isEmpty)
    }

    /// Whether a mapping is inferable, drops nothing that holds data, and keeps every row in its table under
    /// its key and every value as stored: no entity renamed or moved in its hierarchy, no number converted.
    private static func keepsRowsInPlace(_ mapping: InferredMapping) -> Bool {
        // A step with conditions on its source's objects runs alone: they are checked on that source.
        mapping.isInferable && mapping.conditions.isEmpty && mapping.drops.isEmpty && mapping.droppedEntities.isEmpty
            && mapping.entities.allSatisfy { entity in
                !entity.isRenamed && entity.parentChange == nil && entity.attributes.allSatisfy { $0.convertsTo == nil }
            }
    }

    /// The mapping from A to C; nil where the two steps cannot provably be run as one.
    func composed() -> InferredMapping? {
        guard mayCompose else { return nil }
        var entities: [InferredEntityMapping] = []
        for later in second.entities {
            guard let middle = later.source else {
                entities.append(later)
                continue
            }
            guard let earlier = first.entity(middle) else { return nil }
            guard earlier.source != nil else {
                guard let entity = added(later) else { return nil }
                entities.append(entity)
                continue
            }
            guard let entity = compose(earlier, later) else { return nil }
            entities.append(entity)
        }
        return InferredMapping(
            sourceVersion: first.sourceVersion, destinationVersion: second.destinationVersion, entities: entities,
            droppedEntities: [], notInferable: [], warnings: Self.union(first.warnings, second.warnings),
            suggestedRenames: Self.union(first.suggestedRenames, second.suggestedRenames), drops: [])
    }

    /// A destination entity whose entity the first step added: new, as inference maps a new entity (each
    /// attribute with its default, no source).
    private func added(_ later: InferredEntityMapping) -> InferredEntityMapping? {
        guard let entity = models.destination.entity(named: later.destination) else { return nil }
        let attributes = models.destination.allAttributes(of: entity)
        return InferredEntityMapping(
            destination: later.destination, source: nil,
            attributes: later.attributes.map { mapping in
                InferredPropertyMapping(
                    kind: .attribute, destination: mapping.destination, source: nil,
                    defaultValue: attributes.first { $0.name == mapping.destination }.flatMap { DefaultLiteral(attribute: $0) })
            },
            relationships: later.relationships.map {
                InferredPropertyMapping(kind: .relationship, destination: $0.destination, source: nil)
            })
    }

    private func compose(_ earlier: InferredEntityMapping, _ later: InferredEntityMapping) -> InferredEntityMapping? {
        guard let name = earlier.source, let from = models.source.entity(named: name),
            let to = models.destination.entity(named: later.destination)
        else { return nil }
        let (oldAttributes, newAttributes) = (models.source.allAttributes(of: from), models.destination.allAttributes(of: to))
        var entity = InferredEntityMapping(destination: later.destination, source: name)
        for attribute in later.attributes {
            guard let value = Value(attribute).after({ name in earlier.attribute(name).map(Value.init) }),
                let new = newAttributes.first(where: { $0.name == attribute.destination })
            else { return nil }
            var mapping = InferredPropertyMapping(kind: .attribute, destination: attribute.destination, source: nil)
            switch value {
            case .constant(let fill): mapping.defaultValue = fill
            case .copied(let old), .filled(let old, _):
                guard let source = oldAttributes.first(where: { $0.name == old }) else { return nil }
                mapping.source = old
                mapping.becomesRequired = source.isOptional && !new.isOptional
                mapping.becomesOptional = !source.isOptional && new.isOptional
                if case .filled(_, let fill) = value {
                    // Said as "make … required (missing values become …)", which only this case is.
                    guard mapping.becomesRequired else { return nil }
                    mapping.defaultValue = fill
                }
            }
            entity.attributes.append(mapping)
        }
        for relationship in later.relationships {
            guard let mapping = compose(relationship, earlier, entity) else { return nil }
            entity.relationships.append(mapping)
        }
        entity.droppedRelationships = Self.union(
            earlier.droppedRelationships,
            later.droppedRelationships.compactMap { name in earlier.relationship(name)?.source })
        return entity
    }

    /// A relationship of C's entity `entity` read back through the first step: from the relationship of A
    /// that both steps carry into it, where no more than one of them changes how it is stored.
    private func compose(
        _ relationship: InferredPropertyMapping, _ earlier: InferredEntityMapping, _ entity: InferredEntityMapping
    ) -> InferredPropertyMapping? {
        var mapping = InferredPropertyMapping(kind: .relationship, destination: relationship.destination, source: nil)
        // The inverse whose links a relationship takes is named as at its own step's source: only the first
        // step's is A's.
        guard relationship.mergesMembershipsOf == nil else { return nil }
        guard let middle = relationship.source else { return mapping }
        guard let carried = earlier.relationship(middle) else { return nil }
        let b = Self.relationship(middle, of: earlier.destination, in: models.middle)
        let c = Self.relationship(relationship.destination, of: entity.destination, in: models.destination)
        guard let old = carried.source else {
            // New in the first step, taking its inverse's links there: the second must store it as the first did.
            guard let merged = carried.mergesMembershipsOf else { return mapping }
            guard let b, let c, Shape(b.relationship, in: b.model) == Shape(c.relationship, in: c.model) else { return nil }
            mapping.mergesMembershipsOf = merged
            return mapping
        }
        guard let a = Self.relationship(old, of: entity.source, in: models.source), let b, let c else { return nil }
        let shapes = [a, b, c].map { Shape($0.relationship, in: $0.model) }
        guard shapes[0] == shapes[1] || shapes[1] == shapes[2] else { return nil }
        mapping.source = old
        mapping.becomesRequired = a.relationship.isOptional && !c.relationship.isOptional && !c.relationship.isToMany
        mapping.becomesOptional = !a.relationship.isOptional && c.relationship.isOptional
        return mapping
    }

    /// How a relationship is stored: to-one or to-many, ordered, and its inverse's cardinality (nil: none).
    private struct Shape: Equatable {
        var isToMany: Bool
        var isOrdered: Bool
        var inverseIsToMany: Bool?

        init(_ relationship: Relationship, in model: ObjectModel) {
            (isToMany, isOrdered) = (relationship.isToMany, relationship.isOrdered)
            inverseIsToMany = model.inverse(of: relationship).map(\.isToMany)
        }
    }

    private static func relationship(_ name: String, of entity: String?, in model: ObjectModel) -> (
        relationship: Relationship, model: ObjectModel
    )? {
        guard let entity = entity.flatMap(model.entity(named:)),
            let relationship = model.allRelationships(of: entity).first(where: { $0.name == name })
        else { return nil }
        return (relationship, model)
    }

    /// `first` followed by the elements of `second` it lacks.
    private static func union<Element: Equatable>(_ first: [Element], _ second: [Element]) -> [Element] {
        first + second.filter { !first.contains($0) }
    }
}
