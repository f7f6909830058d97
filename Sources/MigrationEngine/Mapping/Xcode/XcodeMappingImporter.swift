import Foundation

/// Imports an Xcode mapping model (`.xcmappingmodel/xcmapping.xml`) as a ``MappingModel``.
///
/// Entity mappings keep their names, source and destination entities and order (`mappingnumber`);
/// value expressions are decoded from their keyed-archived `NSExpression`s. Attributes and relationships
/// without an expression get Xcode's generated ones when the step resolves them (`$source.<name>` and the
/// relationship lookup). A mapping that names a custom policy class keeps the class name as its policy and
/// adds a note saying what must be registered in its place.
public enum XcodeMappingImporter {
    /// Reads `path`: the `.xcmappingmodel` folder or the `xcmapping.xml` inside it.
    public static func read(path: String) throws(MappingFileError) -> MappingModel {
        let file = path.hasSuffix(".xml") ? path : URL(fileURLWithPath: path).appendingPathComponent("xcmapping.xml").path
        guard let data = FileManager.default.contents(atPath: file) else {
            throw MappingFileError(path: file, at: nil, "cannot read the Xcode mapping model")
        }
        return try read(data, file: file)
    }

    /// Reads the bytes of an `xcmapping.xml`; `file` is used in messages.
    public static func read(_ data: Data, file: String) throws(MappingFileError) -> MappingModel {
        let root: XMLElementTree
        do {
            root = try XMLElementTree.parse(data)
        } catch {
            throw MappingFileError(path: file, at: SourcePosition(line: error.line, column: max(error.column, 1)), error.message)
        }
        let document = XcodeMappingDocument(root)
        let models = document.objects.values.filter { $0.type == "XDDEVMAPPINGMODEL" }
        guard models.count == 1, let model = models.first else {
            throw MappingFileError(path: file, at: nil, "expected one XDDEVMAPPINGMODEL object, found \(models.count)")
        }
        let entityObjects = document.targets(model, "entitymappings")
            .sorted { (Int($0.attributes["mappingnumber"] ?? "") ?? 0) < (Int($1.attributes["mappingnumber"] ?? "") ?? 0) }
        var mappings: [EntityMapping] = []
        var notes: [String] = []
        for object in entityObjects {
            let mapping = try entityMapping(object, document: document, file: file)
            if let policy = mapping.policy {
                let short = policy.split(separator: ".").last.map(String.init) ?? policy
                notes.append(
                    "mapping \(mapping.name) uses the custom policy class \(policy): register a MigrationPolicy named "
                        + "\"\(short)\" (or \"\(policy)\") that does what the class did, or the step cannot run")
            }
            mappings.append(mapping)
        }
        guard let from = XcodeMappingDocument.versionName(model.attributes["sourcemodelpath"]),
            let to = XcodeMappingDocument.versionName(model.attributes["destinationmodelpath"])
        else {
            throw MappingFileError(path: file, at: SourcePosition(line: model.line, column: 1), "the mapping model names no source or destination model")
        }
        return MappingModel(
            sourceVersion: from, destinationVersion: to, entityMappings: mappings, copiesUnmappedEntities: false,
            path: file, notes: notes)
    }

    private static func entityMapping(_ object: XcodeMappingDocument.Object, document: XcodeMappingDocument, file: String)
        throws(MappingFileError) -> EntityMapping
    {
        let source = object.attributes["sourcename"].flatMap { $0.isEmpty ? nil : $0 }
        let destination = object.attributes["destinationname"].flatMap { $0.isEmpty ? nil : $0 }
        let policy = object.attributes["migrationpolicyclassname"].flatMap { $0.isEmpty ? nil : $0 }
        let kind: EntityMappingKind = switch (object.attributes["mappingtypename"], source, destination) {
        case ("Copy"?, _, _): .copy
        case ("Custom"?, _, _): .custom
        case (_, _?, _?): .transform
        case (_, _?, nil): .remove
        default: .add
        }
        var mapping = EntityMapping(
            name: object.attributes["name"] ?? EntityMapping.defaultName(source: source, destination: destination),
            kind: kind, sourceEntity: source, destinationEntity: destination, policy: policy,
            position: SourcePosition(line: object.line, column: 1))
        mapping.attributes = try properties(document.targets(object, "attributemappings"), file: file)
        mapping.relationships = try properties(document.targets(object, "relationshipmappings"), file: file)
        return mapping
    }

    /// Property mappings that carry an expression; the others are left to the generated defaults.
    private static func properties(_ objects: [XcodeMappingDocument.Object], file: String) throws(MappingFileError)
        -> [PropertyMapping]
    {
        var result: [PropertyMapping] = []
        for object in objects {
            guard let name = object.attributes["name"], let encoded = object.attributes["valueexpressiondata"] else { continue }
            let position = SourcePosition(line: object.line, column: 1)
            guard let data = Data(base64Encoded: encoded, options: .ignoreUnknownCharacters) else {
                throw MappingFileError(path: file, at: position, "the value expression of \(name) is not base64")
            }
            do {
                let archive = try KeyedArchive(data: data)
                let expression = try ArchivedExpressionDecoder.decode(try archive.root())
                result.append(PropertyMapping(
                    name: name, value: MappingExpression(text: expression.description, expression: expression, position: position),
                    position: position))
            } catch let error as ExpressionEvaluationError {
                throw MappingFileError(path: file, at: position, "value expression of \(name): \(error.message)")
            } catch {
                throw MappingFileError(path: file, at: position, "value expression of \(name): \(error)")
            }
        }
        return result
    }
}
