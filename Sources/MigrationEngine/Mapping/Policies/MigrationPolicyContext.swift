/// What a ``MigrationPolicy`` can do while a mapped step runs: read source and destination objects,
/// make destination objects, link them, and look up what other mappings made.
///
/// Objects made through the context are recorded as made from the current source object, so other
/// mappings' relationship lookups find them.
public protocol MigrationPolicyContext {
    /// An attribute or relationship of a source or destination object.
    func value(_ key: String, of object: ObjectReference) throws -> ExpressionValue
    /// Evaluates expression text with `$source` (and `$destination`, when given) bound.
    func evaluate(_ expression: String, source: ObjectReference?, destination: ObjectReference?) throws
        -> ExpressionValue
    /// Makes a destination object of `entity` with these attribute values (others get their defaults),
    /// recorded as made from the current source object by the current mapping.
    func insert(_ entity: String, values: [String: ExpressionValue]) throws -> ObjectReference
    /// Sets attributes of a destination object.
    func update(_ object: ObjectReference, values: [String: ExpressionValue]) throws
    /// Links a destination object's relationship to destination objects (both sides of the relationship).
    func link(_ object: ObjectReference, _ relationship: String, to targets: [ObjectReference]) throws
    /// The destination objects that mapping `mapping` made from `sources`.
    func destinationInstances(mapping: String, sources: [ObjectReference]) throws -> [ObjectReference]
    /// How many objects of an entity there are on one side.
    func count(_ entity: String, side: ObjectReference.Side) throws -> Int
    /// Stage 1's default: the destination object the mapping's expressions describe (or the merged one),
    /// or `nil` when the mapping's filter leaves the source object out.
    @discardableResult
    func createDefaultDestinationInstance(for source: ObjectReference, mapping: EntityMapping) throws
        -> ObjectReference?
    /// Stage 2's default: the relationships the mapping's expressions describe.
    func createDefaultRelationships(for destination: ObjectReference, source: ObjectReference, mapping: EntityMapping)
        throws
}
