import Dispatch
import GRDB

/// Reads a mapping's next batch of source rows on a connection and a thread of their own while stage 1 maps
/// the batch before it, when stage 1 runs row by row (a policy).
///
/// There, reading a batch (the query's compiled values, its row guard, the values copied out of SQLite) took
/// 42% of stage 1 on one core while the other waited: now the two overlap. Rows are the same as the step's
/// own connection would read: only a statement that reads the source alone is prefetched (see
/// ``readsSourceOnly(_:arguments:in:)``), the source is a private file nothing writes while the step runs,
/// and the prefetching connection attaches it under the same name, read-only, with a copy of the step's
/// ``ExpressionSQLBridge`` (whose calls are pure functions of their arguments) and nothing else.
///
/// One batch is read ahead at most, asked for by the key it starts after: a batch asked for after another
/// key is read then, and the one read ahead is dropped.
final class SourceBatchPrefetch: @unchecked Sendable {
    /// One batch as the batch query gave it.
    struct Batch: Sendable {
        /// The rows, or what stopped the query.
        var rows: Result<[[DatabaseValue]], any Error>
        /// Whether a compiled expression stopped the query to have the evaluator map the rows (see
        /// ``ExpressionSQLBridge/needsEvaluator``).
        var needsEvaluator: Bool
    }

    private let queue: DatabaseQueue
    private let bridge: ExpressionSQLBridge
    private let query: SQLFragment
    private let entity: EntityNumber
    private let limit: Int
    /// Where the rows hold their `Z_PK`.
    private let keyColumn: Int?
    private let work = DispatchQueue(label: "cdmigrate.source-batch-prefetch")
    /// The statement on ``queue``'s connection, made by the first read (on ``work`` only).
    private var statement: Statement?
    /// The key the batch being read ahead starts after, and that batch once read; the caller's thread alone
    /// touches them, after waiting for `readAhead` when it reads `ahead`.
    private var aheadKey: Int64?
    private var ahead: Batch?
    private let readAhead = DispatchSemaphore(value: 0)

    /// A prefetch of `query` (its `:ent`, `:last` and `:limit` bound per batch, `ent` and `limit` fixed) over
    /// the source attached as `attachment`; `nil` when the query does not read the source alone on `db`, the
    /// step's connection, or cannot be prepared on a connection that has the source alone.
    static func open(
        _ query: SQLFragment, entity: EntityNumber, limit: Int, bridge: ExpressionSQLBridge, attachment: String, on db: Database
    ) throws -> SourceBatchPrefetch? {
        let arguments = query.statementArguments + ["ent": entity, "last": 0, "limit": limit]
        guard try readsSourceOnly(query, arguments: arguments, in: db) else { return nil }
        let keyColumn = try db.makeStatement(query).columnNames.firstIndex(of: "Z_PK")
        let queue = try DatabaseQueue(
            configuration: HardenedConnection.configuration(path: attachment, readonly: true, label: "prefetch"))
        let copy = bridge.copy()
        do {
            try queue.inDatabase { prefetching in
                try prefetching.execute("ATTACH DATABASE \(value: attachment) AS \(SQLIdentifier.source)")
                try copy.register(in: prefetching)
                // Names that resolve differently on this connection (a function it lacks) stop here.
                _ = try prefetching.makeStatement(query)
                guard try readsSourceOnly(query, arguments: arguments, in: prefetching) else { throw CannotPrefetch() }
            }
        } catch is DatabaseError, is CannotPrefetch {
            // The step's own connection then reads every batch, and reports any problem of the source itself.
            try queue.close()
            return nil
        }
        return SourceBatchPrefetch(
            queue: queue, bridge: copy, query: query, entity: entity, limit: limit, keyColumn: keyColumn)
    }

    private struct CannotPrefetch: Error {}

    private init(
        queue: DatabaseQueue, bridge: ExpressionSQLBridge, query: SQLFragment, entity: EntityNumber, limit: Int, keyColumn: Int?
    ) {
        self.queue = queue
        self.bridge = bridge
        self.query = query
        self.entity = entity
        self.limit = limit
        self.keyColumn = keyColumn
    }

    /// The batch of rows after key `last`: the one read ahead if it starts there, else read now. A full
    /// batch that ends at key `k` starts the read of the batch after `k` before it is returned.
    func batch(after last: Int64) -> Batch {
        let batch: Batch
        if let key = aheadKey {
            readAhead.wait()
            aheadKey = nil
            let done = ahead
            ahead = nil
            batch = key == last ? done ?? read(after: last) : read(after: last)
        } else {
            batch = read(after: last)
        }
        if case .success(let rows) = batch.rows, rows.count == limit, let next = lastKey(of: rows) {
            aheadKey = next
            work.async { [self] in
                ahead = reading(after: next)
                readAhead.signal()
            }
        }
        return batch
    }

    /// Waits for a read still under way: the caller is about to let the source go (the connection closes
    /// when the prefetch is released, or by ``close()``).
    func finish() {
        guard aheadKey != nil else { return }
        readAhead.wait()
        aheadKey = nil
        ahead = nil
    }

    /// ``finish()``, then closes the connection.
    func close() throws {
        finish()
        work.sync { statement = nil }
        try queue.close()
    }

    /// Reads the batch after `last` on ``work``'s thread, waiting for it.
    private func read(after last: Int64) -> Batch {
        work.sync { reading(after: last) }
    }

    /// The batch after `last`, read on ``work``'s thread (the only one touching ``statement`` and ``bridge``).
    private func reading(after last: Int64) -> Batch {
        bridge.reset()
        let rows = Result {
            try queue.inDatabase { db in
                let statement = try self.statement ?? db.makeStatement(query)
                self.statement = statement
                return try SQLiteValueReader.rows(
                    statement, arguments: query.statementArguments + ["ent": entity, "last": last, "limit": limit])
            }
        }
        return Batch(rows: rows, needsEvaluator: bridge.needsEvaluator)
    }

    private func lastKey(of rows: [[DatabaseValue]]) -> Int64? {
        guard let keyColumn, let row = rows.last else { return nil }
        return Int64.fromDatabaseValue(row[keyColumn])
    }

    /// Whether every table or index `query` opens on `db` is in the attached source: SQLite's own program
    /// for the statement (`EXPLAIN`) names the database of each b-tree it opens, however the query's names
    /// resolve (an unqualified name is looked for in `main` first). Sorters and other scratch b-trees of the
    /// statement's own are not tables of any database.
    static func readsSourceOnly(_ query: SQLFragment, arguments: StatementArguments, in db: Database) throws -> Bool {
        let databases = try Row.fetchAll(db, sql: "PRAGMA database_list")
        guard let source = databases.first(where: { ($0["name"] as String?) == SQLIdentifier.source.name }),
            let number: Int = source["seq"]
        else { return false }
        let statement = try db.makeStatement(query)
        guard statement.isReadonly else { return false }
        let program = try Row.fetchAll(db, sql: "EXPLAIN \(query.sql)", arguments: arguments)
        for step in program {
            let opcode: String = step["opcode"] ?? ""
            // A virtual table's cursor (`VOpen`) reads whatever its module reads; `OpenWrite` writes.
            if opcode == "VOpen" || opcode == "OpenWrite" { return false }
            if opcode == "OpenRead" || opcode == "ReopenIdx", (step["p3"] as Int?) != number { return false }
        }
        return true
    }
}
