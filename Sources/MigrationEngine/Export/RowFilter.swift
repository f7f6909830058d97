/// A `--where` query evaluated per object in Swift (no user text reaches SQL): the mapping expression language
/// with `NSPredicate`'s comparisons, where a bare name is a key of the object.
///
/// The object is `$object` (also `$source`, as in mappings, and `SELF`): `title == "Rain"`,
/// `$object.author.name BEGINSWITH[c] "a"`, `entries.@count > 2`, `ANY entries.mood == 3`. Key paths go through
/// relationships to the objects they name, read by primary key from the same snapshot (``RelatedObjectValues``).
struct RowFilter {
    let expression: MappingExpression

    /// The most characters of a query an error message repeats.
    static let shownLength = 80

    /// Parses `text`.
    init(_ text: String, store: String) throws(ExportError) {
        do {
            expression = MappingExpression(text: text, expression: try ExpressionParser.parse(text, bareKeysOf: "object"))
        } catch {
            let position = error.position
            let at = position.line == 1 ? "column \(position.column)" : "line \(position.line), column \(position.column)"
            throw ExportError(
                store: store, message: "invalid query \(Self.shown(text)) at \(at): \(error.message)", category: .invalidInput)
        }
    }

    /// The query as an error message shows it: quoted as a string literal (line breaks escaped, so the message
    /// stays one line), cut after ``shownLength`` characters.
    static func shown(_ text: String) -> String {
        let cut = text.count > shownLength ? String(text.prefix(shownLength)) + "…" : text
        return ExpressionValue.string(cut).description
    }

    /// Whether the object passes: the expression is true (nil counts as false).
    func matches(
        _ object: ExportedObject, values: [String: ExpressionValue], related: RelatedObjectValues, store: String
    ) throws(ExportError) -> Bool {
        let environment = Environment(
            object: ObjectReference(side: .source, entity: object.entity, primaryKey: object.primaryKey), values: values,
            related: related)
        do {
            return try ExpressionEvaluator.truth(
                ExpressionEvaluator.evaluate(expression.expression, in: environment), "the query")
        } catch {
            throw ExportError(
                store: store,
                message: "the query \(Self.shown(expression.text)) fails on \(object.entity) p\(object.primaryKey): \(error)",
                category: .invalidInput)
        }
    }

    private struct Environment: ExpressionEnvironment {
        let object: ObjectReference
        let values: [String: ExpressionValue]
        let related: RelatedObjectValues
        var functions: ExpressionFunctions { .standard }

        func variable(named name: String) -> ExpressionValue? {
            name == "object" || name == "source" ? .object(object) : nil
        }

        func value(forKey key: String, of object: ObjectReference) throws -> ExpressionValue {
            guard object == self.object else { return try related.value(forKey: key, of: object) }
            guard let value = values[key] else { throw ExpressionEvaluationError("\(object.entity) has no property \(key)") }
            return value
        }

        func destinationInstances(mapping: String, sources: [ObjectReference]) throws -> [ObjectReference] {
            throw ExpressionEvaluationError("a query has no migration to look up mapping \(mapping) in")
        }

        func destinationInstances(sourceRelationship relationship: String, sources: [ObjectReference]) throws
            -> [ObjectReference]
        {
            throw ExpressionEvaluationError("a query has no migration to look up relationship \(relationship) in")
        }
    }
}
