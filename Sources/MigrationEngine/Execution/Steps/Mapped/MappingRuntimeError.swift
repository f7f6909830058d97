/// A mapped step that failed on one object: names the mapping, the entity, the object's `Z_PK`, the
/// expression (with where it is written) and what went wrong. The step is aborted and the original untouched.
package struct MappingRuntimeError: Error, Sendable, Hashable, CategorizedError {
    /// The entity mapping that was running.
    public var mapping: String
    /// The source entity of the object being mapped (the destination entity in stage 2 without a source).
    public var entity: String
    /// The object's `Z_PK`.
    public var primaryKey: Int64
    /// The expression that failed, as text, when an expression failed.
    public var expression: String?
    /// The mapping file and position of the expression, when known (`file.yaml:12:14`).
    public var location: String?
    /// What went wrong.
    public var message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - mapping: The entity mapping that was running.
    ///   - entity: The source entity of the object (the destination entity in stage 2 without a source).
    ///   - primaryKey: The object's `Z_PK`.
    ///   - expression: The failing expression's text; nil when no expression failed (a policy's own error).
    ///   - location: The mapping file and position of the expression (`file.yaml:12:14`); nil when unknown.
    ///   - message: What went wrong.
    public init(
        mapping: String, entity: String, primaryKey: Int64, expression: String?, location: String?, message: String
    ) {
        self.mapping = mapping
        self.entity = entity
        self.primaryKey = primaryKey
        self.expression = expression
        self.location = location
        self.message = message
    }

    /// A failed step.
    public var category: FailureCategory { .migrationFailed }
    /// The specific failure.
    public var failureCode: String { "mapping.objectFailed" }

    /// `file.yaml:12:14: mapping PostToPost, Post Z_PK 7, expression `$source.a / 0`: division by zero: 3 / 0`.
    public var description: String {
        var text = location.map { "\($0): " } ?? ""
        text += "mapping \(mapping), \(entity) Z_PK \(primaryKey)"
        if let expression { text += ", expression `\(expression)`" }
        return text + ": " + message
    }
}
