import Foundation
import GRDB

/// Finds the objects of a store that break the rules of its model version, and repairs them one by one
/// (see ``BrokenObjectPolicy/repair``), each change listed.
///
/// The rules are those ``StoreValidator`` holds a store to, asked object by object so that the error or the
/// change names each one: the table's `Z_MAX` no lower than its largest `Z_PK`, each row's `Z_ENT` naming an
/// entity of its table, required attributes and to-ones filled, and every to-one key, to-many membership and
/// many-to-many link naming an existing object of the right entity. Setting an object aside can leave other
/// objects pointing at it, so repairs run in rounds until one finds nothing.
struct BrokenObjects {
    /// The version the store is held to, scoped to the entities it holds.
    let model: ObjectModel
    /// Its tables, as the store names them.
    let schema: StoreSchema
    /// Each entity's number in this store (its `Z_PRIMARYKEY` row, else the schema's).
    let numbers: [String: Int]
    /// Whether a `Z_MAX` below a table's largest key counts as a violation.
    var checksMax = true

    /// One object breaking one rule, with the change that repairs it.
    struct Violation {
        enum Fix {
            case raiseMax(entityNumber: Int, to: Int64)
            case clear(table: String, key: Int64, columns: [String])
            case fill(table: String, key: Int64, column: String, value: DefaultLiteral)
            case unlink(join: String, ownerColumn: String, owner: Int64, targetColumn: String, target: Int64)
            case setAside(table: String, key: Int64)
        }

        var change: ObjectRepair
        var fix: Fix
    }

    /// How many violations one round reads before repairing them.
    private static let round = 10_000

    /// The checker for the store open on `db`, held to `model`.
    static func reading(_ db: Database, model: ObjectModel) throws -> BrokenObjects {
        let (scoped, resolved) = model.storeView(of: try EntityRows.modelEntries(db))
        let tables = Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
        let schema = SchemaBuilder(model: scoped, existingTableNames: tables).build()
        var numbers: [String: Int] = [:]
        for entity in schema.entities {
            numbers[entity.name] = resolved.first { $0.name == entity.name }?.number ?? entity.number
        }
        return BrokenObjects(model: scoped, schema: schema, numbers: numbers)
    }

    /// The first object breaking a rule, or nil when the store keeps every one.
    func firstViolation(_ db: Database) throws -> ObjectRepair? {
        try violations(db, limit: 1).first?.change
    }

    /// Up to `limit` objects breaking a rule, in the order ``firstViolation(_:)`` finds the first.
    func violations(_ db: Database, upTo limit: Int) throws -> [ObjectRepair] {
        try violations(db, limit: limit).map(\.change)
    }

    /// Repairs every object breaking a rule; objects set aside go to `sideStore`, written at `recorded` (the
    /// version whose hashes the store records; ``model`` is it scoped to the store's entities), unless the
    /// caller set its layout when it set an object aside itself (salvage, for a row it never wrote, `made`).
    /// - Returns: Every change made (`made` first), object by object, and the side store when an object was
    ///   set aside.
    /// - Throws: GRDB's `DatabaseError`, or ``StoreWriteError`` when the side store cannot be written.
    func repair(_ db: Database, sideStore: SetAsideStore, recorded: ObjectModel, made: [ObjectRepair] = []) throws
        -> RepairReport
    {
        if sideStore.layout == nil { sideStore.layout = (recorded, schema) }
        var report = RepairReport()
        for change in made { report.add(change) }
        while true {
            let found = try violations(db, limit: Self.round)
            if found.isEmpty {
                var finished = report
                finished.sideStore = try sideStore.finish()
                return finished
            }
            var changed = false
            for violation in found where try apply(violation.fix, db, sideStore) {
                report.add(violation.change)
                changed = true
            }
            // Each fix removes its violation; one that did not would repeat forever.
            guard changed else {
                throw ExecutionError(
                    .stepFailed, path: sideStore.store, message: "cannot repair \(found[0].change.text)")
            }
        }
    }

    /// Raises each table's `Z_MAX` below its largest `Z_PK` (the one repair that touches no object).
    /// - Returns: The changes made.
    func raiseMaxKeys(_ db: Database) throws -> [ObjectRepair] {
        var changes: [ObjectRepair] = []
        for table in schema.tables where try db.tableExists(table.name) {
            for violation in try lowMax(db, table, root: table.rootEntity) where try apply(violation.fix, db, nil) {
                changes.append(violation.change)
            }
        }
        return changes
    }

    /// Up to `limit` violations, table by table.
    private func violations(_ db: Database, limit: Int) throws -> [Violation] {
        var found: [Violation] = []
        var tables: [(SchemaTable, Entity, Set<String>)] = []
        for table in schema.tables where try db.tableExists(table.name) {
            guard let root = model.entity(named: table.rootEntity) else { continue }
            let existing = Set(try db.columnNames(in: table.name))
            guard existing.contains("Z_PK"), existing.contains("Z_ENT") else { continue }
            tables.append((table, root, existing))
        }
        // Bookkeeping and entity numbers first, every table: an object of no entity is the cause of the
        // references to it that then name no object.
        for (table, root, _) in tables {
            if checksMax { found += try lowMax(db, table, root: root.name) }
            found += try unknownEntities(db, table, root: root, limit: limit - found.count)
        }
        for (table, _, existing) in tables {
            for column in table.columns where existing.contains(column.name) && found.count < limit {
                found += try violations(db, of: column, in: table, existing: existing, limit: limit - found.count)
            }
            if found.count >= limit { return Array(found.prefix(limit)) }
        }
        for join in schema.joinTables where try db.tableExists(join.name) && found.count < limit {
            found += try danglingLinks(db, join, limit: limit - found.count)
        }
        return Array(found.prefix(limit))
    }

    /// `Z_MAX` of the table's root below its largest `Z_PK`: the next object Core Data inserts would reuse a key.
    private func lowMax(_ db: Database, _ table: SchemaTable, root: String) throws -> [Violation] {
        guard let number = numbers[root] else { return [] }
        let recorded: SQLFragment = "SELECT Z_MAX FROM Z_PRIMARYKEY WHERE \(SQLIdentifier.entityNumber) = \(value: number)"
        guard let max = try Int64.fetchOne(db, recorded.request) else { return [] }
        let largest = try EntityRows.highestKey(SQLIdentifier(table.name), db)
        guard largest > max else { return [] }
        let change = ObjectRepair(
            entity: root, primaryKey: largest, property: "Z_MAX", rule: "Z_PRIMARYKEY.Z_MAX is below the largest Z_PK",
            action: .raised, old: String(max), new: String(largest))
        return [Violation(change: change, fix: .raiseMax(entityNumber: number, to: largest))]
    }

    /// Rows whose `Z_ENT` names no entity stored in the table.
    private func unknownEntities(_ db: Database, _ table: SchemaTable, root: Entity, limit: Int) throws -> [Violation] {
        guard limit > 0 else { return [] }
        let members = model.hierarchy(below: root).compactMap { numbers[$0.name] }
        let name = SQLIdentifier(table.name)
        let query: SQLFragment = """
            SELECT \(SQLIdentifier.primaryKey), \(SQLIdentifier.entityNumber) FROM \(name) \
            WHERE \(SQLIdentifier.entityNumber) IS NULL OR \(SQLIdentifier.entityNumber) NOT IN (\(values: members)) \
            LIMIT \(value: limit)
            """
        return try Row.fetchAll(db, query.request).map { row in
            let key: Int64 = row[0]
            let change = Self.unknownEntity(key: key, number: row[1], table: table.name, root: root.name)
            return Violation(change: change, fix: .setAside(table: table.name, key: key))
        }
    }

    /// The change setting aside the row keyed `key` of `table` (of root entity `root`), whose entity number
    /// `number` names no entity of the table.
    static func unknownEntity(key: Int64, number: DatabaseValue, table: String, root: String) -> ObjectRepair {
        ObjectRepair(
            entity: root, primaryKey: key, property: "Z_ENT",
            rule: "entity number \(number.isNull ? "NULL" : "\(number)") names no entity of \(table)", action: .setAside,
            old: number.isNull ? nil : "\(number)", new: nil)
    }

    /// A required attribute or to-one left empty, or a to-one or to-many membership naming no object.
    private func violations(
        _ db: Database, of column: SchemaColumn, in table: SchemaTable, existing: Set<String>, limit: Int
    ) throws -> [Violation] {
        let key = SQLIdentifier(column.name)
        switch column.role {
        case .attribute(let entity, let name):
            guard let attribute = model.entity(named: entity)?.attribute(named: name), !attribute.isOptional else { return [] }
            return try rows(db, table, of: entity, where: "\(key) IS NULL", limit: limit).map { key, owner in
                let rule = "required attribute \(name) is empty"
                guard let fill = Self.fill(for: attribute) else {
                    let change = ObjectRepair(
                        entity: owner, primaryKey: key, property: name, rule: rule + " and its type has no zero",
                        action: .setAside, old: nil, new: nil)
                    return Violation(change: change, fix: .setAside(table: table.name, key: key))
                }
                let change = ObjectRepair(
                    entity: owner, primaryKey: key, property: name, rule: rule, action: .defaulted, old: nil, new: fill.text)
                return Violation(change: change, fix: .fill(table: table.name, key: key, column: column.name, value: fill.value))
            }
        case .foreignKey(let entity, let name):
            guard let relationship = model.entity(named: entity)?.relationship(named: name) else { return [] }
            var found: [Violation] = []
            if !relationship.isOptional {
                found = try rows(db, table, of: entity, where: "\(key) IS NULL", limit: limit).map { key, owner in
                    let change = ObjectRepair(
                        entity: owner, primaryKey: key, property: name, rule: "required to-one \(name) is empty",
                        action: .setAside,
                        old: nil, new: nil)
                    return Violation(change: change, fix: .setAside(table: table.name, key: key))
                }
            }
            let related = table.columns.filter {
                existing.contains($0.name)
                    && ($0.role == .foreignEntity(entity: entity, relationship: name)
                        || $0.role == .foreignOrder(entity: entity, relationship: name))
            }
            let dangling = try danglingKeys(
                db, table, column: column.name, of: entity, to: relationship.destinationEntity, limit: limit - found.count)
            return found
                + dangling.map { key, owner, target in
                    let rule = "\(name) names no \(relationship.destinationEntity) object"
                    let old = "\(relationship.destinationEntity) \(target)"
                    guard relationship.isOptional else {
                        let change = ObjectRepair(
                            entity: owner, primaryKey: key, property: name, rule: "required to-one " + rule,
                            action: .setAside, old: old, new: nil)
                        return Violation(change: change, fix: .setAside(table: table.name, key: key))
                    }
                    let change = ObjectRepair(
                        entity: owner, primaryKey: key, property: name, rule: rule, action: .cleared, old: old, new: nil)
                    return Violation(
                        change: change, fix: .clear(table: table.name, key: key, columns: [column.name] + related.map(\.name)))
                }
        case .toManyKey(let owner, let name):
            guard let relationship = model.entity(named: owner)?.relationship(named: name) else { return [] }
            return try danglingKeys(db, table, column: column.name, of: relationship.destinationEntity, to: owner, limit: limit)
                .map { key, member, target in
                    let change = ObjectRepair(
                        entity: member, primaryKey: key, property: "\(owner).\(name)",
                        rule: "a member of a \(owner) object that does not exist", action: .cleared, old: "\(owner) \(target)",
                        new: nil)
                    return Violation(change: change, fix: .clear(table: table.name, key: key, columns: [column.name]))
                }
        default:
            return []
        }
    }

    /// Keys and entity names of the rows of `entity` (and below it) in `table` matching `condition`.
    private func rows(_ db: Database, _ table: SchemaTable, of entity: String, where condition: SQLFragment, limit: Int)
        throws -> [(Int64, String)]
    {
        guard limit > 0 else { return [] }
        let query: SQLFragment = """
            SELECT \(SQLIdentifier.primaryKey), \(SQLIdentifier.entityNumber) FROM \(SQLIdentifier(table.name)) \
            WHERE \(entityFilter(entity)) AND \(condition) LIMIT \(value: limit)
            """
        return try Row.fetchAll(db, query.request).map { ($0[0], name(ofNumber: $0[1]) ?? entity) }
    }

    /// Rows of `entity` whose `column` names no object of `destination` (or below it): key, entity, target.
    private func danglingKeys(
        _ db: Database, _ table: SchemaTable, column: String, of entity: String, to destination: String, limit: Int
    ) throws -> [(Int64, String, Int64)] {
        guard limit > 0, let target = schema.table(for: destination), try db.tableExists(target.name) else { return [] }
        let key = SQLIdentifier(column)
        let query: SQLFragment = """
            SELECT s.\(SQLIdentifier.primaryKey), s.\(SQLIdentifier.entityNumber), s.\(key) \
            FROM \(SQLIdentifier(table.name)) AS s WHERE s.\(entityFilter(entity)) AND s.\(key) IS NOT NULL \
            AND NOT EXISTS (SELECT 1 FROM \(SQLIdentifier(target.name)) AS t \
            WHERE t.\(SQLIdentifier.primaryKey) = s.\(key) AND t.\(entityFilter(destination))) LIMIT \(value: limit)
            """
        return try Row.fetchAll(db, query.request).map { ($0[0], name(ofNumber: $0[1]) ?? entity, $0[2]) }
    }

    /// Many-to-many links whose owner or target is no object of its entity.
    private func danglingLinks(_ db: Database, _ join: JoinTable, limit: Int) throws -> [Violation] {
        guard limit > 0,
            let destination = model.entity(named: join.owner.entity)?.relationship(named: join.owner.relationship)?
                .destinationEntity,
            let ownerTable = schema.table(for: join.owner.entity), let targetTable = schema.table(for: destination)
        else { return [] }
        let owner = SQLIdentifier(join.ownerColumn)
        let target = SQLIdentifier(join.targetColumn)
        let query: SQLFragment = """
            SELECT j.\(owner), j.\(target) FROM \(SQLIdentifier(join.name)) AS j \
            WHERE NOT EXISTS (SELECT 1 FROM \(SQLIdentifier(ownerTable.name)) AS t \
            WHERE t.\(SQLIdentifier.primaryKey) = j.\(owner) AND t.\(entityFilter(join.owner.entity))) \
            OR NOT EXISTS (SELECT 1 FROM \(SQLIdentifier(targetTable.name)) AS t \
            WHERE t.\(SQLIdentifier.primaryKey) = j.\(target) AND t.\(entityFilter(destination))) LIMIT \(value: limit)
            """
        return try Row.fetchAll(db, query.request).map { row in
            let (ownerKey, targetKey): (Int64, Int64) = (row[0] ?? 0, row[1] ?? 0)
            let change = ObjectRepair(
                entity: join.owner.entity, primaryKey: ownerKey, property: join.owner.relationship,
                rule: "a link of \(join.name) names an object that does not exist", action: .cleared,
                old: "\(destination) \(targetKey)", new: nil)
            return Violation(
                change: change,
                fix: .unlink(
                    join: join.name, ownerColumn: join.ownerColumn, owner: ownerKey, targetColumn: join.targetColumn,
                    target: targetKey))
        }
    }

    /// Makes one change; false when the object was already changed or set aside by another this round.
    private func apply(_ fix: Violation.Fix, _ db: Database, _ sideStore: SetAsideStore?) throws -> Bool {
        switch fix {
        case .raiseMax(let number, let largest):
            try db.execute(
                "UPDATE Z_PRIMARYKEY SET Z_MAX = \(value: largest) WHERE \(SQLIdentifier.entityNumber) = \(value: number) AND Z_MAX < \(value: largest)"
                    as SQLFragment)
        case .clear(let table, let key, let columns):
            let nulling = SQLFragment.joined(columns.map { "\(SQLIdentifier($0)) = NULL" })
            try db.execute(
                "UPDATE \(SQLIdentifier(table)) SET \(nulling) WHERE \(SQLIdentifier.primaryKey) = \(value: key)" as SQLFragment)
        case .fill(let table, let key, let column, let value):
            try db.execute(
                """
                UPDATE \(SQLIdentifier(table)) SET \(SQLIdentifier(column)) = \(value: value.databaseValue) \
                WHERE \(SQLIdentifier.primaryKey) = \(value: key) AND \(SQLIdentifier(column)) IS NULL
                """ as SQLFragment)
        case .unlink(let join, let ownerColumn, let owner, let targetColumn, let target):
            try db.execute(
                """
                DELETE FROM \(SQLIdentifier(join)) WHERE \(SQLIdentifier(ownerColumn)) = \(value: owner) \
                AND \(SQLIdentifier(targetColumn)) = \(value: target)
                """ as SQLFragment)
        case .setAside(let table, let key):
            return try sideStore?.take(table: table, key: key, from: db) ?? false
        }
        return db.changesCount > 0
    }

    /// The value a required attribute left empty gets: the model's default, else its type's zero; nil for a
    /// type with no zero (a URI, a transformable value), whose object is set aside instead.
    static func fill(for attribute: Attribute) -> (value: DefaultLiteral, text: String)? {
        if let value = DefaultLiteral(attribute: attribute), value.bindsAsValue {
            return (value, "\(value) (the model's default)")
        }
        let zero: DefaultLiteral? =
            switch attribute.type {
            case .integer16, .integer32, .integer64, .boolean: .integer(0)
            case .double, .float, .decimal, .date: .real(0)
            case .string: .text("")
            case .binary: .blob(Data())
            case .uuid: .blob(Data(count: 16))
            default: nil
            }
        return zero.map { ($0, "\($0) (zero: the model gives no default)") }
    }

    /// `Z_ENT IN (…)` for the entity and those below it, their numbers in this store bound.
    private func entityFilter(_ entity: String) -> SQLFragment {
        let names = model.entity(named: entity).map { model.hierarchy(below: $0).map(\.name) } ?? [entity]
        return "\(SQLIdentifier.entityNumber) IN (\(values: names.compactMap { numbers[$0] }))"
    }

    private func name(ofNumber number: Int?) -> String? {
        number.flatMap { number in numbers.first { $0.value == number }?.key }
    }
}

extension BrokenObjects {
    /// The error refusing a store that holds a broken object: one line naming the store, the object and the
    /// rule; nothing was changed.
    static func refusal(_ change: ObjectRepair, store: String, version: String) -> ExecutionError {
        let value = change.old.map { " (\(change.property) is \($0))" } ?? ""
        return ExecutionError(
            .brokenObject, path: store,
            message: "\(change.entity) \(change.primaryKey) breaks \(version): \(change.rule)\(value); nothing was changed",
            remedy: .repairBrokenObjects)
    }

    /// Validates the store at `path` (a new store written from `store`) against `model`; when it fails on an
    /// object that breaks the model, the error names that object of `store` instead.
    static func validate(_ path: String, model: ObjectModel, store: String) throws {
        do {
            try StoreValidator(model: model).validate(path)
        } catch {
            let queue = try HardenedConnection.open(path, readonly: true)
            defer { try? queue.close() }
            throw try queue.read { diagnose($0, model: model, store: store) } ?? error
        }
    }

    /// After a store failed validation: the first broken object of the store open on `db`, as the error to
    /// give instead, or nil when every object keeps the rules (the validation error then stands).
    static func diagnose(_ db: Database, model: ObjectModel, store: String, checksMax: Bool = true) -> ExecutionError? {
        do {
            var objects = try BrokenObjects.reading(db, model: model)
            objects.checksMax = checksMax
            let first = try objects.firstViolation(db)
            return first.map { refusal($0, store: store, version: model.name) }
        } catch {
            return nil
        }
    }
}

extension BrokenObjects {
    /// Every problem of the store at `path` (a snapshot of `store`) against `model`, each naming `store`: the
    /// objects breaking a rule one by one (up to `objectLimit`) in place of the validator's counts of them,
    /// then the validator's other problems.
    /// - Returns: The problems, and whether more objects break a rule than are listed.
    static func problems(_ path: String, model: ObjectModel, store: String, objectLimit: Int) throws -> (
        [StoreProblem], Bool
    ) {
        var found = StoreValidator(model: model).problems(path)
        guard !found.isEmpty else { return ([], false) }
        var objects: [ObjectRepair] = []
        // Objects read off damaged pages would be named for what the damage did to them: the damage comes first.
        let damaged = found.contains(where: \.isDamage)
        if !damaged, found.contains(where: \.aboutObjects) {
            let queue = try HardenedConnection.open(path, readonly: true)
            defer { try? queue.close() }
            // One more than listed tells whether the list is whole.
            objects = try queue.read { try BrokenObjects.reading($0, model: model).violations($0, upTo: objectLimit + 1) }
            if !objects.isEmpty { found.removeAll(where: \.aboutObjects) }
        }
        var problems = objects.prefix(objectLimit).map { object in
            StoreProblem(failure: refusal(object, store: store, version: model.name), object: object)
        }
        for problem in found {
            var failure = problem.error
            failure.path = store
            if problem.isDamage {
                // The store itself is damaged, not a step's result: salvage reads what the damage left.
                failure.code = .damaged
                failure.remedy = .salvage
            }
            problems.append(StoreProblem(failure: failure))
        }
        return (problems, objects.count > objectLimit)
    }
}
