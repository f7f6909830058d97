import Foundation
import GRDB

/// Writes a new store at the chosen version from whatever rows a damaged store's snapshot still gives.
///
/// Rows are read table by table in key order (``RowWalker``) and inserted with their values bound, keys
/// kept; the schema, bookkeeping and metadata are the engine's own (``SchemaBuilder``, ``StoreWriter``),
/// never SQL from the damaged file. References to lost objects are then cleared, `Z_MAX` is raised to the
/// largest key kept, derived attributes are filled, and the store must pass ``StoreValidator`` before it
/// is given its name.
struct StoreSalvage {
    let store: String
    let source: SalvageSource
    let choice: SalvageModelChoice
    let journalMode: JournalMode
    /// Losses found before reading began (a `-wal` applied in part).
    var notes: [String] = []
    /// The `-wal` left out, the database read alone (its note is among ``notes``).
    var leftOutLog: LeftOutLog?
    /// The copy's pages, to find rows its tables' B-trees no longer reach; nil when the copy has a log.
    var loosePages: LoosePageScan?
    /// No row of the copy has a larger id (``LoosePageScan/largestRowID(log:)``), when known.
    var ceiling: Int64?
    /// Where objects that break the model are set aside when they are repaired; nil to refuse them.
    var sideStore: SetAsideStore?

    func write(from db: Database, to output: SalvageOutput, progress: (String, Int) -> Void) throws -> SalvageReport {
        let recorded = choice.model
        // By the rows' numbers too: a configuration's store keeps a renamed entity's old name.
        let view = source.primaryKeys.map { recorded.storeView(of: $0) }
        let model = view?.model ?? recorded
        let schema = SchemaBuilder(
            model: model, existingTableNames: Set(source.tableColumns.keys),
            style: SchemaStyle(frameworkVersion: source.metadata?.frameworkVersion)
        ).build()
        var notes = notes + source.notes
        if source.metadata == nil { notes.append("the store UUID was lost with Z_METADATA; the new store has a new one") }
        let writer = StoreWriter(model: recorded, schema: schema)
        try writer.create(
            at: output.temporary,
            options: StoreCreationOptions(
                uuid: source.metadata?.uuid, sourceMetadata: source.metadata, journalMode: journalMode, installsTriggers: false))
        let destination = try HardenedConnection.open(output.temporary)
        var report = SalvageReport(
            store: store, output: output.path, version: recorded.name, evidence: choice.evidence, entities: [], tables: [],
            danglingReferences: [], notes: notes, leftOutLog: leftOutLog)
        try destination.writeWithoutTransaction { target in
            try target.inTransaction {
                let carried = try copy(
                    schema: schema, model: model, entries: view?.entries, from: db, into: target, report: &report,
                    progress: progress)
                var foreignTables = SalvageForeignTables(
                    store: store, known: schema.tableNames, primaryKeys: source.primaryKeys,
                    sourceEntities: carried.mapValues(\.name), destinations: carried.mapValues(\.destination))
                foreignTables.ceiling = ceiling
                let foreign = try foreignTables.carry(from: db, into: target)
                report.tables += foreign.tables
                report.notes += foreign.notes
                let outcome = try DanglingReferences(model: model, schema: schema).clear(target)
                report.danglingReferences = outcome.references
                for index in report.entities.indices {
                    let entity = report.entities[index].entity
                    report.entities[index].dropped = outcome.dropped[entity] ?? 0
                    report.entities[index].danglingCleared = outcome.references.filter { $0.entity == entity }.map(\.cleared)
                        .reduce(0, +)
                }
                try writer.installDerivedAttributes(target)
                if let sideStore {
                    report.repairs = try BrokenObjects.reading(target, model: recorded)
                        .repair(target, sideStore: sideStore, recorded: recorded)
                }
                return .commit
            }
        }
        try destination.close()
        // Rows the damage left whole may still break the model: the object and rule are named then.
        try BrokenObjects.validate(output.temporary, model: recorded, store: store)
        return report
    }

    /// Copies the entity and join tables; returns, per source entity number, the entity and where its
    /// objects went (keys are kept), for the tables outside the model that name them.
    private func copy(
        schema: StoreSchema, model: ObjectModel, entries: [PrimaryKeyEntry]?, from db: Database, into target: Database,
        report: inout SalvageReport, progress: (String, Int) -> Void
    ) throws -> [Int: (name: String, destination: EntityNumberColumns.Destination)] {
        var carried: [Int: (name: String, destination: EntityNumberColumns.Destination)] = [:]
        for table in schema.tables {
            let members = schema.entities.filter { $0.table == table.name }
            var numbers: [Int64: Int] = [:]
            for member in members {
                let number = entries.map { $0.first { $0.name == member.name }?.number } ?? member.number
                if let number {
                    numbers[Int64(number)] = member.number
                    carried[number] = (member.name, EntityNumberColumns.Destination(number: member.number, keyShift: 0))
                }
            }
            let root = members.first { $0.superNumber == 0 }
            let recordedMax = entries?.first { $0.name == root?.name }?.maxPrimaryKey
            let renumbered = table.columns.filter {
                if case .foreignEntity = $0.role { return true } else { return false }
            }
            var tableCopy = tableCopy(
                table.name, columns: table.columns.map(\.name), numbers: numbers, entityColumns: Set(renumbered.map(\.name)),
                limit: recordedMax)
            // An optional attribute's value on a damaged overflow page is lost, not the object with it.
            tableCopy.nullableColumns = PartialRow.nullableColumns(of: table, in: model)
            let result = try tableCopy.run(from: db, into: target) { progress(table.name, $0) }
            if !result.partialRows.isEmpty { report.notes.append(PartialRow.note(table: table.name, result.partialRows)) }
            let largest = max(recordedMax ?? 0, result.largestKey)
            if let root, let recordedMax, result.largestKey > recordedMax {
                // The store handed out keys past its own Z_MAX (a bookkeeping fault, not damage): said, not hidden.
                report.notes.append(
                    "\(root.name): Z_PRIMARYKEY.Z_MAX was \(recordedMax), below the largest key read (\(result.largestKey)); raised"
                )
            }
            if let root {
                try target.execute(
                    "UPDATE Z_PRIMARYKEY SET Z_MAX = \(value: largest) WHERE \(SQLIdentifier.entityNumber) = \(value: root.number)"
                        as SQLFragment)
            }
            let counted = IndexedRowCount.read(table, db)
            var entities: [EntitySalvage] = []
            for member in members
            where model.entity(named: member.name)?.isAbstract == false || result.recovered[member.number] != nil {
                let recovered = result.recovered[member.number] ?? 0
                let sourceNumber = numbers.first { $0.value == member.number }?.key
                var found = counted.flatMap { counts in
                    counts[nil] != nil ? (members.count == 1 ? counts[nil] : nil) : (counts[sourceNumber] ?? 0)
                }
                if let known = found, known < recovered { found = nil }
                entities.append(EntitySalvage(entity: member.name, found: found, read: recovered))
            }
            let limit = recordedMax.map { max($0, result.largestKey) }
            var summary = TableSalvage(
                table: table.name, read: result.recovered.values.reduce(0, +), unreadable: result.unreadable,
                lostAtMost: span(result.unreadable, limit: limit),
                rejected: result.rejected, fromLoosePages: result.fromLoosePages)
            summary.root = root?.name
            summary.largestKey = limit
            summary.gaps = KeyGaps.find(keys: result.keys, unreadable: result.unreadable, limit: limit ?? result.largestKey)
            if let limit {
                // Every key up to Z_MAX named an object once; those known lost (an index counted them) are
                // among the keys no row carries, and are not counted twice.
                let missing = limit - Int64(result.keys.prefix { $0 <= limit }.count)
                let knownUnread = entities.compactMap { entity in entity.found.map { max(0, $0 - entity.read) } }.reduce(0, +)
                summary.mayHaveBeenLost = max(0, missing - Int64(knownUnread))
                if let index = entities.firstIndex(where: { $0.entity == root?.name }) {
                    entities[index].mayHaveBeenLost = summary.mayHaveBeenLost
                }
            }
            report.entities += entities
            report.tables.append(summary)
        }
        for join in schema.joinTables {
            let columns = [join.ownerColumn, join.targetColumn] + join.orderColumns
            let result = try tableCopy(join.name, columns: columns, numbers: nil, entityColumns: [], limit: nil)
                .run(from: db, into: target) { progress(join.name, $0) }
            report.tables.append(
                TableSalvage(
                    table: join.name, read: result.recovered.values.reduce(0, +), unreadable: result.unreadable,
                    lostAtMost: span(result.unreadable, limit: nil), rejected: 0))
        }
        return carried
    }

    private func tableCopy(
        _ table: String, columns: [String], numbers: [Int64: Int]?, entityColumns: Set<String>, limit: Int64?
    ) -> SalvageTableCopy {
        var copy = SalvageTableCopy(
            table: table, columns: columns, sourceColumns: source.tableColumns[table], entityNumbers: numbers,
            entityColumns: entityColumns, limit: limit, loosePages: numbers == nil ? nil : loosePages)
        copy.ceiling = ceiling
        return copy
    }

    /// The most rows `ranges` can have held, or nil when one is open-ended and no limit is known.
    private func span(_ ranges: [KeyRange], limit: Int64?) -> Int64? {
        var total: Int64 = 0
        for range in ranges {
            guard let size = range.span(upTo: limit) else { return nil }
            total += size
        }
        return total
    }
}
