import Foundation
import GRDB

/// Runs an ``InferredCopyPlan`` against a freshly created destination store, with the source attached,
/// in one transaction; reports progress per entity and stops at batch boundaries when cancelled.
struct InferredCopier {
    let context: StepContext
    let facts: SourceStoreFacts
    let sourceSchema: StoreSchema
    let destinationNumbers: Set<Int>
    let batchSize: Int

    func run(_ plan: InferredCopyPlan) throws {
        var current = ""
        do {
            let queue = try DatabaseQueue(path: context.destinationPath)
            defer { try? queue.close() }
            try queue.writeWithoutTransaction { db in
                current = "ATTACH DATABASE ? AS src"
                try db.execute(sql: "ATTACH DATABASE ? AS \"src\"", arguments: [context.sourcePath])
                defer { try? db.execute(sql: "DETACH DATABASE \"src\"") }
                try db.inTransaction {
                    for copy in plan.entityCopies {
                        current = copy.sql
                        try copyEntity(copy, db: db)
                    }
                    for sql in plan.joinCopies + plan.orderFills {
                        try context.checkCancelled()
                        current = sql
                        try db.execute(sql: sql)
                    }
                    try context.checkCancelled()
                    current = "copy of tables outside the model"
                    try copyForeignTables(db)
                    return .commit
                }
            }
        } catch let error as MigrationCancelled {
            throw error
        } catch {
            throw StoreWriteError(path: context.destinationPath, message: "copy failed: \(error)", sql: current)
        }
    }

    private func copyEntity(_ copy: InferredCopyPlan.EntityCopy, db: Database) throws {
        let total = facts.entityCounts[copy.sourceTable]?[copy.sourceNumber] ?? 0
        let highest = facts.maxRowKeys[copy.sourceTable] ?? 0
        let statement = try db.makeStatement(sql: copy.sql)
        var done = 0
        var low = Int.min
        context.report(.entityProgress(index: context.index, entity: copy.destinationEntity, done: 0, total: total))
        while low < highest && total > 0 {
            try context.checkCancelled()
            // Core Data's keys start at 1; the first range also takes any key below that.
            let high = low == Int.min ? min(highest, batchSize) : min(highest, low + batchSize)
            let values = copy.arguments.map(\.databaseValue) + [low.databaseValue, high.databaseValue]
            try statement.execute(arguments: StatementArguments(values))
            done += db.changesCount
            low = high
            context.report(.entityProgress(index: context.index, entity: copy.destinationEntity, done: done, total: total))
        }
    }

    /// Tables the source model does not account for (persistent history, app tables) keep their DDL and
    /// rows; so do `Z_PRIMARYKEY` rows of entities outside the model.
    private func copyForeignTables(_ db: Database) throws {
        let known = sourceSchema.tableNames
        let foreign = facts.master.filter { $0.type == "table" && !known.contains($0.name) && !$0.name.hasPrefix("sqlite_") }
        let names = Set(foreign.map(\.name))
        for table in foreign {
            try db.execute(sql: table.sql)
            let quoted = SQLIdentifier.quoted(table.name)
            try db.execute(sql: "INSERT INTO \"main\".\(quoted) SELECT * FROM \"src\".\(quoted)")
        }
        for entry in facts.master where entry.type != "table" && names.contains(entry.table) {
            try db.execute(sql: entry.sql)
        }
        let modelNames = Set(sourceSchema.entities.map(\.name))
        for row in facts.primaryKeys where !modelNames.contains(row.name) && !destinationNumbers.contains(row.number) {
            try db.execute(
                sql: "INSERT INTO \"main\".\"Z_PRIMARYKEY\" (\"Z_ENT\", \"Z_NAME\", \"Z_SUPER\", \"Z_MAX\") VALUES (?, ?, ?, ?)",
                arguments: [row.number, row.name, row.superNumber, row.maxPrimaryKey])
        }
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
}
