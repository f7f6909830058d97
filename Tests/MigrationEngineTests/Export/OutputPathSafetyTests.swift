import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// Issue 31, items 4 and 5: outputs never destroy inputs. No writing command replaces a file of the store
/// it reads (or of another store), by any name; names from a store's model never choose a path.
@Suite("Output paths never reach a store's files")
struct OutputPathSafetyTests {
    static func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    /// Exports `store` to `.file(output)`, expecting a refusal that names `output`.
    static func expectRefused(_ store: String, to output: String, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let project = try MigrationProject(modelPath: JournalFixture.modelPath)
        do {
            _ = try project.export(store: store, entity: "Entry", format: .csv, to: .file(output))
            Issue.record("the export to \(output) succeeded", sourceLocation: sourceLocation)
        } catch let error as ExportError {
            #expect(error.path == output && error.category == .invalidInput, "\(error)", sourceLocation: sourceLocation)
        }
    }

    @Test("export refuses the store, its sidecars, and links to them; the store is byte-identical")
    func exportRefusesTheStoresFiles() throws {
        let store = try JournalFixture.store(version: 3, entries: 20)
        let folder = URL(fileURLWithPath: store).deletingLastPathComponent()
        let before = try Self.bytes(store)
        try Self.expectRefused(store, to: store)
        for suffix in ["-wal", "-shm", "-journal"] {
            try Self.expectRefused(store, to: store + suffix)
            #expect(!FileManager.default.fileExists(atPath: store + suffix), "no \(suffix) was made")
        }
        // The same file by other names: `..`, a symbolic link, a hard link.
        try Self.expectRefused(store, to: folder.appendingPathComponent("sub/../Journal.sqlite").path)
        let symbolic = folder.appendingPathComponent("alias.csv").path
        try FileManager.default.createSymbolicLink(atPath: symbolic, withDestinationPath: store)
        try Self.expectRefused(store, to: symbolic)
        let hard = folder.appendingPathComponent("hard.csv").path
        #expect(link(store, hard) == 0)
        try Self.expectRefused(store, to: hard)
        #expect(try Self.bytes(store) == before)
    }

    @Test("export refuses another store's database and a sidecar name beside it")
    func exportRefusesAnotherStore() throws {
        let store = try JournalFixture.store(version: 3, entries: 5)
        let other = try JournalFixture.store(version: 1, entries: 5, name: "Other.sqlite")
        let before = try Self.bytes(other)
        try Self.expectRefused(store, to: other)
        try Self.expectRefused(store, to: other + "-wal")
        #expect(try Self.bytes(other) == before)
        #expect(!FileManager.default.fileExists(atPath: other + "-wal"))
        // An ordinary file is still replaced.
        let plain = URL(fileURLWithPath: other).deletingLastPathComponent().appendingPathComponent("Entry.csv").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: plain))
        let project = try MigrationProject(modelPath: JournalFixture.modelPath)
        #expect(try project.export(store: store, entity: "Entry", format: .csv, to: .file(plain)).map(\.objects) == [5])
    }

    @Test("salvage refuses a -wal name beside the store it reads; scaffold-mapping refuses a store even with --force")
    func salvageAndScaffoldRefuseStoreFiles() throws {
        let store = try JournalFixture.store(version: 3, entries: 5)
        let project = try MigrationProject(modelPath: JournalFixture.modelPath)
        do {
            _ = try project.salvage(store: store, to: store + "-wal")
            Issue.record("salvage wrote a -wal beside its store")
        } catch let error as SalvageError {
            #expect(error.path == store + "-wal" && error.category == .invalidInput, "\(error)")
        }
        #expect(!FileManager.default.fileExists(atPath: store + "-wal"))
        let before = try Self.bytes(store)
        let scaffold = try project.scaffoldMapping(from: "Journal 2", to: "Journal 3")
        #expect(throws: ExecutionError.self) { try MappingFileWriter.write(scaffold, to: store, replacing: true) }
        #expect(try Self.bytes(store) == before)
    }

    /// A store whose own model (the one written into its model cache) names an entity `name`.
    static func storeWithEntity(named name: String) throws -> String {
        let model = ObjectModel(
            name: "Hostile", entities: [Entity(name: name, attributes: [Attribute(name: "title", type: .string)])])
        let folder = try TemporaryDirectory.make().appendingPathComponent("a/b/c")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let path = folder.appendingPathComponent("Hostile.sqlite").path
        try StoreWriter(model: model).create(at: path)
        return path
    }

    @Test("An entity named ../../../escaped is exported inside --out DIR, under a safe name")
    func entityNamesNeverChooseAPath() throws {
        let hostile = "../../../escaped"
        let store = try Self.storeWithEntity(named: hostile)
        let root = URL(fileURLWithPath: store).deletingLastPathComponent()
        let out = root.appendingPathComponent("out").path
        // Without a model the export reads the store's own cached model, hostile name and all.
        let project = try MigrationProject(modelPath: nil)
        let counts = try project.export(store: store, format: .json, to: .folder(out))
        let file = try #require(counts.first?.file)
        #expect(URL(fileURLWithPath: file).deletingLastPathComponent().path == URL(fileURLWithPath: out).path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: out) == [URL(fileURLWithPath: file).lastPathComponent])
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("../../../escaped.json").path))
        #expect(!FileManager.default.fileExists(atPath: out + "/../../../escaped.json"))
    }

    @Test("Safe names: plain names kept, others made plain with a digest so none collide")
    func safeNames() {
        #expect(ExportFiles.safeName("Entry") == "Entry")
        #expect(ExportFiles.safeName("Café_2") == "Café_2")
        let names = ["../../../escaped", "..", ".hidden", "a/b", "a_b", "", String(repeating: "x", count: 300)]
        let safe = names.map(ExportFiles.safeName)
        #expect(Set(safe).count == names.count)
        for name in safe {
            #expect(!name.contains("/") && !name.hasPrefix(".") && !name.isEmpty && name.utf8.count <= 120, "\(name)")
        }
    }
}
