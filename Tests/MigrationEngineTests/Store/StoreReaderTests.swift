import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

@Suite("Reading stores")
struct StoreReaderTests {
    @Test("Entities, numbers, row counts and metadata of every store", Corpus.required, arguments: CorpusStoreCase.all)
    func corpusStore(_ testCase: CorpusStoreCase) throws {
        let contents = try StoreReader.read(path: try Corpus.copyStore(testCase.store))
        #expect(Dictionary(uniqueKeysWithValues: contents.rowCounts.map { ($0.entity, $0.rows) }) == testCase.rows)
        let names = testCase.rows.keys.sorted { $0.lowercased() < $1.lowercased() }
        #expect(contents.primaryKeys.map(\.name) == names, "entities are numbered in case-insensitive name order")
        #expect(contents.primaryKeys.map(\.number) == Array(1...names.count))
        #expect(contents.primaryKeys.allSatisfy { $0.superNumber == 0 })
        #expect(contents.rowCounts.allSatisfy { $0.table == "Z" + $0.entity.uppercased() })
        #expect(contents.autoVacuum == 2)
        #expect(contents.metadata.storeType == "SQLite")
        #expect(contents.metadata.hashesVersion == 3)
        #expect(contents.metadata.versionIdentifiers == [""])
        #expect(contents.metadata.uuid.count == 36)
        #expect(contents.metadata.unknownKeys.isEmpty)
        #expect(contents.modelCache != nil)
        #expect(contents.joinTables.isEmpty && contents.historyTables.isEmpty && contents.otherTables.isEmpty)
        #expect(
            contents.files[.database]?.size
                == Int64(try Data(contentsOf: Corpus.root.appendingPathComponent(testCase.store)).count))
    }

    @Test("Z_MAX, framework versions and journal modes from the header", Corpus.required)
    func specifics() throws {
        let colors = try StoreReader.read(path: try Corpus.copyStore("wibosco-colors/stores/CoreDataMigration_Example_3.sqlite"))
        #expect(colors.primaryKeys.map(\.maxPrimaryKey) == [7995, 7995])
        #expect(colors.metadata.frameworkVersion == 847)
        #expect(colors.journalMode == .rollback)
        let chain = try StoreReader.read(path: try Corpus.copyStore("rename-chain/stores/Example_v1.0.0.sqlite"))
        #expect(chain.metadata.frameworkVersion == 1048)
        #expect(
            chain.metadata.hashesDigest
                == "qc2hvjWJfwJ8eP5bGVFtLyGa9sm5DsLLQ9nNBNGtJBHd1IhWE3T4b2Q6tqAMQqr7/WxC62y7cm1dW8aRTTQ/Dg==")
        #expect(chain.journalMode == .wal, "header bytes 18-19 are 2: WAL mode, checkpointed, no -wal left")
    }

    @Test("Join, history, sub-entity and unknown tables and app metadata keys are told apart")
    func tableKinds() throws {
        // Author is entity 1, Entry entity 2: Flag is made a sub-entity of Entry sharing its table.
        let store = try JournalFixture.journal4(entries: 30)
        let queue = try DatabaseQueue(path: store)
        try queue.write { db in
            try db.execute(sql: #"INSERT INTO "Z_PRIMARYKEY" VALUES (3, 'Flag', 2, 0), (16001, 'TRANSACTION', 0, 4)"#)
            try db.execute(sql: #"UPDATE "ZENTRY" SET "Z_ENT" = 3 WHERE "Z_PK" <= 5"#)
            try db.execute(
                sql: #"CREATE TABLE "Z_2TAGS" ("Z_2POSTS" INTEGER, "Z_1TAGS" INTEGER, PRIMARY KEY ("Z_2POSTS", "Z_1TAGS"))"#)
            try db.execute(sql: #"CREATE TABLE "ATRANSACTION" ("Z_PK" INTEGER PRIMARY KEY, "ZAUTHOR" VARCHAR)"#)
            try db.execute(sql: #"INSERT INTO "ATRANSACTION" VALUES (1, 'app'), (2, 'app')"#)
            try db.execute(sql: #"CREATE TABLE "NOTES" ("X" INTEGER)"#)
            let blob = try Data.fetchOne(db, sql: #"SELECT "Z_PLIST" FROM "Z_METADATA""#)!
            var plist = try PropertyListSerialization.propertyList(from: blob, format: nil) as! [String: Any]
            plist["com.example.lastSync"] = "yesterday"
            let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
            try db.execute(sql: #"UPDATE "Z_METADATA" SET "Z_PLIST" = ?"#, arguments: [data])
        }
        let contents = try StoreReader.read(path: store)
        #expect(contents.joinTables == [StoreTable(name: "Z_2TAGS", columns: ["Z_2POSTS", "Z_1TAGS"], rows: 0)])
        #expect(contents.historyTables.map(\.name) == ["ATRANSACTION"])
        #expect(contents.historyTables.first?.rows == 2)
        #expect(contents.otherTables.map(\.name) == ["NOTES"])
        #expect(contents.rows(of: "Entry") == 25)
        #expect(
            contents.rowCounts.first { $0.entity == "Flag" }
                == EntityRowCount(entity: "Flag", number: 3, table: "ZENTRY", rows: 5, superNumber: 2)
        )
        #expect(contents.primaryKeys.last?.isHistory == true)
        #expect(!contents.rowCounts.contains { $0.entity == "TRANSACTION" })
        #expect(contents.metadata.unknownKeys == ["com.example.lastSync"])
        #expect(contents.metadata.plist["com.example.lastSync"] == .string("yesterday"))
        #expect(contents.metadata.frameworkVersion == 1048, "Foundation's writer kept the integer")
    }

    @Test("An entity Z_PRIMARYKEY records under an old name finds its table through the store's cached model")
    func renamedRootEntity() throws {
        // Core Data keeps a renamed entity's old name in Z_PRIMARYKEY; its table is named after the new one.
        let store = try JournalFixture.store(version: 1, entries: 7)
        try DatabaseQueue(path: store).write { db in
            try db.execute(sql: #"UPDATE "Z_PRIMARYKEY" SET "Z_NAME" = 'LegacyEntry' WHERE "Z_ENT" = 1"#)
        }
        let contents = try StoreReader.read(path: store)
        #expect(contents.rowCounts == [EntityRowCount(entity: "LegacyEntry", number: 1, table: "ZENTRY", rows: 7)])
        #expect(contents.otherTables.isEmpty)
        let page = try EntityRowPager(path: store, counts: contents.rowCounts).page(entity: "LegacyEntry", offset: 0, limit: 5)
        #expect(page.rows.count == 5)
    }
}
