import GRDB

/// The schema-level half of ``StoreValidator``: the tables, columns and entity numbers ``SchemaBuilder``
/// derives for the model; every to-one key and join-table row pointing at an existing object of the right
/// entity; no required attribute or to-one left empty; and every member of an ordered relationship with its
/// position.
struct SchemaConformance {
    let model: ObjectModel
    let path: String
    /// Where problems go: nil throws the first (a step's result); a collector keeps them all (`verify`).
    var problems: ValidationProblems? = nil

    /// Rows and highest `Z_PK` of the one entity number each table's rows carry, read in the same pass as
    /// its required columns (a table whose rows carry several numbers is left out; see `EntityRows`).
    typealias SingleEntityRows = [String: [Int: (rows: Int, maxKey: Int64)]]

    /// Throws naming the first difference; answers what the pass over each table found of its entity numbers.
    /// - Parameters:
    ///   - db: A connection to the store.
    ///   - written: Tables whose rows the step that made the store wrote with statements that fix each row's
    ///     entity number and fill each required column (see `WrittenRows`): their rows are not read again for
    ///     those two checks. Their columns and references are checked like any other table's.
    /// - Returns: What the pass over each table found of its entity numbers (written tables left out).
    /// - Throws: ``ExecutionError`` naming the first difference; GRDB's `DatabaseError` when a table cannot be read.
    func check(_ db: Database, written: Set<String> = []) throws -> SingleEntityRows {
        var single: SingleEntityRows = [:]
        let tables = Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
        let schema = SchemaBuilder(model: model, existingTableNames: tables).build()
        try checkNumbers(db, schema)
        for table in schema.tables {
            guard tables.contains(table.name) else {
                try problems.report(problem("table \(table.name) is missing"))
                continue
            }
            let actual = Set(try db.columnNames(in: table.name))
            let expected = Set(table.columns.map(\.name))
            guard actual == expected else {
                let missing = expected.subtracting(actual).sorted()
                let extra = actual.subtracting(expected).sorted()
                // The table's rows cannot be read by the model's columns: its other checks are left out. Only
                // the lists that have columns are named.
                let lists = [("missing", missing), ("unexpected", extra)].filter { !$0.1.isEmpty }
                    .map { "\($0.0): \($0.1.joined(separator: ", "))" }
                try problems.report(problem("\(table.name) columns differ (\(lists.joined(separator: "; ")))"))
                continue
            }
            if !written.contains(table.name) { single[table.name] = try checkFilled(db, table, schema) }
            for column in table.columns { try checkReferences(db, column, in: table, schema) }
        }
        for join in schema.joinTables {
            guard tables.contains(join.name) else {
                try problems.report(problem("join table \(join.name) is missing"))
                continue
            }
            let ownerTarget = model.entity(named: join.owner.entity)?.relationship(named: join.owner.relationship)?
                .destinationEntity
            try checkReferences(db, table: join.name, column: join.ownerColumn, rows: "1", to: join.owner.entity, schema)
            if let ownerTarget {
                try checkReferences(db, table: join.name, column: join.targetColumn, rows: "1", to: ownerTarget, schema)
            }
        }
        try checkPositions(db, schema)
        return single
    }

    private func checkNumbers(_ db: Database, _ schema: StoreSchema) throws {
        let entries = PrimaryKeyEntry.resolvingRenames(try PrimaryKeyEntry.fetchAll(db), model: model)
        for entity in schema.entities {
            guard let entry = entries.first(where: { $0.name == entity.name }),
                entry.number == entity.number, entry.superNumber == entity.superNumber
            else {
                try problems.report(
                    problem("Z_PRIMARYKEY does not number \(entity.name) as \(entity.number) (parent \(entity.superNumber))"))
                continue
            }
        }
    }

    /// The table's required attributes and to-ones, each of its entity and those below it: every one filled,
    /// checked in one pass over the table that also counts its rows when they carry one entity number.
    private func checkFilled(_ db: Database, _ table: SchemaTable, _ schema: StoreSchema) throws -> [Int: (
        rows: Int, maxKey: Int64
    )]? {
        let required = Self.requiredColumns(of: table, in: model)
        if let clean = try cleanSingleEntityRows(db, table, required, schema) { return clean }
        let sums = required.map { check -> SQLFragment in
            ", IFNULL(SUM(\(entityFilter(check.entity, schema)) AND \(SQLIdentifier(check.column)) IS NULL), 0)"
        }
        let count: SQLFragment =
            "SELECT \(PrimaryKeyEntry.singleEntityAggregates)\(SQLFragment.joined(sums, separator: "")) FROM \(SQLIdentifier(table.name))"
        guard let row = try Row.fetchOne(db, count.request) else { return nil }
        for (index, check) in required.enumerated() {
            let empty: Int = row[4 + index]
            if empty > 0 { try problems.report(problem("\(empty) row(s) leave \(check.what) empty"), aboutObjects: true) }
        }
        return PrimaryKeyEntry.singleEntityRows(row)
    }

    /// The columns of `table` that must never be empty: each required attribute and required to-one key,
    /// with the entity declaring it (the requirement holds for that entity's rows and those below it).
    static func requiredColumns(of table: SchemaTable, in model: ObjectModel) -> [(
        column: String, entity: String, what: String
    )] {
        var required: [(column: String, entity: String, what: String)] = []
        for column in table.columns {
            switch column.role {
            case .attribute(let entity, let name):
                guard let attribute = model.entity(named: entity)?.attribute(named: name), !attribute.isOptional else { continue }
                required.append((column.name, entity, "required attribute \(entity).\(name)"))
            case .foreignKey(let entity, let name):
                guard let relationship = model.entity(named: entity)?.relationship(named: name), !relationship.isOptional
                else { continue }
                required.append((column.name, entity, "required to-one \(entity).\(name)"))
            default:
                continue
            }
        }
        return required
    }

    /// For a table of one model entity, its rows and highest key when every row carries that entity's number
    /// and fills every required column; nil when the table holds several entities or any row fails, and the
    /// aggregating pass must name what is wrong.
    ///
    /// A filter that keeps no row costs SQLite far less per row than the aggregates do (a comparison or two
    /// against five aggregate steps), and the row count and highest key come from the b-tree without
    /// reading the rows' values: about half the time of the aggregating pass over a large table.
    private func cleanSingleEntityRows(
        _ db: Database, _ table: SchemaTable, _ required: [(column: String, entity: String, what: String)],
        _ schema: StoreSchema
    ) throws -> [Int: (rows: Int, maxKey: Int64)]? {
        guard let root = model.entity(named: table.rootEntity), model.hierarchy(below: root).count == 1,
            let number = schema.entity(named: root.name)?.number
        else { return nil }
        let name = SQLIdentifier(table.name)
        // `IS NOT` also catches a missing number and one stored as text, real or blob.
        let empty = required.map { check -> SQLFragment in " OR \(SQLIdentifier(check.column)) IS NULL" }
        let failing: SQLFragment = """
            SELECT EXISTS (SELECT 1 FROM \(name) WHERE \(SQLIdentifier.entityNumber) IS NOT \(value: number)\
            \(SQLFragment.joined(empty, separator: "")))
            """
        guard try Bool.fetchOne(db, failing.request) == false else { return nil }
        let rows = try EntityRows.wholeTableRows(name, db)
        return rows == 0 ? [:] : [number: (rows, try EntityRows.highestKey(name, db))]
    }

    /// Every to-one key of the table, and every key of a to-many without an inverse kept in it, pointing at an
    /// existing object of the right entity.
    private func checkReferences(_ db: Database, _ column: SchemaColumn, in table: SchemaTable, _ schema: StoreSchema) throws {
        switch column.role {
        case .foreignKey(let entity, let name):
            guard let relationship = model.entity(named: entity)?.relationship(named: name) else { return }
            try checkReferences(
                db, table: table.name, column: column.name, rows: entityFilter(entity, schema),
                to: relationship.destinationEntity, schema)
        case .toManyKey(let owner, let name):
            guard let relationship = model.entity(named: owner)?.relationship(named: name) else { return }
            try checkReferences(
                db, table: table.name, column: column.name, rows: entityFilter(relationship.destinationEntity, schema),
                to: owner, schema)
        default:
            return
        }
    }

    /// Rows (matching `rows`) whose `column` is set but names no object of `destination` or below it.
    private func checkReferences(
        _ db: Database, table: String, column: String, rows: SQLFragment, to destination: String, _ schema: StoreSchema
    ) throws {
        guard let target = schema.table(for: destination) else { return }
        let key = SQLIdentifier(column)
        let count: SQLFragment = """
            SELECT COUNT(*) FROM \(SQLIdentifier(table)) AS s WHERE \(rows) AND s.\(key) IS NOT NULL AND NOT EXISTS \
            (SELECT 1 FROM \(SQLIdentifier(target.name)) AS t WHERE t."Z_PK" = s.\(key) AND \(entityFilter(destination, schema, alias: "t.")))
            """
        let dangling = try Int.fetchOne(db, count.request) ?? 0
        if dangling > 0 {
            try problems.report(
                problem("\(dangling) row(s) of \(table).\(column) point at no \(destination) object"), aboutObjects: true)
        }
    }

    /// `Z_ENT IN (…)` for the entity and its sub-entities, the numbers bound; `alias` is `""` or `t.`.
    private func entityFilter(_ entity: String, _ schema: StoreSchema, alias: SQLFragment = "") -> SQLFragment {
        let names = model.entity(named: entity).map { model.hierarchy(below: $0).map(\.name) } ?? [entity]
        let numbers = names.compactMap { schema.entity(named: $0)?.number }
        return "\(alias)\(SQLIdentifier.entityNumber) IN (\(values: numbers))"
    }

    func problem(_ message: String) -> ExecutionError {
        ExecutionError(.validationFailed, path: path, message: "not a valid \(model.name) store: \(message)")
    }
}
