/// Swift code that takes part in an explicit migration, mirroring Core Data's `NSEntityMigrationPolicy`.
///
/// A mapping names a policy (`policy: SplitColors` in a mapping file, or the custom policy class of an
/// Xcode mapping model); the step looks the name up in a ``MigrationPolicyRegistry``. Each stage has a
/// default that does what the mapping's expressions say, so a policy overrides only what it needs:
///
/// ```swift
/// struct AddColor: MigrationPolicy {
///     func createDestinationInstances(for source: ObjectReference, mapping: EntityMapping,
///                                     context: some MigrationPolicyContext) throws {
///         let post = try context.createDefaultDestinationInstance(for: source, mapping: mapping)
///         let color = try context.insert("Color", values: [
///             "colorID": .uuid(UUID()), "hex": try context.value("hexColor", of: source)])
///         try context.link(post, "color", to: [color])
///     }
/// }
/// ```
public protocol MigrationPolicy: Sendable {
    /// Stage 1, once per source object the mapping reads: make its destination objects.
    func createDestinationInstances(
        for source: ObjectReference, mapping: EntityMapping, context: some MigrationPolicyContext) throws
    /// Stage 2, once per destination object the mapping made: set its relationships.
    func createRelationships(
        for destination: ObjectReference, source: ObjectReference, mapping: EntityMapping,
        context: some MigrationPolicyContext) throws
    /// Stage 3, once per mapping after every mapping has made its relationships: check the result.
    func validate(mapping: EntityMapping, context: some MigrationPolicyContext) throws
    /// A function for `FUNCTION($entityPolicy, "name:", …)` in this mapping's expressions; `nil` when unknown.
    func function(named name: String) -> ExpressionFunction?
    /// Whether stage 2 must call ``createRelationships(for:source:mapping:context:)`` for every object.
    /// A policy that keeps the default stage 2 may return `false`, so the mapping's relationship lookups run
    /// as a few set-based SQL statements instead of once per object.
    var customizesRelationships: Bool { get }
}

extension MigrationPolicy {
    /// The default: one destination object with the mapping's attribute values.
    ///
    /// - Parameters:
    ///   - source: The source object being mapped.
    ///   - mapping: The entity mapping that reads it.
    ///   - context: The running step, which makes the object.
    /// - Throws: ``MappingRuntimeError`` when one of the mapping's expressions fails for this object, and the
    ///   context's errors when the object cannot be written.
    public func createDestinationInstances(
        for source: ObjectReference, mapping: EntityMapping, context: some MigrationPolicyContext
    ) throws {
        _ = try context.createDefaultDestinationInstance(for: source, mapping: mapping)
    }

    /// The default: the mapping's relationship expressions.
    ///
    /// - Parameters:
    ///   - destination: The destination object the mapping made.
    ///   - source: The source object it was made from.
    ///   - mapping: The entity mapping that made it.
    ///   - context: The running step, which links the objects.
    /// - Throws: ``MappingRuntimeError`` when a relationship expression fails or its value cannot be linked.
    public func createRelationships(
        for destination: ObjectReference, source: ObjectReference, mapping: EntityMapping,
        context: some MigrationPolicyContext
    ) throws {
        try context.createDefaultRelationships(for: destination, source: source, mapping: mapping)
    }

    /// The default: nothing to check beyond the store validation every step gets.
    ///
    /// - Parameters:
    ///   - mapping: The entity mapping whose objects are checked.
    ///   - context: The running step, for reading the objects.
    /// - Throws: Nothing; a policy's own check throws to fail the step.
    public func validate(mapping: EntityMapping, context: some MigrationPolicyContext) throws {}

    /// The default: no functions of its own.
    ///
    /// - Parameter name: The function's name, as written in `FUNCTION($entityPolicy, "name:", …)`.
    /// - Returns: nil, always.
    public func function(named name: String) -> ExpressionFunction? { nil }

    /// The default: `true`, so an overridden stage 2 is always called.
    public var customizesRelationships: Bool { true }
}
