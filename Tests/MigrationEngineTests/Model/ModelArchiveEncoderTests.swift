import Foundation
import JournalSample
import MigrationEngine
import TestSupport
import Testing

@Suite("Z_MODELCACHE encoding: every model version survives encode → decode")
struct ModelArchiveEncoderTests {
    /// Every model source of the corpus (sources and the compiled `.momd`) and the sample app's model.
    static let models: [String] = {
        var paths = [SampleApp.examplesFolder.appendingPathComponent(SampleApp.modelName).path]
        guard Corpus.isAvailable, let walker = FileManager.default.enumerator(atPath: Corpus.root.path) else { return paths }
        for case let relative as String in walker where relative.hasSuffix(".xcdatamodeld") || relative.hasSuffix(".momd") {
            walker.skipDescendants()
            paths.append(Corpus.path(relative))
        }
        return paths.sorted()
    }()

    @Test("Entity hashes, checksum and digest of the decoded cache equal the source version's", arguments: models)
    func hashesSurvive(_ path: String) throws {
        for version in try ModelLoader.load(path: path).versions {
            let decoded = try ModelCacheDecoder.decode(try ModelCacheEncoder.encode(version), path: path)
            let source = VersionHasher(model: version)
            let hasher = VersionHasher(model: decoded)
            #expect(!source.entityHashes.isEmpty)
            #expect(hasher.entityHashes == source.entityHashes, "\(path) \(version.name)")
            #expect(hasher.checksum == source.checksum, "\(path) \(version.name)")
            #expect(hasher.digest == source.digest, "\(path) \(version.name)")
        }
    }

    @Test("Everything else the archive carries reads back as the source declares it", arguments: models)
    func declarationsSurvive(_ path: String) throws {
        for version in try ModelLoader.load(path: path).versions {
            let decoded = try ModelCacheDecoder.decode(try ModelCacheEncoder.encode(version), path: path)
            #expect(decoded.entities.map(\.name) == version.entitiesByName.map(\.name))
            #expect(decoded.versionIdentifiers.sorted() == version.versionIdentifiers.sorted())
            #expect(
                decoded.configurations.map { "\($0.name): \($0.entityNames.sorted())" }
                    == version.configurations.map { "\($0.name): \($0.entityNames.sorted())" }.sorted(), "\(path)")
            for entity in version.entities {
                let read = try #require(decoded.entity(named: entity.name))
                let place = "\(path) \(version.name) \(entity.name)"
                #expect(Self.summary(read) == Self.summary(entity), "\(place)")
                #expect(read.attributes.map(\.name).sorted() == entity.attributes.map(\.name).sorted(), "\(place)")
                for attribute in entity.attributes {
                    #expect(read.attribute(named: attribute.name).map(Self.summary) == Self.summary(attribute), "\(place)")
                }
                #expect(read.relationships.map(\.name).sorted() == entity.relationships.map(\.name).sorted(), "\(place)")
                for relationship in entity.relationships {
                    #expect(
                        read.relationship(named: relationship.name).map(Self.summary) == Self.summary(relationship), "\(place)")
                }
                #expect(read.fetchedProperties.map(\.name).sorted() == entity.fetchedProperties.map(\.name).sorted(), "\(place)")
            }
        }
    }

    @Test("The blob is raw DEFLATE of a keyed archive, as Core Data stores it")
    func blobShape() throws {
        let model = try #require(try ModelLoader.load(path: Self.models[0]).currentVersion)
        let blob = try ModelCacheEncoder.encode(model)
        // A zlib header would start 0x78; raw DEFLATE has none, and inflating it gives the bplist.
        #expect(blob.first != 0x78)
        let archive = try ModelCacheDecoder.inflate(blob, path: "s")
        #expect(BinaryPropertyList.hasSignature(archive))
        #expect(try KeyedArchive(data: archive).root().className == "NSManagedObjectModel")
        #expect(try RawInflate.inflate(try RawDeflate.deflate(archive)) == archive)
        #expect(ModelArchiveEncoder.encode(model) == archive, "the same model always gives the same bytes")
    }

    /// A renaming identifier equal to the name renames nothing: the archive writes the name either way and
    /// the decoder drops it (wire's `mutedStatus` declares its own name).
    private static func renaming(_ identifier: String?, _ name: String) -> String {
        identifier == name ? "-" : identifier ?? "-"
    }

    private static func summary(_ entity: Entity) -> String {
        "\(entity.parentName ?? "-") abstract=\(entity.isAbstract) renamed=\(renaming(entity.renamingIdentifier, entity.name))"
            + " modifier=\(entity.versionHashModifier ?? "-") unique=\(entity.uniquenessConstraints)"
            + " info=\(entity.userInfo.sorted { $0.key < $1.key })"
    }

    private static func summary(_ attribute: Attribute) -> String {
        "\(attribute.name) \(attribute.type.rawValue) optional=\(attribute.isOptional) transient=\(attribute.isTransient)"
            + " derived=\(attribute.isDerived ? attribute.derivationExpression ?? "?" : "-")"
            + " readOnly=\(attribute.isReadOnly || attribute.isDerived) indexed=\(attribute.isIndexed)"
            + " external=\(attribute.allowsExternalBinaryDataStorage) history=\(attribute.preservesValueInHistoryOnDeletion)"
            + " transformer=\(attribute.valueTransformerName ?? "-") renamed=\(renaming(attribute.renamingIdentifier, attribute.name))"
            + " modifier=\(attribute.versionHashModifier ?? "-") info=\(attribute.userInfo.sorted { $0.key < $1.key })"
            + (attribute.type == .transformable ? " class=\(attribute.customClassName ?? "-")" : "")
    }

    private static func summary(_ relationship: Relationship) -> String {
        "\(relationship.name) → \(relationship.destinationEntity)"
            + " inverse=\(relationship.inverseEntity ?? relationship.destinationEntity).\(relationship.inverseName ?? "-")"
            + " optional=\(relationship.isOptional) transient=\(relationship.isTransient) readOnly=\(relationship.isReadOnly)"
            + " toMany=\(relationship.isToMany) ordered=\(relationship.isOrdered) count=\(relationship.minCount)…\(relationship.maxCount)"
            + " rule=\(relationship.deleteRule.rawValue) renamed=\(renaming(relationship.renamingIdentifier, relationship.name))"
            + " modifier=\(relationship.versionHashModifier ?? "-") info=\(relationship.userInfo.sorted { $0.key < $1.key })"
    }
}
