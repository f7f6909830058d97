import Foundation
import GRDB

/// An inferred step whose copy would reproduce the source's rows value for value, column for column, and
/// only rename columns, done without rewriting the rows: a byte copy of the source, `ALTER TABLE … RENAME
/// COLUMN` for each renamed column, and the bookkeeping rows (`Z_PRIMARYKEY`, `Z_METADATA`, `Z_MODELCACHE`)
/// taken from an empty destination store created exactly as the copy creates it.
///
/// It is used only when it provably gives what the copy gives:
/// - every entity's copy statement is the identity one: each destination column `i` takes the source table's
///   column `i` unchanged, the entity keeps its number, and every source entity is copied (nothing dropped,
///   no join table, no key shifted, no value converted or filled);
/// - the source has no `-journal` holding data (a WAL-mode source's `-wal` is copied with it, and folded into
///   the file once the renames are written, leaving it in WAL mode as the copy leaves it);
/// - after the renames the store's whole schema (`sqlite_master`: tables, indexes, triggers, their SQL) and
///   its page size, auto-vacuum, user version and application id equal the empty store's, so column order,
///   types and affinities are Apple's as the copy writes them.
/// Otherwise it leaves nothing behind and the step copies as usual. The result is validated like any other.
///
/// Its result carries every page of the source verbatim but those of the b-trees it rewrites (the schema
/// table, whose partial `quick_check` also walks the freelist, and the bookkeeping tables): it checks those
/// on the source's bytes before writing, and tells the run that the result's `integrity_check` covers the
/// source's `quick_check` (``SourcePageCoverage``).
struct InPlaceRename {
    /// One column renamed in one table.
    struct Rename: Hashable {
        var table: String
        var from: String
        var to: String
    }

    let renames: [Rename]

    /// The renames that turn the source into the destination, or nil when the plan does more than rename.
    init?(plan: InferredCopyPlan, sourceSchema: StoreSchema, destinationSchema: StoreSchema, facts: SourceStoreFacts) {
        guard plan.joinCopies.isEmpty, plan.orderFills.isEmpty, destinationSchema.joinTables.isEmpty,
            sourceSchema.joinTables.isEmpty, destinationSchema.derivedValueStatements.isEmpty,
            destinationSchema.triggerStatements.isEmpty, sourceSchema.triggerStatements.isEmpty
        else { return nil }
        // Every source entity is copied (by number), each destination table by exactly one copy.
        let copied = Set(plan.entityCopies.map(\.sourceNumber))
        guard facts.primaryKeys.allSatisfy({ !$0.isHistory && copied.contains($0.number) }),
            copied.count == plan.entityCopies.count
        else { return nil }
        var renames: [Rename] = []
        var written: Set<String> = []
        for copy in plan.entityCopies {
            guard let table = destinationSchema.table(for: copy.destinationEntity),
                let source = sourceSchema.tables.first(where: { $0.name == copy.sourceTable }),
                table.name == source.name, table.columns.count == source.columns.count,
                written.insert(table.name).inserted
            else { return nil }
            var names: [SQLIdentifier] = []
            var values: [SQLFragment] = []
            for (column, old) in zip(table.columns, source.columns) {
                names.append(SQLIdentifier(column.name))
                values.append(column.role == .entityNumber ? "\(value: copy.sourceNumber)" : "s.\(SQLIdentifier(old.name))")
                if column.name != old.name { renames.append(Rename(table: table.name, from: old.name, to: column.name)) }
            }
            let identity = InferredCopyBuilder.entityInsert(
                into: table.name, names, values: values, from: source.name, number: copy.sourceNumber)
            guard identity.sql == copy.sql.sql, identity.arguments == copy.sql.arguments else { return nil }
        }
        guard written == Set(destinationSchema.tables.map(\.name)) else { return nil }
        self.renames = renames
    }

    /// Makes the destination at `context.destinationPath` in place; false (with nothing left behind) when
    /// the source or the result does not qualify, and the step must copy instead.
    /// - Parameters:
    ///   - context: The step's source and destination paths.
    ///   - plan: The copy plan this rename stands in for.
    ///   - facts: What was read of the source store.
    ///   - create: Creates an empty destination store at a path, as the copy would.
    /// - Returns: Whether the destination was made in place.
    /// - Throws: ``StoreError`` or ``ExecutionError`` when the source cannot be read or the destination cannot
    ///   be written; whatever `create` throws.
    func run(_ context: StepContext, plan: InferredCopyPlan, facts: SourceStoreFacts, create: (String) throws -> Void)
        throws -> Bool
    {
        let source = context.sourcePath
        let mode = try JournalMode(path: source)
        let log = StoreFileList.size(source + "-wal") > 0
        guard StoreFileList.size(source + "-journal") == 0, mode == .wal || (mode == .rollback && !log) else { return false }
        let destination = context.destinationPath
        // Named after the destination, so a killed run's sweep removes it with the run's other files.
        let empty = destination + "-empty"
        defer { TemporaryFile.remove(empty) }
        try create(empty)
        context.report(.stepRows(index: context.index, rows: InferredCopier.rows(of: plan, facts)))
        let same: Bool
        let covered: Bool
        do {
            try SnapshotFileCopy.copy(from: source, to: destination)
            if log { try SnapshotFileCopy.copy(from: source + "-wal", to: destination + "-wal") }
            (same, covered) = try rename(destination, bookkeepingFrom: empty, foldingLog: mode == .wal)
        } catch {
            TemporaryFile.remove(destination)
            throw StoreWriteError(path: destination, message: "renaming in place failed: \(error)")
        }
        guard same else {
            TemporaryFile.remove(destination)
            return false
        }
        if covered { context.sourcePages?.covered() } else { context.sourcePages?.notCovered() }
        // Every row is carried at once: one progress event per entity, complete.
        for copy in plan.entityCopies {
            let rows = facts.entityCounts[copy.sourceTable]?[copy.sourceNumber] ?? 0
            context.report(.entityProgress(index: context.index, entity: copy.destinationEntity, done: rows, total: rows))
        }
        return true
    }

    /// Renames the columns and replaces the bookkeeping rows with the empty store's, in one transaction that
    /// commits only when the schema and settings then equal the empty store's; with `foldingLog`, the `-wal`
    /// is then checkpointed into the file and emptied. Answers whether it did, and whether every page it
    /// carried unwritten leaves the source's `quick_check` to the result's `integrity_check` (see the type).
    private func rename(_ path: String, bookkeepingFrom empty: String, foldingLog: Bool) throws -> (Bool, Bool) {
        let queue = try HardenedConnection.open(path)
        defer { try? queue.close() }
        return try queue.writeWithoutTransaction { db in
            // Still the source's bytes: what the writes below replace is checked before they do.
            let covered = try Self.rewrittenTreesAreSound(db)
            // A temporary: the run discards it on any failure and flushes the final store once.
            try db.execute(sql: "PRAGMA \"main\".synchronous = OFF")
            try db.execute("ATTACH DATABASE \(value: empty) AS \(SQLIdentifier.source)")
            defer { try? db.execute("DETACH DATABASE \(SQLIdentifier.source)") }
            var same = false
            try db.inSourceReadingTransaction {
                for rename in renames {
                    // The new name as Core Data's DDL writes it: SQLite puts it into the table's SQL as given.
                    try db.execute(
                        sql: "ALTER TABLE \(SQLIdentifier.main.quoted).\(SQLIdentifier(rename.table).quoted) RENAME COLUMN "
                            + "\(SQLIdentifier(rename.from).quoted) TO \(SQLIdentifier(rename.to).ddl)")
                }
                for table in Self.bookkeepingTables.map(SQLIdentifier.init) {
                    try db.execute("DELETE FROM \(SQLIdentifier.main).\(table)")
                    try db.execute("INSERT INTO \(SQLIdentifier.main).\(table) SELECT * FROM \(SQLIdentifier.source).\(table)")
                }
                same = try Self.settings(db, SQLIdentifier.main) == Self.settings(db, SQLIdentifier.source)
                return same ? .commit : .rollback
            }
            if same && foldingLog {
                let result = try Row.fetchOne(db, sql: "PRAGMA \"main\".wal_checkpoint(TRUNCATE)")
                guard let result, result[0] == 0 else {
                    throw StoreWriteError(path: path, message: "the renamed store's -wal could not be folded into it")
                }
            }
            return (same, covered)
        }
    }

    /// The tables whose b-trees the renames rewrite, besides the schema table: their rows are replaced.
    private static let bookkeepingTables = ["Z_PRIMARYKEY", "Z_METADATA", "Z_MODELCACHE"]

    /// Whether the store at `db`'s `main` shows no damage to SQLite's `quick_check` in what the renames
    /// rewrite: the schema table (its partial check walks the freelist too, whose pages new rows may take) and
    /// each bookkeeping table. A store that vacuums itself on every commit, which would move pages the renames
    /// did not write, never gets this far: its `auto_vacuum` differs from the empty store's (``settings``), so
    /// the renames are rolled back and the step copies.
    private static func rewrittenTreesAreSound(_ db: Database) throws -> Bool {
        let present = try String.fetchAll(db, sql: "SELECT name FROM \"main\".sqlite_master WHERE type = 'table'")
        for table in ["sqlite_master"] + bookkeepingTables.filter(present.contains) {
            let problems = try String.fetchAll(db, sql: "PRAGMA \"main\".quick_check(\(SQLIdentifier(table).quoted))")
            guard problems == ["ok"] else { return false }
        }
        return true
    }

    /// What must match the empty store: every `sqlite_master` entry and the header settings.
    private static func settings(_ db: Database, _ schema: SQLIdentifier) throws -> [String] {
        let master: SQLFragment = """
            SELECT type || ' ' || name || ' ' || tbl_name || ' ' || IFNULL(sql, '') FROM \(schema)."sqlite_master" \
            ORDER BY type, name
            """
        var found = try String.fetchAll(db, master.request)
        for pragma in ["page_size", "auto_vacuum", "user_version", "application_id"] {
            found.append(pragma + " " + (try String.fetchOne(db, sql: "PRAGMA \(schema.quoted).\(pragma)") ?? ""))
        }
        return found
    }
}
