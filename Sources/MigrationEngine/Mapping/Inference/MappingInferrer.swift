/// Computes an ``InferredMapping``: matches entities, then each entity's properties.
struct MappingInferrer {
    let source: ObjectModel
    let destination: ObjectModel
    let sourceIndex: InferenceIndex
    let destinationIndex: InferenceIndex
    private var notInferable: [NotInferable] = []
    private var conditions: [StoreCondition] = []
    private var warnings: [String] = []
    var suggestions: [RenameSuggestion] = []
    /// Each destination relationship (`Entity.relationship`, by the entity declaring it) that keeps both its
    /// own memberships and its gained inverse's, with that inverse in the source (see ``gainedInverses()``).
    private(set) var mergedInverses: [String: String] = [:]
    /// Links a destination key holding one owner per member cannot keep, found relationship by relationship.
    private var keyLosses: [DataLoss] = []

    /// Each destination entity's position with the position of the source entity whose objects it takes
    /// (nil: a new entity), in destination order.
    private let entityPairs: [(destination: Int, source: Int?)]
    /// Source entity names whose objects some destination entity takes.
    private let usedEntities: Set<String>
    /// Source entity name → the first destination entity taking its objects.
    private let destinationNames: [String: String]

    init(source: InferenceIndex, destination: InferenceIndex) {
        (sourceIndex, destinationIndex) = (source, destination)
        (self.source, self.destination) = (source.model, destination.model)
        var names: [String: String] = [:]
        for entity in destination.model.entities {
            if let from = source.entities.match(key: entity.renamingIdentifier ?? entity.name, ownName: entity.name) {
                let name = source.entity(at: from).name
                if names[name] == nil { names[name] = entity.name }
            }
        }
        destinationNames = names
        let all = destination.model.entities
        (entityPairs, usedEntities) = Self.pairs(
            Array(all.indices), in: source.entities, key: { all[$0].renamingIdentifier ?? all[$0].name },
            name: { all[$0].name }, sourceName: { source.entity(at: $0).name })
    }

    /// Each destination element with the source element it takes values from: the one its key (renaming
    /// identifier, or name) finds in `index` (see ``RenameIndex/match(key:ownName:)``), unless an earlier
    /// destination element took that one already; and the names of the source elements taken.
    private static func pairs<D, S>(
        _ destinations: [D], in index: RenameIndex<S>, key: (D) -> String, name: (D) -> String,
        sourceName: (S) -> String
    ) -> (pairs: [(destination: D, source: S?)], used: Set<String>) {
        var used: Set<String> = []
        let pairs = destinations.map { element -> (destination: D, source: S?) in
            guard let match = index.match(key: key(element), ownName: name(element)),
                used.insert(sourceName(match)).inserted
            else { return (element, nil) }
            return (element, match)
        }
        return (pairs, used)
    }

    /// The attributes and relationships of a source entity's objects that nothing in the destination entity
    /// takes values from, and each destination property with the source property it takes them from.
    private static func propertyPairs(
        _ destination: InferenceIndex.EntityProperties, from source: InferenceIndex.EntityProperties
    ) -> (
        attributes: [(destination: Attribute, source: Attribute?)], droppedAttributes: [String],
        relationships: [(destination: Relationship, source: Relationship?)], droppedRelationships: [String]
    ) {
        let attributes = pairs(
            destination.attributes, in: source.attributeIndex, key: { $0.renamingIdentifier ?? $0.name }, name: \.name,
            sourceName: \.name)
        let relationships = pairs(
            destination.relationships, in: source.relationshipIndex, key: { $0.renamingIdentifier ?? $0.name },
            name: \.name, sourceName: \.name)
        return (
            attributes.pairs, source.attributes.map(\.name).filter { !attributes.used.contains($0) },
            relationships.pairs, source.relationships.map(\.name).filter { !relationships.used.contains($0) }
        )
    }

    /// The source entity a destination entity takes its objects from (see ``RenameIndex/match(key:ownName:)``).
    func sourceEntity(for entity: Entity) -> Entity? {
        sourceIndex.entities.match(key: entity.renamingIdentifier ?? entity.name, ownName: entity.name)
            .map(sourceIndex.entity(at:))
    }

    /// Whether the mapping drops anything that holds data of its own: the same answer as `!infer().drops.isEmpty`,
    /// found without mapping every entity, for a search that only needs to rule out lossy steps.
    func losesData() -> Bool {
        if dropsEntity { return true }
        var oneSide: [(destination: Int, source: Int)] = []
        var parentChanges = false
        for pair in matchedEntities {
            switch Self.dropsData(
                destinationIndex.properties(at: pair.destination), from: sourceIndex.properties(at: pair.source))
            {
            case .data: return true
            case .oneSide: oneSide.append(pair)
            case .nothing: break
            }
            // An entity changing parents may leave what a to-one points at (``leavesInverseTarget(_:of:in:mapping:)``):
            // only every mapping together tells.
            if changesParent(destinationIndex.entity(at: pair.destination), from: sourceIndex.entity(at: pair.source)) {
                parentChanges = true
            }
        }
        // A one-to-one not kept as one may lose the links its two keys disagree on (``oneToOneKept(_:from:in:)``).
        if parentChanges || !sourceIndex.oneToOnes.isSubset(of: destinationIndex.oneToOnes) {
            return Self.dropsAnything(self)
        }
        var mapped = 0
        guard oneSide.isEmpty else { return dropsKeptNowhere(oneSide: oneSide, mapped: &mapped) }
        return !gainedInverseConflicts().isEmpty
    }

    /// Whether `inferrer`'s whole mapping drops anything: where an entity changes parents or a one-to-one is not
    /// kept as one, what only every entity's mapping together tells (``leavesInverseTarget(_:of:in:mapping:)``,
    /// ``oneToOneKept(_:from:in:)``).
    static func dropsAnything(_ inferrer: MappingInferrer) -> Bool {
        var inferrer = inferrer
        return !inferrer.infer().drops.isEmpty
    }

    /// `!infer().drops.isEmpty` for a pair that drops no entity, changes no entity's parent, keeps every
    /// one-to-one as one, and whose matched entities ``dropsData(_:from:)`` finds dropping nothing but
    /// relationships on one side: `oneSide` (destination and source positions), the entities it found
    /// ``EntityDrops/oneSide``. Whether their relationships are kept by their inverses is what only the other
    /// entities tell (``keptByInverse(_:of:in:mapping:)``), so these entities are mapped, and each entity their
    /// inverses' members become when that is asked; the others, which drop nothing, are not.
    /// `mapped` is increased by the number of entities mapped.
    ///
    /// Mapping every entity for it was most of screening wire's 2.24.1 → 2.101.0 (every pair spanning the
    /// version that drops `Member.user`, kept by `User.membership`, was inferred whole, 11% of `plan`).
    /// The answer is the whole mapping's: it drops no entity, and an entity found to drop nothing contributes
    /// no drop and no lost key (``dropsData(_:from:)`` answers ``EntityDrops/data`` for any key holding one owner
    /// of several; with no parent changed, no inverse stops pointing at its objects), so its drops are the gained
    /// inverses' conflicts and these entities' unkept relationships.
    func dropsKeptNowhere(oneSide: [(destination: Int, source: Int)], mapped count: inout Int) -> Bool {
        var inferrer = self
        if !inferrer.recordGainedInverses().isEmpty { return true }
        // The member entities' mappings, made when first asked for, on a copy: mapping records warnings.
        var mapper = inferrer
        var mapped: [String: InferredEntityMapping?] = [:]
        let sources = Dictionary(
            entityPairs.compactMap { pair in pair.source.map { (sourceIndex.entity(at: $0).name, pair) } },
            uniquingKeysWith: { first, _ in first })
        func mapping(ofSource name: String) -> InferredEntityMapping? {
            if let known = mapped[name] { return known }
            let made = sources[name].flatMap { pair in pair.source.map { mapper.map(pair.destination, from: $0) } }
            if made != nil { count += 1 }
            mapped[name] = made
            return made
        }
        for (to, from) in oneSide {
            let entityMapping = inferrer.map(to, from: from)
            count += 1
            let holding = sourceIndex.properties(at: from).holdingLinks
            if !inferrer.drops(entityMapping, holdingLinks: holding, mapping: mapping(ofSource:)).isEmpty { return true }
        }
        return false
    }

    /// `losses` with each link lost counted once: a whole drop is left out where another counts its links, that
    /// of an ancestor dropping the same relationship (whose count takes its sub-entities' objects too), or that
    /// of its inverse listed before it (both sides of a many-to-many or a one-to-one dropped lose the same
    /// links). Each side or entity counted them all: the loss report said 10 links for 5.
    func oncePerPair(_ losses: [DataLoss]) -> [DataLoss] {
        let whole = { (loss: DataLoss) in loss.kind == .relationship && loss.keptBy == nil && loss.conflictsWith == nil }
        return losses.enumerated().filter { index, loss in
            guard whole(loss), let entity = source.entity(named: loss.entity),
                let relationship = source.allRelationships(of: entity).first(where: { $0.name == loss.property })
            else { return true }
            let ancestors = Set(source.ancestors(of: entity).map(\.name))
            let inverse = source.inverse(of: relationship)
            return !losses.enumerated().contains { other, counted in
                guard other != index, whole(counted) else { return false }
                if counted.property == loss.property, ancestors.contains(counted.entity) { return true }
                guard let inverse, other < index else { return false }
                return counted.entity == relationship.destinationEntity && counted.property == inverse.name
                    && inverse.destinationEntity == loss.entity
            }
        }.map(\.element)
    }

    /// Where `relationship`, a to-one of the destination's `entity` taking its links from `match`, a source to-one
    /// whose inverse is a to-one too, is left the only key of that one-to-one's links (its inverse became a
    /// to-many, or was dropped): the inverse's source relationship (`Entity.name`), whose links it takes where it
    /// has none (``InferredPropertyMapping/mergesMembershipsOf``), the links it cannot take counted.
    ///
    /// A one-to-one keeps each link in both objects' keys. A store whose two keys disagree (`Event 1.feed` is
    /// Feed 1, `Feed 1.event` is Event 2: a hostile or damaged store; Core Data writes both alike) holds links
    /// only one key names. The rule: the key the destination keeps keeps its own value, since that is the link
    /// Core Data reads for its object, and takes the other key's where it has none (the lowest-keyed owner
    /// naming it, as every key holding one owner per object does, ``LinkStorage``); the other key's links
    /// naming another owner are the loss (`drops Event.feed where the member's event differs`), counted in the
    /// store. A one-to-one kept as one keeps both keys as they are; a one-to-one made a many-to-many is filled
    /// from one side's key, and a link only the other named fails the step's link check (``InferredLinkCheck``).
    mutating func oneToOneKept(_ relationship: Relationship, from match: Relationship, in entity: Entity) -> String? {
        guard !relationship.isToMany, !match.isToMany, let sourceInverse = source.inverse(of: match), !sourceInverse.isToMany
        else { return nil }
        let inverse = destination.inverse(of: relationship)
        guard inverse?.isToMany != false else { return nil }
        let sourceOwner = source.entity(named: match.inverseEntity ?? match.destinationEntity)
        let owner = sourceOwner.map { source.declaringEntity(of: sourceInverse.name, from: $0) } ?? match.destinationEntity
        if inverse == nil {
            // Dropped, not kept as a to-one without inverse (its own key then keeps its links).
            let kept = destinationName(ofSource: owner).flatMap { destination.entity(named: $0) }.map {
                destination.allRelationships(of: $0).contains {
                    ($0.renamingIdentifier ?? $0.name) == sourceInverse.name || $0.name == sourceInverse.name
                }
            }
            guard kept != true else { return nil }
        }
        let declaring = destination.declaringEntity(of: relationship.name, from: entity)
        let loss = DataLoss(
            kind: .relationship, entity: owner, property: sourceInverse.name,
            conflictsWith: match.name, keptBy: "\(declaring).\(relationship.name)")
        if !keyLosses.contains(loss) { keyLosses.append(loss) }
        return "\(owner).\(sourceInverse.name)"
    }

    /// Whether the destination entity `entity`, taking the objects of `from`, has another parent than what
    /// `from`'s parent became.
    func changesParent(_ entity: Entity, from: Entity) -> Bool {
        entity.parentName != from.parentName.flatMap(destinationName(ofSource:))
    }

    /// Whether a source entity's objects are taken by no destination entity.
    var dropsEntity: Bool {
        source.entities.contains { !usedEntities.contains($0.name) }
    }

    /// Each destination entity that takes a source entity's objects, with that entity, as positions in their
    /// versions' `entities`, in destination order.
    var matchedEntities: [(destination: Int, source: Int)] {
        entityPairs.compactMap { pair in pair.source.map { (pair.destination, $0) } }
    }

    /// What a destination entity drops of the source entity whose objects it takes (``dropsData(_:from:)``).
    enum EntityDrops: Sendable, Hashable {
        /// Nothing that holds data of its own.
        case nothing
        /// Only relationships with an inverse, whose links the inverse keeps where the destination carries it
        /// for all of their objects (``keptByInverse(_:of:in:mappings:)``): the other entities decide.
        case oneSide
        /// An attribute, a relationship without an inverse, or links a key holding one owner per member drops.
        case data
    }

    /// What a destination entity with `destination`'s properties, taking the objects of a source entity with
    /// `source`'s, drops: an attribute, a relationship whose links are kept nowhere else, or a key keeping one
    /// owner of several is ``EntityDrops/data``; a relationship whose inverse may keep its links,
    /// ``EntityDrops/oneSide``.
    static func dropsData(
        _ destination: InferenceIndex.EntityProperties, from source: InferenceIndex.EntityProperties
    ) -> EntityDrops {
        let matched = propertyPairs(destination, from: source)
        if !matched.droppedAttributes.isEmpty { return .data }
        // A loop, not `contains` with a closure over each pair's optional source: Swift 6.3's optimizer stopped a
        // release build on that closure ("Found ownership error", signal 6).
        for pair in matched.relationships {
            if let from = pair.source, keepsOneOwnerOfSeveral(pair.destination, from: from) { return .data }
        }
        var drops = EntityDrops.nothing
        for name in matched.droppedRelationships where source.holdingLinks.contains(name) {
            // The first relationship of the name decides, as for ``InferenceIndex/EntityProperties/holdingLinks``.
            guard source.relationships.first(where: { $0.name == name })?.inverseName != nil else { return .data }
            drops = .oneSide
        }
        return drops
    }

    mutating func infer() -> InferredMapping {
        var mappings: [InferredEntityMapping] = []
        var losses: [DataLoss] = []
        // The links each mapped source entity's relationships hold, in the order of `mappings` with a source.
        var holding: [Set<String>] = []
        losses += recordGainedInverses()
        for (to, from) in entityPairs {
            let (entity, properties) = (destinationIndex.entity(at: to), destinationIndex.properties(at: to))
            guard let from else {
                mappings.append(
                    InferredEntityMapping(
                        destination: entity.name, source: nil,
                        attributes: properties.attributes.map {
                            InferredPropertyMapping(
                                kind: .attribute, destination: $0.name, source: nil, defaultValue: DefaultLiteral(attribute: $0))
                        },
                        relationships: properties.relationships.map {
                            InferredPropertyMapping(kind: .relationship, destination: $0.name, source: nil)
                        }))
                continue
            }
            let mapping = map(to, from: from)
            holding.append(sourceIndex.properties(at: from).holdingLinks)
            mappings.append(mapping)
        }
        // A relationship's loss is known once every entity is mapped: its inverse, carried elsewhere, may keep it.
        for (mapping, holdingLinks) in zip(mappings.filter { $0.source != nil }, holding) {
            losses += drops(mapping, holdingLinks: holdingLinks) { name in mappings.first { $0.source == name } }
        }
        losses = oncePerPair(losses)
        let dropped = source.entities.map(\.name).filter { !usedEntities.contains($0) }
        return InferredMapping(
            sourceVersion: source.name, destinationVersion: destination.name, entities: mappings,
            droppedEntities: dropped, notInferable: notInferable, conditions: conditions, warnings: warnings,
            suggestedRenames: suggestions,
            drops: dropped.map { DataLoss(kind: .entity, entity: $0) } + losses + keyLosses)
    }

    /// Records what the destination relationships that gain an inverse make of it (``gainedInverses()``): the
    /// merges every entity's mapping reads, and the refusals; returns the links the merges lose.
    private mutating func recordGainedInverses() -> [DataLoss] {
        var losses: [DataLoss] = []
        for link in gainedInverses() {
            switch link.outcome {
            case .merged(let from, let conflict):
                mergedInverses["\(link.entity).\(link.relationship)"] = from
                losses += conflict.map { [$0] } ?? []
            case .refused(let reason):
                notInferable.append(NotInferable(entity: link.entity, property: link.relationship, reason: reason))
            }
        }
        return losses
    }

    /// The mapping of the destination entity at position `to` from the source entity at position `from`.
    private mutating func map(_ to: Int, from: Int) -> InferredEntityMapping {
        map(
            destinationIndex.entity(at: to), destinationIndex.properties(at: to), from: sourceIndex.entity(at: from),
            sourceIndex.properties(at: from))
    }

    private mutating func map(
        _ entity: Entity, _ properties: InferenceIndex.EntityProperties, from: Entity,
        _ sourceProperties: InferenceIndex.EntityProperties
    ) -> InferredEntityMapping {
        var mapping = InferredEntityMapping(destination: entity.name, source: from.name)
        if changesParent(entity, from: from) {
            mapping.parentChange = .init(from: from.parentName, to: entity.parentName)
        }
        if entity.isAbstract && !from.isAbstract {
            notInferable.append(NotInferable(entity: entity.name, reason: "becomes abstract; its objects would have no entity"))
        }
        let matched = Self.propertyPairs(properties, from: sourceProperties)
        for (attribute, match) in matched.attributes {
            guard let match else {
                mapping.attributes.append(added(attribute, in: entity, of: from))
                continue
            }
            mapping.attributes.append(mapAttribute(attribute, from: match, in: entity, of: from))
        }
        mapping.droppedAttributes = matched.droppedAttributes
        for (relationship, match) in matched.relationships {
            let declaring = destination.declaringEntity(of: relationship.name, from: entity)
            guard let match else {
                var added = InferredPropertyMapping(kind: .relationship, destination: relationship.name, source: nil)
                added.mergesMembershipsOf = mergedInverses["\(declaring).\(relationship.name)"]
                mapping.relationships.append(added)
                if !relationship.isOptional && !relationship.isToMany {
                    conditions.append(
                        StoreCondition(
                            kind: .noObjects, entity: entity.name, property: relationship.name, sourceEntity: from.name,
                            reason: "new required to-one relationship"))
                }
                continue
            }
            var relationshipMapping = mapRelationship(relationship, from: match, in: entity)
            relationshipMapping.mergesMembershipsOf =
                mergedInverses["\(declaring).\(relationship.name)"]
                ?? oneToOneKept(relationship, from: match, in: entity)
            mapping.relationships.append(relationshipMapping)
        }
        mapping.droppedRelationships = matched.droppedRelationships
        suggestRenames(mapping, sourceEntity: from, entity: entity)
        return mapping
    }

    private mutating func added(_ attribute: Attribute, in entity: Entity, of source: Entity) -> InferredPropertyMapping {
        let value = DefaultLiteral(attribute: attribute)
        if !attribute.isOptional && value == nil {
            conditions.append(
                StoreCondition(
                    kind: .noObjects, entity: entity.name, property: attribute.name, sourceEntity: source.name,
                    reason: "new required attribute without a default value"))
        }
        return InferredPropertyMapping(kind: .attribute, destination: attribute.name, source: nil, defaultValue: value)
    }

    private mutating func mapAttribute(
        _ attribute: Attribute, from: Attribute, in entity: Entity, of source: Entity
    ) -> InferredPropertyMapping {
        var mapping = InferredPropertyMapping(kind: .attribute, destination: attribute.name, source: from.name)
        if attribute.type != from.type && attribute.type.isNumeric && from.type.isNumeric {
            mapping.convertsTo = attribute.type
        } else if attribute.type != from.type {
            notInferable.append(
                NotInferable(entity: entity.name, property: attribute.name, reason: Self.typeChange(from, to: attribute)))
        }
        if from.isOptional && !attribute.isOptional {
            mapping.becomesRequired = true
            mapping.defaultValue = DefaultLiteral(attribute: attribute)
            if mapping.defaultValue == nil {
                conditions.append(
                    StoreCondition(
                        kind: .everyObjectHasValue, entity: entity.name, property: attribute.name,
                        sourceEntity: source.name, sourceProperty: from.name,
                        reason: "becomes required without a default value"))
            }
        }
        mapping.becomesOptional = !from.isOptional && attribute.isOptional
        return mapping
    }

    private mutating func mapRelationship(_ relationship: Relationship, from: Relationship, in entity: Entity)
        -> InferredPropertyMapping
    {
        var mapping = InferredPropertyMapping(
            kind: .relationship, destination: relationship.name, source: from.name,
            becomesToMany: relationship.isToMany && !from.isToMany)
        let fail = { (reason: String) in NotInferable(entity: entity.name, property: relationship.name, reason: reason) }
        if let target = destination.entity(named: relationship.destinationEntity),
            sourceEntity(for: target)?.name != from.destinationEntity
        {
            notInferable.append(
                fail("now points to \(relationship.destinationEntity), not to what \(from.destinationEntity) became"))
        }
        // To-one → to-many (and ordered ↔ unordered) keeps every link; the reverse would have to pick one.
        if from.isToMany && !relationship.isToMany {
            notInferable.append(fail("becomes to-one: objects related to several would keep only one"))
        } else if relationship.isToMany && destination.inverse(of: relationship) == nil,
            source.inverse(of: from)?.isToMany == true
        {
            // Without an inverse each object can be in one set only (its key column holds one owner).
            notInferable.append(fail("loses its to-many inverse: objects in several sets would keep only one"))
        } else if Self.keepsOneOwnerOfSeveral(relationship, from: from), let sourceEntity = sourceEntity(for: entity) {
            // A to-one becoming a to-many without an inverse: its links move to a key column in the members'
            // table (``LinkStorage``), one owner per member, so a member several objects named keeps one. As
            // Core Data infers the change, it is run and the rest counted, once (each entity inheriting the
            // relationship finds the same loss, as the loss screen finds it from any of them).
            let declaring = destination.declaringEntity(of: relationship.name, from: entity)
            let loss = DataLoss(
                kind: .relationship, entity: source.declaringEntity(of: from.name, from: sourceEntity),
                property: from.name, keptBy: "\(declaring).\(relationship.name)")
            if !keyLosses.contains(loss) { keyLosses.append(loss) }
        }
        if from.isOptional && !relationship.isOptional && !relationship.isToMany {
            mapping.becomesRequired = true
            warnings.append(
                "\(entity.name).\(relationship.name) becomes required: objects without one will fail validation in the app")
        }
        mapping.becomesOptional = !from.isOptional && relationship.isOptional
        return mapping
    }

    /// Whether the destination keeps `relationship`'s links one owner per member in a key column of the
    /// members' table (a to-many without an inverse) while its source `from`, a to-one, let several objects
    /// name one member: the step keeps one of them.
    static func keepsOneOwnerOfSeveral(_ relationship: Relationship, from: Relationship) -> Bool {
        relationship.isToMany && relationship.inverseName == nil && !from.isToMany
    }

    /// Why an attribute's type change is not inferred. Core Data's lightweight migration changes no attribute's
    /// type beyond numbers (Apple lists no type change among the changes it infers, and Xcode's answer is a
    /// mapping model or a staged migration); to Transformable, the values would also have to pass through
    /// the app's value transformer, which only the app can run (ProtonDrive's Metadata v1.2 → v1.3 turns
    /// `signatureEmail` from String into Transformable through its own `StringCryptoTransformer`).
    static func typeChange(_ from: Attribute, to attribute: Attribute) -> String {
        var reason =
            "type changes from \(from.type.rawValue) to \(attribute.type.rawValue); lightweight migration converts "
            + "values only between numeric types, so this step needs a mapping that converts them"
        if attribute.type == .transformable {
            let transformer =
                attribute.valueTransformerName.map { "the app's value transformer \($0)" } ?? "its value transformer"
            reason += " (to Transformable, each value must be archived by \(transformer))"
        }
        return reason
    }

    func destinationName(ofSource name: String) -> String? {
        destinationNames[name]
    }
}
