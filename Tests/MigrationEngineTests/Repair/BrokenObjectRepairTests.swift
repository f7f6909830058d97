import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

/// Stores with one object that breaks its model (issue 32 item 5), generated from the sample app: migrate and
/// salvage refuse them naming the object and rule, changing nothing; asked to repair, they repair exactly
/// that object, list the change, and the result verifies.
@Suite("Objects that break the model: refused, or repaired and listed")
struct BrokenObjectRepairTests {
    static let project = Result { try MigrationProject(bundle: SampleJournalStore.bundle) }

    /// One kind of broken object: the statement that breaks a generated store, and the change a repair lists.
    struct Breakage: Sendable, CustomTestStringConvertible {
        var name: String
        /// The version of the store the statement breaks (3: Entry only; 4: Entry and Author).
        var version: Int
        var statement: String
        var entity: String
        var primaryKey: Int64
        var property: String
        var action: ObjectRepair.Action
        var testDescription: String { name }
    }

    static let breakages = [
        Breakage(
            name: "required attribute empty", version: 3, statement: "UPDATE ZENTRY SET ZFAVORITE = NULL WHERE Z_PK = 7",
            entity: "Entry", primaryKey: 7, property: "favorite", action: .defaulted),
        Breakage(
            name: "key naming no object", version: 4, statement: "UPDATE ZENTRY SET ZAUTHOR = 9999 WHERE Z_PK = 5",
            entity: "Entry", primaryKey: 5, property: "author", action: .cleared),
        Breakage(
            name: "Z_ENT of no entity", version: 3, statement: "UPDATE ZENTRY SET Z_ENT = 42 WHERE Z_PK = 9",
            entity: "Entry", primaryKey: 9, property: "Z_ENT", action: .setAside),
        Breakage(
            name: "Z_MAX below the largest Z_PK", version: 3,
            statement: "UPDATE Z_PRIMARYKEY SET Z_MAX = 10 WHERE Z_NAME = 'Entry'",
            entity: "Entry", primaryKey: 40, property: "Z_MAX", action: .raised),
    ]

    /// A generated store of 40 entries (and 6 authors at version 4) broken by `breakage`.
    static func brokenStore(_ breakage: Breakage) throws -> String {
        let store =
            breakage.version == 3
            ? try SampleJournalStore.journal3((1...40).map { (nil, 2, "entry \($0)") })
            : try SalvageFixture.journal4(entries: 40, authors: 6)
        let queue = try DatabaseQueue(path: store)
        try queue.write { try $0.execute(sql: breakage.statement) }
        try queue.close()
        return store
    }

    @Test("migrate refuses, naming the object and rule and changing nothing", arguments: breakages)
    func migrateRefuses(_ breakage: Breakage) throws {
        let store = try Self.brokenStore(breakage)
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        let project = try Self.project.get()
        let planning = try project.plan(store: store, target: "Journal 5")
        let error = try #require(throws: ExecutionError.self) { try project.migrate([planning]) }
        #expect(error.code == .brokenObject)
        #expect(error.path == store)
        #expect(error.message.hasPrefix("\(breakage.entity) \(breakage.primaryKey) breaks Journal \(breakage.version): "))
        #expect(!error.description.contains("\n"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
    }

    @Test("migrate --repair repairs the one object, lists it in the event and the history, and verifies", arguments: breakages)
    func migrateRepairs(_ breakage: Breakage) throws {
        let store = try Self.brokenStore(breakage)
        let project = try Self.project.get()
        let planning = try project.plan(store: store, target: "Journal 5")
        let events = EventLog()
        let records = try project.migrate(
            [planning], options: ExecutionOptions(brokenObjects: .repair), report: { events.append($0) })
        let repairs = try #require(records.first?.repairs)
        #expect(events.events.compactMap { if case .repaired(_, let repairs) = $0 { repairs } else { nil } } == [repairs])
        let change = try #require(repairs.changes.first)
        #expect(repairs.changes.count == 1, "\(repairs.changes.map(\.text))")
        #expect(change.entity == breakage.entity)
        #expect(change.primaryKey == breakage.primaryKey)
        #expect(change.property == breakage.property)
        #expect(change.action == breakage.action)
        #expect(try project.verify(store: store).version == "Journal 5")
        let history = try RunHistory(root: ExecutionOptions().backupRoot(for: store)).records()
        #expect(history.last?.repairs == repairs)
        let side = URL(fileURLWithPath: store).deletingLastPathComponent()
            .appendingPathComponent("Journal-set-aside-\(records[0].run).sqlite").path
        #expect(repairs.sideStore == (breakage.action == .setAside ? side : nil))
        #expect(FileManager.default.fileExists(atPath: side) == (breakage.action == .setAside))
        #expect(try StorePaths(storePath: store).leftovers().isEmpty, "the side store's temporary was published")
        if breakage.action == .setAside {
            let kept = try DatabaseQueue(path: side).read { try Int64.fetchOne($0, sql: "SELECT Z_PK FROM ZENTRY") }
            #expect(kept == breakage.primaryKey)
        }
    }

    @Test("A dry run repairs only its copy and keeps no side store", arguments: breakages.filter { $0.action == .setAside })
    func dryRunKeepsNothing(_ breakage: Breakage) throws {
        let store = try Self.brokenStore(breakage)
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        let project = try Self.project.get()
        let planning = try project.plan(store: store, target: "Journal 5")
        let records = try project.migrate([planning], options: ExecutionOptions(dryRun: true, brokenObjects: .repair))
        #expect(records.first?.repairs?.setAside == 1)
        #expect(records.first?.repairs?.sideStore == nil)
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
    }
}

/// `repair` on a generated store (no corpus needed) whose `Entry` hash is garbled: the hash and the digest
/// computed from the hashes are both rewritten, each listed.
@Suite("Bookkeeping repair of a generated store")
struct GeneratedBookkeepingRepairTests {
    @Test("A garbled hash and digest: both rewritten as Apple writes them, identified by the tables, verifies")
    func hashAndDigest() throws {
        let store = try SampleJournalStore.journal3((1...10).map { (nil, 2, "entry \($0)") })
        let hash = try #require(VersionHasher(model: SampleJournalStore.version(3)).entityHashes["Entry"])
        let queue = try DatabaseQueue(path: store)
        try queue.write { db in
            var plist = try #require(try Data.fetchOne(db, sql: "SELECT Z_PLIST FROM Z_METADATA"))
            let range = try #require(plist.range(of: hash))
            plist[range.lowerBound] ^= 0x55
            // The digest garbled too (a tool that wrote wrong hashes wrote their digest).
            let digest = VersionHasher.digest(of: VersionHasher(model: SampleJournalStore.version(3)).entityHashes)
            let text = try #require(plist.range(of: Data(digest.utf8)))
            plist[text.lowerBound] = plist[text.lowerBound] == UInt8(ascii: "A") ? UInt8(ascii: "B") : UInt8(ascii: "A")
            try db.execute(sql: "UPDATE Z_METADATA SET Z_PLIST = ?", arguments: [plist])
        }
        try queue.close()
        let project = try BrokenObjectRepairTests.project.get()
        let output = try TemporaryDirectory.make().appendingPathComponent("Repaired.sqlite").path
        let report = try project.repair(store: store, to: output)
        #expect(report.version == "Journal 3" && report.evidence == .tableLayout)
        #expect(
            report.repairs.changes.map(\.property) == ["NSStoreModelVersionHashes.Entry", "NSStoreModelVersionHashesDigest"])
        #expect(try project.verify(store: output).version == "Journal 3")
    }
}

extension GeneratedBookkeepingRepairTests {
    @Test("A store whose bookkeeping is right is left alone in place: no backup, no swap, no record")
    func nothingToRepair() throws {
        let store = try SampleJournalStore.journal3((1...5).map { (nil, 2, "entry \($0)") })
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        let report = try BrokenObjectRepairTests.project.get().repair(store: store)
        #expect(report.repairs.total == 0 && report.record == nil && report.evidence == .metadata)
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
        #expect(try RunHistory(root: ExecutionOptions().backupRoot(for: store)).records().isEmpty)
    }
}

extension GeneratedBookkeepingRepairTests {
    @Test("Version identifiers and a model cache of another version: both rewritten for the version, each listed")
    func identifiersAndModelCache() throws {
        // The issue's third kind of bookkeeping (hashes and Z_MAX have their tests): what a tool that stamped
        // the wrong version, or an app that cached another model, leaves.
        let store = try SampleJournalStore.journal3((1...10).map { (nil, 2, "entry \($0)") })
        let queue = try DatabaseQueue(path: store)
        try queue.write { db in
            let data = try #require(try Data.fetchOne(db, sql: "SELECT Z_PLIST FROM Z_METADATA"))
            guard case .dictionary(var plist) = try BinaryPropertyList.read(data) else {
                Issue.record("the metadata is not a dictionary")
                return
            }
            plist[StoreMetadata.Key.versionIdentifiers] = .array([.string("Journal 9")])
            try db.execute(
                sql: "UPDATE Z_METADATA SET Z_PLIST = ?", arguments: [BinaryPropertyListWriter.write(.dictionary(plist))])
            let other = try ModelCacheEncoder.encode(SampleJournalStore.version(4))
            try db.execute(sql: "UPDATE Z_MODELCACHE SET Z_CONTENT = ?", arguments: [other])
        }
        try queue.close()
        let project = try BrokenObjectRepairTests.project.get()
        let output = try TemporaryDirectory.make().appendingPathComponent("Repaired.sqlite").path
        let report = try project.repair(store: store, to: output)
        #expect(report.version == "Journal 3" && report.evidence == .metadata)
        #expect(report.repairs.changes.map(\.property) == [StoreMetadata.Key.versionIdentifiers, "Z_MODELCACHE"])
        #expect(report.repairs.changes.allSatisfy { $0.action == .rewritten })
        #expect(report.repairs.changes.last?.old == "another model" && report.repairs.changes.last?.new == "Journal 3")
        #expect(try project.verify(store: output).version == "Journal 3")
        let cached = try DatabaseQueue(path: output).read { try Data.fetchOne($0, sql: "SELECT Z_CONTENT FROM Z_MODELCACHE") }
        let model = try ModelCacheDecoder.decode(try #require(cached), path: output)
        #expect(SampleJournalStore.version(3).matchesVersionHashes(VersionHasher(model: model).entityHashes))
    }
}

extension BrokenObjectRepairTests {
    @Test("A required to-one left empty (generated, no corpus): salvage and verify refuse; --repair sets the object aside")
    func requiredToOneEmpty() throws {
        // The issue's first kind; the CLI's test of it needs the corpus (wibosco-colors v3).
        let bundle = try SalvageFixture.requiredAuthorBundle()
        let project = try MigrationProject(bundle: bundle)
        let model = try #require(bundle.versions.first)
        let store = try SalvageFixture.journal4(entries: 40, authors: 6, model: model)
        try DatabaseQueue(path: store).write { try $0.execute(sql: "UPDATE ZENTRY SET ZAUTHOR = NULL WHERE Z_PK = 5") }
        let refused = try #require(throws: (any Error).self) { try project.verify(store: store) }
        #expect("\(refused)".contains("Entry 5 breaks Journal 4: required to-one author is empty"), "\(refused)")
        let folder = try TemporaryDirectory.make()
        let output = folder.appendingPathComponent("Salvaged.sqlite").path
        let error = try #require(throws: ExecutionError.self) { try project.salvage(store: store, to: output) }
        #expect(error.code == .brokenObject && error.path == store)
        #expect(!FileManager.default.fileExists(atPath: output))
        let report = try project.salvage(store: store, to: output, brokenObjects: .repair)
        let repairs = try #require(report.repairs)
        #expect(repairs.changes.map(\.text) == ["Entry 5 author: required to-one author is empty: empty → set aside"])
        #expect(repairs.sideStore == folder.appendingPathComponent("Salvaged-set-aside.sqlite").path)
        #expect(try project.verify(store: output).version == "Journal 4")
        let kept = try DatabaseQueue(path: output).read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM ZENTRY") }
        #expect(kept == 39)
    }
}
