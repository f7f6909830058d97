import Foundation
import MigrationEngine
import TestSupport
import Testing

/// Issue 11, "from the store alone": `inspect`, `export`, `salvage`, `verify` and `rows` on a store given
/// without `--model` read it through its own `Z_MODELCACHE`, or through the model found beside it, and say
/// which (on standard error and in the JSON's `modelLocation`).
@Suite("Store-only commands", .enabled(if: CLIRunner.isAvailable, "needs the built cdmigrate binary"))
struct StoreAloneCommandTests {
    /// The location a command's JSON document carries.
    struct Located: Decodable {
        var modelLocation: ModelLocation
    }

    /// Runs inspect, export, salvage, verify and rows on `store` with no model, expecting `origin` and
    /// each entity exported with as many objects as the store holds.
    func expectStoreOnly(_ store: String, origin: ModelLocation.Origin, entity: String) throws {
        let inspected = try CLIRunner.run(["inspect", store, "--json"])
        #expect(inspected.status == 0, "\(inspected.stderr)")
        #expect(try inspected.decoded(Located.self).modelLocation.origin == origin)
        let report = try inspected.decoded(StoreReport.self)
        #expect(report.compatibility?.compatibleVersion != nil, "the store's own model fits it")

        let out = try TemporaryDirectory.make().appendingPathComponent("export").path
        let exported = try CLIRunner.run(["export", store, "--out", out, "--json"])
        #expect(exported.status == 0, "\(exported.stderr)")
        let counts = try JSONDecoder().decode([EntityExportCount].self, from: Data(exported.stdout.utf8))
        let contents = try StoreReader.read(path: store)
        #expect(!counts.isEmpty)
        for count in counts { #expect(count.objects == contents.rows(of: count.entity), "\(count.entity)") }

        let output = try TemporaryDirectory.make().appendingPathComponent("Salvaged.sqlite").path
        let salvaged = try CLIRunner.run(["salvage", store, "--output", output, "--json"])
        #expect(salvaged.status == 0, "\(salvaged.stderr)")
        #expect(try salvaged.decoded(Located.self).modelLocation.origin == origin)
        let salvage = try salvaged.decoded(SalvageReport.self)
        #expect(salvage.entities.allSatisfy { $0.lost == 0 || $0.lost == nil }, "an undamaged store loses nothing")

        let verified = try CLIRunner.run(["verify", store, "--json"])
        #expect(verified.status == 0, "\(verified.stderr)")
        #expect(try verified.decoded(Located.self).modelLocation.origin == origin)

        let rows = try CLIRunner.run(["rows", store, "--entity", entity, "--limit", "2", "--json"])
        #expect(rows.status == 0, "\(rows.stderr)")
        let objects = try JSONSerialization.jsonObject(with: Data(rows.stdout.utf8)) as? [[String: Any]]
        #expect(objects?.count == min(2, contents.rows(of: entity) ?? 0))
    }

    @Test("coredataplus-books copied alone: inspect, export, salvage, verify and rows from its cache", Corpus.required)
    func books() throws {
        let store = try Corpus.copyStore("coredataplus-books/stores/SampleModel2_V1.sqlite")
        let before = try FolderFingerprint(folderOf: store)
        let entity = try #require(try StoreReader.read(path: store).cachedModel()?.entities.first { !$0.isAbstract }?.name)
        try expectStoreOnly(store, origin: .storeCache, entity: entity)
        #expect(try FolderFingerprint(folderOf: store) == before, "no command wrote beside the store")
    }

    @Test("A generated store alone: the same commands from the model cache the engine wrote")
    func generatedStore() throws {
        let store = try JournalFixture.store(version: 3, entries: 25)
        try expectStoreOnly(store, origin: .storeCache, entity: "Entry")
    }

    @Test("plan and migrate find the model and its mappings folder beside the store, as the console does")
    func planAndMigrateFindTheModel() throws {
        let folder = try TemporaryDirectory.make()
        try ModelLocatorFixture.place(in: folder)
        let stores = folder.appendingPathComponent("stores")
        try FileManager.default.createDirectory(at: stores, withIntermediateDirectories: true)
        let store = try JournalFixture.store(version: 2, entries: 10, in: stores)

        let planned = try CLIRunner.run(["plan", store, "--to", "Journal 4"])
        #expect(planned.status == 0, "\(planned.stderr)")
        #expect(planned.stderr.contains("(found beside the store)"), "\(planned.stderr)")
        #expect(planned.stderr.contains(folder.appendingPathComponent("mappings").path), "\(planned.stderr)")
        // Journal 3 → 4 is lossy inferred, lossless only through journal-3-to-4.yaml in the found folder.
        #expect(planned.stdout.contains("═mapping═▶ Journal 4"), "\(planned.stdout)")
        #expect(!planned.stdout.contains("LOSES DATA"), "\(planned.stdout)")

        let migrated = try CLIRunner.run(["migrate", store, "--to", "Journal 4", "--yes"])
        #expect(migrated.status == 0, "\(migrated.stderr)")
        let report = try CLIRunner.run(["inspect", store, "--json"]).decoded(StoreReport.self)
        #expect(report.compatibility?.compatibleVersion == "Journal 4")

        let alone = try JournalFixture.store(version: 2, entries: 5)
        let refused = try CLIRunner.run(["plan", alone])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("no model beside \(alone)"), "\(refused.stderr)")
    }

    @Test("The model in the folder above the store's is found, said on standard error and in the JSON")
    func modelFound() throws {
        let folder = try TemporaryDirectory.make()
        try ModelLocatorFixture.place(in: folder)
        let stores = folder.appendingPathComponent("stores")
        try FileManager.default.createDirectory(at: stores, withIntermediateDirectories: true)
        let store = try JournalFixture.store(version: 2, entries: 10, in: stores)
        let model = folder.appendingPathComponent("Journal.xcdatamodeld").path
        try expectStoreOnly(store, origin: .found, entity: "Entry")

        let json = try CLIRunner.run(["inspect", store, "--json"])
        let location = try json.decoded(Located.self).modelLocation
        #expect(location.model == model)
        #expect(location.mappings == [folder.appendingPathComponent("mappings").path])
        #expect(try json.decoded(StoreReport.self).modelSource == .file(model))
        #expect(try json.decoded(StoreReport.self).compatibility?.compatibleVersion == "Journal 2")
        let text = try CLIRunner.run(["inspect", store])
        #expect(text.stderr.contains("cdmigrate: using model \(model) (found beside the store)"), "\(text.stderr)")
        #expect(text.stdout.contains("compatible version: ✓ Journal 2"))
    }

    @Test("Two models beside the store: the cache is used and standard error says to pass --model")
    func ambiguous() throws {
        let folder = try TemporaryDirectory.make()
        try ModelLocatorFixture.place(in: folder)
        try FileManager.default.copyItem(
            atPath: JournalFixture.modelPath, toPath: folder.appendingPathComponent("Other.xcdatamodeld").path)
        let store = try JournalFixture.store(version: 1, entries: 5, in: folder)
        let result = try CLIRunner.run(["inspect", store])
        #expect(result.status == 0)
        #expect(result.stderr.contains("2 models in"), "\(result.stderr)")
        #expect(result.stderr.contains("; pass --model to choose one\n"), "\(result.stderr)")
        #expect(result.stdout.contains("the store's own cached model"))
    }
}
