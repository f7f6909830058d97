import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

/// The wire sweep's outright failures with the schema lost (issue 32 item 2): wire's stores cut short where
/// `sqlite_master`'s pages, the metadata and the model cache sit, each failing as a whole before.
@Suite("Salvage with the schema lost: wire's stores cut short", Corpus.required)
struct LostSchemaWireTests {
    /// A copy of wire's `store` cut at `percent`% of its length, as `Scripts/damage_store.py truncate` cuts it
    /// (with `--whole-pages`, at the start of the page the cut falls in, when `wholePages`).
    static func cut(_ store: String, at percent: Int, wholePages: Bool = false) throws -> String {
        let copy = try Corpus.copyStore("wire/stores/\(store).wiredatabase")
        let handle = try #require(FileHandle(forUpdatingAtPath: copy))
        defer { try? handle.close() }
        let size = try handle.seekToEnd()
        let cut = size * UInt64(percent) / 100
        try handle.truncate(atOffset: wholePages ? cut - cut % 4096 : cut)
        return copy
    }

    /// Every value of `tables` the salvaged store at `output` holds that the intact `store` holds otherwise, by
    /// key and column name, as "TABLE key COLUMN"; and how many values were compared.
    static func misplaced(_ output: String, intact store: String, tables: [String]) throws -> (differing: [String], compared: Int)
    {
        let intact = try DatabaseQueue(path: try Corpus.copyStore("wire/stores/\(store).wiredatabase"))
        let salvaged = try DatabaseQueue(path: output)
        var differing: [String] = []
        var compared = 0
        for table in tables {
            let columns = try salvaged.read { db in try db.columns(in: table).map(\.name) }
            let query = "SELECT \(columns.map { "\"\($0)\"" }.joined(separator: ", ")) FROM \(table) ORDER BY Z_PK"
            let original = Dictionary(
                uniqueKeysWithValues: try intact.read { try Row.fetchAll($0, sql: query) }.map { ($0["Z_PK"] as Int64, $0) })
            for row in try salvaged.read({ try Row.fetchAll($0, sql: query) }) {
                let key: Int64 = row["Z_PK"]
                guard let before = original[key] else { continue }
                for column in columns {
                    compared += 1
                    if row[column] as DatabaseValue != before[column] as DatabaseValue {
                        differing.append("\(table) \(key) \(column)")
                    }
                }
            }
        }
        return (differing, compared)
    }

    static func salvage(_ store: String, version: String? = nil) throws -> (SalvageReport, String, MigrationProject) {
        let project = try MigrationProject(bundle: try RealAppStoreCase.wire[0].bundle())
        let output = try TemporaryDirectory.make().appendingPathComponent("Salvaged.sqlite").path
        return (try project.salvage(store: store, to: output, version: version), output, project)
    }

    @Test("store2-7 cut at 50%: join rows of several tables alike in width are not put in one (a UNIQUE failure before)")
    func joinRowsAlikeInWidth() throws {
        // Z_PRIMARYKEY survived, the metadata and model cache did not. The rows of its six join tables of two
        // columns fit each alike; a version with one such table took them all (and so won the version) and
        // inserting them failed on their repeated row ids, exit 10.
        let store = try Self.cut("store2-7", at: 50)
        let (report, output, project) = try Self.salvage(store)
        #expect(report.evidence == .rowLayout)
        #expect(
            report.notes.contains {
                $0.hasPrefix("the rows fit versions zmessaging2.5, zmessaging2.6, zmessaging2.7, zmessaging2.8 alike")
            })
        #expect(report.version == "zmessaging2.5")
        #expect(try project.verify(store: output).version == "zmessaging2.5")
        // The same objects as read at the version the store is at.
        let (given, _, _) = try Self.salvage(store, version: "zmessaging2.7")
        // 75: the self user too, its image past the cut (74 before it was kept without it).
        #expect(report.recovered == 75 && given.recovered == 75)
    }

    @Test("store2-54-0 cut at 77%: a schema cut short (no Z_PRIMARYKEY, no Z_METADATA) is read page by page")
    func schemaCutShort() throws {
        // The cut went through sqlite_master's last leaf page: the tables before it are listed, the
        // bookkeeping tables are not, and the store was refused as not Core Data (exit 12).
        let store = try Self.cut("store2-54-0", at: 77)
        let (report, output, project) = try Self.salvage(store)
        #expect(report.version == "zmessaging2.54.0" && report.evidence == .metadata)
        // Said as it is: the schema read, cut short, not unreadable.
        let note = try #require(report.notes.first { $0.contains("rows were read page by page") })
        #expect(
            note.hasPrefix(
                "the database schema is cut short (it lists 20 tables, 12 of them entity tables, but neither Z_PRIMARYKEY nor Z_METADATA: the pages holding the rest were lost): rows were read page by page"
            ), "\(note)")
        // Every object: the self user, whose image was past the cut, kept without it (98 before).
        #expect(report.recovered == 99)
        #expect(try project.verify(store: output).version == "zmessaging2.54.0")
    }

    @Test("store2-54-0 cut at 23%: versions the rows fit alike give the earliest, rows they read otherwise are left out")
    func versionsAlike() throws {
        // Only rows survive: versions 2.52.0 to 2.54.0 differ in ZCONVERSATION's columns alone, which its rows
        // fit under each, so which columns their values belong in cannot be told (refused, exit 9, before).
        let store = try Self.cut("store2-54-0", at: 23)
        let (report, output, project) = try Self.salvage(store)
        #expect(report.version == "zmessaging2.52.0" && report.evidence == .rowLayout)
        let note = try #require(report.notes.first { $0.hasPrefix("the rows fit versions") })
        #expect(note.contains("zmessaging2.52.0, zmessaging2.53.0, zmessaging2.54.0 alike"))
        #expect(note.contains("21 rows those versions would put in different tables or columns were left out (ZCONVERSATION 21)"))
        #expect(report.entities.first { $0.entity == "Conversation" }?.recovered == 0)
        #expect(try project.verify(store: output).version == "zmessaging2.52.0")
    }

    @Test("store2-54-0 cut at 50%: the index entries on the pages leave 2.53.0 and 2.54.0 of the versions the rows fit")
    func versionsNarrowedByIndexes() throws {
        // 2.52.0 keeps the draft as text among the strings, 2.53.0 as data among the blobs: its conversations'
        // names sit one column apart, and the entries of Z_Conversation_normalizedUserDefinedName say where.
        // 2.53.0 and 2.54.0 differ only in a renamed attribute (isSilenced, mutedStatus): nothing tells them apart,
        // and nothing needs to: a conversation holds the same values at both (its 21 were left out before).
        let store = try Self.cut("store2-54-0", at: 50)
        let (report, output, project) = try Self.salvage(store)
        #expect(report.version == "zmessaging2.53.0" && report.evidence == .rowLayout)
        let note = try #require(report.notes.first { $0.hasPrefix("the rows fit versions") })
        #expect(note.contains("as zmessaging2.53.0, zmessaging2.54.0 read them"), "\(note)")
        #expect(note.contains("Core Data migrates a store forward, never back"))
        #expect(!note.contains("left out"), "\(note)")
        #expect(report.entities.first { $0.entity == "Conversation" }?.recovered == 21)
        #expect(report.recovered == 99)
        #expect(try project.verify(store: output).version == "zmessaging2.53.0")
    }

    @Test("store2-100-0 with two schema pages zeroed: rows written before ALTER TABLE added columns are read")
    func rowsBeforeAddedColumns() throws {
        // ZCONVERSATION's four last columns were added by ALTER TABLE (2.85.0–2.98.0): its 21 rows keep
        // shorter records, which were taken for no table's (78 of 99 objects; .recover 99).
        let store = try Corpus.copyStore("wire/stores/store2-100-0.wiredatabase")
        // The pages `Scripts/damage_store.py … page --class schema --pages 2` zeroes: sqlite_master's leaves.
        let handle = try #require(FileHandle(forUpdatingAtPath: store))
        for page in [128, 137] {
            try handle.seek(toOffset: UInt64(page - 1) * 4096)
            try handle.write(contentsOf: Data(count: 4096))
        }
        try handle.close()
        let (report, output, project) = try Self.salvage(store)
        #expect(report.version == "zmessaging2.100.0")
        #expect(report.notes.contains { $0.contains("rows were read page by page") })
        #expect(report.entities.first { $0.entity == "Conversation" }?.recovered == 21)
        #expect(report.recovered == 99)
        #expect(try project.verify(store: output).version == "zmessaging2.100.0")
    }

    @Test(
        "Column orders told apart by the index entries on the pages: every value in its own column",
        arguments: [("store2-99-0", [128, 138], 0), ("store2-93-0", [128, 138], 0), ("store2-88-0", [], 91)])
    func ordersToldByIndexes(_ store: String, zeroed pages: [Int], cut percent: Int) throws {
        // Found by comparing salvage's values with .recover's: with the schema lost, wire's users and messages fit
        // a new store's column order as well as the order migrated in place, and were read in it: 106–180 values
        // of each store in other columns of the same type (a user's e-mail address as its name), the report
        // saying only that several orders fit. The pages are those `Scripts/damage_store.py … page --class
        // schema --pages 2` zeroes (sqlite_master's leaves), or the cut `truncate --percent` makes.
        let copy = percent > 0 ? try Self.cut(store, at: percent) : try Corpus.copyStore("wire/stores/\(store).wiredatabase")
        let handle = try #require(FileHandle(forUpdatingAtPath: copy))
        for page in pages {
            try handle.seek(toOffset: UInt64(page - 1) * 4096)
            try handle.write(contentsOf: Data(count: 4096))
        }
        try handle.close()
        let (report, output, _) = try Self.salvage(copy)
        #expect(report.notes.contains { $0.contains("told apart by its index entries found on the pages") })
        #expect(!report.notes.contains { $0.contains("the first of them used") })
        let intact = try DatabaseQueue(path: try Corpus.copyStore("wire/stores/\(store).wiredatabase"))
        let salvaged = try DatabaseQueue(path: output)
        for table in ["ZUSER", "ZMESSAGE", "ZCONVERSATION", "ZUSERCLIENT"] {
            let columns = try salvaged.read { db in try db.columns(in: table).map(\.name) }
            let query = "SELECT \(columns.map { "\"\($0)\"" }.joined(separator: ", ")) FROM \(table) ORDER BY Z_PK"
            let written = try salvaged.read { try Row.fetchAll($0, sql: query) }
            let original = Dictionary(
                uniqueKeysWithValues: try intact.read { try Row.fetchAll($0, sql: query) }.map { ($0["Z_PK"] as Int64, $0) })
            #expect(!written.isEmpty)
            for row in written {
                #expect(row == original[row["Z_PK"] as Int64], "\(table) \(row["Z_PK"] as Int64)")
            }
        }
    }

    @Test(
        "Tables laid out at different versions (renamed columns kept in place, a table rebuilt by a dropped column): every value in its own column",
        arguments: [
            ("store2-100-0", 23, false), ("store2-100-0", 37, false), ("store2-100-0", 50, false), ("store2-101-0", 63, false),
            ("store2-88-0", 50, true), ("store2-89-0", 50, true),
        ])
    func ordersOfTablesLaidOutAtDifferentVersions(_ store: String, cut percent: Int, wholePages: Bool) throws {
        // The sweep's last six pairs with values in other columns (264 values of 2.100.0's messages and users at
        // each cut, 180 of 2.101.0's, 106 of 2.88.0's and 2.89.0's users), flagged "nothing on the pages tells
        // them apart": the cuts took the schema and the index pages. The other tables' rows tell the store's
        // history, but the orders were worked out by column name: ZMESSAGE's Z10_QUOTE, named Z11_QUOTE from
        // 2.88.0 on, was taken for a column dropped and one appended, and 2.100.0 rebuilt ZUSERCLIENT in its own
        // order when it dropped ZLEGACYPUSHTOKEN. So no version the store was created at fitted every table.
        let copy = try Self.cut(store, at: percent, wholePages: wholePages)
        let (report, output, _) = try Self.salvage(copy)
        #expect(report.notes.contains { $0.contains("rows were read page by page") })
        #expect(!report.notes.contains { $0.contains("the first of them used") }, "\(report.notes)")
        let tables = ["ZUSER", "ZMESSAGE", "ZCONVERSATION", "ZUSERCLIENT", "ZGENERICMESSAGEDATA"]
        let (differing, compared) = try Self.misplaced(output, intact: store, tables: tables)
        #expect(compared > 2500)
        #expect(differing.isEmpty, "\(differing.count): \(differing.prefix(5))")
    }

    @Test("store1-24 with two schema pages zeroed: its metadata names no version, so it is refused as when intact")
    func noVersionOfTheModel() throws {
        // store1-24 is at a version wire's model lacks (an intact copy is refused, exit 9). With its schema lost,
        // its rows were read into the version they fit best: 12 of 180 objects, in another version's columns.
        let store = try Corpus.copyStore("wire/stores/store1-24.wiredatabase")
        let handle = try #require(FileHandle(forUpdatingAtPath: store))
        for page in [46, 47] {
            try handle.seek(toOffset: UInt64(page - 1) * 4096)
            try handle.write(contentsOf: Data(count: 4096))
        }
        try handle.close()
        let project = try MigrationProject(bundle: try RealAppStoreCase.wire[0].bundle())
        let output = try TemporaryDirectory.make().appendingPathComponent("Salvaged.sqlite").path
        let error = try #require(throws: SalvageError.self) { try project.salvage(store: store, to: output) }
        #expect(error.remedy == .giveStoreVersion)
        #expect(error.message.contains("the metadata found on its pages matches no version"))
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}
