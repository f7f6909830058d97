/// An entity mapping checked against its two model versions, with every destination property's value
/// spelled out (listed expressions, generated `$source.<name>` copies, or model defaults).
package struct ResolvedEntityMapping: Sendable {
    /// The mapping's position in the run; also its number in the association table.
    package var index: MappingNumber
    /// The mapping as written.
    package var mapping: EntityMapping
    /// The source entity, when the mapping reads one.
    package var sourceEntity: Entity?
    /// The destination entity, when the mapping makes one.
    package var destinationEntity: Entity?
    /// Each stored destination attribute with its value expression (`nil` means the model's default).
    package var attributes: [(attribute: Attribute, value: MappingExpression?)]
    /// Each destination relationship that gets a value, with the expression giving its destination objects.
    package var relationships: [(relationship: Relationship, value: MappingExpression)]
    /// Whether the mapping was added because an entity in both versions had no mapping.
    package var isImplicit: Bool
}
