/// A `--where` expression evaluated against one object's own values, in Swift (no user text reaches SQL).
///
/// The object is `$object` (also `$source`, as in mappings): `$object.title == "Rain"`,
/// `$object.author != nil`, `$object.tags.@count > 2`. Only the object's own attributes and relationships
/// can be read; keys of related objects are not followed.
struct RowFilter {
    let expression: MappingExpression

    /// Parses `text`.
    init(_ text: String, store: String) throws(ExportError) {
        do {
            expression = try MappingExpression(parsing: text)
        } catch {
            throw ExportError(store: store, message: "invalid filter expression: \(error)", category: .invalidInput)
        }
    }

    /// Whether the object passes: the expression is true (nil counts as false).
    func matches(_ object: ExportedObject, values: [String: ExpressionValue], store: String) throws(ExportError) -> Bool {
        let environment = Environment(
            object: ObjectReference(side: .source, entity: object.entity, primaryKey: object.primaryKey), values: values)
        do {
            return try ExpressionEvaluator.truth(
                ExpressionEvaluator.evaluate(expression.expression, in: environment), "the filter")
        } catch {
            throw ExportError(
                store: store, message: "the filter \(expression.text) fails on \(object.entity) p\(object.primaryKey): \(error)",
                category: .invalidInput)
        }
    }

    private struct Environment: ExpressionEnvironment {
        let object: ObjectReference
        let values: [String: ExpressionValue]
        var functions: ExpressionFunctions { .standard }

        func variable(named name: String) -> ExpressionValue? {
            name == "object" || name == "source" ? .object(object) : nil
        }

        func value(forKey key: String, of object: ObjectReference) throws -> ExpressionValue {
            guard object == self.object else {
                throw ExpressionEvaluationError("the filter reads only the row's own values, not those of \(object)")
            }
            guard let value = values[key] else { throw ExpressionEvaluationError("\(object.entity) has no property \(key)") }
            return value
        }

        func destinationInstances(mapping: String, sources: [ObjectReference]) throws -> [ObjectReference] {
            throw ExpressionEvaluationError("the filter has no migration to look up mapping \(mapping) in")
        }

        func destinationInstances(sourceRelationship relationship: String, sources: [ObjectReference]) throws
            -> [ObjectReference]
        {
            throw ExpressionEvaluationError("the filter has no migration to look up relationship \(relationship) in")
        }
    }
}
