import Foundation

extension MigrationProject {
    /// The mapping file to complete for an Xcode mapping model (`.xcmappingmodel` folder, its
    /// `xcmapping.xml`, or a compiled `.cdm`) of this project's model: everything the mapping model states,
    /// and a template for what its custom policy classes did (see ``MappingScaffolder``).
    ///
    /// - Parameter path: The `.xcmappingmodel` folder, its `xcmapping.xml`, or a `.cdm` file.
    /// - Returns: The scaffold; write it with ``MappingScaffold/write(to:replacing:)``.
    /// - Throws: ``ProjectError`` without a model; ``MappingFileError`` for a mapping model that cannot be read
    ///   or names versions the model lacks, or that does not fit them; ``ModelError`` for a `.cdm` that cannot
    ///   be decoded.
    public func scaffoldMapping(mappingModel path: String) throws -> MappingScaffold {
        let bundle = try requireBundle(for: "scaffolding a mapping")
        let mapping =
            URL(fileURLWithPath: path).pathExtension == "cdm"
            ? try CompiledMappingImporter.read(path: path, bundle: bundle) : try XcodeMappingImporter.read(path: path)
        let (source, destination) = try versions(mapping.sourceVersion, mapping.destinationVersion, file: path)
        let origin = URL(fileURLWithPath: path.hasSuffix("/xcmapping.xml") ? String(path.dropLast(14)) : path).lastPathComponent
        return try MappingScaffolder(source: source, destination: destination).scaffold(mapping, origin: origin)
    }

    /// The mapping file to complete for the inferred mapping from version `from` to version `to`.
    ///
    /// - Parameters:
    ///   - from: The source version's name.
    ///   - to: The destination version's name.
    /// - Returns: The scaffold; write it with ``MappingScaffold/write(to:replacing:)``.
    /// - Throws: ``ProjectError`` without a model; ``MappingFileError`` when the model lacks a version.
    public func scaffoldMapping(from: String, to: String) throws -> MappingScaffold {
        let bundle = try requireBundle(for: "scaffolding a mapping")
        let (source, destination) = try versions(from, to, file: bundle.path)
        return try MappingScaffolder(source: source, destination: destination).scaffoldInferred()
    }

    private func versions(_ from: String, _ to: String, file: String) throws -> (ObjectModel, ObjectModel) {
        let bundle = try requireBundle(for: "scaffolding a mapping")
        let find = { (name: String) throws(MappingFileError) -> ObjectModel in
            guard let model = bundle.version(named: name) else {
                throw MappingFileError(
                    path: file, at: nil,
                    "the model \(bundle.path) has no version \(name) (its versions: "
                        + bundle.versions.map(\.name).joined(separator: ", ") + ")")
            }
            return model
        }
        return (try find(from), try find(to))
    }
}
