extension MappingInferrer {
    /// What inference makes of a destination relationship whose inverse was, in the source, a relationship of
    /// its own: each held memberships the other may lack (ProtonDrive's Metadata v1.23 → v1.24 makes
    /// `Photo.parent`, a to-one, and `Photo.children`, a to-many kept in its own key column, each other's
    /// inverse; keeping only `parent`'s key dropped every membership only `children` held, uncounted).
    enum GainedInverse: Equatable {
        /// A to-one that takes the links its inverse's source relationship `from` held: it keeps its own key
        /// and takes the inverse's owner where it has none (``InferredPropertyMapping/mergesMembershipsOf``);
        /// `conflict` is what is lost where both held one and they differ, or where the inverse's links name
        /// an object from several owners (``DataLoss/keptBy``); nil where neither can happen.
        case merged(from: String, conflict: DataLoss?)
        /// Memberships one key cannot hold (a one-to-one, a many-to-many, or a to-many inverse that held
        /// several owners per object): the reason the step needs a mapping.
        case refused(String)
    }

    /// A destination relationship that gains an inverse which held memberships of its own, and what inference
    /// makes of it.
    struct GainedInverseLink {
        /// The destination entity that declares the relationship.
        let entity: String
        /// The destination relationship.
        let relationship: String
        let outcome: GainedInverse
    }

    /// Every destination relationship (by the entity declaring it) whose inverse was, in the source, not the
    /// inverse of the relationship it takes its values from (or it is new and its inverse is not). Only relationships whose
    /// inverse link the source lacks under the same names are looked at (``InferenceIndex/inverseLinks``), so
    /// the pairs of a long history that change no inverse cost a set comparison.
    func gainedInverses() -> [GainedInverseLink] {
        let candidates = destinationIndex.inverseLinks.subtracting(sourceIndex.inverseLinks)
        guard !candidates.isEmpty else { return [] }
        return candidates.sorted { ($0.entity, $0.relationship) < ($1.entity, $1.relationship) }.compactMap { link in
            guard let entity = destination.entity(named: link.entity),
                let relationship = entity.relationships.first(where: { $0.name == link.relationship }),
                let outcome = gainedInverse(relationship, of: entity)
            else { return nil }
            return GainedInverseLink(entity: link.entity, relationship: link.relationship, outcome: outcome)
        }
    }

    /// What is lost where two relationships that become each other's inverse disagree: ``infer()`` lists it
    /// among its drops, and a screen for loss must see it too.
    func gainedInverseConflicts() -> [DataLoss] {
        gainedInverses().compactMap { link in
            guard case .merged(_, let conflict) = link.outcome else { return nil }
            return conflict
        }
    }

    /// The source relationship a destination relationship of `entity` takes its links from, with the source
    /// entity it is looked up in; nil for a new one.
    private func sourceRelationship(_ relationship: Relationship, of entity: Entity) -> (
        entity: Entity, relationship: Relationship
    )? {
        guard let from = sourceIndex.entities.match(key: entity.renamingIdentifier ?? entity.name, ownName: entity.name),
            let match = sourceIndex.properties(at: from).relationshipIndex.match(
                key: relationship.renamingIdentifier ?? relationship.name, ownName: relationship.name)
        else { return nil }
        return (sourceIndex.entity(at: from), match)
    }

    /// Whether `relationship` (a to-one of the destination's `entity`) gains as its inverse a relationship
    /// whose links the source kept apart from its own (or it is new and its inverse is not), and what
    /// inference makes of it; nil when not (its inverse is new, was its inverse already, or it has none). The
    /// to-one's key is where the destination keeps both relationships' links, one owner per object
    /// (``LinkStorage``): it keeps its own, takes its inverse's where it has none, and where the inverse's
    /// links name an object from several owners (a to-one without inverse becoming a to-many: MAGE's
    /// `Event.feeds` 18 → 19) or from another owner than its own, the rest are the loss. A to-many whose
    /// inverse is a to-one is judged from the to-one's side; a many-to-many keeps every link in its table.
    private func gainedInverse(_ relationship: Relationship, of entity: Entity) -> GainedInverse? {
        guard let inverse = destination.inverse(of: relationship),
            let inverseOwner = destination.entity(named: relationship.inverseEntity ?? relationship.destinationEntity),
            let (ownerSource, sourceInverse) = sourceRelationship(inverse, of: inverseOwner)
        else { return nil }
        let match = sourceRelationship(relationship, of: entity)?.relationship
        if let match, source.inverse(of: match)?.name == sourceInverse.name,
            source.inverse(of: sourceInverse)?.name == match.name
        {
            return nil
        }
        if relationship.isToMany && (!inverse.isToMany || match == nil) { return nil }
        let sourceOwner = source.declaringEntity(of: sourceInverse.name, from: ownerSource)
        let declaring = destination.declaringEntity(of: relationship.name, from: entity)
        if !inverse.isToMany && match == nil {
            // A new to-one making a one-to-one of a to-one: both keys keep one link per object, the member's
            // lowest-keyed owner (``InferredCopyBuilder``); a to-many inverse becoming a to-one is refused
            // from its own side.
            guard !sourceInverse.isToMany else { return nil }
            return .merged(
                from: "\(sourceOwner).\(sourceInverse.name)",
                conflict: DataLoss(
                    kind: .relationship, entity: sourceOwner, property: sourceInverse.name,
                    keptBy: "\(declaring).\(relationship.name)"))
        }
        let manyToMany = sourceInverse.isToMany && source.inverse(of: sourceInverse)?.isToMany == true
        // New beside one side of a many-to-many whose other side is gone (ProtonMail 2.0.1 → 2.0.2 turns
        // `ContextLabel.conversations` into a new to-one `conversation`): each member keeps one owner from the
        // join table, the lowest-keyed, as MAGE's to-one does (``LinkStorage``), and the rest are the loss.
        if match == nil && manyToMany {
            return .merged(
                from: "\(sourceOwner).\(sourceInverse.name)",
                conflict: DataLoss(
                    kind: .relationship, entity: sourceOwner, property: sourceInverse.name,
                    keptBy: "\(declaring).\(relationship.name)"))
        }
        guard !relationship.isToMany, inverse.isToMany, !manyToMany else {
            return .refused(
                "becomes the inverse of \(inverseOwner.name).\(inverse.name), whose links the source kept apart as "
                    + "\(sourceOwner).\(sourceInverse.name)")
        }
        // A to-many holds one owner per member (its own key, or its inverse's); with no key of its own to
        // differ from, nothing is lost.
        guard match != nil || !sourceInverse.isToMany else {
            return .merged(from: "\(sourceOwner).\(sourceInverse.name)", conflict: nil)
        }
        return .merged(
            from: "\(sourceOwner).\(sourceInverse.name)",
            conflict: DataLoss(
                kind: .relationship, entity: sourceOwner, property: sourceInverse.name, conflictsWith: match?.name,
                keptBy: "\(declaring).\(relationship.name)"))
    }
}
