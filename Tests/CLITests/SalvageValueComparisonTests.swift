import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

/// Issue 32: counts and `verify` passed two silent losses (a configuration's store salvaged as the whole model's,
/// two columns of one type swapped). The sweep (`Scripts/salvage_compare.py`) compares every salvaged row's
/// values column by column with what SQLite's `.recover` reads for the same row id, from its tables or, by the
/// intact store's layout, from its `lost_and_found`. A salvage whose values landed in the wrong columns fails it.
@Suite(
    "Salvage values against sqlite3 .recover", RecoverLibrary.required, InstalledTool.required("sqlite3"),
    InstalledTool.required("cc", package: "gcc"), DamageScript.required,
    .enabled(if: CLIRunner.isAvailable, "needs the built cdmigrate binary"))
struct SalvageValueComparisonTests {
    /// What the script's `--values` prints.
    struct Judgement: Decodable {
        var valuesCompared: Int
        var valuesDiffer: Int
        var valuesDifferFlagged: Int
        var valuesDifferSample: [String]
        var valuesNulled: Int
        var valuesNulledExplained: Bool
        var valuesRecoverUnlike: Int
    }

    @Test(
        "Two text columns swapped in the salvaged store are caught, with the schema read and with it lost",
        arguments: [false, true])
    func swappedColumns(schemaLost: Bool) throws {
        let intact = try JournalFixture.journal4(entries: 400)
        let damaged = try DamageScript.damage(intact, ["leaf", "--table", "ZENTRY", "--pages", "1", "--at", "50"]).output
        if schemaLost {
            // Page 1 zeroed past its header: SQLite finds no table, `.recover` puts every row in lost_and_found.
            let handle = try #require(FileHandle(forUpdatingAtPath: damaged))
            try handle.seek(toOffset: 100)
            try handle.write(contentsOf: Data(count: 4096 - 100))
            try handle.close()
        }
        let folder = try TemporaryDirectory.make()
        let output = folder.appendingPathComponent("Salvaged.sqlite").path
        let salvage = try CLIRunner.run(["salvage", damaged, "--model", CLIRunner.sampleModel, "--out", output, "--json"])
        #expect(salvage.status == 0, "\(salvage.stderr)")
        let report = folder.appendingPathComponent("report.json")
        try Data(salvage.stdout.utf8).write(to: report)

        let agreed = try Self.judge(damaged, output, intact, report.path)
        #expect(agreed.valuesCompared > 1000, "every row both read is compared")
        #expect(agreed.valuesDiffer == 0, "\(agreed.valuesDifferSample)")
        #expect(agreed.valuesNulledExplained)

        // What the tied column orders did on the lost-schema path: each row's title and text swapped, and
        // `verify` still passes (both are optional strings).
        let entries = try DatabaseQueue(path: output).write { db in
            try db.execute(sql: "UPDATE ZENTRY SET ZTITLE = ZTEXT, ZTEXT = ZTITLE")
            return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM ZENTRY") ?? 0
        }
        #expect(try CLIRunner.run(["verify", output, "--model", CLIRunner.sampleModel]).status == 0)
        let swapped = try Self.judge(damaged, output, intact, report.path)
        // Each entry read differs in two columns. With the schema lost, ZENTRY's rows fit several column orders
        // alike (Journal's text columns), and its index entries on the pages told them apart, as the report says:
        // the swap is no order it could not tell, so it is not counted as flagged.
        #expect(entries > 300, "\(salvage.stdout)")
        #expect(!schemaLost || salvage.stdout.contains("told apart by its index entries found on the pages"), "\(salvage.stdout)")
        #expect(swapped.valuesDiffer == 2 * entries, "\(swapped)")
        #expect(swapped.valuesDifferFlagged == 0, "\(swapped)")
        #expect(agreed.valuesDifferFlagged == 0, "\(agreed)")
        #expect(swapped.valuesDifferSample.contains { $0.hasPrefix("ZENTRY ") && $0.contains(" ZTEXT: 'Entry ") })
    }

    @Test("Values in columns the report says it could not tell apart are counted as flagged, not as differing")
    func flaggedColumnOrder() throws {
        // The sweep counts a table's differing values apart when the report flags its column order as untold
        // (`the first of them used`); since the index entries and the store's history tell Journal's and wire's
        // orders, no case here reached that path. A store created at V1 (`title`) and migrated in place to V2
        // (`note` appended, where a new store has it first): two text columns, no index, no other table, so
        // nothing tells the orders apart and the first, a new store's, reads each title as the note.
        let item = { (attributes: String) in
            #"<entity name="Item" representedClassName="Item" syncable="YES">"# + attributes + "</entity>"
        }
        let title = #"<attribute name="title" optional="YES" attributeType="String"/>"#
        let note = #"<attribute name="note" optional="YES" attributeType="String"/>"#
        let bundlePath = try InlineModel.write(
            name: "Items", versions: ["V1": item(title), "V2": item(title + note)], current: "V2")
        let version = try #require(try ModelLoader.load(path: bundlePath).versions.first { $0.name == "V2" })
        let folder = try TemporaryDirectory.make()
        let intact = folder.appendingPathComponent("Items.sqlite").path
        try StoreWriter(model: version).create(at: intact)
        try DatabaseQueue(path: intact).write { db in
            let entity = try Int.fetchOne(db, sql: "SELECT Z_ENT FROM Z_PRIMARYKEY WHERE Z_NAME = 'Item'") ?? 0
            try db.execute(
                sql: """
                    DROP TABLE ZITEM;
                    CREATE TABLE ZITEM ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZTITLE VARCHAR, ZNOTE VARCHAR );
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20)
                    INSERT INTO ZITEM SELECT i, ?, 1, 'title ' || i, 'note ' || i FROM n;
                    UPDATE Z_PRIMARYKEY SET Z_MAX = 20 WHERE Z_ENT = ?;
                    """, arguments: [entity, entity])
        }
        // The schema's page lost past the header: page 1 of this small store.
        let damaged = folder.appendingPathComponent("Damaged.sqlite").path
        try FileManager.default.copyItem(atPath: intact, toPath: damaged)
        let handle = try #require(FileHandle(forUpdatingAtPath: damaged))
        try handle.seek(toOffset: 100)
        try handle.write(contentsOf: Data(count: 4096 - 100))
        try handle.close()
        let output = folder.appendingPathComponent("Salvaged.sqlite").path
        let salvage = try CLIRunner.run(["salvage", damaged, "--model", bundlePath, "--out", output, "--json"])
        #expect(salvage.status == 0, "\(salvage.stderr)")
        #expect(salvage.stdout.contains("nothing on the pages tells them apart: the first of them used"), "\(salvage.stdout)")
        let report = folder.appendingPathComponent("report.json")
        try Data(salvage.stdout.utf8).write(to: report)
        let judged = try Self.judge(damaged, output, intact, report.path)
        // Each item's title and note, read in the other's column: flagged, none counted as differing unflagged.
        #expect(judged.valuesCompared >= 80)
        #expect(judged.valuesDifferFlagged == 40, "\(judged)")
        #expect(judged.valuesDiffer == 0, "\(judged.valuesDifferSample)")
    }

    @Test("A value after a zeroed overflow page of a store with a pointer map: salvage's is the stored one, not .recover's")
    func valueAfterZeroedOverflowPage() throws {
        // The wire sweep: with an overflow page of the self user's profile image zeroed, salvage wrote its five
        // 16-byte ids where `.recover` has zeros. Wire's stores keep a pointer map (auto_vacuum): SQLite finds the
        // chain's pages after the zeroed one by the map and reads the ids stored there, the intact store's bytes,
        // as Core Data would; `.recover` reads the chain page by page and takes zeros. So salvage is right, and
        // the comparison must not count it as salvage's difference.
        let (intact, damaged) = try JournalFixture.zeroedOverflowPage()
        let folder = try TemporaryDirectory.make()
        let output = folder.appendingPathComponent("Salvaged.sqlite").path
        let salvage = try CLIRunner.run(["salvage", damaged, "--model", CLIRunner.sampleModel, "--out", output, "--json"])
        #expect(salvage.status == 0, "\(salvage.stderr)")
        #expect(salvage.stdout.contains("1 rows read without the values on damaged pages"), "\(salvage.stdout)")
        // What SQLite reads past the zeroed page: the title as stored.
        let title = try DatabaseQueue(path: output).read {
            try String.fetchOne($0, sql: "SELECT ZTITLE FROM ZENTRY WHERE Z_PK = 1")
        }
        #expect(title == "Entry 1")
        let report = folder.appendingPathComponent("report.json")
        try Data(salvage.stdout.utf8).write(to: report)
        let judged = try Self.judge(damaged, output, intact, report.path)
        #expect(judged.valuesDiffer == 0, "\(judged.valuesDifferSample)")
        #expect(judged.valuesRecoverUnlike == 1, "\(judged)")
        #expect(judged.valuesNulledExplained)
    }

    @Test("A join table's rows salvage numbers anew are compared by their pair, not by their row id")
    func joinRowsRenumbered() throws {
        // The wire sweep: store2-4's Z_14TRUSTEDCLIENTS (2 values) and store2-5's Z_13IGNOREDCLIENTS (3) differed
        // from .recover's, matched by row id. A join row the app deleted left a gap in the row ids, and salvage
        // numbers the rows it writes anew (Core Data keys them by their pair): the pairs were the same.
        let entity = { (name: String, other: String, relationship: String, inverse: String) in
            #"<entity name="\#(name)" representedClassName="\#(name)" syncable="YES">"#
                + #"<attribute name="name" optional="YES" attributeType="String"/>"#
                + #"<relationship name="\#(relationship)" optional="YES" toMany="YES" deletionRule="Nullify" "#
                + #"destinationEntity="\#(other)" inverseName="\#(inverse)" inverseEntity="\#(other)"/></entity>"#
        }
        let modelPath = try InlineModel.write(
            name: "Blog", versions: ["V1": entity("Post", "Tag", "tags", "posts") + entity("Tag", "Post", "posts", "tags")])
        let model = try #require(try ModelLoader.load(path: modelPath).versions.first)
        let join = try #require(SchemaBuilder(model: model).build().joinTables.first)
        let intact = try TemporaryDirectory.make().appendingPathComponent("Blog.sqlite").path
        try StoreWriter(model: model).create(at: intact)
        try DatabaseQueue(path: intact).write { db in
            for (table, entity) in [("ZPOST", "Post"), ("ZTAG", "Tag")] {
                try db.execute(
                    sql: """
                        WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3)
                        INSERT INTO \(table) (Z_PK, Z_ENT, Z_OPT, ZNAME)
                        SELECT i, (SELECT Z_ENT FROM Z_PRIMARYKEY WHERE Z_NAME = ?), 1, ? || i FROM n;
                        UPDATE Z_PRIMARYKEY SET Z_MAX = 3 WHERE Z_NAME = ?;
                        """, arguments: [entity, entity, entity])
            }
            for (post, tag) in [(1, 1), (1, 2), (2, 2), (2, 3), (3, 1)] {
                try db.execute(
                    sql: "INSERT INTO \(join.name) (\(join.ownerColumn), \(join.targetColumn)) VALUES (?, ?)",
                    arguments: [post, tag])
            }
            try db.execute(sql: "DELETE FROM \(join.name) WHERE rowid = 2")
        }
        let folder = try TemporaryDirectory.make()
        let damaged = folder.appendingPathComponent("Damaged.sqlite").path
        try FileManager.default.copyItem(atPath: intact, toPath: damaged)
        let output = folder.appendingPathComponent("Salvaged.sqlite").path
        let salvage = try CLIRunner.run(["salvage", damaged, "--model", modelPath, "--out", output, "--json"])
        #expect(salvage.status == 0, "\(salvage.stderr)")
        let rowIDs = try DatabaseQueue(path: output).read {
            try Int.fetchAll($0, sql: "SELECT rowid FROM \(join.name) ORDER BY rowid")
        }
        #expect(rowIDs == [1, 2, 3, 4], "salvage numbers the join rows anew")
        let report = folder.appendingPathComponent("report.json")
        try Data(salvage.stdout.utf8).write(to: report)
        let judged = try Self.judge(damaged, output, intact, report.path)
        #expect(judged.valuesCompared > 20)
        #expect(judged.valuesDiffer == 0, "\(judged.valuesDifferSample)")
    }

    /// Runs the script's comparison of one salvage with `.recover` on the damaged store.
    static func judge(_ damaged: String, _ salvaged: String, _ intact: String, _ report: String) throws -> Judgement {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", Corpus.packageRoot.appendingPathComponent("Scripts/salvage_compare.py").path,
            "--recover-library", try #require(RecoverLibrary.path), "--values", damaged, salvaged, intact, report,
        ]
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let problems = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(problems)")
        return try JSONDecoder().decode(Judgement.self, from: data)
    }
}
