import Foundation
import GRDB
import JournalSample
import TestSupport
import Testing

@testable import MigrationEngine

/// Issue 32 item 2's first outright failure: a store whose `sqlite_master` pages are lost (coredataplus-books'
/// schema pages zeroed, exit 5). Its rows still sit on their leaf pages; salvage reads them page by page and
/// gives each to its table by what the model says, and the report says so.
@Suite("Salvage with the schema lost")
struct LostSchemaSalvageTests {
    /// A Journal 4 store of 300 entries and 20 authors whose schema page is lost: page 1 after its 100-byte
    /// header (the header stays, so only the schema is gone), after `prepare` has run on the intact store.
    static func store(_ prepare: (Database) throws -> Void = { _ in }) throws -> String {
        let store = try SalvageFixture.journal4(entries: 300, authors: 20)
        try DatabaseQueue(path: store).write(prepare)
        try loseSchema(store)
        return store
    }

    /// Zeroes page 1 after its header: the schema's only page in these small stores.
    static func loseSchema(_ store: String) throws {
        let handle = try #require(FileHandle(forUpdatingAtPath: store))
        defer { try? handle.close() }
        let header = try #require(try handle.read(upToCount: 100))
        let pageSize = Int(header[16]) << 8 | Int(header[17])
        try handle.write(contentsOf: Data(count: pageSize - 100))
    }

    @Test("A store migrated in place (a column appended): its rows are read in the order they fit, and said so")
    func appendedColumn() throws {
        // Journal 1 → 2 added `favorite`: a store migrated in place has ZFAVORITE last, where a store created at
        // Journal 2 has it among the integers; the row's text would otherwise land in ZCREATED.
        let store = try TemporaryDirectory.make().appendingPathComponent("Journal.sqlite").path
        try SampleStoreGenerator(model: SalvageFixture.version(2), entries: 40).write(to: store)
        let queue = try DatabaseQueue(path: store)
        let original = try queue.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE MOVED ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZMOOD INTEGER, \
                    ZCREATED TIMESTAMP, ZAUTHOR VARCHAR, ZBODY VARCHAR, ZTITLE VARCHAR, ZFAVORITE INTEGER );
                    INSERT INTO MOVED SELECT Z_PK, Z_ENT, Z_OPT, ZMOOD, ZCREATED, ZAUTHOR, ZBODY, ZTITLE, ZFAVORITE FROM ZENTRY;
                    DROP TABLE ZENTRY; ALTER TABLE MOVED RENAME TO ZENTRY;
                    """)
            return try Row.fetchAll(db, sql: "SELECT Z_PK, ZTITLE, ZAUTHOR, ZFAVORITE, ZCREATED FROM ZENTRY ORDER BY Z_PK")
        }
        try queue.close()
        try Self.loseSchema(store)
        let project = try MigrationProject(bundle: JournalFixture.bundle())
        let (report, output) = try Self.salvage(store, project: project)
        #expect(report.version == "Journal 2" && report.recovered == 40)
        #expect(report.notes.contains { $0.hasPrefix("ZENTRY: columns in the order of a store migrated in place (40 of 40") })
        let salvaged = try DatabaseQueue(path: output).read {
            try Row.fetchAll($0, sql: "SELECT Z_PK, ZTITLE, ZAUTHOR, ZFAVORITE, ZCREATED FROM ZENTRY ORDER BY Z_PK")
        }
        #expect(salvaged == original)
    }

    /// A store of `model` whose `ZITEM` is rebuilt with `columns` after its first three (as a store created at an
    /// earlier version and migrated in place has them), holding items 1 to `count` whose columns hold `values` (SQL
    /// of the item's number `i`), then `prepare` run and the schema page lost. Returns the store and its items
    /// as `select` reads them, before the damage.
    static func migratedItems(
        _ model: ObjectModel, columns: String, count: Int, values: String, select: String,
        prepare: (Database) throws -> Void = { _ in }
    ) throws -> (store: String, rows: [Row]) {
        let store = try TemporaryDirectory.make().appendingPathComponent("Items.sqlite").path
        try StoreWriter(model: model).create(at: store)
        let queue = try DatabaseQueue(path: store)
        let rows = try queue.write { db in
            let entity = try Int.fetchOne(db, sql: "SELECT Z_ENT FROM Z_PRIMARYKEY WHERE Z_NAME = 'Item'") ?? 0
            try db.execute(
                sql: """
                    DROP TABLE ZITEM;
                    CREATE TABLE ZITEM ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, \(columns) );
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(count))
                    INSERT INTO ZITEM SELECT i, ?, 1, \(values) FROM n;
                    UPDATE Z_PRIMARYKEY SET Z_MAX = \(count) WHERE Z_ENT = ?;
                    """, arguments: [entity, entity])
            try prepare(db)
            return try Row.fetchAll(db, sql: "SELECT \(select) FROM ZITEM ORDER BY Z_PK")
        }
        try queue.close()
        try loseSchema(store)
        return (store, rows)
    }

    static func salvage(_ store: String, project: MigrationProject) throws -> (SalvageReport, String) {
        let output = try TemporaryDirectory.make().appendingPathComponent("Salvaged.sqlite").path
        return (try project.salvage(store: store, to: output), output)
    }

    @Test("Two orders alike by SQL type (integer columns swapped): the attribute types decide, and the note says so")
    func tiedColumnOrders() throws {
        let item = { (added: String) in
            #"<entity name="Item" representedClassName="Item" syncable="YES">"#
                + #"<attribute name="count" optional="YES" attributeType="Integer 16" usesScalarValueType="YES"/>"#
                + added + "</entity>"
        }
        let bundle = try ModelLoader.load(
            path: try InlineModel.write(
                name: "Items",
                versions: [
                    "V1": item(""),
                    "V2": item(#"<attribute name="active" optional="YES" attributeType="Boolean" usesScalarValueType="YES"/>"#),
                ], current: "V2"))
        // Created at V1 and migrated in place: ZACTIVE appended after ZCOUNT, where a new store has it first.
        // Both are INTEGER, so every row fits either order by its SQL types.
        let (store, original) = try Self.migratedItems(
            try #require(bundle.versions.first { $0.name == "V2" }), columns: "ZCOUNT INTEGER, ZACTIVE INTEGER", count: 30,
            values: "i % 7, i % 2", select: "Z_PK, ZCOUNT, ZACTIVE")
        let (report, output) = try Self.salvage(store, project: MigrationProject(bundle: bundle))
        #expect(report.version == "V2" && report.recovered == 30)
        // A count of 2 to 6 is no Boolean: only the order of the store migrated in place holds every row's values.
        let note = try #require(report.notes.first { $0.hasPrefix("ZITEM: ") })
        #expect(note.contains("columns in the order of a store migrated in place"))
        #expect(
            note.contains(
                "2 column orders fit its rows' SQL types alike, told apart by the model's attribute types (30 of 30 rows hold values its attributes allow in that order, 9 in the next)"
            ))
        #expect(!note.contains("the first of them used"))
        let salvaged = try DatabaseQueue(path: output).read {
            try Row.fetchAll($0, sql: "SELECT Z_PK, ZCOUNT, ZACTIVE FROM ZITEM ORDER BY Z_PK")
        }
        #expect(salvaged == original)
    }

    /// An entity of optional attributes (name, type) as a model version's XML.
    static func entity(_ name: String, _ attributes: [(String, String)]) -> String {
        #"<entity name="\#(name)" representedClassName="\#(name)" syncable="YES">"#
            + attributes.map { #"<attribute name="\#($0.0)" optional="YES" attributeType="\#($0.1)"/>"# }.joined()
            + "</entity>"
    }

    @Test("Orders no value tells apart: the other tables' rows tell the store's history, and that decides")
    func tiedOrdersToldByTheStore() throws {
        // Found by comparing salvage's values with .recover's: wire 2.101.0 cut at 50% (schema lost) read its 24
        // messages in a new store's order, which they fit as well as the true one, and 12 values of each landed
        // in other columns; `verify` passed. Its ZGENERICMESSAGEDATA's rows fit one order only: migrated in place.
        let entity = Self.entity
        let bundle = try ModelLoader.load(
            path: try InlineModel.write(
                name: "Notes",
                versions: [
                    "V1": entity("Item", [("title", "String")]) + entity("Tag", [("name", "String")]),
                    "V2": entity("Item", [("title", "String"), ("note", "String")])
                        + entity("Tag", [("name", "String"), ("weight", "Integer 32")]),
                ], current: "V2"))
        let version = try #require(bundle.versions.first { $0.name == "V2" })
        let created = SchemaBuilder(model: version).build()
        // A new store puts the added integer first and `note` before `title`: in place, each was appended.
        #expect(
            created.tables.first { $0.name == "ZTAG" }?.columns.map(\.name) == ["Z_PK", "Z_ENT", "Z_OPT", "ZWEIGHT", "ZNAME"])
        #expect(
            created.tables.first { $0.name == "ZITEM" }?.columns.map(\.name) == ["Z_PK", "Z_ENT", "Z_OPT", "ZNOTE", "ZTITLE"])
        let store = try TemporaryDirectory.make().appendingPathComponent("Notes.sqlite").path
        try StoreWriter(model: version).create(at: store)
        let queue = try DatabaseQueue(path: store)
        let original = try queue.write { db in
            let number = { (name: String) in
                try Int.fetchOne(db, sql: "SELECT Z_ENT FROM Z_PRIMARYKEY WHERE Z_NAME = ?", arguments: [name]) ?? 0
            }
            try db.execute(
                sql: """
                    DROP TABLE ZITEM; DROP TABLE ZTAG;
                    CREATE TABLE ZITEM ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZTITLE VARCHAR, ZNOTE VARCHAR );
                    CREATE TABLE ZTAG ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZNAME VARCHAR, ZWEIGHT INTEGER );
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20)
                    INSERT INTO ZITEM SELECT i, ?, 1, 'title ' || i, 'note ' || i FROM n;
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5)
                    INSERT INTO ZTAG SELECT i, ?, 1, 'tag ' || i, i * 10 FROM n;
                    UPDATE Z_PRIMARYKEY SET Z_MAX = CASE Z_NAME WHEN 'Item' THEN 20 ELSE 5 END;
                    """, arguments: [number("Item"), number("Tag")])
            return try Row.fetchAll(db, sql: "SELECT Z_PK, ZTITLE, ZNOTE FROM ZITEM ORDER BY Z_PK")
        }
        try queue.close()
        try Self.loseSchema(store)
        let (report, output) = try Self.salvage(store, project: MigrationProject(bundle: bundle))
        #expect(report.version == "V2" && report.recovered == 25)
        let item = try #require(report.notes.first { $0.hasPrefix("ZITEM: ") })
        #expect(
            item
                == "ZITEM: columns in the order of a store migrated in place (20 of 20 rows fit it, 20 the order of a new store); 2 column orders fit its rows alike, told apart by the other tables' rows (the store's history)"
        )
        #expect(report.notes.contains { $0.hasPrefix("ZTAG: columns in the order of a store migrated in place (5 of 5") })
        let salvaged = try DatabaseQueue(path: output).read {
            try Row.fetchAll($0, sql: "SELECT Z_PK, ZTITLE, ZNOTE FROM ZITEM ORDER BY Z_PK")
        }
        #expect(salvaged == original)
    }

    @Test("Tables laid out at different versions: a renamed column keeps its place, a dropped one rebuilds the table")
    func tablesLaidOutAtDifferentVersions() throws {
        // Found by comparing salvage's values with .recover's: wire 2.100.0 and 2.101.0 cut short (schema and
        // index pages lost) read their messages and users in the wrong one of several orders, 180–264 values in
        // other columns: the orders were worked out by column name, so a column only renamed (ZMESSAGE's
        // Z10_QUOTE, Z11_QUOTE from 2.88.0 on) was taken for one dropped and one appended, and a table Core
        // Data rebuilt in its own order when a version dropped one of its columns (ZUSERCLIENT at 2.100.0) was
        // taken for one created at that version, so the store's tables told no one history.
        let entity = Self.entity
        let label = #"<attribute name="label" optional="YES" attributeType="String" elementID="name"/>"#
        let bundle = try ModelLoader.load(
            path: try InlineModel.write(
                name: "Notes",
                versions: [
                    "V1": entity("Item", [("title", "String"), ("old", "String")]) + entity("Tag", [("name", "String")]),
                    // Drops `old` (Core Data copies ZITEM into a table laid out as a new store's) and adds `body`.
                    "V2": entity("Item", [("title", "String"), ("body", "String")])
                        + entity("Tag", [("name", "String"), ("weight", "Integer 32")]),
                    // Appends `note`; renames `name` to `label`, which keeps its column's place.
                    "V3": entity("Item", [("title", "String"), ("body", "String"), ("note", "String")])
                        + #"<entity name="Tag" representedClassName="Tag" syncable="YES">"# + label
                        + #"<attribute name="weight" optional="YES" attributeType="Integer 32"/></entity>"#,
                ], current: "V3"))
        let version = try #require(bundle.versions.first { $0.name == "V3" })
        let created = SchemaBuilder(model: version).build()
        #expect(
            created.tables.first { $0.name == "ZITEM" }?.columns.map(\.name) == [
                "Z_PK", "Z_ENT", "Z_OPT", "ZBODY", "ZNOTE", "ZTITLE",
            ])
        #expect(
            created.tables.first { $0.name == "ZTAG" }?.columns.map(\.name) == ["Z_PK", "Z_ENT", "Z_OPT", "ZWEIGHT", "ZLABEL"])
        // A store created at V1 and migrated in place to V3: ZITEM as V2 laid it out with `note` appended, ZTAG
        // as V1 did with `weight` appended and its first column renamed.
        let store = try TemporaryDirectory.make().appendingPathComponent("Notes.sqlite").path
        try StoreWriter(model: version).create(at: store)
        let queue = try DatabaseQueue(path: store)
        let select = (
            item: "SELECT Z_PK, ZBODY, ZTITLE, ZNOTE FROM ZITEM ORDER BY Z_PK",
            tag: "SELECT Z_PK, ZLABEL, ZWEIGHT FROM ZTAG ORDER BY Z_PK"
        )
        let original = try queue.write { db in
            let number = { (name: String) in
                try Int.fetchOne(db, sql: "SELECT Z_ENT FROM Z_PRIMARYKEY WHERE Z_NAME = ?", arguments: [name]) ?? 0
            }
            try db.execute(
                sql: """
                    DROP TABLE ZITEM; DROP TABLE ZTAG;
                    CREATE TABLE ZITEM ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZBODY VARCHAR, ZTITLE VARCHAR, ZNOTE VARCHAR );
                    CREATE TABLE ZTAG ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZLABEL VARCHAR, ZWEIGHT INTEGER );
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20)
                    INSERT INTO ZITEM SELECT i, ?, 1, 'body ' || i, 'title ' || i, 'note ' || i FROM n;
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5)
                    INSERT INTO ZTAG SELECT i, ?, 1, 'tag ' || i, i * 10 FROM n;
                    UPDATE Z_PRIMARYKEY SET Z_MAX = CASE Z_NAME WHEN 'Item' THEN 20 ELSE 5 END;
                    """, arguments: [number("Item"), number("Tag")])
            return (try Row.fetchAll(db, sql: select.item), try Row.fetchAll(db, sql: select.tag))
        }
        try queue.close()
        try Self.loseSchema(store)
        let (report, output) = try Self.salvage(store, project: MigrationProject(bundle: bundle))
        #expect(report.version == "V3" && report.recovered == 25)
        // ZTAG's rows fit one order only (a text never sits in the INTEGER column): the store was created at V1.
        #expect(report.notes.contains { $0.hasPrefix("ZTAG: columns in the order of a store migrated in place (5 of 5") })
        let item = try #require(report.notes.first { $0.hasPrefix("ZITEM: ") })
        #expect(
            item.hasSuffix("2 column orders fit its rows alike, told apart by the other tables' rows (the store's history)"),
            "\(item)")
        let salvaged = try DatabaseQueue(path: output).read { db in
            (try Row.fetchAll(db, sql: select.item), try Row.fetchAll(db, sql: select.tag))
        }
        #expect(salvaged.0 == original.0)
        #expect(salvaged.1 == original.1)
    }

    /// A store of 20 items created at V1 (`title`, indexed) and migrated in place to V2 (`note` appended), where a
    /// new store has `note` first: both orders fit every row by SQL type and attribute type, and no other table
    /// tells the store's history. Its schema page lost, with the index on `title` (as the model declares it)
    /// when `indexed`. Returns the store, the bundle and the items as written.
    static func migratedTextColumns(indexed: Bool) throws -> (store: String, bundle: ModelBundle, rows: [Row]) {
        let title = #"<attribute name="title" optional="YES" attributeType="String" indexed="YES"/>"#
        let note = #"<attribute name="note" optional="YES" attributeType="String"/>"#
        let item = { (attributes: String) in
            #"<entity name="Item" representedClassName="Item" syncable="YES">"# + attributes + "</entity>"
        }
        let bundle = try ModelLoader.load(
            path: try InlineModel.write(name: "Items", versions: ["V1": item(title), "V2": item(title + note)], current: "V2"))
        let version = try #require(bundle.versions.first { $0.name == "V2" })
        let table = try #require(SchemaBuilder(model: version).build().tables.first { $0.name == "ZITEM" })
        #expect(table.columns.map(\.name) == ["Z_PK", "Z_ENT", "Z_OPT", "ZNOTE", "ZTITLE"])
        let (store, rows) = try Self.migratedItems(
            version, columns: "ZTITLE VARCHAR, ZNOTE VARCHAR", count: 20, values: "'title ' || i, 'note ' || i",
            select: "Z_PK, ZTITLE, ZNOTE"
        ) { db in
            for index in table.indexes where indexed && index.columns == ["ZTITLE"] {
                try db.execute(sql: index.createStatement)
            }
        }
        return (store, bundle, rows)
    }

    @Test("Orders nothing but an index tells apart: its entries on the pages say which column holds which values")
    func tiedOrdersToldByAnIndex() throws {
        // Found by comparing salvage's values with .recover's: wire 2.88.0 cut at 91% and 2.93.0–2.99.0 with their
        // schema pages zeroed read ZUSER and ZMESSAGE in a new store's order (106–180 values in other columns of
        // the same type), the report saying only that several orders fit. Their indexes' entries still sat on
        // their pages, each a column's value beside the row id.
        let (store, bundle, original) = try Self.migratedTextColumns(indexed: true)
        let (report, output) = try Self.salvage(store, project: MigrationProject(bundle: bundle))
        #expect(report.version == "V2" && report.recovered == 20)
        let note = try #require(report.notes.first { $0.hasPrefix("ZITEM: ") })
        #expect(
            note
                == "ZITEM: columns in the order of a store migrated in place (20 of 20 rows fit it, 20 the order of a new store); 2 column orders fit its rows alike, told apart by its index entries found on the pages (20 agree with its rows in that order, 0 in the next)"
        )
        let salvaged = try DatabaseQueue(path: output).read {
            try Row.fetchAll($0, sql: "SELECT Z_PK, ZTITLE, ZNOTE FROM ZITEM ORDER BY Z_PK")
        }
        #expect(salvaged == original)
    }

    @Test("Orders nothing on the pages tells apart: the note names the columns whose values may be in the wrong one")
    func tiedOrdersUntold() throws {
        // Wire 2.100.0 cut at 23% keeps its users and messages but none of their indexes' pages: nothing tells
        // its orders apart, and the note said only that several fit, not which values may be misplaced.
        let (store, bundle, _) = try Self.migratedTextColumns(indexed: false)
        let (report, _) = try Self.salvage(store, project: MigrationProject(bundle: bundle))
        #expect(report.recovered == 20)
        let note = try #require(report.notes.first { $0.hasPrefix("ZITEM: ") })
        #expect(
            note.hasSuffix(
                "2 column orders fit its rows alike and nothing on the pages tells them apart: the first of them used, so 40 values of 20 rows may be in the wrong one of these columns: ZNOTE, ZTITLE"
            ))
    }

    @Test("With the model: every row is placed in its table, the version comes from the metadata found on a page")
    func withModel() throws {
        let store = try Self.store()
        // The damage is real: every other command stops at the schema.
        #expect(throws: (any Error).self) {
            try DatabaseQueue(path: store).read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM ZENTRY") }
        }
        let project = try MigrationProject(bundle: JournalFixture.bundle())
        let (report, output) = try Self.salvage(store, project: project)
        #expect(report.version == "Journal 4" && report.evidence == .metadata)
        #expect(report.recovered == 320)
        #expect(try project.verify(store: output).version == "Journal 4")
        let note = try #require(report.notes.first)
        #expect(note.hasPrefix("the database schema is unreadable: rows were read page by page"))
        #expect(note.contains("320 rows placed"))
        try SalvageDamageSweepTests.expectExact(report, output)
        // The keys and values are the store's: entry 77 keeps its title and author.
        let row = try DatabaseQueue(path: output).read {
            try Row.fetchOne($0, sql: "SELECT ZTITLE, ZAUTHOR FROM ZENTRY WHERE Z_PK = 77")
        }
        #expect(row?["ZTITLE"] == "Entry 77" && row?["ZAUTHOR"] == 18)
    }

    @Test("A WAL store whose schema page is lost in the file: the pages its -wal holds are read in place of the file's")
    func withLog() throws {
        let store = try SalvageFixture.walStore { path in
            try FileManager.default.copyItem(atPath: try SalvageFixture.journal4(entries: 300, authors: 20), toPath: path)
        } late: { db in
            // Values of the same length: the pages change in place, the file does not grow, and page 1 (the
            // schema's) is not written to the log, so SQLite finds no schema in the file or the log.
            try db.execute(
                sql: """
                    UPDATE ZENTRY SET ZTITLE = 'Later' || substr(ZTITLE, 6) WHERE Z_PK <= 60;
                    UPDATE ZAUTHOR SET ZNAME = 'Writer' || substr(ZNAME, 7);
                    """)
        }
        try #require(try !SalvageFixture.logPages(store + "-wal").contains(1))
        try Self.loseSchema(store)
        let project = try MigrationProject(bundle: JournalFixture.bundle())
        let (report, output) = try Self.salvage(store, project: project)
        #expect(report.version == "Journal 4" && report.recovered == 320)
        #expect(try project.verify(store: output).version == "Journal 4")
        #expect(report.notes.first?.hasPrefix("the -wal was applied although the database it gives is damaged") == true)
        #expect(report.notes.contains { $0.hasPrefix("the database schema is unreadable: rows were read page by page") })
        #expect(report.notes.contains { $0.hasPrefix("the -wal's ") && $0.contains("laid over the file's pages") })
        #expect(!report.notes.contains { $0.contains("not read with the pages") })
        try SalvageDamageSweepTests.expectExact(report, output)
        // The log's changes are the store's: the file's older copies of those pages are not read.
        let (titles, names) = try DatabaseQueue(path: output).read { db in
            (
                try String.fetchAll(db, sql: "SELECT ZTITLE FROM ZENTRY ORDER BY Z_PK"),
                try String.fetchAll(db, sql: "SELECT ZNAME FROM ZAUTHOR ORDER BY Z_PK")
            )
        }
        #expect(titles == (1...300).map { $0 <= 60 ? "Later \($0)" : "Entry \($0)" })
        #expect(names == (1...20).map { "Writer \($0)" })
    }

    @Test("History and an app's table whose schema rows survive on a page: carried with their rows and key counters")
    func foreignTables() throws {
        let store = try SalvageFixture.journal4(entries: 300, authors: 20)
        let queue = try DatabaseQueue(path: store)
        // The schema outgrows page 1 (an interior page then) before the tables outside the model are added, so
        // their rows of it sit on another leaf than the model's tables'.
        var padding = 0
        while try Self.schemaRootIsLeaf(store), padding < 100 {
            try queue.write { db in
                try db.execute(
                    sql: "CREATE INDEX ZENTRY_PADDING_\(padding)_OF_A_SCHEMA_THAT_SPANS_PAGES ON ZENTRY (ZTITLE, ZCREATED)")
            }
            padding += 1
        }
        try queue.write { db in
            let entry = try Int.fetchOne(db, sql: "SELECT Z_ENT FROM Z_PRIMARYKEY WHERE Z_NAME = 'Entry'") ?? 0
            try db.execute(
                sql: """
                    CREATE TABLE ATRANSACTION ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZTIMESTAMP TIMESTAMP, \
                    ZAUTHOR VARCHAR, ZCONTEXTNAME VARCHAR );
                    CREATE TABLE ACHANGE ( Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZCHANGETYPE INTEGER, \
                    ZENTITY INTEGER, ZENTITYPK INTEGER, ZTRANSACTIONID INTEGER, ZCOLUMNS BLOB );
                    CREATE TABLE log (id INTEGER PRIMARY KEY, message TEXT);
                    INSERT INTO Z_PRIMARYKEY (Z_ENT, Z_NAME, Z_SUPER, Z_MAX) VALUES (16001, 'ACHANGE', 0, 40), (16002, 'ATRANSACTION', 0, 10);
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10)
                    INSERT INTO ATRANSACTION SELECT i, 16002, 1, 700000000 + i, 'app', 'save ' || i FROM n;
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 40)
                    INSERT INTO ACHANGE SELECT i, 16001, 1, 1, ?, i, (i - 1) / 4 + 1, x'0102' FROM n;
                    INSERT INTO log VALUES (1, 'first'), (5, 'second');
                    """, arguments: [entry])
        }
        try queue.close()
        let history = ["ATRANSACTION", "ACHANGE", "log"]
        let original = try history.map { try SalvageForeignTablesTests.rows(store, "SELECT * FROM \($0) ORDER BY rowid") }
        let counters = "SELECT * FROM Z_PRIMARYKEY WHERE Z_ENT >= 16000 ORDER BY Z_ENT"
        let originalCounters = try SalvageForeignTablesTests.rows(store, counters)
        // The leaf of the schema holding the model's tables' rows is lost; the one holding the others' is not.
        var pages: [String: Int] = [:]
        try #require(LoosePageScan(path: store)).forEachRecord { page, _, values in
            if values.count == 5, String.fromDatabaseValue(values[0]) == "table", let name = String.fromDatabaseValue(values[1]) {
                pages[name] = page
            }
        }
        let lost = try #require(pages["ZENTRY"])
        try #require(lost != 1 && history.allSatisfy { pages[$0] != nil && pages[$0] != lost })
        try WALCeilingTests.zero(store, page: lost)

        let project = try MigrationProject(bundle: JournalFixture.bundle())
        let (report, output) = try Self.salvage(store, project: project)
        #expect(report.version == "Journal 4" && report.recovered == 320)
        #expect(try project.verify(store: output).version == "Journal 4")
        #expect(report.notes.first?.hasPrefix("the database schema is unreadable: rows were read page by page") == true)
        #expect(
            report.notes.contains {
                $0.hasPrefix("tables outside the model found by their row of the schema on a page")
                    && $0.contains("ACHANGE (40 rows), ATRANSACTION (10 rows), log (2 rows)")
            })
        #expect(report.notes.contains("tables outside the model carried over: ACHANGE, ATRANSACTION, log"))
        try SalvageDamageSweepTests.expectExact(report, output)
        #expect(try history.map { try SalvageForeignTablesTests.rows(output, "SELECT * FROM \($0) ORDER BY rowid") } == original)
        #expect(try SalvageForeignTablesTests.rows(output, counters) == originalCounters)
        #expect(report.tables.first { $0.table == "ACHANGE" }?.read == 40)
    }

    /// Whether the schema's root, page 1, is still a leaf (the whole schema on it).
    static func schemaRootIsLeaf(_ store: String) throws -> Bool {
        let handle = try #require(FileHandle(forReadingAtPath: store))
        defer { try? handle.close() }
        try handle.seek(toOffset: 100)
        return try handle.read(upToCount: 1)?.first == 13
    }

    @Test("Without a model: the model cache found on the pages tells the rows apart")
    func withCachedModel() throws {
        let store = try Self.store()
        let project = try MigrationProject(modelPath: nil, settings: PlanningSettings())
        let (report, output) = try Self.salvage(store, project: project)
        #expect(report.evidence == .modelCache && report.recovered == 320)
        #expect(try MigrationProject(bundle: JournalFixture.bundle()).verify(store: output).version == "Journal 4")
    }

    @Test("Versions the rows fit alike, the metadata lost: the index entries on the pages tell them apart")
    func versionsToldByIndexes() throws {
        // Wire 2.54.0 cut at 50% (schema, metadata and model cache lost): its rows fit 2.52.0–2.54.0 alike, and the
        // earliest was used, with 21 conversations left out, though the entries of its conversations' indexes,
        // still on their pages, agree with the rows only as 2.53.0 and 2.54.0 read them.
        let title = #"<attribute name="title" optional="YES" attributeType="String" indexed="YES"/>"#
        let item = { (other: String) in
            #"<entity name="Item" representedClassName="Item" syncable="YES">"# + title
                + #"<attribute name="\#(other)" optional="YES" attributeType="String"/>"# + "</entity>"
        }
        // V1 lays out ZALPHA, ZTITLE; V2 ZTITLE, ZZETA: a row of two texts fits either.
        let bundle = try ModelLoader.load(
            path: try InlineModel.write(name: "Items", versions: ["V1": item("alpha"), "V2": item("zeta")], current: "V2"))
        let store = try TemporaryDirectory.make().appendingPathComponent("Items.sqlite").path
        try StoreWriter(model: try #require(bundle.versions.first { $0.name == "V2" })).create(at: store)
        let queue = try DatabaseQueue(path: store)
        let original = try queue.write { db in
            let entity = try Int.fetchOne(db, sql: "SELECT Z_ENT FROM Z_PRIMARYKEY WHERE Z_NAME = 'Item'") ?? 0
            try db.execute(
                sql: """
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20)
                    INSERT INTO ZITEM (Z_PK, Z_ENT, Z_OPT, ZTITLE, ZZETA) SELECT i, ?, 1, 'title ' || i, 'zeta ' || i FROM n;
                    UPDATE Z_PRIMARYKEY SET Z_MAX = 20 WHERE Z_ENT = ?;
                    DELETE FROM Z_METADATA; DELETE FROM Z_MODELCACHE;
                    """, arguments: [entity, entity])
            return try Row.fetchAll(db, sql: "SELECT Z_PK, ZTITLE, ZZETA FROM ZITEM ORDER BY Z_PK")
        }
        try queue.close()
        try Self.loseSchema(store)
        let (report, output) = try Self.salvage(store, project: MigrationProject(bundle: bundle))
        #expect(report.version == "V2" && report.evidence == .rowLayout)
        #expect(report.recovered == 20)
        #expect(
            report.notes.contains(
                "the rows fit versions V1, V2 alike; the index entries found on the pages agree with 20 of the rows as V2 read them, at most 0 as another does: the new store is at V2"
            ), "\(report.notes)")
        let salvaged = try DatabaseQueue(path: output).read {
            try Row.fetchAll($0, sql: "SELECT Z_PK, ZTITLE, ZZETA FROM ZITEM ORDER BY Z_PK")
        }
        #expect(salvaged == original)
    }

    @Test("Versions the rows fit alike that differ by a renamed attribute: a row means the same at each, and is kept")
    func versionsAlikeButARename() throws {
        // Wire 2.54.0 cut at 50%: its rows fit 2.53.0 and 2.54.0 alike, which differ only in 2.54.0's
        // `mutedStatus`, renamed from `isSilenced` through its renaming identifier, and its 21 conversations
        // were left out as rows the versions would put in different columns.
        let item = { (flag: String) in
            #"<entity name="Item" representedClassName="Item" syncable="YES">"# + flag
                + #"<attribute name="title" optional="YES" attributeType="String"/></entity>"#
        }
        let bundle = try ModelLoader.load(
            path: try InlineModel.write(
                name: "Items",
                versions: [
                    "V1": item(#"<attribute name="flag" optional="YES" attributeType="Boolean" usesScalarValueType="YES"/>"#),
                    "V2": item(
                        #"<attribute name="muted" optional="YES" attributeType="Integer 32" usesScalarValueType="YES" elementID="flag"/>"#
                    ),
                ], current: "V2"))
        // V1 lays out ZFLAG, ZTITLE; V2 ZMUTED, ZTITLE: the same place, the same values.
        let store = try TemporaryDirectory.make().appendingPathComponent("Items.sqlite").path
        try StoreWriter(model: try #require(bundle.versions.first { $0.name == "V2" })).create(at: store)
        let queue = try DatabaseQueue(path: store)
        let original = try queue.write { db in
            let entity = try Int.fetchOne(db, sql: "SELECT Z_ENT FROM Z_PRIMARYKEY WHERE Z_NAME = 'Item'") ?? 0
            try db.execute(
                sql: """
                    WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 20)
                    INSERT INTO ZITEM (Z_PK, Z_ENT, Z_OPT, ZMUTED, ZTITLE) SELECT i, ?, 1, i % 2, 'title ' || i FROM n;
                    UPDATE Z_PRIMARYKEY SET Z_MAX = 20 WHERE Z_ENT = ?;
                    DELETE FROM Z_METADATA; DELETE FROM Z_MODELCACHE;
                    """, arguments: [entity, entity])
            return try Row.fetchAll(db, sql: "SELECT Z_PK, ZMUTED, ZTITLE FROM ZITEM ORDER BY Z_PK")
        }
        try queue.close()
        try Self.loseSchema(store)
        let (report, output) = try Self.salvage(store, project: MigrationProject(bundle: bundle))
        // The earliest, as for any versions the rows fit alike; no row is left out.
        #expect(report.version == "V1" && report.evidence == .rowLayout)
        #expect(report.recovered == 20)
        let note = try #require(report.notes.first { $0.hasPrefix("the rows fit versions V1, V2 alike") })
        #expect(!note.contains("left out"), "\(note)")
        let salvaged = try DatabaseQueue(path: output).read {
            try Row.fetchAll($0, sql: "SELECT Z_PK, ZFLAG, ZTITLE FROM ZITEM ORDER BY Z_PK")
        }
        #expect(salvaged.map { Array($0.databaseValues) } == original.map { Array($0.databaseValues) })
    }

    @Test("Metadata and model cache lost too: the version whose tables the rows fill, said as such")
    func byRowLayout() throws {
        let store = try Self.store { db in
            try db.execute(sql: "DELETE FROM Z_METADATA; DELETE FROM Z_MODELCACHE")
        }
        let project = try MigrationProject(bundle: JournalFixture.bundle())
        let (report, output) = try Self.salvage(store, project: project)
        #expect(report.version == "Journal 4" && report.evidence == .rowLayout)
        #expect(report.recovered == 320)
        #expect(report.notes.contains("no Z_METADATA row was found on the pages"))
        #expect(try project.verify(store: output).version == "Journal 4")
    }

    @Test("No model and no model cache: refused, saying what is missing and what to give")
    func nothingToTellRowsApart() throws {
        let store = try Self.store { try $0.execute(sql: "DELETE FROM Z_MODELCACHE") }
        let project = try MigrationProject(modelPath: nil, settings: PlanningSettings())
        let output = try TemporaryDirectory.make().appendingPathComponent("Salvaged.sqlite").path
        let error = try #require(throws: SalvageError.self) { try project.salvage(store: store, to: output) }
        #expect(error.remedy == .giveModel)
        #expect(error.message.contains("no readable copy of the store's model cache"))
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}
