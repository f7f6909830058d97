extension Array where Element == ResolvedEntityMapping {
    /// The mappings that turn the objects of `mapping`'s source relationship `relationship` into objects of the
    /// destination relationship with the same name (Core Data's `…ForSourceRelationshipNamed:`): those reading
    /// an entity of the source relationship's destination family and making one of the destination
    /// relationship's family.
    func reached(by relationship: String, from mapping: ResolvedEntityMapping, source: ObjectModel, destination: ObjectModel)
        throws(ExpressionEvaluationError) -> [ResolvedEntityMapping]
    {
        guard let sourceEntity = mapping.sourceEntity,
            let declared = source.allRelationships(of: sourceEntity).first(where: { $0.name == relationship }),
            let reached = source.entity(named: declared.destinationEntity)
        else {
            throw ExpressionEvaluationError("the source entity has no relationship \(relationship)")
        }
        let family = Set(source.hierarchy(below: reached).map(\.name))
        let wanted = mapping.relationships.first { $0.relationship.name == relationship }?.relationship.destinationEntity
        let wantedFamily = wanted.flatMap { destination.entity(named: $0) }
            .map { Set(destination.hierarchy(below: $0).map(\.name)) }
        return filter { candidate in
            guard let read = candidate.sourceEntity?.name, family.contains(read) else { return false }
            guard let wantedFamily else { return true }
            return candidate.destinationEntity.map { wantedFamily.contains($0.name) } ?? false
        }
    }

    /// Xcode's generated value for a relationship left blank, as its compiled `.cdm` files hold it: the lookup
    /// through the one entity mapping that makes the relationship's objects, by name, or the lookup through
    /// the source relationship when several mappings do.
    func generatedLookup(
        _ relationship: String, from mapping: ResolvedEntityMapping, source: ObjectModel, destination: ObjectModel
    ) throws(ExpressionEvaluationError) -> Expression {
        let reached = try self.reached(by: relationship, from: mapping, source: source, destination: destination)
        guard reached.count == 1 else { return .relationshipLookup(relationship) }
        return .mappingLookup(reached[0].mapping.name, from: .sourceKey(relationship))
    }
}
