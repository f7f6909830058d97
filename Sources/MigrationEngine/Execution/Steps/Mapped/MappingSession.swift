import GRDB

/// The state of one mapped step while it runs: the destination connection (with the source attached as
/// `src`), the step's plan (``MappedStepPlan``: both stores' tables, the mappings, the paths it may take), and
/// what changes as it goes: the association table, primary-key counters, what was linked how, and the object
/// being mapped.
final class MappingSession {
    let db: Database
    /// What the step worked out before stage 1; never changes.
    let plan: MappedStepPlan
    let association: AssociationTable
    /// Where the step counts what it wrote, when someone asked.
    let statistics: MappedStepStatistics?

    // The plan's parts, by the names the stages use.
    var source: MappedStoreTables { plan.source }
    var destination: MappedStoreTables { plan.destination }
    var mappings: [ResolvedEntityMapping] { plan.mappings }
    var mappingsByName: [String: ResolvedEntityMapping] { plan.mappingsByName }
    var functions: ExpressionFunctions { plan.functions }
    var policies: [MappingNumber: any MigrationPolicy] { plan.policies }
    var strategies: MappedStepStrategies { plan.strategies }
    var keyPreserving: Set<MappingNumber> { plan.keyPreserving }
    var mappingPath: String? { plan.mappingPath }
    var sourceAttachment: String? { plan.sourceAttachment }
    var sourceRowCounts: [String: [Int: Int]] { plan.sourceRowCounts }

    /// A relationship linked in bulk from `$source` (or `$source.<through>`): `mapping`'s objects to those
    /// `targets` made.
    struct BulkLink: Hashable {
        var mapping: MappingNumber
        var relationship: String
        var targets: [MappingNumber]
        /// The source relationship the lookup went through; `nil` for `$source` itself.
        var through: String? = nil
    }
    /// The relationships stage 2 linked in bulk, so that an inverse is not written again.
    var bulkLinks: Set<BulkLink> = []
    /// The prepared inserts of ``InsertBatch``es (``MappedEntityTable/insert``, ``FoldedLink/insert``, their
    /// multi-row forms).
    var insertStatements: [InsertStatementKey: Statement] = [:]
    /// The objects made and not yet written (see ``insert(_:stored:mapping:source:preservedKey:)``).
    var insertBatch: InsertBatch?
    /// Positions in a table's ``MappedEntityTable/storedAttributes`` by attribute name (`nil`: no column).
    var storedIndexes: [StoredAttributeKey: Int?] = [:]
    /// The attribute a policy's update of an object not yet written last set (see `openAttribute(_:in:)`).
    var lastUpdated: (table: MappedEntityTable, name: String, type: AttributeType, index: Int?)?
    /// A table and one of its attributes' names.
    struct StoredAttributeKey: Hashable {
        var table: ObjectIdentifier
        var name: String
    }
    /// The relationship whose keys stage 1 folds into its inserts, until its mapping's stage 2 (or until
    /// something could see them early).
    var foldedLink: FoldedLink?
    /// The mapping stage 1 runs row by row and the source table and entity number it reads, so that an
    /// object keeping its source row's key is recorded as a run of identities
    /// (``AssociationTable/recordIdentity(mapping:table:source:key:entity:previous:)``).
    var identitySource: (mapping: MappingNumber, table: SQLFragment, number: EntityNumber)?
    /// What ``createDefaultDestinationInstance(for:mapping:)`` needs for the mapping stage 1 runs row by row
    /// (by name), when it has a destination and no merge key, looked up once rather than per object.
    var defaultInstancePlan: (name: String, index: MappingNumber, table: MappedEntityTable, preservesKeys: Bool)?
    /// Relationships stage 1 wrote with the rows, which stage 2 leaves alone.
    var linkedAtInsert: Set<BulkLink> = []
    /// Mappings whose relationships stage 2 linked object by object as the mapping says (a policy's
    /// `createDefaultRelationships`, or expressions no bulk statement writes): ``checkKeptOrders()`` checks
    /// their ordered relationships against the source's order.
    var linkedObjectByObject: Set<MappingNumber> = []
    /// Relationships (by name, with their inverses) a policy linked itself, in an order of its own.
    var policyLinks: Set<String> = []
    /// Mappings whose stage 1 has run.
    var stageOneDone: Set<MappingNumber> = []
    /// Mappings whose objects another mapping's policy made (``createDefaultDestinationInstance(for:mapping:)``
    /// for a mapping not running): their associations may hold several objects per source object.
    var madeByOtherMappings: Set<MappingNumber> = []
    /// Numbers a merge's objects during a fused pass, registered on `db`, up to the plan's capacity.
    let mergeNumbering: MergeNumbering
    /// Creates the destination's indexes, which it is made without (``StoreLayout/migrated``): `nil` once
    /// run. Stage 1 writes its rows without them, set-based or row by row; ``createIndexes()`` runs it before
    /// anything may read the destination by an indexed column.
    var pendingIndexes: (() throws -> Void)?
    /// The Swift functions compiled expressions call, registered on `db`.
    let bridge = ExpressionSQLBridge()
    /// The last `Z_PK` handed out per destination table (the next is one above).
    var nextKeys: [SQLIdentifier: Int64]
    /// The source row stage 1 is mapping row by row, so `$source.<attribute>` needs no query.
    var row: MappedSourceRow?
    /// Column positions in the rows of the current batch (GRDB looks names up case-insensitively, slowly).
    var currentColumns: [String: Int] = [:]
    /// The attributes of the current batch's rows read so far: position in the row and type, by name (`nil`:
    /// not in the row), so a policy reading its source row's values pays one lookup per value.
    var currentAttributes: [String: (index: Int, type: AttributeType)?] = [:]
    /// Each mapping's callable functions, once worked out.
    var mappingFunctions: [MappingNumber: ExpressionFunctions] = [:]
    /// The mapping and source object stage 1 is working on (objects a policy inserts are recorded under them).
    var current: (mapping: ResolvedEntityMapping, source: ObjectReference)?

    init(db: Database, plan: MappedStepPlan, statistics: MappedStepStatistics? = nil) throws {
        self.db = db
        self.plan = plan
        self.statistics = statistics
        self.nextKeys = plan.firstKeys
        self.association = AssociationTable(db: db)
        self.mergeNumbering = MergeNumbering(capacity: plan.mergeCapacity)
        association.statistics = statistics
        try bridge.register(in: db)
        try mergeNumbering.register(in: db)
    }

    func tables(_ side: ObjectReference.Side) -> MappedStoreTables {
        side == .source ? source : destination
    }

    /// An attribute (value), to-one (object or `nil`) or to-many (list) of an object on either side.
    func value(forKey key: String, of object: ObjectReference) throws -> ExpressionValue {
        if object.side == .source, let current = row, current.reference == object, let known = currentAttributes[key] {
            if let known { return ColumnValueCoding.read(current.values[known.index], as: known.type) }
        } else if object.side == .source, let current = row, current.reference == object {
            let table = try source.table(object.entity)
            let found = table.attributes[key].flatMap { attribute in
                table.columns[attribute.name].flatMap { currentColumns[$0.name] }.map { ($0, attribute.type) }
            }
            currentAttributes[key] = .some(found)
            if let found { return ColumnValueCoding.read(current.values[found.0], as: found.1) }
        }
        if object.side == .destination { try flushPendingInsert() }
        let stores = tables(object.side)
        let table = try stores.table(object.entity)
        if object.side == .destination, foldedLink != nil, table.attributes[key] == nil { try clearFoldedLink() }
        if let attribute = table.attributes[key] {
            return ColumnValueCoding.read(
                try value(of: try table.column(attribute.name), of: object, in: table), as: attribute.type)
        }
        guard let relationship = table.relationships[key] else {
            throw ExpressionEvaluationError("\(object.entity) has no attribute or relationship \(key)")
        }
        if !relationship.isToMany {
            guard let key = Int64.fromDatabaseValue(try value(of: try table.column(relationship.name), of: object, in: table))
            else { return .null }
            var entity = relationship.destinationEntity
            if let typed = table.entityColumns[relationship.name],
                let number = EntityNumber.fromDatabaseValue(try value(of: typed, of: object, in: table)),
                let name = stores.numbers[number]
            {
                entity = name
            }
            return .object(ObjectReference(side: object.side, entity: entity, primaryKey: key))
        }
        return .list(try toMany(relationship, of: object, in: stores).map(ExpressionValue.object))
    }

    private func value(of column: SQLIdentifier, of object: ObjectReference, in table: MappedEntityTable) throws
        -> DatabaseValue
    {
        if let current = row, current.reference == object, let index = currentColumns[column.name] {
            return current.values[index]
        }
        let statement = try db.cachedStatement("SELECT \(column) FROM \(table.table) WHERE Z_PK = ?")
        return try SQLiteValueReader.rows(statement, arguments: [object.primaryKey]).first?.first ?? .null
    }

    /// The objects of a to-many relationship: through the inverse to-one's foreign key, the key a to-many
    /// without an inverse keeps in its destination's table, or the join table; an ordered one's in its order
    /// (its `Z_FOK_` column), as Core Data hands a mapping an ordered set.
    private func toMany(_ relationship: Relationship, of object: ObjectReference, in stores: MappedStoreTables) throws
        -> [ObjectReference]
    {
        if object.side == .destination { try createIndexes() }
        let target = try stores.table(relationship.destinationEntity)
        let sql: SQLFragment
        if let inverse = stores.model.inverse(of: relationship), !inverse.isToMany {
            let order = target.orderColumns[inverse.name].map { "\($0), " as SQLFragment } ?? ""
            sql = "SELECT Z_PK, Z_ENT FROM \(target.table) WHERE \(try target.column(inverse.name)) = ? ORDER BY \(order)Z_PK"
        } else if let key = stores.toManyKey(relationship.name, of: try stores.table(object.entity).entity) {
            sql = "SELECT Z_PK, Z_ENT FROM \(target.table) WHERE \(key) = ? ORDER BY Z_PK"
        } else if let join = stores.orderedJoin(relationship.name, of: try stores.table(object.entity).entity) {
            let order = join.order.map { "j.\($0), " as SQLFragment } ?? ""
            sql = """
                SELECT t.Z_PK, t.Z_ENT FROM \(join.table) j JOIN \(target.table) t ON t.Z_PK = j.\(join.theirs) \
                WHERE j.\(join.mine) = ? ORDER BY \(order)t.Z_PK
                """
        } else {
            throw ExpressionEvaluationError("\(object.entity).\(relationship.name): the store has no table for this relationship")
        }
        return try Row.fetchAll(try db.cachedStatement(sql), arguments: [object.primaryKey]).map { row in
            ObjectReference(
                side: object.side, entity: stores.numbers[row[1]] ?? relationship.destinationEntity, primaryKey: row[0])
        }
    }

    /// Creates the destination's indexes if they do not exist yet: at the first read of the destination by
    /// an indexed column in stage 1 (a to-many relationship of a destination object, a count of destination
    /// objects by `Z_ENT`, asked by a policy or an expression evaluated in Swift; every other read there is by
    /// `Z_PK` or of the association tables), else once stage 1 is done, before stage 2 and validation. A
    /// policy that only makes objects (`WordCount`) writes them all without indexes to keep up.
    func createIndexes() throws {
        guard let pending = pendingIndexes else { return }
        pendingIndexes = nil
        try pending()
    }
}
