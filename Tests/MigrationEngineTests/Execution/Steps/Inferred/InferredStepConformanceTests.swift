import Foundation
import MigrationEngine
import TestSupport
import Testing

/// Inferred steps on Apple's stores, compared with what Apple's own migration produced.
@Suite("Inferred step conformance", Corpus.required)
struct InferredStepConformanceTests {
    static let sections = "wibosco-sections/CoreDataMigration_Example.xcdatamodeld"

    @Test("wibosco-sections store 1 → v2 equals Apple's store 2")
    func sectionsRename() throws {
        let source = try StepRunner.version("CoreDataMigration_Example", of: Self.sections)
        let target = try StepRunner.version("CoreDataMigration_Example 2", of: Self.sections)
        let migrated = try StoreDump(
            StepRunner.run(
                InferredStep(sourceModel: source, destinationModel: target),
                sourcePath: Corpus.copyStore("wibosco-sections/stores/CoreDataMigration_Example_1.sqlite")))
        let apple = try StoreDump(Corpus.copyStore("wibosco-sections/stores/CoreDataMigration_Example_2.sqlite"))
        #expect(try migrated.schema() == apple.schema())
        #expect(try migrated.primaryKeys() == apple.primaryKeys())
        let (ours, theirs) = (try migrated.metadata(), try apple.metadata())
        #expect(ours.uuid == theirs.uuid)
        #expect(
            ours.plist["NSStoreModelVersionHashes"] as? [String: Data] == theirs.plist["NSStoreModelVersionHashes"]
                as? [String: Data])
        #expect(Set(ours.plist.keys) == Set(theirs.plist.keys))
        #expect(ours.plist["NSPersistenceFrameworkVersion"] as? Int == theirs.plist["NSPersistenceFrameworkVersion"] as? Int)
        let typed = try migrated.queue.read { db in try StoreMetadata.read(db, path: migrated.path) }
        let appleTyped = try apple.queue.read { db in try StoreMetadata.read(db, path: apple.path) }
        #expect(typed.plist == appleTyped.plist)
        let rows = try migrated.rows("ZPOST")
        #expect(rows.count == 10)
        #expect(rows == (try apple.rows("ZPOST")))
    }

    static let chain = ["v1.0.0", "v1.1.0", "v1.1.2", "v1.2.0", "v2.0.0"]

    @Test("rename-chain: each store one version forward equals the next Apple store", arguments: 0..<4)
    func renameChain(_ index: Int) throws {
        let model = "rename-chain/Model.xcdatamodeld"
        let source = try StepRunner.version(Self.chain[index], of: model)
        let target = try StepRunner.version(Self.chain[index + 1], of: model)
        let sourcePath = try Corpus.copyStore("rename-chain/stores/Example_\(Self.chain[index]).sqlite")
        let migrated = try StoreDump(
            StepRunner.run(InferredStep(sourceModel: source, destinationModel: target), sourcePath: sourcePath))
        let apple = try StoreDump(Corpus.copyStore("rename-chain/stores/Example_\(Self.chain[index + 1]).sqlite"))
        #expect(try migrated.schema() == apple.schema())
        #expect(try migrated.primaryKeys() == apple.primaryKeys())
        #expect(try migrated.rows("ZBASICENTITY") == apple.rows("ZBASICENTITY"))
        let column = "ZV" + Self.chain[index + 1].dropFirst().replacingOccurrences(of: ".", with: "_") + "_NAME"
        #expect(try migrated.rows("ZBASICENTITY").first?.last == "string(\"A Known Value\")")
        #expect(try migrated.columns("ZBASICENTITY").last == column)
        let (ours, theirs) = (try migrated.metadata(), try apple.metadata())
        #expect(
            ours.plist["NSStoreModelVersionHashes"] as? [String: Data] == theirs.plist["NSStoreModelVersionHashes"]
                as? [String: Data])
        #expect(
            ours.plist["NSStoreModelVersionHashesDigest"] as? String == theirs.plist["NSStoreModelVersionHashesDigest"] as? String
        )
        #expect(ours.uuid == (try StoreDump(sourcePath).metadata().uuid))
        let typed = try migrated.queue.read { db in try StoreMetadata.read(db, path: migrated.path) }
        #expect(typed.plist == (try apple.queue.read { db in try StoreMetadata.read(db, path: apple.path) }).plist)
    }

    @Test("wibosco-colors store 3 → v4: every Post gets hide = 0, every Color stays")
    func colorsAddsHide() throws {
        let model = "wibosco-colors/CoreDataMigration_Example.xcdatamodeld"
        let source = try StepRunner.version("CoreDataMigration_Example 3", of: model)
        let target = try StepRunner.version("CoreDataMigration_Example 4", of: model)
        let sourcePath = try Corpus.copyStore("wibosco-colors/stores/CoreDataMigration_Example_3.sqlite")
        let events = StepRunner.Events()
        let migrated = try StoreDump(
            StepRunner.run(
                InferredStep(sourceModel: source, destinationModel: target),
                sourcePath: sourcePath, events: events))
        let original = try StoreDump(sourcePath)
        #expect(try migrated.integer("SELECT COUNT(*) FROM ZPOST") == 7995)
        #expect(try migrated.integer("SELECT COUNT(*) FROM ZPOST WHERE ZHIDE = 0") == 7995)
        #expect(try migrated.rows("ZCOLOR") == original.rows("ZCOLOR"))
        #expect(
            try migrated.integer("SELECT COUNT(*) FROM ZPOST p JOIN ZCOLOR c ON c.Z_PK = p.ZCOLOR AND c.ZPOST = p.Z_PK") == 7995)
        #expect(try migrated.primaryKeys() == original.primaryKeys())
        let apple = try StoreDump(Corpus.copyStore("wibosco-colors/stores/CoreDataMigration_Example_WAL.sqlite"))
        #expect(try migrated.schema() == apple.schema())
        let typed = try migrated.queue.read { db in try StoreMetadata.read(db, path: migrated.path) }
        #expect(typed.plist == (try apple.queue.read { db in try StoreMetadata.read(db, path: apple.path) }).plist)
        #expect(events.all.contains(.entityProgress(index: 0, entity: "Post", done: 7995, total: 7995)))
    }
}
