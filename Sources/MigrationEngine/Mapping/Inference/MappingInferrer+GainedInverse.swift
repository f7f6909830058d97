extension MappingInferrer {
    /// What inference makes of a destination relationship whose inverse was, in the source, a relationship of
    /// its own: each held memberships the other may lack (ProtonDrive's Metadata v1.23 → v1.24 makes
    /// `Photo.parent`, a to-one, and `Photo.children`, a to-many kept in its own key column, each other's
    /// inverse; keeping only `parent`'s key dropped every membership only `children` held, uncounted).
    enum GainedInverse: Equatable {
        /// A to-one whose to-many inverse held at most one owner per object: the to-one keeps its own key and
        /// takes the inverse's owner where it has none (``InferredPropertyMapping/mergesMembershipsOf``);
        /// `conflict` is what is lost where both held one and they differ (``DataLoss/conflictsWith``).
        case merged(conflict: DataLoss)
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
    /// inverse of the relationship it takes its values from, both having a source. Only relationships whose
    /// inverse link the source lacks under the same names are looked at (``InferenceIndex/inverseLinks``), so
    /// the pairs of a long history that change no inverse cost a set comparison.
    func gainedInverses() -> [GainedInverseLink] {
        let candidates = destinationIndex.inverseLinks.subtracting(sourceIndex.inverseLinks)
        guard !candidates.isEmpty else { return [] }
        return candidates.sorted { ($0.entity, $0.relationship) < ($1.entity, $1.relationship) }.compactMap { link in
            guard let entity = destination.entity(named: link.entity),
                let relationship = entity.relationships.first(where: { $0.name == link.relationship }),
                let from = sourceIndex.entities.match(key: entity.renamingIdentifier ?? entity.name, ownName: entity.name),
                let match = sourceIndex.properties(at: from).relationshipIndex.match(
                    key: relationship.renamingIdentifier ?? relationship.name, ownName: relationship.name),
                let outcome = gainedInverse(relationship, from: match)
            else { return nil }
            return GainedInverseLink(entity: link.entity, relationship: link.relationship, outcome: outcome)
        }
    }

    /// What is lost where two relationships that become each other's inverse disagree: ``infer()`` lists it
    /// among its drops, and a screen for loss must see it too.
    func gainedInverseConflicts() -> [DataLoss] {
        gainedInverses().compactMap { link in
            guard case .merged(let conflict) = link.outcome else { return nil }
            return conflict
        }
    }

    /// Whether `relationship` (of the destination), which takes its values from the source relationship
    /// `match`, gains as its inverse a relationship that held memberships of its own; nil when not (its
    /// inverse is new, was its inverse already, or it has none). A to-many whose inverse is a to-one is
    /// judged from the to-one's side, where its memberships are kept.
    private func gainedInverse(_ relationship: Relationship, from match: Relationship) -> GainedInverse? {
        guard let inverse = destination.inverse(of: relationship),
            let inverseOwner = destination.entity(named: relationship.inverseEntity ?? relationship.destinationEntity),
            let ownerFrom = sourceIndex.entities.match(
                key: inverseOwner.renamingIdentifier ?? inverseOwner.name, ownName: inverseOwner.name),
            let sourceInverse = sourceIndex.properties(at: ownerFrom).relationshipIndex.match(
                key: inverse.renamingIdentifier ?? inverse.name, ownName: inverse.name)
        else { return nil }
        if source.inverse(of: match)?.name == sourceInverse.name, source.inverse(of: sourceInverse)?.name == match.name {
            return nil
        }
        if relationship.isToMany && !inverse.isToMany { return nil }
        let ownerSource = sourceIndex.entity(at: ownerFrom)
        let sourceOwner = DataLossCounter.declaring(sourceInverse.name, of: ownerSource, in: source)
        guard !relationship.isToMany, inverse.isToMany, sourceInverse.isToMany,
            source.inverse(of: sourceInverse)?.isToMany != true
        else {
            return .refused(
                "becomes the inverse of \(inverseOwner.name).\(inverse.name), whose links the source kept apart as "
                    + "\(sourceOwner).\(sourceInverse.name)")
        }
        return .merged(
            conflict: DataLoss(
                kind: .relationship, entity: sourceOwner, property: sourceInverse.name, conflictsWith: match.name))
    }
}
