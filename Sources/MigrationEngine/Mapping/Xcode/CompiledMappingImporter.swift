import Foundation

/// Imports a compiled mapping model (`.cdm`, the `NSKeyedArchiver` archive of an `NSMappingModel` that Xcode
/// builds from an `.xcmappingmodel`) as a ``MappingModel``.
///
/// A `.cdm` does not name its model versions; like Core Data, the importer finds them by the entity version
/// hashes each entity mapping records: the source version is the one version of `bundle` whose hashes match
/// every source hash, the destination likewise. Entity mappings are read by ``CompiledEntityMappingDecoder``.
package enum CompiledMappingImporter {
    /// Reads the `.cdm` at `path`, matching it to versions of `bundle`.
    package static func read(path: String, bundle: ModelBundle) throws(MappingFileError) -> MappingModel {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw MappingFileError(path: path, at: nil, "cannot read the compiled mapping model")
        }
        let root: ArchivedObject
        do {
            root = try KeyedArchive(data: data).root()
        } catch {
            throw MappingFileError(path: path, at: nil, "not a compiled mapping model: \(error.message)")
        }
        guard root.isKind(of: "NSMappingModel") else {
            throw MappingFileError(
                path: path, at: nil, "the archive holds \(root.className ?? "no object"), not an NSMappingModel")
        }
        let decoder = CompiledEntityMappingDecoder(file: path)
        var decoded: [CompiledEntityMappingDecoder.Decoded] = []
        for item in root["NSEntityMappings"]?.elements ?? [] { decoded.append(try decoder.decode(item)) }
        let from = try version(
            in: bundle, path: path, side: "source",
            decoded.compactMap { entry in entry.mapping.sourceEntity.map { ($0, entry.sourceHash) } })
        let to = try version(
            in: bundle, path: path, side: "destination",
            decoded.compactMap { entry in entry.mapping.destinationEntity.map { ($0, entry.destinationHash) } })
        let mappings = decoded.map(\.mapping)
        return MappingModel(
            sourceVersion: from, destinationVersion: to, entityMappings: mappings, copiesUnmappedEntities: false,
            path: path, notes: XcodeMappingImporter.policyNotes(mappings))
    }

    /// The one version of `bundle` holding every entity with its recorded hash.
    private static func version(in bundle: ModelBundle, path: String, side: String, _ entities: [(String, Data?)])
        throws(MappingFileError) -> String
    {
        let matching = bundle.versions.filter { model in
            let hashes = VersionHasher(model: model).entityHashes
            return entities.allSatisfy { name, hash in hashes[name] != nil && (hash == nil || hashes[name] == hash) }
        }
        guard matching.count == 1, let found = matching.first else {
            let names = matching.isEmpty ? "none" : matching.map(\.name).joined(separator: ", ")
            throw MappingFileError(
                path: path, at: nil,
                "the \(side) entity hashes of the compiled mapping match \(names) of the versions in \(bundle.path); expected exactly one"
            )
        }
        return found.name
    }
}
