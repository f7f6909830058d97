import Foundation
import GRDB

/// Writes a new store at the chosen version from whatever rows a damaged store's snapshot still gives.
///
/// Rows are read table by table in key order (``RowWalker``) and inserted with their values bound, keys
/// kept; the schema, bookkeeping and metadata are the engine's own (``SchemaBuilder``, ``StoreWriter``),
/// never SQL from the damaged file. References to objects the damage took are then cleared, `Z_MAX` is
/// raised to the largest key kept when the damage explains it, derived attributes are filled, and the store
/// must pass ``StoreValidator`` before it is given its name. What the damage does not explain (an intact row
/// naming an object that was never lost, a row of no entity, a `Z_MAX` the intact rows exceed) is the store's
/// own breach of its model (``SalvageDamage``): refused, or with a ``sideStore`` repaired by ``BrokenObjects``
/// exactly as a migration repairs it, each change listed.
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
    /// The tables were rebuilt from loose pages (the schema was lost): no row's entity number or key can be
    /// vouched for.
    var rebuilt = false
    /// The `-wal` lost committed transactions (left out, or applied only up to damage): any object missing
    /// may have been lost with them.
    var logLost = false
    /// The file was cut short: the cells of the page the cut went through are dropped where no read fails.
    var cut = false

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
        var damage = SalvageDamage()
        damage.anyKeyMayBeLost = rebuilt || logLost
        var setAside: [ObjectRepair] = []
        try destination.writeWithoutTransaction { target in
            try target.inTransaction {
                let carried = try copy(
                    schema: schema, model: model, entries: view?.entries, from: db, into: target, report: &report,
                    damage: &damage, setAside: &setAside, progress: progress)
                var foreignTables = SalvageForeignTables(
                    store: store, known: schema.tableNames, primaryKeys: source.primaryKeys,
                    sourceEntities: carried.mapValues(\.name), destinations: carried.mapValues(\.destination))
                foreignTables.ceiling = ceiling
                let foreign = try foreignTables.carry(from: db, into: target)
                report.tables += foreign.tables
                report.notes += foreign.notes
                if cut || damage.struck {
                    // Where the damage struck, rows also go where no read fails (the cells of a page cut through,
                    // a page overwritten with cells that parse): a key up to Z_MAX no row carries may be its doing.
                    for table in report.tables where table.root != nil {
                        damage.add(table.table, table.gaps, limit: table.largestKey)
                    }
                }
                let outcome = try DanglingReferences(model: model, schema: schema, damage: damage).clear(target)
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
                        .repair(target, sideStore: sideStore, recorded: recorded, made: setAside)
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
        report: inout SalvageReport, damage: inout SalvageDamage, setAside: inout [ObjectRepair],
        progress: (String, Int) -> Void
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
            if let loosePages, let root = try Int.fetchOne(db, SalvageSource.rootPageQuery(table.name).request) {
                tableCopy.overflowDamage = loosePages.damagedOverflowValues(root: root)
            }
            var rejected: [ObjectRepair] = []
            if let root, entries != nil, !rebuilt {
                // The entity numbers are the store's own and the row read whole through its B-tree: an entity
                // number of none is the row's own, not the damage's.
                tableCopy.takesRejected = rejection(table: table, root: root.name, recorded: schema) { rejected.append($0) }
            }
            let result = try tableCopy.run(from: db, into: target) { progress(table.name, $0) }
            setAside += rejected
            if !result.partialRows.isEmpty { report.notes.append(PartialRow.note(table: table.name, result.partialRows)) }
            var largest = max(recordedMax ?? 0, result.largestKey)
            if let root, let recordedMax, result.largestKey > recordedMax {
                let intact = result.keys.reversed().prefix { $0 > recordedMax }.contains { key in
                    !result.damaged.contains { $0.lower <= key && key <= ($0.upper ?? .max) }
                }
                if intact && !damage.anyKeyMayBeLost {
                    // Rows read whole through the table hold keys past its Z_MAX: the store's own bookkeeping
                    // fault, kept for the repair to list (or the refusal to name).
                    largest = recordedMax
                } else {
                    report.notes.append(
                        "\(root.name): Z_PRIMARYKEY.Z_MAX was \(recordedMax), below the largest key read (\(result.largestKey)); raised"
                    )
                }
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
            damage.add(table.name, result.damaged, limit: limit)
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

    /// What becomes of a row of `table` (root entity `root`) read whole whose entity number names no entity
    /// of the table: refused naming it, or with a ``sideStore`` moved there as it is and its change passed to
    /// `made`, as ``BrokenObjects`` sets such an object aside.
    private func rejection(table: SchemaTable, root: String, recorded schema: StoreSchema, made: @escaping (ObjectRepair) -> Void)
        -> (Int64, [DatabaseValue], Set<Int>) throws -> Void
    {
        let columns = table.columns.map(\.name)
        let entityColumn = columns.firstIndex(of: "Z_ENT")
        return { [sideStore, store, choice] id, values, texts in
            let number = entityColumn.map { values[$0] } ?? .null
            let change = BrokenObjects.unknownEntity(key: id, number: number, table: table.name, root: root)
            guard let sideStore else { throw BrokenObjects.refusal(change, store: store, version: choice.model.name) }
            if sideStore.layout == nil { sideStore.layout = (choice.model, schema) }
            try sideStore.put(table: table.name, columns: columns, values: values, texts: texts)
            made(change)
        }
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
