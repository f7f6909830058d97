import Foundation
import GRDB

/// The record of which destination objects each mapping made from which source objects.
///
/// It lives in a table of the destination store being written, not in memory, so a step over millions of
/// rows stays within bounded memory; the step drops it (and the merge-key table) before it finishes.
///
/// A mapping that keeps every source object's `Z_PK` in its own entity (``deferIdentity(mapping:from:source:destination:)``)
/// associates each object with itself: its rows are written only when something reads the table
/// (``materialize()``), and a step that never reads them (the sample's split) never writes them.
final class AssociationTable {
    static let table: SQLFragment = "\(SQLIdentifier.main).\(SQLIdentifier("_CDMIGRATE_ASSOCIATION"))"
    static let mergeTable: SQLFragment = "\(SQLIdentifier.main).\(SQLIdentifier("_CDMIGRATE_MERGE"))"
    /// One batch of source rows a set-based merge keeps, with their keys and the objects they make.
    static let stageTable: SQLFragment = "\(SQLIdentifier.main).\(SQLIdentifier("_CDMIGRATE_STAGE"))"
    /// The first staged row of each merge key new in the batch (found by `INSERT OR IGNORE` in source order).
    static let firstTable: SQLFragment = "\(SQLIdentifier.main).\(SQLIdentifier("_CDMIGRATE_FIRST"))"

    let db: Database
    /// Inserts of identity associations not written yet.
    private var deferred: [SQLFragment] = []
    /// Where the rows ``materialize()`` writes are counted, when someone asked.
    var statistics: MappedStepStatistics?
    /// The destination entity numbers of the objects recorded for each mapping (a policy may make objects of
    /// any entity under its mapping).
    private(set) var recordedEntities: [Int: Set<Int>] = [:]

    /// Notes that `mapping`'s associations hold objects of entity number `entity` (set-based writers record
    /// rows in SQL and note them here).
    func noteRecorded(mapping: Int, entity: Int) {
        if recordedEntities[mapping]?.contains(entity) != true { recordedEntities[mapping, default: []].insert(entity) }
    }

    init(db: Database) {
        self.db = db
    }

    /// The index covers every column: lookups by source (stage 2's joins, a foreign key written with its row)
    /// then read no table row.
    func create() throws {
        try db.execute(
            """
            CREATE TABLE \(Self.table) ("mapping" INTEGER NOT NULL, "source" INTEGER NOT NULL,
              "destination" INTEGER NOT NULL, "destinationEntity" INTEGER NOT NULL);
            CREATE INDEX "main"."_CDMIGRATE_ASSOCIATION_SOURCE"
              ON "_CDMIGRATE_ASSOCIATION" ("mapping", "source", "destination", "destinationEntity");
            CREATE TABLE \(Self.mergeTable) ("mapping" INTEGER NOT NULL, "key" TEXT NOT NULL,
              "destination" INTEGER NOT NULL, "destinationEntity" INTEGER NOT NULL,
              PRIMARY KEY ("mapping", "key")) WITHOUT ROWID;
            CREATE TABLE \(Self.stageTable) ("source" INTEGER PRIMARY KEY, "key" TEXT, "destination" INTEGER);
            CREATE TABLE \(Self.firstTable) ("key" TEXT PRIMARY KEY, "source" INTEGER NOT NULL) WITHOUT ROWID;
            """)
    }

    func drop() throws {
        try db.execute(
            """
            DROP TABLE IF EXISTS \(Self.table); DROP TABLE IF EXISTS \(Self.mergeTable);
            DROP TABLE IF EXISTS \(Self.stageTable); DROP TABLE IF EXISTS \(Self.firstTable)
            """)
    }

    /// Records that `mapping` made, from each source row of entity number `source` in `table`, the object of
    /// entity number `destination` with the same `Z_PK`; written by ``materialize()``.
    func deferIdentity(mapping: Int, from table: SQLFragment, source: Int, destination: Int) {
        noteRecorded(mapping: mapping, entity: destination)
        deferred.append(
            """
            INSERT INTO \(Self.table) ("mapping", "source", "destination", "destinationEntity")
            SELECT \(value: mapping), s.Z_PK, s.Z_PK, \(value: destination) FROM \(table) s
            WHERE s.Z_ENT = \(value: source) ORDER BY s.Z_PK
            """)
    }

    /// Identity associations the row-by-row path recorded but has not written: `mapping` made, from each
    /// source row of entity number `source` in `table` with `Z_PK` in `low...high` (every such row, in
    /// order), the object of entity number `entity` with the same `Z_PK`.
    private var run: (mapping: Int, table: SQLFragment, source: Int, entity: Int, low: Int64, high: Int64)?

    /// Records that `mapping` made, from the source row `key` of entity number `source` in `table`, the object
    /// with the same key (a mapping reads one table, so its number and `source` name the table).
    /// `previous` is the key of the row of that entity read just before it (`nil` for none): a record
    /// following the run's last row extends the run, written by one statement when
    /// something reads the table (or another record of the mapping comes), so a mapping whose
    /// associations nothing reads never writes them.
    func recordIdentity(mapping: Int, table: SQLFragment, source: Int, key: Int64, entity: Int, previous: Int64?) throws {
        noteRecorded(mapping: mapping, entity: entity)
        if run?.mapping == mapping, run?.entity == entity, run?.source == source, let high = run?.high, previous == high {
            run?.high = key
            return
        }
        try writeRun()
        run = (mapping, table, source, entity, key, key)
    }

    private func writeRun() throws {
        guard let current = run else { return }
        run = nil
        try db.execute(
            """
            INSERT INTO \(Self.table) ("mapping", "source", "destination", "destinationEntity")
            SELECT \(value: current.mapping), s.Z_PK, s.Z_PK, \(value: current.entity) FROM \(current.table) s
            WHERE s.Z_ENT = \(value: current.source) AND s.Z_PK BETWEEN \(value: current.low) AND \(value: current.high)
            ORDER BY s.Z_PK
            """)
        statistics?.addIdentityAssociationRows(db.changesCount)
    }

    /// Writes the deferred identity associations; called before anything reads the table, outside any
    /// transaction that may be rolled back without failing the step (the rows would be lost).
    func materialize() throws {
        try writeRun()
        while let statement = deferred.first {
            try db.execute(statement)
            statistics?.addIdentityAssociationRows(db.changesCount)
            deferred.removeFirst()
        }
    }

    private static let recording: SQLFragment = "INSERT INTO \(table) VALUES (?, ?, ?, ?)"

    /// ``recording``, prepared once: it runs once per object on the row-by-row path.
    private var recorder: Statement?

    func record(mapping: Int, source: Int64, destination: Int64, entity: Int) throws {
        noteRecorded(mapping: mapping, entity: entity)
        // The mapping's rows stay in the order they were made.
        if run?.mapping == mapping { try writeRun() }
        let statement = try recorder ?? db.makeStatement(Self.recording)
        recorder = statement
        try statement.run(binding: [
            mapping.databaseValue, source.databaseValue, destination.databaseValue, entity.databaseValue,
        ])
    }

    /// `(destination Z_PK, destination Z_ENT)` made by `mapping` from the source object `source`.
    func destinations(mapping: Int, source: Int64) throws -> [(Int64, Int)] {
        try materialize()
        let statement = try db.cachedStatement(
            "SELECT \"destination\", \"destinationEntity\" FROM \(Self.table) WHERE \"mapping\" = ? AND \"source\" = ?")
        return try Row.fetchAll(statement, arguments: [mapping, source]).map { ($0[0], $0[1]) }
    }

    /// A batch of `(rowid, source, destination, destination Z_ENT)` made by `mapping`, after `rowid`.
    func batch(mapping: Int, after rowid: Int64, limit: Int) throws -> [(Int64, Int64, Int64, Int)] {
        try materialize()
        let statement = try db.cachedStatement(
            """
            SELECT rowid, "source", "destination", "destinationEntity" FROM \(Self.table)
            WHERE rowid > ? AND +"mapping" = ? ORDER BY rowid LIMIT ?
            """)
        // `+mapping` keeps SQLite on the rowid range instead of the (mapping, source) index, which would
        // re-sort every row of the mapping for each batch.
        return try Row.fetchAll(statement, arguments: [rowid, mapping, limit]).map { ($0[0], $0[1], $0[2], $0[3]) }
    }

    /// The object already made for a merge key, if any.
    func merged(mapping: Int, key: String) throws -> (Int64, Int)? {
        // The key's bytes, cast: a key holding a NUL must not match one that ends there (GRDB binds text with
        // a length of -1).
        let statement = try db.cachedStatement(
            """
            SELECT "destination", "destinationEntity" FROM \(Self.mergeTable) \
            WHERE "mapping" = ? AND "key" = CAST(? AS TEXT)
            """)
        return try Row.fetchOne(statement, arguments: [mapping, Data(key.utf8)]).map { ($0[0], $0[1]) }
    }

    func recordMerge(mapping: Int, key: String, destination: Int64, entity: Int) throws {
        try db.cachedStatement("INSERT INTO \(Self.mergeTable) VALUES (?, CAST(? AS TEXT), ?, ?)")
            .execute(arguments: [mapping, Data(key.utf8), destination, entity])
    }
}
