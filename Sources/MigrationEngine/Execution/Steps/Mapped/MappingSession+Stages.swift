import GRDB

extension MappingSession {
    /// Where each source entity's objects went, for those that one mapping alone makes into one destination
    /// object each under its source key (a key-preserving copy or transform; a split's other mappings make new
    /// objects beside them): the objects persistent history and CloudKit metadata may go on naming
    /// (``EntityNumberColumns``). An entity dropped, made into objects only by a policy or under new keys, or
    /// kept under its keys in two places is left out.
    func carriedEntities() -> [Int: EntityNumberColumns.Destination] {
        let keeping = mappings.filter { [.copy, .transform].contains($0.mapping.kind) && keyPreserving.contains($0.index) }
        var carried: [Int: EntityNumberColumns.Destination] = [:]
        for (name, list) in Dictionary(grouping: keeping, by: { $0.sourceEntity?.name ?? "" }) {
            guard list.count == 1, let target = list.first?.destinationEntity,
                let old = source.layout.entity(named: name)?.number,
                let new = destination.layout.entity(named: target.name)?.number
            else { continue }
            carried[old] = EntityNumberColumns.Destination(number: new, keyShift: 0)
        }
        return carried
    }

    /// Core Data's three stages over every mapping: objects, relationships (then the positions no link gave
    /// and the check that every order read from the source was kept), validation.
    func runStages(context: StepContext, batchSize: Int) throws {
        try createObjectsAndRelationships(context: context, batchSize: batchSize)
        try fillMissingPositions()
        try checkKeptOrders()
        for entry in mappings { try validate(entry) }
        try checkRequiredValues()
    }

    /// Stages 1 and 2: every mapping's objects (in ``stageOneOrder()`` where expressions compile), the
    /// destination's indexes, then every mapping's relationships in the mappings' order.
    func createObjectsAndRelationships(context: StepContext, batchSize: Int) throws {
        let order = strategies.contains(.compiledExpressions) ? stageOneOrder() : mappings
        try createDestinationInstances(in: order, context: context, batchSize: batchSize)
        try createIndexes()
        for entry in mappings { try createRelationships(entry, context: context, batchSize: batchSize) }
    }

    /// Stage 1 over `order`, a merge and the copy after it linking to it in one pass where they can
    /// (``SetBasedEntityMapper/mapFused(merge:copy:context:batchSize:)``).
    func createDestinationInstances(in order: [ResolvedEntityMapping], context: StepContext, batchSize: Int) throws {
        var index = 0
        while index < order.count {
            if strategies.isSuperset(of: [.fusedMerges, .compiledExpressions]), index + 1 < order.count,
                try SetBasedEntityMapper(session: self).mapFused(
                    merge: order[index], copy: order[index + 1], context: context, batchSize: batchSize)
            {
                index += 2
                continue
            }
            try createDestinationInstances(order[index], context: context, batchSize: batchSize)
            index += 1
        }
    }

    /// Stage 1 for one mapping: every source object (that passes the filter) gets its destination objects.
    func createDestinationInstances(_ mapping: ResolvedEntityMapping, context: StepContext, batchSize: Int) throws {
        guard mapping.mapping.kind.readsSource, let entity = mapping.sourceEntity,
            let table = source.entities[entity.name]
        else { return }
        defer { stageOneDone.insert(mapping.index) }
        let mapper = SetBasedEntityMapper(session: self)
        if strategies.contains(.compiledExpressions), try mapper.map(mapping, context: context, batchSize: batchSize) { return }
        // Row by row (a policy, or an expression that does not compile), the batch query still computes the
        // compiled values, so only what SQL cannot (the policy, the rest) runs in Swift.
        let plan = mapping.destinationEntity.flatMap { destination.entities[$0.name] }.flatMap {
            strategies.contains(.compiledExpressions) ? mapper.plan(mapping, from: table, to: $0, guardsRows: true) : nil
        }
        if foldedLink == nil, let plan { foldedLink = foldableLink(mapping, from: table, to: plan.to) }
        let fold = foldedLink.flatMap { $0.mapping == mapping.index ? $0 : nil }
        let label = mapping.mapping.name
        let count: SQLFragment = "SELECT COUNT(*) FROM \(table.table) WHERE Z_ENT = \(value: table.number)"
        let total = try Int.fetchOne(db, count.request) ?? 0
        let plain: SQLFragment = "SELECT * FROM \(table.table) WHERE Z_ENT = :ent AND Z_PK > :last ORDER BY Z_PK LIMIT :limit"
        let computed: SQLFragment? = plan.map { plan in
            let values = ComputedColumns.selected(
                filter: plan.filter, mergeKey: plan.key, attributes: plan.values, foldedKey: fold?.prediction)
            // One call per row checks the storage classes every compiled part reads (a `CASE typeof(…)` per
            // read cost more), before the row's values are computed: a row it refuses stops the query as an
            // inline check would, and the batch is read without compiled values.
            let guards = [plan.filterGuard, plan.keyGuard, plan.valuesGuard].compactMap { $0 }
            return """
                SELECT s.*, \(SQLFragment.joined(values)) FROM \(table.table) s\(fold.map { " \($0.join)" } ?? "")
                WHERE \(SQLFragment.joined(["s.Z_ENT = :ent AND s.Z_PK > :last"] + guards, separator: " AND "))
                ORDER BY s.Z_PK LIMIT :limit
                """
        }
        let statement = try db.makeStatement(plain)
        let compiledStatement = try computed.map { try db.makeStatement($0) }
        var last: Int64 = Int64.min
        var done = 0
        var previous: Int64?
        identitySource = (mapping.index, table.table, table.number)
        if mapping.mapping.mergeKey == nil, mappingsByName[mapping.mapping.name]?.index == mapping.index,
            let made = mapping.destinationEntity.flatMap({ destination.entities[$0.name] })
        {
            defaultInstancePlan = (mapping.mapping.name, mapping.index, made, keyPreserving.contains(mapping.index))
        }
        defer {
            identitySource = nil
            defaultInstancePlan = nil
        }
        context.report(.entityProgress(index: context.index, entity: label, done: 0, total: total))
        var prefetch: SourceBatchPrefetch?
        if strategies.contains(.prefetchedBatches), total > batchSize, let computed, let sourceAttachment {
            prefetch = try SourceBatchPrefetch.open(
                computed, entity: table.number, limit: batchSize, bridge: bridge, attachment: sourceAttachment, on: db)
            if prefetch != nil { statistics?.recordPrefetched(mapping.mapping.name) }
        }
        defer { prefetch?.finish() }
        while true {
            try context.checkCancelled()
            let bounds: StatementArguments = ["ent": table.number, "last": last, "limit": batchSize]
            // Values are read by their byte counts (GRDB's rows end text at a NUL), exactly or not at all.
            var rows: [[DatabaseValue]] = []
            var read = statement
            if let prefetch, let compiledStatement {
                let batch = prefetch.batch(after: last)
                do {
                    rows = try described(mapping) { try batch.rows.get() }
                    read = compiledStatement
                } catch {
                    guard batch.needsEvaluator else { throw error }
                }
            } else if let compiledStatement, let computed {
                bridge.reset()
                do {
                    rows = try readBatch(compiledStatement, computed.statementArguments + bounds, mapping)
                    read = compiledStatement
                } catch {
                    guard bridge.needsEvaluator else { throw error }
                    bridge.reset()
                }
            }
            let precomputing = read === compiledStatement
            if !precomputing { rows = try readBatch(statement, bounds, mapping) }
            guard !rows.isEmpty else { break }
            let layout = plan.flatMap { plan in
                precomputing
                    ? ComputedColumns(rowWidth: rows[0].count, attributeCount: plan.values.count, folds: fold != nil) : nil
            }
            let width = layout?.sourceWidth ?? rows[0].count
            currentColumns = Dictionary(
                read.columnNames.prefix(width).enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
            currentAttributes = [:]
            let keyIndex = currentColumns["Z_PK"] ?? 0
            try db.inSourceReadingTransaction {
                for row in rows {
                    let reference = ObjectReference(
                        side: .source, entity: entity.name, primaryKey: Int64.fromDatabaseValue(row[keyIndex]) ?? 0)
                    defer { previous = reference.primaryKey }
                    try mapRow(
                        MappedSourceRow(reference: reference, values: row, previousKey: previous), mapping, computed: layout)
                }
                try flushPendingInsert()
                return .commit
            }
            last = Int64.fromDatabaseValue(rows[rows.count - 1][keyIndex]) ?? last
            done += rows.count
            self.row = nil
            context.report(.entityProgress(index: context.index, entity: label, done: done, total: total))
        }
        try prefetch?.close()
    }

    /// Stage 1 for one source row: the filter, then the policy or the default instance. `computed` says
    /// where the batch query's compiled values are in `row`, when it computed them.
    private func mapRow(_ read: MappedSourceRow, _ mapping: ResolvedEntityMapping, computed: ComputedColumns?) throws {
        row = read
        let reference = read.reference
        // The source alone changes from row to row: copying the mapping's references each time showed.
        if current?.mapping.index == mapping.index { current?.source = reference } else { current = (mapping, reference) }
        defer {
            row?.precomputed = nil
            row?.foldedKey = nil
        }
        if let computed {
            let values = read.values
            guard Int.fromDatabaseValue(values[computed.filter]) == 1 else { return }
            row?.precomputed = (mapping.index, values[computed.mergeKey], values[computed.attributes])
            if let folded = computed.foldedKey { row?.foldedKey = values[folded] }
        } else if let filter = mapping.mapping.filter {
            let keep = try evaluate(filter, mapping: mapping, source: reference, destination: nil)
            do {
                guard try ExpressionEvaluator.truth(keep, "filter") else { return }
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
            // Batched, the rows are written a batch at a time and a failing one names its own object.
            if !strategies.contains(.batchedInserts) { try flushPendingInsert() }
        } catch {
            throw failure(error, mapping: mapping, object: reference, expression: nil)
        }
    }

    /// One batch of `mapping`'s source rows, read by ``SQLiteValueReader``: text that is not UTF-8 stops the
    /// step, naming the object, rather than be rewritten.
    private func readBatch(_ statement: Statement, _ arguments: StatementArguments, _ mapping: ResolvedEntityMapping)
        throws -> [[DatabaseValue]]
    {
        try described(mapping) { try SQLiteValueReader.rows(statement, arguments: arguments) }
    }

    /// The rows `read` gives, text that is not UTF-8 reported as a failure naming the object.
    private func described(_ mapping: ResolvedEntityMapping, _ read: () throws -> [[DatabaseValue]]) throws
        -> [[DatabaseValue]]
    {
        do {
            return try read()
        } catch let error as InvalidTextError {
            let object = error.primaryKey.map {
                ObjectReference(side: .source, entity: mapping.sourceEntity?.name ?? "?", primaryKey: $0)
            }
            throw failure(error, mapping: mapping, object: object, expression: nil)
        }
    }
}
