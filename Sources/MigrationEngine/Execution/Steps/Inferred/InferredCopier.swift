import Foundation
import GRDB

/// Runs an ``InferredCopyPlan`` against a freshly created destination store, with the source attached,
/// in one transaction; reports progress per entity and stops at batch boundaries when cancelled.
struct InferredCopier {
    let context: StepContext
    let facts: SourceStoreFacts
    let sourceSchema: StoreSchema
    /// Created the destination without indexes (``StoreLayout/migrated``); makes them once the entity and
    /// join tables are filled, before the order fills, which look rows up by them.
    let writer: StoreWriter
    let destinationNumbers: Set<Int>
    let batchSize: Int

    /// Copies every row; answers the rows the entity copies inserted, per destination table and entity number
    /// (as SQLite counted them).
    @discardableResult
    func run(_ plan: InferredCopyPlan) throws -> [String: [Int: Int]] {
        context.report(.stepRows(index: context.index, rows: Self.rows(of: plan, facts)))
        var current = ""
        var written: [String: [Int: Int]] = [:]
        do {
            let queue = try HardenedConnection.open(context.destinationPath)
            defer { try? queue.close() }
            try queue.writeWithoutTransaction { db in
                let source = PrivateStoreConnection.attachmentName(context.sourcePath)
                let attach: SQLFragment = "ATTACH DATABASE \(value: source) AS \(SQLIdentifier.source)"
                current = attach.sql
                try db.execute(attach)
                // A temporary: the run discards it on any failure and flushes the final store once before its
                // swap, so the copy need not wait for the disk at each commit.
                try db.execute(sql: "PRAGMA \"main\".synchronous = OFF")
                defer { try? db.execute("DETACH DATABASE \(SQLIdentifier.source)") }
                try db.inSourceReadingTransaction {
                    for copy in plan.entityCopies {
                        current = copy.sql.sql
                        let rows = try copyEntity(copy, db: db)
                        written[copy.destinationTable, default: [:]][copy.destinationNumber, default: 0] += rows
                    }
                    for statement in plan.joinCopies {
                        try context.checkCancelled()
                        current = statement.sql
                        try db.execute(statement)
                    }
                    try context.checkCancelled()
                    current = "creation of the indexes"
                    try writer.installIndexes(db, path: context.destinationPath)
                    for statement in plan.orderFills {
                        try context.checkCancelled()
                        current = statement.sql
                        try db.execute(statement)
                    }
                    try context.checkCancelled()
                    current = "check that every relationship kept its links"
                    try plan.links.run(db, path: context.destinationPath)
                    try context.checkCancelled()
                    current = "copy of tables outside the model"
                    try copyForeignTables(db, plan: plan)
                    return .commit
                }
            }
        } catch let error as MigrationCancelled {
            throw error
        } catch let error as ForeignTableError {
            throw error
        } catch let error as StoreWriteError {
            throw error
        } catch {
            throw StoreWriteError(path: context.destinationPath, message: "copy failed: \(error)", sql: current)
        }
        return written
    }

    /// The rows the plan copies.
    static func rows(of plan: InferredCopyPlan, _ facts: SourceStoreFacts) -> Int {
        plan.entityCopies.reduce(0) { $0 + (facts.entityCounts[$1.sourceTable]?[$1.sourceNumber] ?? 0) }
    }

    /// Copies one entity's rows in `Z_PK` ranges (``KeyBatches``); answers the rows inserted.
    private func copyEntity(_ copy: InferredCopyPlan.EntityCopy, db: Database) throws -> Int {
        let total = facts.entityCounts[copy.sourceTable]?[copy.sourceNumber] ?? 0
        let highest = Int64(facts.maxRowKeys[copy.sourceTable] ?? 0)
        let statement = try db.makeStatement(copy.sql)
        var done = 0
        context.report(.entityProgress(index: context.index, entity: copy.destinationEntity, done: 0, total: total))
        guard total > 0 else { return 0 }
        let table: SQLFragment = "\(SQLIdentifier.source).\(SQLIdentifier(copy.sourceTable))"
        try KeyBatches.forEach(in: table, highest: highest, size: batchSize, db: db) { low, high in
            try context.checkCancelled()
            try statement.execute(arguments: copy.sql.statementArguments + ["low": low, "high": high])
            done += db.changesCount
            context.report(.entityProgress(index: context.index, entity: copy.destinationEntity, done: done, total: total))
        }
        return done
    }

    /// Tables outside the source model (persistent history, app tables) are carried over, the entity numbers
    /// and keys history holds following each source entity's objects (an inferred step copies each entity whole).
    private func copyForeignTables(_ db: Database, plan: InferredCopyPlan) throws {
        let destinations = Dictionary(
            plan.entityCopies.map {
                ($0.sourceNumber, EntityNumberColumns.Destination(number: $0.destinationNumber, keyShift: $0.keyShift))
            }, uniquingKeysWith: { first, _ in first })
        try ForeignTableCopier(
            facts: facts, sourceSchema: sourceSchema, destinationNumbers: destinationNumbers, destinations: destinations
        ).copy(db)
    }
}

extension DefaultLiteral {
    /// The value to bind.
    var databaseValue: DatabaseValue {
        switch self {
        case .integer(let value): value.databaseValue
        case .real(let value): value.databaseValue
        case .text(let value): value.databaseValue
        case .blob(let value): value.databaseValue
        }
    }

    /// Whether the value binds as itself, never as NULL: SQLite binds a NaN as NULL.
    var bindsAsValue: Bool {
        if case .real(let value) = self { return !value.isNaN }
        return true
    }
}
