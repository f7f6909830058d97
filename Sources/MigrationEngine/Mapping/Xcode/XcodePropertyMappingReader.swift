import Foundation

/// Reads one `XDDEVATTRIBUTEMAPPING` or `XDDEVRELATIONSHIPMAPPING` object of an `xcmapping.xml` the way Xcode
/// compiles it into an `NSPropertyMapping`.
///
/// The fields Xcode writes: `name` (the destination property), `valueexpressiondata` (a keyed-archived
/// `NSExpression`, the value as typed), `sourcekeypath` and `sourcemappingname` (a relationship given as a key
/// path and the entity mapping that made its destination objects; Xcode compiles them to
/// `FUNCTION($manager, "destinationInstancesForEntityMappingNamed:sourceInstances:", name, keypath)`), and
/// `autogenerateexpression` (whether Xcode generates the value of a property left blank). Any other field, or
/// a combination Xcode would not compile to one expression, fails the import: a mapping model is never
/// applied in part.
struct XcodePropertyMappingReader {
    /// The fields of a property mapping object that this reader understands.
    static let knownFields: Set<String> = [
        "name", "valueexpressiondata", "sourcekeypath", "sourcemappingname", "autogenerateexpression",
    ]

    let file: String
    let entityMapping: String
    /// Whether the entity mapping lets Xcode generate values of properties left blank.
    let generates: Bool

    /// The property mapping, or `nil` for a property left blank whose value Xcode generates when the step
    /// is resolved (`$source.<name>`, or the relationship lookup).
    func read(_ object: XcodeMappingDocument.Object, kind: String) throws(MappingFileError) -> PropertyMapping? {
        let position = SourcePosition(line: object.line, column: 1)
        guard let name = object.attributes["name"], !name.isEmpty else {
            throw fail(position, "a \(kind) mapping without a name")
        }
        let problem = { (message: String) in self.fail(position, "\(kind) \(name): \(message)") }
        if let unknown = object.attributes.keys.sorted().first(where: { !Self.knownFields.contains($0) }) {
            throw problem("the field \(unknown) is not understood, so the mapping cannot be applied as Xcode would")
        }
        let field = { (key: String) in object.attributes[key].flatMap { $0.isEmpty ? nil : $0 } }
        let stored = try field("valueexpressiondata").map { (encoded) throws(MappingFileError) in
            try decode(encoded, fail: problem)
        }
        let built = try lookup(keyPath: field("sourcekeypath"), mapping: field("sourcemappingname"), fail: problem)
        if let stored, let built, stored.description != built.description {
            throw problem("the stored value expression \(stored) and the key path with mapping name (\(built)) disagree")
        }
        if let expression = stored ?? built {
            return PropertyMapping(
                name: name, value: MappingExpression(text: expression.description, expression: expression, position: position),
                position: position)
        }
        let generated = object.attributes["autogenerateexpression"].map { $0 == "1" } ?? generates
        return generated ? nil : PropertyMapping(name: name, value: nil, position: position)
    }

    private func fail(_ position: SourcePosition, _ message: String) -> MappingFileError {
        MappingFileError(path: file, at: position, "entity mapping \(entityMapping), \(message)")
    }

    private func decode(_ encoded: String, fail: (String) -> MappingFileError) throws(MappingFileError) -> Expression {
        guard let data = Data(base64Encoded: encoded, options: .ignoreUnknownCharacters) else {
            throw fail("the value expression is not base64")
        }
        do {
            return try ArchivedExpressionDecoder.decode(try KeyedArchive(data: data).root())
        } catch let error as ExpressionEvaluationError {
            throw fail("value expression: \(error.message)")
        } catch {
            throw fail("value expression: \(error)")
        }
    }

    /// Xcode's relationship value from a key path and an entity mapping name; both or neither must be given.
    private func lookup(keyPath: String?, mapping: String?, fail: (String) -> MappingFileError) throws(MappingFileError)
        -> Expression?
    {
        switch (keyPath, mapping) {
        case (nil, nil):
            return nil
        case (let path?, let mapping?):
            // `$source` alone: the objects `mapping` made from this very source object (Xcode writes it for a
            // relationship to an object split off the same source, as in `NoteToAttachment`'s `note`).
            guard let source = path == "$source" ? Expression.source : XcodeKeyPath.expression(path) else {
                throw fail("the key path \(path) is not a key path")
            }
            return .mappingLookup(mapping, from: source)
        case (let path?, nil):
            throw fail("the key path \(path) names no entity mapping, so its destination objects are unknown")
        case (nil, let mapping?):
            throw fail("the entity mapping \(mapping) is named without a source key path")
        }
    }
}
