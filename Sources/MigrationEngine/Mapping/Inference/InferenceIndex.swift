/// What inference looks up in one model version, gathered once: its entities by name and renaming
/// identifier, and each entity's stored attributes and relationships (inherited ones first) with their own
/// look-ups.
///
/// Inferring a pair used to flatten every matched entity's inheritance and index its properties again for
/// each pair; planning a wire store judged 1,925 pairs of its 90 versions that way (2 s). A graph builds one
/// index per version and hands the same one to every pair it judges.
package struct InferenceIndex: Sendable {
    /// The version.
    package let model: ObjectModel
    /// Entity positions in ``model``'s `entities`, looked up the way inference matches entities.
    let entities: RenameIndex<Int>
    /// Each entity's properties, by its position in ``model``'s `entities`.
    private let properties: [EntityProperties]
    /// The digest of all that matching entities reads of this version: each entity's name and renaming
    /// identifier, in order (``LossScreen`` remembers the matching of two versions by it).
    let entitiesDigest: ContentDigest.Bytes

    /// One entity's properties as inference matches them.
    struct EntityProperties: Sendable {
        /// The stored attributes, inherited ones first.
        let attributes: [Attribute]
        let attributeIndex: RenameIndex<Attribute>
        /// The relationships that are not transient, inherited ones first.
        let relationships: [Relationship]
        let relationshipIndex: RenameIndex<Relationship>
        /// The relationships whose links are lost when they are dropped: a to-one, or a to-many whose inverse
        /// is to-many too (a to-many whose inverse is a to-one keeps its links in the inverse's key). By name;
        /// of two relationships sharing a name, the first decides.
        let holdingLinks: Set<String>
        /// The digest of all that the loss screen reads of the entity, as either side of a pair: each
        /// attribute's name and renaming identifier, and each relationship's with whether it holds links
        /// (``LossScreen`` remembers the answer for two entities by their digests).
        let lossDigest: ContentDigest.Bytes
    }

    /// Indexes `model`.
    package init(_ model: ObjectModel) {
        self.model = model
        let all = model.entities
        entities = RenameIndex(Array(all.indices), name: { all[$0].name }, renaming: { all[$0].renamingIdentifier })
        var digest = ContentDigest()
        digest.add(all.count)
        for entity in all {
            digest.add(entity.name)
            digest.add(entity.renamingIdentifier)
        }
        entitiesDigest = digest.finalize()
        properties = all.map { entity in
            let attributes = model.allAttributes(of: entity).filter(SchemaBuilder.isStored)
            let every = model.allRelationships(of: entity)
            let relationships = every.filter { !$0.isTransient }
            var seen: Set<String> = []
            var holding: Set<String> = []
            for relationship in every where seen.insert(relationship.name).inserted {
                if !relationship.isToMany || model.inverse(of: relationship)?.isToMany == true {
                    holding.insert(relationship.name)
                }
            }
            var digest = ContentDigest()
            digest.add(attributes.count)
            for attribute in attributes {
                digest.add(attribute.name)
                digest.add(attribute.renamingIdentifier)
            }
            digest.add(relationships.count)
            for relationship in relationships {
                digest.add(relationship.name)
                digest.add(relationship.renamingIdentifier)
                digest.add(holding.contains(relationship.name) ? 1 : 0)
            }
            return EntityProperties(
                attributes: attributes,
                attributeIndex: RenameIndex(attributes, name: \.name, renaming: \.renamingIdentifier),
                relationships: relationships,
                relationshipIndex: RenameIndex(relationships, name: \.name, renaming: \.renamingIdentifier),
                holdingLinks: holding, lossDigest: digest.finalize())
        }
    }

    /// The entity at `position` in ``model``'s `entities`.
    func entity(at position: Int) -> Entity { model.entities[position] }

    /// The properties of the entity at `position`.
    func properties(at position: Int) -> EntityProperties { properties[position] }
}
