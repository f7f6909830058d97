import GRDB

extension MappingSession {
    /// Decides which mappings keep their source objects' `Z_PK`: those filling a destination table alone —
    /// one mapping, or one per entity of a single source table (an inheritance tree copied as it is) — without
    /// merge keys. Other objects in those tables get keys above the largest source key.
    func planPrimaryKeys() throws {
        var writers: [SQLIdentifier: [ResolvedEntityMapping]] = [:]
        for mapping in mappings where mapping.mapping.kind.readsSource {
            guard let entity = mapping.destinationEntity, let table = destination.entities[entity.name] else { continue }
            writers[table.name, default: []].append(mapping)
        }
        for (table, list) in writers {
            let sourceTables = list.compactMap { $0.sourceEntity.flatMap { source.entities[$0.name] } }
            let sourceEntities = Set(list.compactMap(\.sourceEntity?.name))
            guard sourceTables.count == list.count, Set(sourceTables.map(\.name)).count == 1,
                sourceEntities.count == list.count, list.allSatisfy({ $0.mapping.mergeKey == nil }),
                let sourceTable = sourceTables.first?.table
            else { continue }
            keyPreserving.formUnion(list.map(\.index))
            let highest: SQLFragment = "SELECT IFNULL(MAX(Z_PK), 0) FROM \(sourceTable)"
            nextKeys[table] = try Int64.fetchOne(db, highest.request) ?? 0
        }
    }

    /// Stage 1 for one mapping: every source object (that passes the filter) gets its destination objects.
    func createDestinationInstances(_ mapping: ResolvedEntityMapping, context: StepContext, batchSize: Int) throws {
        guard mapping.mapping.kind.readsSource, let entity = mapping.sourceEntity,
            let table = source.entities[entity.name]
        else { return }
        if try BulkEntityCopier(session: self).copy(mapping, context: context, batchSize: batchSize) { return }
        let label = mapping.mapping.name
        let count: SQLFragment = "SELECT COUNT(*) FROM \(table.table) WHERE Z_ENT = \(value: table.number)"
        let total = try Int.fetchOne(db, count.request) ?? 0
        let statement = try db.makeStatement("SELECT * FROM \(table.table) WHERE Z_ENT = ? AND Z_PK > ? ORDER BY Z_PK LIMIT ?")
        var last: Int64 = Int64.min
        var done = 0
        context.report(.entityProgress(index: context.index, entity: label, done: 0, total: total))
        while true {
            try context.checkCancelled()
            let rows = try Row.fetchAll(statement, arguments: [table.number, last, batchSize])
            guard !rows.isEmpty else { break }
            currentColumns = Dictionary(rows[0].columnNames.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
            try db.inTransaction {
                for row in rows {
                    let reference = ObjectReference(side: .source, entity: entity.name, primaryKey: row["Z_PK"])
                    currentRow = (reference, row)
                    current = (mapping, reference)
                    if let filter = mapping.mapping.filter {
                        let keep = try evaluate(filter, mapping: mapping, source: reference, destination: nil)
                        do {
                            guard try ExpressionEvaluator.truth(keep, "filter") else { continue }
                        } catch {
                            throw failure(error, mapping: mapping, object: reference, expression: filter)
                        }
                    }
                    do {
                        if let policy = policies[mapping.index] {
                            try policy.createDestinationInstances(for: reference, mapping: mapping.mapping, context: self)
                        } else {
                            try createDefaultDestinationInstance(for: reference, mapping: mapping.mapping)
                        }
                    } catch {
                        throw failure(error, mapping: mapping, object: reference, expression: nil)
                    }
                }
                return .commit
            }
            last = rows[rows.count - 1]["Z_PK"]
            done += rows.count
            currentRow = nil
            context.report(.entityProgress(index: context.index, entity: label, done: done, total: total))
        }
    }
}
