import Synchronization

/// What inference looks up in one model version, gathered once: its entities by name and renaming
/// identifier, and each entity's stored attributes and relationships (inherited ones first) with their own
/// look-ups.
///
/// Inferring a pair used to flatten every matched entity's inheritance and index its properties again for
/// each pair; planning a wire store judged 1,925 pairs of its 90 versions that way (2 s). A graph builds one
/// index per version and hands the same one to every pair it judges.
///
/// Building an index computes only what screening a pair for loss reads of every entity (its
/// ``lossDigest(at:)``); an entity's properties and their look-ups are gathered when first asked for. A search
/// over a long history screens most pairs of its versions but compares few distinct entities (``LossScreen``)
/// and judges few pairs whole, so most entities of most versions never need them (wire's 2.24.1 → 2.101.0:
/// gathering every entity's properties was a sixth of `plan`).
package struct InferenceIndex: Sendable {
    /// The version.
    package let model: ObjectModel
    /// Entity positions in ``model``'s `entities`, looked up the way inference matches entities.
    let entities: RenameIndex<Int>
    /// The digest of all that matching entities reads of this version: each entity's name, renaming
    /// identifier and parent, in order (``LossScreen`` remembers the matching of two versions by it).
    let entitiesDigest: ContentDigest.Bytes
    /// Each entity's ancestors' positions from the root down, then its own, by its position.
    private let lineages: [[Int]]
    /// Each entity's ``EntityProperties/holdingLinks``, by its position.
    private let holding: [Set<String>]
    /// Each entity's ``EntityProperties/lossDigest``, by its position.
    private let lossDigests: [ContentDigest.Bytes]
    /// The properties gathered so far, shared by every copy of this index.
    private let gathered: Gathered
    /// Every stored relationship with an inverse, by the entity declaring it, with its inverse by name: a
    /// relationship that gains an inverse, or changes it, between two versions is among the destination's
    /// links the source lacks (``MappingInferrer/gainedInverses()`` looks at those only).
    let inverseLinks: Set<InverseLink>
    /// The ``inverseLinks`` whose relationship and inverse are both to-ones: a one-to-one, each side's key
    /// holding its links. A pair of versions that does not keep one of them as it is is looked at whole
    /// (``MappingInferrer/oneToOneKept(_:from:in:)``).
    let oneToOnes: Set<InverseLink>

    /// A relationship and its inverse, by name.
    struct InverseLink: Hashable, Sendable {
        /// The entity declaring the relationship.
        let entity: String
        let relationship: String
        /// The entity declaring the inverse, as the relationship names it.
        let inverseEntity: String
        let inverse: String
    }

    /// One entity's properties as inference matches them.
    struct EntityProperties: Sendable {
        /// The stored attributes, inherited ones first.
        let attributes: [Attribute]
        let attributeIndex: RenameIndex<Attribute>
        /// The relationships that are not transient, inherited ones first.
        let relationships: [Relationship]
        let relationshipIndex: RenameIndex<Relationship>
        /// The relationships whose links are lost when they are dropped: a to-one, a to-many without an inverse
        /// (its own key column), or a to-many whose inverse is to-many too (a to-many whose inverse is a to-one
        /// keeps its links in the inverse's key). By name;
        /// of two relationships sharing a name, the first decides.
        let holdingLinks: Set<String>
        /// The digest of all that the loss screen reads of the entity, as either side of a pair (see
        /// ``InferenceIndex/lossDigest(at:)``).
        let lossDigest: ContentDigest.Bytes
    }

    /// Each entity's properties once gathered, by position; filled as they are asked for.
    private final class Gathered: Sendable {
        let slots: Mutex<[EntityProperties?]>

        init(count: Int) {
            slots = Mutex(Array(repeating: nil, count: count))
        }
    }

    /// Indexes `model`.
    package init(_ model: ObjectModel) {
        self.model = model
        let all = model.entities
        let entities = RenameIndex(Array(all.indices), name: { all[$0].name }, renaming: { all[$0].renamingIdentifier })
        self.entities = entities
        var digest = ContentDigest()
        digest.add(all.count)
        for entity in all {
            digest.add(entity.name)
            digest.add(entity.renamingIdentifier)
            digest.add(entity.parentName)
        }
        entitiesDigest = digest.finalize()
        let lineages = all.indices.map { Self.lineage(of: $0, in: all, positions: entities) }
        let holding = lineages.map { Self.holdingLinks(lineage: $0, in: all, lineages: lineages, positions: entities) }
        (self.lineages, self.holding) = (lineages, holding)
        lossDigests = all.indices.map { position in
            // Each list is written entry by entry, each entry after a 1 and the list ended by a 0, so no two
            // different lists read the same without counting them first.
            var digest = ContentDigest()
            for attribute in lineages[position].lazy.flatMap({ all[$0].attributes }) where SchemaBuilder.isStored(attribute) {
                digest.add(1)
                digest.add(attribute.name)
                digest.add(attribute.renamingIdentifier)
            }
            digest.add(0)
            for relationship in lineages[position].lazy.flatMap({ all[$0].relationships }) where !relationship.isTransient {
                digest.add(1)
                digest.add(relationship.name)
                digest.add(relationship.renamingIdentifier)
                digest.add(holding[position].contains(relationship.name) ? 1 : 0)
                // Where its links live (``MappingInferrer/keepsOneOwnerOfSeveral(_:from:)`` reads it).
                digest.add(relationship.isToMany ? 1 : 0)
                digest.add(relationship.inverseName == nil ? 1 : 0)
            }
            digest.add(0)
            return digest.finalize()
        }
        gathered = Gathered(count: all.count)
        var links: Set<InverseLink> = []
        var oneToOnes: Set<InverseLink> = []
        for entity in all {
            for relationship in entity.relationships where !relationship.isTransient {
                guard let inverse = relationship.inverseName else { continue }
                let link = InverseLink(
                    entity: entity.name, relationship: relationship.name,
                    inverseEntity: relationship.inverseEntity ?? relationship.destinationEntity, inverse: inverse)
                links.insert(link)
                if !relationship.isToMany, model.inverse(of: relationship)?.isToMany == false { oneToOnes.insert(link) }
            }
        }
        inverseLinks = links
        self.oneToOnes = oneToOnes
    }

    /// The entity at `position` in ``model``'s `entities`.
    func entity(at position: Int) -> Entity { model.entities[position] }

    /// The digest of all that the loss screen reads of the entity at `position`, as either side of a pair:
    /// each stored attribute's name and renaming identifier, and each relationship's with whether it holds
    /// links, is a to-many and has an inverse (``LossScreen`` remembers the answer for two entities by their digests).
    func lossDigest(at position: Int) -> ContentDigest.Bytes { lossDigests[position] }

    /// The properties of the entity at `position`, gathered on first use.
    func properties(at position: Int) -> EntityProperties {
        if let known = gathered.slots.withLock({ $0[position] }) { return known }
        // Two threads asking at once may both gather; both get the same properties.
        let all = model.entities
        let lineage = lineages[position]
        let attributes = lineage.flatMap { all[$0].attributes }.filter(SchemaBuilder.isStored)
        let relationships = lineage.flatMap { all[$0].relationships }.filter { !$0.isTransient }
        let properties = EntityProperties(
            attributes: attributes,
            attributeIndex: RenameIndex(attributes, name: \.name, renaming: \.renamingIdentifier),
            relationships: relationships,
            relationshipIndex: RenameIndex(relationships, name: \.name, renaming: \.renamingIdentifier),
            holdingLinks: holding[position], lossDigest: lossDigests[position])
        gathered.slots.withLock { $0[position] = properties }
        return properties
    }

    /// The positions of the entity at `position`'s ancestors from the root down, then its own: the entities
    /// whose properties ``ObjectModel/allAttributes(of:)`` lists, found as ``ObjectModel/ancestors(of:)``
    /// finds them (a parent the model lacks ends the chain, and a cycle stops where it repeats).
    private static func lineage(of position: Int, in all: [Entity], positions: RenameIndex<Int>) -> [Int] {
        var chain = [position]
        var seen: Set<String> = [all[position].name]
        var current = position
        while let parentName = all[current].parentName, let parent = positions.named(parentName),
            seen.insert(parentName).inserted
        {
            chain.append(parent)
            current = parent
        }
        return chain.reversed()
    }

    /// The names of the relationships of the entity with `lineage` that hold links (see
    /// ``EntityProperties/holdingLinks``), the inverse found as ``ObjectModel/inverse(of:)`` finds it.
    private static func holdingLinks(
        lineage: [Int], in all: [Entity], lineages: [[Int]], positions: RenameIndex<Int>
    ) -> Set<String> {
        var seen: Set<String> = []
        var holding: Set<String> = []
        for relationship in lineage.lazy.flatMap({ all[$0].relationships }) where seen.insert(relationship.name).inserted {
            if !relationship.isToMany { holding.insert(relationship.name) }
            // A to-many without an inverse keeps its links in its own key column, in its destination's table.
            if relationship.isToMany && relationship.inverseName == nil { holding.insert(relationship.name) }
            guard relationship.isToMany, let inverseName = relationship.inverseName,
                let destination = positions.named(relationship.inverseEntity ?? relationship.destinationEntity),
                let inverse = lineages[destination].lazy.flatMap({ all[$0].relationships }).first(where: {
                    $0.name == inverseName
                }),
                inverse.isToMany
            else { continue }
            holding.insert(relationship.name)
        }
        return holding
    }
}
