/// Lists what differs between an entity in a model version and the same entity in the store's own model,
/// looking only at the facets that Core Data hashes (see ``VersionHasher``).
struct EntityDiffer {
    let version: ObjectModel
    let storeModel: ObjectModel

    func differences(_ ours: Entity, _ theirs: Entity) -> [PropertyDifference] {
        var result: [PropertyDifference] = []
        let entityDetails = facets(
            [
                ("parent", theirs.parentName ?? "none", ours.parentName ?? "none"),
                ("abstract", yes(theirs.isAbstract), yes(ours.isAbstract)),
                ("versionHashModifier", theirs.versionHashModifier ?? "none", ours.versionHashModifier ?? "none"),
                ("uniquenessConstraints", constraints(theirs), constraints(ours)),
            ])
        if !entityDetails.isEmpty {
            result.append(PropertyDifference(property: nil, kind: "entity", change: .changed, details: entityDetails))
        }
        let ourAttributes = index(version.allAttributes(of: ours).filter { !$0.isTransient }, by: \.name)
        let theirAttributes = index(storeModel.allAttributes(of: theirs).filter { !$0.isTransient }, by: \.name)
        result += compare(ourAttributes, theirAttributes, kind: "attribute", facets: attributeFacets)
        let ourRelationships = index(version.allRelationships(of: ours).filter { !$0.isTransient }, by: \.name)
        let theirRelationships = index(storeModel.allRelationships(of: theirs).filter { !$0.isTransient }, by: \.name)
        result += compare(ourRelationships, theirRelationships, kind: "relationship", facets: relationshipFacets)
        return result
    }

    private func compare<P>(
        _ ours: [String: P], _ theirs: [String: P], kind: String, facets: (P) -> [(String, String)]
    ) -> [PropertyDifference] {
        Set(ours.keys).union(theirs.keys).sorted().compactMap { name in
            switch (ours[name], theirs[name]) {
            case (_?, nil): return PropertyDifference(property: name, kind: kind, change: .missing)
            case (nil, _?): return PropertyDifference(property: name, kind: kind, change: .extra)
            case (let mine?, let stored?):
                let details = self.facets(zip(facets(stored), facets(mine)).map { ($0.0, $0.1, $1.1) })
                return details.isEmpty ? nil : PropertyDifference(property: name, kind: kind, change: .changed, details: details)
            case (nil, nil): return nil
            }
        }
    }

    private func attributeFacets(_ attribute: Attribute) -> [(String, String)] {
        [
            ("type", attribute.type.rawValue), ("optional", yes(attribute.isOptional)),
            ("readOnly", yes(attribute.isReadOnly)),
            ("allowsExternalBinaryDataStorage", yes(attribute.allowsExternalBinaryDataStorage)),
            ("preservesValueInHistoryOnDeletion", yes(attribute.preservesValueInHistoryOnDeletion)),
            ("versionHashModifier", attribute.versionHashModifier ?? "none"),
        ]
    }

    private func relationshipFacets(_ relationship: Relationship) -> [(String, String)] {
        [
            ("destination", relationship.destinationEntity), ("inverse", relationship.inverseName ?? "none"),
            ("optional", yes(relationship.isOptional)), ("readOnly", yes(relationship.isReadOnly)),
            ("minCount", String(relationship.minCount)), ("maxCount", String(relationship.maxCount)),
            ("ordered", yes(relationship.isOrdered)),
            ("versionHashModifier", relationship.versionHashModifier ?? "none"),
        ]
    }

    private func facets(_ pairs: [(String, String, String)]) -> [String] {
        pairs.filter { $0.1 != $0.2 }.map { "\($0.0): \($0.1) → \($0.2)" }
    }

    private func index<P>(_ properties: [P], by name: KeyPath<P, String>) -> [String: P] {
        Dictionary(properties.map { ($0[keyPath: name], $0) }, uniquingKeysWith: { first, _ in first })
    }

    private func yes(_ flag: Bool) -> String { flag ? "YES" : "NO" }

    private func constraints(_ entity: Entity) -> String {
        entity.uniquenessConstraints.map { $0.joined(separator: ".") }.sorted().joined(separator: ", ")
    }
}
