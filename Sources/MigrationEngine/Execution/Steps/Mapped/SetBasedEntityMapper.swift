import GRDB

/// Stage 1 in SQL for mappings without a policy whose filter, merge key and attribute expressions all
/// compile (``ExpressionSQLCompiler``): `INSERT … SELECT` by ranges of `Z_PK`, recording the associations
/// (and merges) in the same statements' order, instead of evaluating one object at a time.
///
/// It makes exactly the objects, keys and associations the row-by-row path makes: keys are handed out in
/// source `Z_PK` order, a merge key's first object is made from its first source object, and values go
/// through the evaluator's own code wherever SQLite would differ. When a row needs the evaluator (a stored
/// value of an unexpected kind, or an error the evaluator raises), everything the mapping wrote is rolled
/// back and the mapping runs row by row, which reports the error with its location.
struct SetBasedEntityMapper {
    let session: MappingSession

    /// The compiled parts of one mapping.
    struct Plan {
        var mapping: ResolvedEntityMapping
        var from: MappedEntityTable
        var to: MappedEntityTable
        /// `1` for source rows the filter keeps.
        var filter: SQLFragment?
        /// The merge-table key, `NULL` for no merge.
        var key: SQLFragment?
        /// The stored value of each of `to.storedAttributes`, over the source row `s`.
        var values: [SQLFragment]
        /// Foreign-key columns written with the row (``MappingSession/insertLinks(_:into:)``) and their values.
        var links: [(column: SQLIdentifier, value: SQLFragment)] = []
        /// With row guards (``plan(_:from:to:guardsRows:)``), the check of the columns `filter`, `key` and
        /// `values` read, each `nil` when it reads none: a statement using one of them has its guard in its
        /// `WHERE`, after the source-row range.
        var filterGuard: SQLFragment?
        var keyGuard: SQLFragment?
        var valuesGuard: SQLFragment?
        /// With row guards, the columns the filter, the merge key and the values read, in this order (each
        /// guard checks one of them).
        var reads: [[(column: SQLFragment, kind: SQLValueKind)]] = []
    }

    /// Maps `mapping`'s objects; `false` when the mapping needs the row-by-row path.
    func map(_ mapping: ResolvedEntityMapping, context: StepContext, batchSize: Int) throws -> Bool {
        guard session.policies[mapping.index] == nil, let sourceEntity = mapping.sourceEntity,
            let destinationEntity = mapping.destinationEntity, let from = session.source.entities[sourceEntity.name],
            let to = session.destination.entities[destinationEntity.name],
            var plan = plan(mapping, from: from, to: to, guardsRows: true)
        else { return false }
        let links = session.insertLinks(mapping, into: to)
        let found = links.map { link in linkValues(link, to) }
        plan.links = found.flatMap(\.values)
        let keys = session.nextKeys
        // Links that read the associations: written outside the transaction below, which a fallback rolls back.
        if found.contains(where: \.readsAssociations) { try session.association.materialize() }
        session.bridge.reset()
        let again = plan.key.flatMap { recomputed(plan, key: $0) }
        do {
            try session.db.inSourceReadingTransaction {
                if let key = plan.key {
                    try merge(plan, key: key, recorded: again == nil, context: context, batchSize: batchSize)
                } else {
                    try copy(plan, context: context, batchSize: batchSize)
                }
                return .commit
            }
            recordMapped(plan, recomputed: again, links: links)
            return true
        } catch {
            guard session.bridge.needsEvaluator else { throw error }
            session.nextKeys = keys
            session.bridge.reset()
            return false
        }
    }

    /// What a mapping run as SQL leaves for later stages: its associations (deferred: the identity, or a
    /// merge's lookup, found again from `recomputed` or from the kept rows it recorded) and the relationships
    /// it wrote at insert.
    func recordMapped(_ plan: Plan, recomputed: AssociationTable.Recomputed?, links: [MappingSession.InsertLink]) {
        let mapping = plan.mapping
        session.statistics?.recordSetBased(mapping.mapping.name)
        session.association.noteRecorded(mapping: mapping.index, entity: plan.to.number)
        if identity(plan) {
            session.association.deferIdentity(
                mapping: mapping.index, from: plan.from.table, source: plan.from.number, destination: plan.to.number)
        }
        if plan.key != nil {
            session.association.deferMerge(
                AssociationTable.MergeLookup(mapping: mapping.index, entity: plan.to.number, recomputed: recomputed))
        }
        for link in links {
            let done = MappingSession.BulkLink(
                mapping: mapping.index, relationship: link.relationship.name, targets: [link.target.index])
            session.bulkLinks.insert(done)
            session.linkedAtInsert.insert(done)
        }
    }

    /// The mapping's filter, merge key and stored attribute values compiled over the source row `s`, or `nil`
    /// when one of them does not compile. Each read of a stored column checks its storage class inline, or,
    /// with `guardsRows`, the columns each part reads are checked once per row by the part's guard (which
    /// the statements reading the part must then include).
    func plan(_ mapping: ResolvedEntityMapping, from: MappedEntityTable, to: MappedEntityTable, guardsRows: Bool = false)
        -> Plan?
    {
        var compiler = ExpressionSQLCompiler(
            sourceAttribute: { name in
                guard let attribute = from.attributes[name], let column = from.columns[name] else { return nil }
                return ("s.\(column)", attribute.type)
            }, functions: session.functions(for: mapping), bridge: session.bridge)
        var plan = Plan(mapping: mapping, from: from, to: to, values: [])
        /// A fresh record of reads for the next part, and the guard of the part just compiled.
        func nextPart() -> SQLFragment? {
            let guarded = compiler.reads.flatMap { session.bridge.rowGuard($0.columns) }
            plan.reads.append(compiler.reads?.columns ?? [])
            if guardsRows { compiler.reads = ExpressionSQLCompiler.ColumnReads() }
            return guarded
        }
        if guardsRows { compiler.reads = ExpressionSQLCompiler.ColumnReads() }
        if let filter = mapping.mapping.filter {
            guard let sql = compiler.truth(filter.expression) else { return nil }
            plan.filter = sql
        }
        plan.filterGuard = nextPart()
        if let merge = mapping.mapping.mergeKey {
            guard let sql = compiler.mergeKey(merge.expression) else { return nil }
            plan.key = sql
        }
        plan.keyGuard = nextPart()
        let stored = Set(to.storedAttributes.map(\.name))
        // The row-by-row path evaluates (and may fail on) attributes that have no column too.
        guard mapping.attributes.allSatisfy({ $0.value == nil || stored.contains($0.attribute.name) }) else { return nil }
        for attribute in to.storedAttributes {
            guard let value = mapping.attributes.last(where: { $0.attribute.name == attribute.name })?.value else {
                plan.values.append("\(value: to.defaults[attribute.name] ?? .null)")
                continue
            }
            guard let sql = compiler.stored(value.expression, as: attribute.type) else { return nil }
            plan.values.append(sql)
        }
        plan.valuesGuard = nextPart()
        return plan
    }

    private var association: SQLFragment { AssociationTable.table }

    /// The foreign key (and entity column) of `link`: the object its target mapping made from the same source
    /// row (at most one, that mapping having no policy), `NULL` for none, as stage 2 would set it; read from
    /// the rows a merge kept (``AssociationTable/lookup(_:)``), or else from the associations.
    private func linkValues(_ link: MappingSession.InsertLink, _ to: MappedEntityTable)
        -> (values: [(column: SQLIdentifier, value: SQLFragment)], readsAssociations: Bool)
    {
        guard let column = to.columns[link.relationship.name],
            let target = session.destination.entities[link.relationship.destinationEntity]
        else { return ([], false) }
        let typedColumn = to.entityColumns[link.relationship.name]
        if let merge = session.association.merges[link.target.index] {
            let made = target.familyNumbers.contains(merge.entity) ? session.association.lookup(merge) : "NULL"
            let typed = typedColumn.map {
                [(column: $0, value: "(CASE WHEN \(made) IS NULL THEN NULL ELSE \(value: merge.entity) END)" as SQLFragment)]
            }
            return ([(column, made)] + (typed ?? []), false)
        }
        func made(_ field: SQLFragment) -> SQLFragment {
            """
            (SELECT a2.\(field) FROM \(association) a2 WHERE a2."mapping" = \(value: link.target.index)
              AND a2."source" = s.Z_PK AND a2."destinationEntity" IN (\(values: target.familyNumbers)))
            """
        }
        let typed = typedColumn.map { [(column: $0, value: made("\"destinationEntity\""))] }
        return ([(column, made("\"destination\""))] + (typed ?? []), true)
    }

    /// The columns of an insert into `to`, in `plan.values`' order after `Z_PK, Z_ENT, Z_OPT`, then the links'.
    func columns(_ plan: Plan) -> [SQLIdentifier] {
        InsertColumns(plan.to, links: plan.links.map(\.column)).columns
    }

    /// The values of `columns(plan)`: `key`, the entity number and the first save count, then the object's
    /// own. Joined as one list, since a destination entity with no stored attribute and no link has none of
    /// its own (a separator written after the first three would leave `1, FROM`).
    func values(_ plan: Plan, key: SQLFragment) -> SQLFragment {
        SQLFragment.joined([key, "\(value: plan.to.number)", "1"] + plan.values + plan.links.map(\.value))
    }

    /// The rows of one batch the mapping reads (the range is bound per batch, by name), the filter's columns
    /// checked before it reads them, then `also` (the guard of what the statement reads of the rows kept).
    func rows(_ plan: Plan, also: SQLFragment? = nil) -> SQLFragment {
        let range: SQLFragment = "s.Z_ENT = \(value: plan.from.number) AND s.Z_PK > :low AND s.Z_PK <= :high"
        return SQLFragment.joined([range] + [plan.filterGuard, plan.filter, also].compactMap { $0 }, separator: " AND ")
    }

    /// `AND` and `guard`, or nothing.
    func and(_ guard: SQLFragment?) -> SQLFragment {
        `guard`.map { " AND \($0)" } ?? ""
    }

    /// Whether each object keeps its source object's `Z_PK` and every source row makes one: the associations
    /// are then the identity, deferred (``AssociationTable/deferIdentity(mapping:from:source:destination:)``).
    func identity(_ plan: Plan) -> Bool {
        session.keyPreserving.contains(plan.mapping.index) && plan.filter == nil
    }

    /// Without a merge key: one object per kept source row, the source's key or the next free ones.
    private func copy(_ plan: Plan, context: StepContext, batchSize: Int) throws {
        let preserved = session.keyPreserving.contains(plan.mapping.index)
        let identity = identity(plan)
        let key: SQLFragment = preserved ? "s.Z_PK" : "(:base + row_number() OVER (ORDER BY s.Z_PK))"
        let (m, number) = (plan.mapping.index, plan.to.number)
        let associate: SQLFragment = """
            INSERT INTO \(association) ("mapping", "source", "destination", "destinationEntity")
            SELECT \(value: m), s.Z_PK, \(key), \(value: number) FROM \(plan.from.table) s WHERE \(rows(plan)) ORDER BY s.Z_PK
            """
        // With a filter, the objects are made from the associations just recorded, so the filter runs once
        // (CROSS JOIN keeps SQLite reading the new associations first, then each one's source row).
        let insertion: SQLFragment =
            plan.filter == nil
            ? """
            INSERT INTO \(plan.to.table) (\(columns(plan)))
            SELECT \(values(plan, key: key)) FROM \(plan.from.table) s
            WHERE \(rows(plan, also: plan.valuesGuard)) ORDER BY s.Z_PK
            """
            : """
            INSERT INTO \(plan.to.table) (\(columns(plan)))
            SELECT \(values(plan, key: "a.\"destination\""))
            FROM \(association) a CROSS JOIN \(plan.from.table) s ON s.Z_PK = a."source"
            WHERE a.rowid > :mark\(and(plan.valuesGuard)) ORDER BY a.rowid
            """
        let db = session.db
        let last: SQLFragment = "SELECT IFNULL(MAX(rowid), 0) FROM \(association)"
        let (first, second) = (try db.makeStatement(associate), try db.makeStatement(insertion))
        try batches(plan, context: context, batchSize: batchSize) { low, high in
            let base = session.nextKeys[plan.to.name] ?? 0
            var bounds: [String: DatabaseValue] = ["low": low.databaseValue, "high": high.databaseValue]
            if !preserved { bounds["base"] = base.databaseValue }
            if identity {
                try second.execute(arguments: insertion.statementArguments + StatementArguments(bounds))
                return db.changesCount
            }
            let mark = try Int64.fetchOne(db, last.request) ?? 0
            try first.execute(arguments: associate.statementArguments + StatementArguments(bounds))
            let made = db.changesCount
            if plan.filter != nil { bounds = ["mark": mark.databaseValue] }
            try second.execute(arguments: insertion.statementArguments + StatementArguments(bounds))
            if !preserved { session.nextKeys[plan.to.name] = base + Int64(made) }
            return made
        }
    }

    /// How a merge's filter and key are evaluated again where its associations are read, when doing so gives
    /// what it kept (see `Expression.isRepeatable(with:)`); `nil` when they must be recorded instead.
    func recomputed(_ plan: Plan, key: SQLFragment) -> AssociationTable.Recomputed? {
        let functions = session.functions(for: plan.mapping)
        let parts = [plan.mapping.mapping.filter, plan.mapping.mapping.mergeKey].compactMap { $0?.expression }
        guard parts.allSatisfy({ $0.isRepeatable(with: functions) }) else { return nil }
        return AssociationTable.Recomputed(
            table: plan.from.table, sourceEntity: plan.from.number, filter: plan.filter, key: key)
    }

    /// With a merge key: the kept rows of a batch go, in source order, into the table of objects made
    /// (``AssociationTable/madeTable``), which keeps a key's first row and every row without key; the rows new
    /// in the batch are numbered in source order, recorded in the merge table and their objects inserted. The
    /// associations are not written: each kept row's object is found from its key when read
    /// (``AssociationTable/deferMerge(_:)``). Writing them, with their index, cost more than the objects (the
    /// sample's split: 1,000,000 for 12 authors). When `recorded`, the kept rows and their keys are recorded
    /// first (``AssociationTable/keptTable``), for a key or filter that may not give the same value again
    /// (`uuid()`); otherwise the key is computed again where it is read, and a row is not written twice.
    private func merge(_ plan: Plan, key: SQLFragment, recorded: Bool, context: StepContext, batchSize: Int) throws {
        let (m, number, kept, made, merged) = (
            plan.mapping.index, plan.to.number, AssociationTable.keptTable, AssociationTable.madeTable,
            AssociationTable.mergeTable
        )
        let new: SQLFragment = "st.\"mapping\" = \(value: m) AND st.\"source\" > :low AND st.\"source\" <= :high"
        let making: [SQLFragment] =
            recorded
            ? [
                """
                INSERT INTO \(kept) ("mapping", "source", "key") SELECT \(value: m), s.Z_PK, \(key)
                FROM \(plan.from.table) s WHERE \(rows(plan, also: plan.keyGuard)) ORDER BY s.Z_PK
                """,
                """
                INSERT OR IGNORE INTO \(made) ("mapping", "source", "key") SELECT \(value: m), st."source", st."key"
                FROM \(kept) st WHERE \(new) ORDER BY st."source"
                """,
            ]
            : [
                """
                INSERT OR IGNORE INTO \(made) ("mapping", "source", "key") SELECT \(value: m), s.Z_PK, \(key)
                FROM \(plan.from.table) s WHERE \(rows(plan, also: plan.keyGuard)) ORDER BY s.Z_PK
                """
            ]
        let statements: [SQLFragment] =
            making + [
                """
                UPDATE \(made) AS t SET "destination" = c.n FROM (
                  SELECT st."source" AS source, :base + row_number() OVER (ORDER BY st."source") AS n FROM \(made) st
                  WHERE \(new)) AS c
                WHERE t."mapping" = \(value: m) AND t."source" = c.source
                """,
                """
                INSERT INTO \(merged) ("mapping", "key", "destination", "destinationEntity")
                SELECT \(value: m), st."key", st."destination", \(value: number) FROM \(made) st
                WHERE \(new) AND st."key" IS NOT NULL ORDER BY st."source"
                """,
                madeObjects(plan),
            ]
        let db = session.db
        let prepared = try statements.map { try db.makeStatement($0) }
        let numbering = making.count
        try batches(plan, context: context, batchSize: batchSize) { low, high in
            let base = session.nextKeys[plan.to.name] ?? 0
            let range: StatementArguments = ["low": low, "high": high]
            for index in 0..<numbering {
                try prepared[index].execute(arguments: statements[index].statementArguments + range)
                if recorded && index == 0 { session.statistics?.addKeptRows(db.changesCount) }
            }
            try prepared[numbering].execute(arguments: statements[numbering].statementArguments + range + ["base": base])
            session.nextKeys[plan.to.name] = base + Int64(db.changesCount)
            for index in (numbering + 1)..<statements.count {
                try prepared[index].execute(arguments: statements[index].statementArguments + range)
            }
            // Progress counts the rows read, the filter's left out included (as ``batches`` ends with).
            return Int(clamping: high) - Int(clamping: max(low, 0))
        }
    }

    /// Inserts the objects of `plan`'s merge numbered in the table of objects made
    /// (``AssociationTable/madeTable``) from the source rows in `:low…:high`, each from its source row.
    func madeObjects(_ plan: Plan) -> SQLFragment {
        let new: SQLFragment =
            "st.\"mapping\" = \(value: plan.mapping.index) AND st.\"source\" > :low AND st.\"source\" <= :high"
        return """
            INSERT INTO \(plan.to.table) (\(columns(plan)))
            SELECT \(values(plan, key: "st.\"destination\""))
            FROM \(AssociationTable.madeTable) st CROSS JOIN \(plan.from.table) s ON s.Z_PK = st."source"
            WHERE \(new)\(and(plan.valuesGuard)) ORDER BY st."source"
            """
    }

    /// Runs `body` over ranges of source `Z_PK`s in order, reporting progress; `body` returns the rows it kept.
    func batches(_ plan: Plan, context: StepContext, batchSize: Int, _ body: (Int64, Int64) throws -> Int)
        throws
    {
        let db = session.db
        let count: SQLFragment = "SELECT COUNT(*) FROM \(plan.from.table) WHERE Z_ENT = \(value: plan.from.number)"
        let known = session.sourceRowCounts[plan.from.name.name]?[plan.from.number.rawValue]
        let total = try known ?? Int.fetchOne(db, count.request) ?? 0
        let maximum: SQLFragment = "SELECT IFNULL(MAX(Z_PK), 0) FROM \(plan.from.table)"
        let highest = try Int64.fetchOne(db, maximum.request) ?? 0
        let name = plan.mapping.mapping.name
        var done = 0
        context.report(.entityProgress(index: context.index, entity: name, done: 0, total: total))
        try KeyBatches.forEach(
            in: plan.from.table, highest: highest, size: max(batchSize, 1) * 25, db: db
        ) { low, high in
            try context.checkCancelled()
            done = min(total, done + (try body(low, high)))
            if high < highest {
                context.report(.entityProgress(index: context.index, entity: name, done: done, total: total))
            }
        }
        // Every row was read, those the filter left out included (as the row-by-row path counts them).
        context.report(.entityProgress(index: context.index, entity: name, done: total, total: total))
    }
}
