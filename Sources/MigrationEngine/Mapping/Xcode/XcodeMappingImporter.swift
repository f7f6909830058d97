import Foundation

/// Imports an Xcode mapping model (`.xcmappingmodel/xcmapping.xml`) as a ``MappingModel``.
///
/// Entity mappings keep their names, source and destination entities and order (`mappingnumber`);
/// property mappings are read as Xcode compiles them (``XcodePropertyMappingReader``): stored value
/// expressions, relationships given by key path and entity mapping name, and blanks that Xcode fills with its
/// generated expressions when the step resolves them (`$source.<name>` and the relationship lookup). A field
/// the importer does not understand fails the import, naming the entity mapping and property. A mapping that
/// names a custom policy class keeps the class name as its policy and adds a note saying what must be
/// registered in its place.
package enum XcodeMappingImporter {
    /// Reads `path`: the `.xcmappingmodel` folder or the `xcmapping.xml` inside it.
    package static func read(path: String) throws(MappingFileError) -> MappingModel {
        let file = path.hasSuffix(".xml") ? path : URL(fileURLWithPath: path).appendingPathComponent("xcmapping.xml").path
        guard let data = FileManager.default.contents(atPath: file) else {
            throw MappingFileError(path: file, at: nil, "cannot read the Xcode mapping model")
        }
        return try read(data, file: file)
    }

    /// Reads the bytes of an `xcmapping.xml`; `file` is used in messages.
    package static func read(_ data: Data, file: String) throws(MappingFileError) -> MappingModel {
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
        for object in entityObjects { mappings.append(try entityMapping(object, document: document, file: file)) }
        guard let from = XcodeMappingDocument.versionName(model.attributes["sourcemodelpath"]),
            let to = XcodeMappingDocument.versionName(model.attributes["destinationmodelpath"])
        else {
            throw MappingFileError(
                path: file, at: SourcePosition(line: model.line, column: 1),
                "the mapping model names no source or destination model")
        }
        return MappingModel(
            sourceVersion: from, destinationVersion: to, entityMappings: mappings, copiesUnmappedEntities: false,
            path: file, notes: policyNotes(mappings))
    }

    /// The source and destination versions a mapping model at `path` names, read without importing its
    /// entity mappings (so a model that fails to import still says which step it was made for); `nil` when
    /// the file cannot be read as one.
    package static func versions(path: String) -> (from: String, to: String)? {
        let file = path.hasSuffix(".xml") ? path : URL(fileURLWithPath: path).appendingPathComponent("xcmapping.xml").path
        guard let data = FileManager.default.contents(atPath: file) else { return nil }
        let root: XMLElementTree
        do {
            root = try XMLElementTree.parse(data)
        } catch {
            return nil
        }
        let models = XcodeMappingDocument(root).objects.values.filter { $0.type == "XDDEVMAPPINGMODEL" }
        guard models.count == 1, let model = models.first,
            let from = XcodeMappingDocument.versionName(model.attributes["sourcemodelpath"]),
            let to = XcodeMappingDocument.versionName(model.attributes["destinationmodelpath"])
        else { return nil }
        return (from, to)
    }

    /// What must be registered for each custom policy class the mappings name.
    static func policyNotes(_ mappings: [EntityMapping]) -> [String] {
        mappings.compactMap { mapping in
            guard let policy = mapping.policy else { return nil }
            let short = policy.split(separator: ".").last.map(String.init) ?? policy
            return "mapping \(mapping.name) uses the custom policy class \(policy): register a MigrationPolicy named "
                + "\"\(short)\" (or \"\(policy)\") that does what the class did, or the step cannot run"
        }
    }

    /// The fields of an entity mapping object that the importer understands.
    static let entityFields: Set<String> = [
        "name", "sourcename", "destinationname", "mappingtypename", "mappingnumber", "migrationpolicyclassname",
        "autogenerateexpression", "userinfodata", "sourcefilterpredicatestring",
    ]

    /// An entity mapping's `userinfodata`: a keyed-archived `NSDictionary`, whose text entries the mapping's
    /// policy is given. Bytes that are not such an archive fail the import, naming the entity mapping.
    private static func userInfo(_ encoded: String?, mapping: String, file: String, at position: SourcePosition)
        throws(MappingFileError) -> [String: String]
    {
        guard let encoded, !encoded.isEmpty else { return [:] }
        let problem = { (reason: String) in
            MappingFileError(path: file, at: position, "entity mapping \(mapping): the user info \(reason)")
        }
        guard let data = Data(base64Encoded: encoded, options: .ignoreUnknownCharacters) else {
            throw problem("is not base64")
        }
        let root: ArchivedObject
        do {
            root = try KeyedArchive(data: data).root()
        } catch {
            throw problem("is not a keyed archive: \(error)")
        }
        guard root.dictionary != nil else { throw problem("is not a dictionary") }
        return ArchivedEntityDecoder.userInfo(root)
    }

    private static func entityMapping(_ object: XcodeMappingDocument.Object, document: XcodeMappingDocument, file: String)
        throws(MappingFileError) -> EntityMapping
    {
        let source = object.attributes["sourcename"].flatMap { $0.isEmpty ? nil : $0 }
        let destination = object.attributes["destinationname"].flatMap { $0.isEmpty ? nil : $0 }
        let policy = object.attributes["migrationpolicyclassname"].flatMap { $0.isEmpty ? nil : $0 }
        let kind: EntityMappingKind =
            switch (object.attributes["mappingtypename"], source, destination) {
            case ("Copy"?, _, _): .copy
            case ("Custom"?, _, _): .custom
            default: .undefined(source: source, destination: destination, policy: policy)
            }
        let name = object.attributes["name"] ?? EntityMapping.defaultName(source: source, destination: destination)
        let position = SourcePosition(line: object.line, column: 1)
        var mapping = EntityMapping(
            name: name, kind: kind, sourceEntity: source, destinationEntity: destination, policy: policy,
            userInfo: try userInfo(object.attributes["userinfodata"], mapping: name, file: file, at: position),
            position: position)
        do {
            mapping.filter = try SourceFilterPredicate.filter(object.attributes["sourcefilterpredicatestring"] ?? "")
        } catch {
            throw MappingFileError(
                path: file, at: position, "entity mapping \(name): the source filter predicate cannot be read: \(error)")
        }
        if let unknown = object.attributes.keys.sorted().first(where: {
            !entityFields.contains($0) && object.attributes[$0]?.isEmpty == false
        }) {
            throw MappingFileError(
                path: file, at: position,
                "entity mapping \(mapping.name): the field \(unknown) is not understood, so the mapping cannot be applied as Xcode would"
            )
        }
        let reader = XcodePropertyMappingReader(
            file: file, entityMapping: mapping.name, generates: object.attributes["autogenerateexpression"] != "0")
        for item in document.targets(object, "attributemappings") {
            if let property = try reader.read(item, kind: "attribute") { mapping.attributes.append(property) }
        }
        for item in document.targets(object, "relationshipmappings") {
            if let property = try reader.read(item, kind: "relationship") { mapping.relationships.append(property) }
        }
        return mapping
    }
}
