import Foundation
import GRDB

/// The record of which destination objects each mapping made from which source objects.
///
/// It lives in a table of the destination store being written, not in memory, so a step over millions of
/// rows stays within bounded memory; the step drops it (and the merge-key table) before it finishes.
///
/// A mapping that keeps every source object's `Z_PK` in its own entity (``deferIdentity(mapping:from:source:destination:)``)
/// associates each object with itself, and a set-based merge (``deferMerge(_:)``) associates each row it kept
/// with its key's object: their rows are written only when something reads the table (``materialize()``), and a
/// step that never reads them (the sample's split) never writes them.
final class AssociationTable {
    static let table: SQLFragment = "\(SQLIdentifier.main).\(SQLIdentifier("_CDMIGRATE_ASSOCIATION"))"
    static let mergeTable: SQLFragment = "\(SQLIdentifier.main).\(SQLIdentifier("_CDMIGRATE_MERGE"))"
    /// The source rows a set-based merge kept (its filter's), in source order, with their merge keys: what
    /// its associations are found from (``deferMerge(_:)``) when its filter or key may give another value if
    /// evaluated again (``Recomputed``).
    static let keptTable: SQLFragment = "\(SQLIdentifier.main).\(SQLIdentifier("_CDMIGRATE_KEPT"))"
    /// The source rows from which a set-based merge made objects, with their keys and objects: each key's
    /// first row (its unique key keeps it when rows go in in source order with `INSERT OR IGNORE`) and every
    /// row without a key (`NULL`s never clash).
    static let madeTable: SQLFragment = "\(SQLIdentifier.main).\(SQLIdentifier("_CDMIGRATE_MADE"))"

    let db: Database
    /// Inserts of identity and merge associations not written yet.
    private var deferred: [(mapping: MappingNumber, insert: SQLFragment, merge: Bool)] = []
    /// Where the rows ``materialize()`` writes are counted, when someone asked.
    var statistics: MappedStepStatistics?
    /// The destination entity numbers of the objects recorded for each mapping (a policy may make objects of
    /// any entity under its mapping).
    private(set) var recordedEntities: [MappingNumber: Set<EntityNumber>] = [:]

    /// Notes that `mapping`'s associations hold objects of entity number `entity` (set-based writers record
    /// rows in SQL and note them here).
    func noteRecorded(mapping: MappingNumber, entity: EntityNumber) {
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
            CREATE TABLE \(Self.madeTable) ("mapping" INTEGER NOT NULL, "source" INTEGER NOT NULL, "key" TEXT,
              "destination" INTEGER, PRIMARY KEY ("mapping", "source"), UNIQUE ("mapping", "key")) WITHOUT ROWID;
            CREATE TABLE \(Self.keptTable) ("mapping" INTEGER NOT NULL, "source" INTEGER NOT NULL, "key" TEXT,
              PRIMARY KEY ("mapping", "source")) WITHOUT ROWID;
            """)
    }

    func drop() throws {
        try db.execute(
            """
            DROP TABLE IF EXISTS \(Self.table); DROP TABLE IF EXISTS \(Self.mergeTable);
            DROP TABLE IF EXISTS \(Self.madeTable); DROP TABLE IF EXISTS \(Self.keptTable)
            """)
    }

    /// Records that `mapping` made, from each source row of entity number `source` in `table`, the object of
    /// entity number `destination` with the same `Z_PK`; written by ``materialize()``.
    func deferIdentity(mapping: MappingNumber, from table: SQLFragment, source: EntityNumber, destination: EntityNumber) {
        noteRecorded(mapping: mapping, entity: destination)
        deferred.append(
            (
                mapping,
                """
                INSERT INTO \(Self.table) ("mapping", "source", "destination", "destinationEntity")
                SELECT \(value: mapping), s.Z_PK, s.Z_PK, \(value: destination) FROM \(table) s
                WHERE s.Z_ENT = \(value: source) ORDER BY s.Z_PK
                """, false
            ))
    }

    /// A set-based merge whose associations are found from what it kept rather than written: each source
    /// row its filter kept (``keptTable``, with its key) is associated with the object made for its key (the
    /// merge table's) or, without key, with the object made from it (``madeTable``'s).
    struct MergeLookup {
        var mapping: MappingNumber
        /// The entity number of the objects made.
        var entity: EntityNumber
        /// For a merge whose filter and key give the same values when evaluated again (see
        /// `Expression.isRepeatable(with:)`), how to evaluate them again over a source row `s`: its kept rows
        /// are then not recorded (``keptTable``), and each row's object is found from its key, computed anew.
        var recomputed: Recomputed?
    }

    /// The source rows a set-based merge reads and its compiled filter and key, over the source row `s`.
    struct Recomputed {
        /// The source table.
        var table: SQLFragment
        /// The entity number of the source rows the merge reads.
        var sourceEntity: EntityNumber
        /// `1` for the rows the filter keeps; `nil` without a filter.
        var filter: SQLFragment?
        /// The merge key, `NULL` for a row without one.
        var key: SQLFragment

        /// True for the source rows `s` the merge kept: of its entity, and its filter's.
        var kept: SQLFragment {
            let entity: SQLFragment = "s.Z_ENT = \(value: sourceEntity)"
            return filter.map { "\(entity) AND \($0)" } ?? entity
        }
    }

    /// The set-based merges recorded by ``deferMerge(_:)``, by mapping number.
    private(set) var merges: [MappingNumber: MergeLookup] = [:]

    /// Records `merge`'s associations without writing them; written by ``materialize()``.
    func deferMerge(_ merge: MergeLookup) {
        noteRecorded(mapping: merge.mapping, entity: merge.entity)
        merges[merge.mapping] = merge
        let insert: SQLFragment = """
            INSERT INTO \(Self.table) ("mapping", "source", "destination", "destinationEntity")
            """
        if let again = merge.recomputed {
            deferred.append(
                (
                    merge.mapping,
                    """
                    \(insert) SELECT \(value: merge.mapping), s.Z_PK, \(made(by: merge, source: "s.Z_PK", key: again.key)),
                      \(value: merge.entity) FROM \(again.table) s WHERE \(again.kept) ORDER BY s.Z_PK
                    """, true
                ))
            return
        }
        deferred.append(
            (
                merge.mapping,
                """
                \(insert) SELECT \(value: merge.mapping), k."source", \(made(by: merge, source: #"k."source""#, key: #"k."key""#)),
                  \(value: merge.entity) FROM \(Self.keptTable) k WHERE k."mapping" = \(value: merge.mapping) ORDER BY k."source"
                """, true
            ))
    }

    /// SQL giving the object `merge` made for the kept source row `source` whose key is `key`: its key's
    /// object, or (no key) its own.
    private func made(by merge: MergeLookup, source: SQLFragment, key: SQLFragment) -> SQLFragment {
        """
        COALESCE(
          (SELECT g."destination" FROM \(Self.mergeTable) g WHERE g."mapping" = \(value: merge.mapping) AND g."key" = (\(key))),
          (SELECT m."destination" FROM \(Self.madeTable) m WHERE m."mapping" = \(value: merge.mapping) AND m."source" = \(source)
            AND m."key" IS NULL))
        """
    }

    /// SQL giving the object `merge` made from any source row `s` of its table, `NULL` for a row it did not
    /// keep.
    func lookup(_ merge: MergeLookup) -> SQLFragment {
        if let again = merge.recomputed {
            return """
                (CASE WHEN \(again.kept) THEN \(made(by: merge, source: "s.Z_PK", key: again.key)) END)
                """
        }
        return """
            (SELECT \(made(by: merge, source: #"k."source""#, key: #"k."key""#)) FROM \(Self.keptTable) k
              WHERE k."mapping" = \(value: merge.mapping) AND k."source" = s.Z_PK)
            """
    }

    /// Identity associations the row-by-row path recorded but has not written: `mapping` made, from each
    /// source row of entity number `source` in `table` with `Z_PK` in `low...high` (every such row, in
    /// order), the object of entity number `entity` with the same `Z_PK`.
    private var run:
        (mapping: MappingNumber, table: SQLFragment, source: EntityNumber, entity: EntityNumber, low: Int64, high: Int64)?

    /// Records that `mapping` made, from the source row `key` of entity number `source` in `table`, the object
    /// with the same key (a mapping reads one table, so its number and `source` name the table).
    /// `previous` is the key of the row of that entity read just before it (`nil` for none): a record
    /// following the run's last row extends the run, written by one statement when
    /// something reads the table (or another record of the mapping comes), so a mapping whose
    /// associations nothing reads never writes them.
    func recordIdentity(
        mapping: MappingNumber, table: SQLFragment, source: EntityNumber, key: Int64, entity: EntityNumber, previous: Int64?
    ) throws {
        // A run is extended per object: its mapping and entity were noted when it began.
        if run?.mapping == mapping, run?.entity == entity, run?.source == source, let high = run?.high, previous == high {
            run?.high = key
            return
        }
        noteRecorded(mapping: mapping, entity: entity)
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

    /// Writes the deferred identity and merge associations; called before anything reads the table, outside any
    /// transaction that may be rolled back without failing the step (the rows would be lost).
    func materialize() throws {
        try writeRun()
        while let next = deferred.first {
            try db.execute(next.insert)
            if next.merge {
                statistics?.addMergeAssociationRows(db.changesCount)
            } else {
                statistics?.addIdentityAssociationRows(db.changesCount)
            }
            deferred.removeFirst()
        }
    }

    private static let recording: SQLFragment = "INSERT INTO \(table) VALUES (?, ?, ?, ?)"

    /// ``recording``, prepared once: it runs once per object on the row-by-row path.
    private var recorder: Statement?

    func record(mapping: MappingNumber, source: Int64, destination: Int64, entity: EntityNumber) throws {
        noteRecorded(mapping: mapping, entity: entity)
        // The mapping's rows stay in the order they were made.
        if run?.mapping == mapping { try writeRun() }
        if deferred.contains(where: { $0.mapping == mapping }) { try materialize() }
        let statement = try recorder ?? db.makeStatement(Self.recording)
        recorder = statement
        try statement.run(binding: [
            mapping.databaseValue, source.databaseValue, destination.databaseValue, entity.databaseValue,
        ])
    }

    /// `(destination Z_PK, destination Z_ENT)` made by `mapping` from the source object `source`.
    func destinations(mapping: MappingNumber, source: Int64) throws -> [(Int64, EntityNumber)] {
        try materialize()
        let statement = try db.cachedStatement(
            "SELECT \"destination\", \"destinationEntity\" FROM \(Self.table) WHERE \"mapping\" = ? AND \"source\" = ?")
        return try Row.fetchAll(statement, arguments: [mapping, source]).map { ($0[0], $0[1]) }
    }

    /// A batch of `(rowid, source, destination, destination Z_ENT)` made by `mapping`, after `rowid`.
    func batch(mapping: MappingNumber, after rowid: Int64, limit: Int) throws -> [(Int64, Int64, Int64, EntityNumber)] {
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
    func merged(mapping: MappingNumber, key: String) throws -> (Int64, EntityNumber)? {
        // The key's bytes, cast: a key holding a NUL must not match one that ends there (GRDB binds text with
        // a length of -1).
        let statement = try db.cachedStatement(
            """
            SELECT "destination", "destinationEntity" FROM \(Self.mergeTable) \
            WHERE "mapping" = ? AND "key" = CAST(? AS TEXT)
            """)
        return try Row.fetchOne(statement, arguments: [mapping, Data(key.utf8)]).map { ($0[0], $0[1]) }
    }

    /// Records the objects a merge numbered while another mapping was copied (``MergeNumbering``): each in
    /// the table of objects made, and each key's in the merge table, as the merge's own pass records them.
    func recordNumbered(mapping: MappingNumber, made: [MergeNumbering.Made], entity: EntityNumber) throws {
        let object = try db.makeStatement(
            """
            INSERT INTO \(Self.madeTable) ("mapping", "source", "key", "destination") VALUES (?, ?, CAST(? AS TEXT), ?)
            """)
        for one in made {
            let bytes = one.key.map { Data($0) }
            try object.execute(arguments: [mapping, one.source, bytes, one.destination])
            if let bytes { try recordMerge(mapping: mapping, key: bytes, destination: one.destination, entity: entity) }
        }
    }

    func recordMerge(mapping: MappingNumber, key: String, destination: Int64, entity: EntityNumber) throws {
        try recordMerge(mapping: mapping, key: Data(key.utf8), destination: destination, entity: entity)
    }

    /// Records the object made for a merge key given by its bytes (cast to text, so a NUL in it stays).
    private func recordMerge(mapping: MappingNumber, key: Data, destination: Int64, entity: EntityNumber) throws {
        try db.cachedStatement("INSERT INTO \(Self.mergeTable) VALUES (?, CAST(? AS TEXT), ?, ?)")
            .execute(arguments: [mapping, key, destination, entity])
    }
}
