import GRDB

extension MappingSession {
    /// Decides which mappings keep their source objects' `Z_PK`: those filling a destination table alone —
    /// one mapping, or one per entity of a single source table (an inheritance tree copied as it is) — without
    /// merge keys. Other objects in those tables get keys above the largest source key.
    func planPrimaryKeys() throws {
        var writers: [String: [ResolvedEntityMapping]] = [:]
        for mapping in mappings where mapping.mapping.kind.readsSource {
            guard let entity = mapping.destinationEntity, let table = destination.entities[entity.name] else { continue }
            writers[table.table, default: []].append(mapping)
        }
        for (table, list) in writers {
            let sourceTables = list.compactMap { $0.sourceEntity.flatMap { source.entities[$0.name]?.table } }
            let sourceEntities = Set(list.compactMap(\.sourceEntity?.name))
            guard sourceTables.count == list.count, Set(sourceTables).count == 1, sourceEntities.count == list.count,
                list.allSatisfy({ $0.mapping.mergeKey == nil }), let sourceTable = sourceTables.first
            else { continue }
            keyPreserving.formUnion(list.map(\.index))
            nextKeys[table] = try Int64.fetchOne(db, sql: "SELECT IFNULL(MAX(Z_PK), 0) FROM \(sourceTable)") ?? 0
        }
    }

    /// Stage 1 for one mapping: every source object (that passes the filter) gets its destination objects.
    func createDestinationInstances(_ mapping: ResolvedEntityMapping, context: StepContext, batchSize: Int) throws {
        guard mapping.mapping.kind.readsSource, let entity = mapping.sourceEntity,
            let table = source.entities[entity.name]
        else { return }
        if try BulkEntityCopier(session: self).copy(mapping, context: context, batchSize: batchSize) { return }
        let label = mapping.mapping.name
        let total = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM \(table.table) WHERE Z_ENT = ?", arguments: [table.number]) ?? 0
        let statement = try db.makeStatement(
            sql: "SELECT * FROM \(table.table) WHERE Z_ENT = ? AND Z_PK > ? ORDER BY Z_PK LIMIT ?")
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

    /// Stage 2 for one mapping: every destination object it made gets its relationships.
    func createRelationships(_ mapping: ResolvedEntityMapping, context: StepContext, batchSize: Int) throws {
        let policy = policies[mapping.index]
        guard policy != nil || !mapping.relationships.isEmpty else { return }
        if policy?.customizesRelationships != true {
            var remaining = mapping
            remaining.relationships = []
            let linker = RelationshipBulkLinker(session: self)
            for (relationship, value) in mapping.relationships {
                try context.checkCancelled()
                var linked = false
                try db.inTransaction {
                    linked = try linker.link(mapping, relationship, value)
                    return linked ? .commit : .rollback
                }
                if !linked { remaining.relationships.append((relationship, value)) }
            }
            guard !remaining.relationships.isEmpty else { return }
            return try createRelationshipsOneByOne(remaining, context: context, batchSize: batchSize)
        }
        try createRelationshipsOneByOne(mapping, context: context, batchSize: batchSize)
    }

    /// Stage 2 object by object: the policy's stage, or each relationship expression evaluated per object.
    private func createRelationshipsOneByOne(_ mapping: ResolvedEntityMapping, context: StepContext, batchSize: Int)
        throws
    {
        let policy = policies[mapping.index].flatMap { $0.customizesRelationships ? $0 : nil }
        var last: Int64 = 0
        while true {
            try context.checkCancelled()
            let batch = try association.batch(mapping: mapping.index, after: last, limit: batchSize)
            guard !batch.isEmpty else { break }
            try db.inTransaction {
                for (_, sourceKey, destinationKey, number) in batch {
                    let sourceObject = ObjectReference(
                        side: .source, entity: mapping.sourceEntity?.name ?? "?", primaryKey: sourceKey)
                    let made = ObjectReference(
                        side: .destination, entity: destination.numbers[number] ?? "?", primaryKey: destinationKey)
                    current = (mapping, sourceObject)
                    do {
                        if let policy {
                            try policy.createRelationships(
                                for: made, source: sourceObject, mapping: mapping.mapping, context: self)
                        } else {
                            try linkDefaults(mapping, destination: made, source: sourceObject)
                        }
                    } catch {
                        throw failure(error, mapping: mapping, object: sourceObject, expression: nil)
                    }
                }
                return .commit
            }
            last = batch[batch.count - 1].0
        }
    }

    /// Stage 3 for one mapping: its policy's checks.
    func validate(_ mapping: ResolvedEntityMapping) throws {
        guard let policy = policies[mapping.index] else { return }
        current = nil
        do {
            try policy.validate(mapping: mapping.mapping, context: self)
        } catch {
            throw failure(error, mapping: mapping, object: nil, expression: nil)
        }
    }

    /// Every required attribute and to-one relationship of the destination has a value.
    func checkRequiredValues() throws {
        for table in destination.entities.values.sorted(by: { $0.number < $1.number }) where !table.entity.isAbstract {
            let model = destination.model
            let required = model.allAttributes(of: table.entity).filter { !$0.isOptional && !$0.isTransient }.map(\.name)
                + model.allRelationships(of: table.entity).filter { !$0.isOptional && !$0.isToMany && !$0.isTransient }.map(\.name)
            for name in required {
                guard let column = table.columns[name] else { continue }
                let missing = try Int64.fetchOne(
                    db, sql: "SELECT Z_PK FROM \(table.table) WHERE Z_ENT = ? AND \(SQLIdentifier.quoted(column)) IS NULL LIMIT 1",
                    arguments: [table.number])
                if let missing {
                    throw MappingRuntimeError(
                        mapping: "validation", entity: table.entity.name, primaryKey: missing, expression: nil,
                        location: mappingPath, message: "required \(name) has no value in the migrated store")
                }
            }
        }
    }
}
