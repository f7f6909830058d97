import CSQLiteGuard
import GRDB

/// Stage 1 of a policy's mapping with the policy's work folded into one set-based insert per batch, for as
/// long as the policy does no more, per source object, than make the object the mapping describes, set its
/// stored attributes and read attributes of the source object.
///
/// Per batch of source rows (the row-by-row path's batches), the policy runs with this context over a query
/// that steps the source rows with the mapping's compiled values: every TEXT value is validated as the
/// row-by-row path's read validates it, but only the values the policy reads become Swift values. What the
/// policy does is recorded (which rows got their default object, with which key, and the stored values it
/// set); the batch's objects are then written by one `INSERT … SELECT` of the mapping's compiled values,
/// taking the recorded values (a temporary table keyed by source `Z_PK`) where the policy set them. Reading
/// each row in Swift, and writing it from Swift, cost more than the policy itself.
///
/// The moment the policy does anything else (another object, a read of the destination, a link, an update
/// its checks refuse, an error of its own), or the batch cannot be read or written this way, the run goes
/// live: the row-by-row path reads the batch as it always does and replays what was recorded for the rows
/// before (and for the row so far) instead of calling the policy again, and the policy carries on with the
/// session as its context; the rest of the mapping runs row by row. The store, its keys, associations and
/// errors are therefore the row-by-row path's.
final class FoldedPolicyRun: MigrationPolicyContext {
    /// What stage 1 of a batch came to: the last source key read (`nil`: no rows were left), the rows read,
    /// and whether the run went live (the rest of the mapping runs row by row).
    struct Outcome {
        var last: Int64?
        var count: Int
        var live: Bool
    }

    /// A source row the policy ran for: its key, the key of the row read before it (associations record
    /// runs of identities by it) and the key of its default object, if the policy made it.
    private struct Ran {
        var source: Int64
        var previous: Int64?
        var made: Int64?
    }

    private let session: MappingSession
    private let mapping: ResolvedEntityMapping
    private let policy: any MigrationPolicy
    private let from: MappedEntityTable
    private let to: MappedEntityTable
    /// The mapping's compiled stored values (``SetBasedEntityMapper/Plan/values``), over the source row `s`.
    private let values: [SQLFragment]
    private let batchSize: Int
    private let preservesKeys: Bool
    /// The row-by-row path's read of the batch after a source key.
    private let read: (Int64) throws -> MappingSession.RowBatch
    /// The query stepped while the policy runs: `s.*`, the filter, then `values`.
    private let query: SQLFragment
    private let statement: Statement
    /// Columns of `s.*` in `statement`.
    private let width: Int
    private let keyIndex: CInt
    /// Source attributes read so far: position in `statement` and type (`nil`: not a column of the row).
    private var attributes: [String: (index: Int, type: AttributeType)?] = [:]
    private var columns: [String: Int] = [:]

    // The batch being recorded.
    private var ran: [Ran] = []
    /// The stored values set: the row in `ran`, the position in `to.storedAttributes`, the value.
    private var sets: [(row: Int, index: Int, value: DatabaseValue)] = []
    /// The source row the policy runs for and its position in the batch.
    private var source: ObjectReference?
    private var position = 0
    /// The object the policy made for `source`.
    private var made: ObjectReference?
    /// `nextKeys` of the destination table when the batch began (a replay hands out the same keys).
    private var keysAtStart: Int64?
    /// Where the batch begins: after the source key `batchStart`, the row before having the key `batchPrevious`.
    private var batchStart: Int64 = .min
    private var batchPrevious: Int64?
    /// Once live: the batch as the row-by-row path read it, and the error its read gave, if any, which every
    /// later call (and the row's end) throws again, whatever the policy does with it.
    private var live: MappingSession.RowBatch?
    private var liveFailure: Error?

    /// The temporary table of the values the policy set: source key, object key, which values are set (a
    /// bit per stored attribute), then one column per stored attribute.
    private static let valuesTable: SQLFragment = "temp.\(SQLIdentifier("_CDMIGRATE_POLICY_VALUES"))"
    private var valueInserts: [InsertShape: Statement] = [:]
    private var objectInserts: [InsertShape: (Statement, StatementArguments)] = [:]

    /// The column of the temporary table holding stored attribute `index`.
    private static func slot(_ index: Int) -> SQLIdentifier { SQLIdentifier("v\(index)") }
    /// The stored attributes a batch's statements take from the policy: set for every object, or for some.
    private struct InsertShape: Hashable {
        var always: [Int]
        var some: [Int]
        var rows: Int = 0
    }

    /// The run for `mapping` (read row by row from the batch query of `plan`), or `nil` when its objects are
    /// not all made by the default instance's quick path (a merge key, another mapping of the same name,
    /// inserts written one by one), it has no policy, or its table has too many attributes for the bit set.
    init?(
        session: MappingSession, mapping: ResolvedEntityMapping, plan: SetBasedEntityMapper.Plan, batchSize: Int,
        read: @escaping (Int64) throws -> MappingSession.RowBatch
    ) throws {
        guard session.foldsPolicies, session.batchesInserts, session.compilesExpressions,
            let policy = session.policies[mapping.index], mapping.mapping.mergeKey == nil,
            session.mappingsByName[mapping.mapping.name]?.index == mapping.index,
            plan.to.storedAttributes.count <= 62,
            plan.to.storedAttributes.count == plan.values.count
        else { return nil }
        self.session = session
        self.mapping = mapping
        self.policy = policy
        self.from = plan.from
        self.to = plan.to
        self.values = plan.values
        self.batchSize = batchSize
        self.preservesKeys = session.keyPreserving.contains(mapping.index)
        self.read = read
        let computed: [SQLFragment] = [plan.filter ?? "1"] + plan.values
        query = """
            SELECT s.*, \(SQLFragment.joined(computed)) FROM \(plan.from.table) s
            WHERE s.Z_ENT = :ent AND s.Z_PK > :last ORDER BY s.Z_PK LIMIT :limit
            """
        statement = try session.db.makeStatement(query)
        width = statement.columnCount - computed.count
        keyIndex = CInt(statement.columnNames.firstIndex(of: "Z_PK") ?? 0)
        columns = Dictionary(
            statement.columnNames.prefix(width).enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        let slots = (0..<plan.to.storedAttributes.count).map { ", \(Self.slot($0))" as SQLFragment }
        try session.db.execute(
            """
            DROP TABLE IF EXISTS \(Self.valuesTable);
            CREATE TABLE \(Self.valuesTable) (
              "source" INTEGER PRIMARY KEY, "destination" INTEGER, "mask" INTEGER\(SQLFragment.joined(slots, separator: "")))
            """)
    }

    /// Drops the temporary table.
    func finish() throws {
        sqlite3_reset(statement.sqliteStatement)
        valueInserts = [:]
        objectInserts = [:]
        try session.db.execute("DROP TABLE IF EXISTS \(Self.valuesTable)")
    }

    /// Stage 1 for the batch of source rows after `last` (`previous`: the key of the row read before it).
    func batch(after last: Int64, previous: Int64?) throws -> Outcome {
        try session.flushPendingInsert()
        var outcome = Outcome(last: nil, count: 0, live: false)
        try session.db.inSourceReadingTransaction {
            outcome = try record(after: last, previous: previous)
            if !outcome.live, outcome.count > 0, !(try write()) {
                // The insert needs the evaluator (or failed): the row-by-row path maps the batch, from the record.
                var before = previous
                let batch = try goLive(after: last, at: outcome.count)
                try session.mapRows(batch, from: outcome.count, mapping, previous: &before)
                outcome.live = true
            }
            try session.flushPendingInsert()
            return .commit
        }
        return outcome
    }

    /// Runs the policy over the batch, recording what it does (or going live).
    private func record(after last: Int64, previous: Int64?) throws -> Outcome {
        ran.removeAll(keepingCapacity: true)
        sets.removeAll(keepingCapacity: true)
        live = nil
        liveFailure = nil
        keysAtStart = session.nextKeys[to.name]
        position = 0
        batchStart = last
        batchPrevious = previous
        var previous = previous
        let handle = statement.sqliteStatement
        let arguments = query.statementArguments + ["ent": from.number, "last": last, "limit": batchSize]
        session.bridge.reset()
        defer { sqlite3_reset(handle) }
        var lastKey: Int64?
        let cursor: RowCursor
        do {
            cursor = try Row.fetchCursor(statement, arguments: arguments)
        } catch {
            return try finishLive(after: last, at: 0, previous: previous)
        }
        while true {
            do {
                guard try cursor.next() != nil else { break }
            } catch {
                // A compiled value needs the evaluator: the row-by-row path reads the batch its own way.
                return try finishLive(after: last, at: position, previous: previous)
            }
            guard validText(handle) else { return try finishLive(after: last, at: position, previous: previous) }
            let key = sqlite3_column_int64(handle, keyIndex)
            lastKey = key
            defer {
                previous = key
                position += 1
            }
            guard Int.fromDatabaseValue(try SQLiteValueReader.exact(statement, at: width)) == 1 else { continue }
            let reference = ObjectReference(side: .source, entity: mapping.sourceEntity?.name ?? "?", primaryKey: key)
            source = reference
            made = nil
            ran.append(Ran(source: key, previous: previous))
            do {
                try policy.createDestinationInstances(for: reference, mapping: mapping.mapping, context: self)
                if let liveFailure { throw liveFailure }
            } catch {
                if live == nil, liveFailure == nil {
                    do { _ = try goLive(after: last, at: position, partial: true) } catch { liveFailure = error }
                }
                session.endRow()
                throw liveFailure ?? session.failure(error, mapping: mapping, object: reference, expression: nil)
            }
            if let batch = live {
                session.endRow()
                var before: Int64? = key
                try session.mapRows(batch, from: position + 1, mapping, previous: &before)
                return Outcome(
                    last: Int64.fromDatabaseValue(batch.rows[batch.rows.count - 1][batch.keyIndex]),
                    count: batch.rows.count, live: true)
            }
        }
        source = nil
        made = nil
        return Outcome(last: lastKey, count: position, live: false)
    }

    /// Whether every TEXT value of the row `handle` is on is UTF-8 (the row-by-row path's read refuses the
    /// batch otherwise).
    private func validText(_ handle: SQLiteStatement) -> Bool {
        for column in 0..<sqlite3_column_count(handle) where !SQLiteValueReader.holdsExactText(handle, column) {
            return false
        }
        return true
    }

    /// Goes live at row `position`, not begun, and maps the rest of the batch row by row.
    private func finishLive(after last: Int64, at position: Int, previous: Int64?) throws -> Outcome {
        let batch = try goLive(after: last, at: position)
        var before = previous
        try session.mapRows(batch, from: position, mapping, previous: &before)
        guard let final = batch.rows.last else { return Outcome(last: nil, count: 0, live: true) }
        return Outcome(last: Int64.fromDatabaseValue(final[batch.keyIndex]), count: batch.rows.count, live: true)
    }

    /// Reads the batch after `last` the row-by-row way and replays what was recorded for its rows before
    /// `position`; with `partial`, also begins row `position` and replays what was recorded for it so far.
    private func goLive(after last: Int64, at position: Int, partial: Bool = false) throws -> MappingSession.RowBatch {
        if let keysAtStart { session.nextKeys[to.name] = keysAtStart } else { session.nextKeys[to.name] = nil }
        let batch = try read(last)
        live = batch
        var recorded: [Int64: Int] = [:]
        for (index, row) in ran.enumerated() { recorded[row.source] = index }
        var previous = batchPrevious
        // Rows before `position` were all recorded: one the policy did not run for (the filter left it out)
        // replays as nothing.
        try session.mapRows(
            MappingSession.RowBatch(
                rows: Array(batch.rows.prefix(position)), keyIndex: batch.keyIndex, precomputed: batch.precomputed),
            from: 0, mapping, previous: &previous
        ) { reference in recorded[reference.primaryKey].map(self.replay) ?? { _ in } }
        if partial, position < batch.rows.count {
            let reference = batch.reference(position, entity: mapping.sourceEntity?.name ?? "?")
            session.rowKeys = (reference.primaryKey, previous)
            guard try session.beginRow(batch.rows[position], reference, mapping, precomputed: batch.precomputed) else {
                return batch
            }
            if let row = recorded[reference.primaryKey] { try replay(row)(session) }
        }
        return batch
    }

    /// What the policy was recorded doing for `ran[row]`, done again through the session.
    private func replay(_ row: Int) -> (MappingSession) throws -> Void {
        { [self] session in
            guard ran[row].made != nil, let source = session.currentRow?.reference else { return }
            guard let object = try session.createDefaultDestinationInstance(for: source, mapping: mapping.mapping),
                let batch = session.insertBatch, batch.open == object
            else { return }
            for set in sets where set.row == row { batch.setOpen(set.index, set.value) }
        }
    }

    /// Writes the batch's objects; `false` when the insert failed (nothing of it is kept).
    private func write() throws -> Bool {
        let madeRows = ran.filter { $0.made != nil }.count
        guard madeRows > 0 else { return true }
        var counts = [Int](repeating: 0, count: to.storedAttributes.count)
        var lastRowSeen = [Int](repeating: -1, count: to.storedAttributes.count)
        for set in sets where lastRowSeen[set.index] != set.row {
            lastRowSeen[set.index] = set.row
            counts[set.index] += 1
        }
        let used = counts.indices.filter { counts[$0] > 0 }
        let shape = InsertShape(
            always: used.filter { counts[$0] == madeRows }, some: used.filter { counts[$0] < madeRows })
        try session.db.execute("DELETE FROM \(Self.valuesTable)")
        try writeValues(shape, used: used)
        let (insert, arguments) = try objectInsert(shape)
        session.bridge.reset()
        do {
            try session.db.inSavepoint {
                try insert.execute(arguments: arguments)
                return .commit
            }
        } catch {
            guard session.bridge.needsEvaluator || error is DatabaseError else { throw error }
            return false
        }
        session.statistics?.recordFolded(mapping.mapping.name)
        let entity = mapping.sourceEntity?.name ?? "?"
        for row in ran {
            guard let key = row.made else { continue }
            try session.recordAssociation(
                mapping: mapping.index, source: ObjectReference(side: .source, entity: entity, primaryKey: row.source),
                key: key, entity: to.number, row: (row.source, row.previous))
        }
        return true
    }

    /// Fills the temporary table with the batch's objects and the values set for them.
    private func writeValues(_ shape: InsertShape, used: [Int]) throws {
        let rowWidth = 3 + used.count
        let chunk = max(1, min(64, 999 / rowWidth))
        var slot = [Int](repeating: -1, count: to.storedAttributes.count)
        for (position, index) in used.enumerated() { slot[index] = position }
        var rowValues = [DatabaseValue](repeating: .null, count: rowWidth)
        var pending: [DatabaseValue] = []
        pending.reserveCapacity(rowWidth * chunk)
        var next = 0
        for (row, entry) in ran.enumerated() {
            guard let key = entry.made else { continue }
            var mask: Int64 = 0
            for index in 3..<rowWidth { rowValues[index] = .null }
            while next < sets.count, sets[next].row <= row {
                let set = sets[next]
                next += 1
                guard set.row == row else { continue }
                mask |= 1 << Int64(set.index)
                rowValues[3 + slot[set.index]] = set.value
            }
            rowValues[0] = entry.source.databaseValue
            rowValues[1] = key.databaseValue
            rowValues[2] = mask.databaseValue
            pending.append(contentsOf: rowValues)
            if pending.count == rowWidth * chunk {
                try valueInsert(used, rows: chunk).run(binding: pending)
                pending.removeAll(keepingCapacity: true)
            }
        }
        var start = 0
        while start < pending.count {
            try valueInsert(used, rows: 1).run(binding: pending[start..<(start + rowWidth)])
            start += rowWidth
        }
    }

    private func valueInsert(_ used: [Int], rows: Int) throws -> Statement {
        let shape = InsertShape(always: used, some: [], rows: rows)
        if let statement = valueInserts[shape] { return statement }
        let names: [SQLFragment] = ["\"source\"", "\"destination\"", "\"mask\""] + used.map { "\(Self.slot($0))" }
        let row: SQLFragment = "(\(placeholders: names.count))"
        let statement = try session.db.makeStatement(
            "INSERT INTO \(Self.valuesTable) (\(SQLFragment.joined(names))) VALUES \(SQLFragment.joined(Array(repeating: row, count: rows)))")
        valueInserts[shape] = statement
        return statement
    }

    /// The insert of a batch's objects: the compiled values, or the policy's where it set them.
    private func objectInsert(_ shape: InsertShape) throws -> (Statement, StatementArguments) {
        if let statement = objectInserts[shape] { return statement }
        var columns = [SQLIdentifier.primaryKey, SQLIdentifier.entityNumber, SQLIdentifier.saveCounter]
            + to.storedAttributes.compactMap { to.columns[$0.name] }
        var selected: [SQLFragment] = values.enumerated().map { index, compiled in
            let slot: SQLFragment = "p.\(Self.slot(index))"
            if shape.always.contains(index) { return slot }
            if shape.some.contains(index) {
                return "(CASE WHEN p.\"mask\" & \(value: Int64(1) << Int64(index)) THEN \(slot) ELSE \(compiled) END)"
            }
            return compiled
        }
        if let fold = session.foldedLink, fold.mapping == mapping.index, fold.table === to {
            columns.append(fold.column)
            selected.append(fold.prediction)
        }
        let sql: SQLFragment = """
            INSERT INTO \(to.table) (\(columns))
            SELECT p."destination", \(value: to.number), 1, \(SQLFragment.joined(selected))
            FROM \(Self.valuesTable) p CROSS JOIN \(from.table) s ON s.Z_PK = p."source" ORDER BY p."source"
            """
        let prepared = (try session.db.makeStatement(sql), sql.statementArguments)
        objectInserts[shape] = prepared
        return prepared
    }

    // MARK: MigrationPolicyContext

    func value(_ key: String, of object: ObjectReference) throws -> ExpressionValue {
        if live == nil, object == source, let found = attribute(key) {
            return ColumnValueCoding.read(try SQLiteValueReader.exact(statement, at: found.index), as: found.type)
        }
        try goLiveHere()
        return try session.value(key, of: object)
    }

    /// A source attribute's position in the query and its type, as ``MappingSession/value(forKey:of:)`` finds it.
    private func attribute(_ key: String) -> (index: Int, type: AttributeType)? {
        if let known = attributes[key] { return known }
        let found = from.attributes[key].flatMap { attribute in
            from.columns[attribute.name].flatMap { columns[$0.name] }.map { ($0, attribute.type) }
        }
        attributes[key] = .some(found)
        return found
    }

    func createDefaultDestinationInstance(for source: ObjectReference, mapping: EntityMapping) throws
        -> ObjectReference?
    {
        if live == nil, made == nil, source == self.source, mapping.name == self.mapping.mapping.name {
            let key = preservesKeys ? source.primaryKey : try session.allocateKey(for: to)
            ran[ran.count - 1].made = key
            let object = ObjectReference(side: .destination, entity: to.entity.name, primaryKey: key)
            made = object
            return object
        }
        try goLiveHere()
        return try session.createDefaultDestinationInstance(for: source, mapping: mapping)
    }

    func update(_ object: ObjectReference, values: [String: ExpressionValue]) throws {
        if live == nil, let made, object == made, let found = storedValues(values) {
            let row = ran.count - 1
            for (index, value) in found { sets.append((row, index, value)) }
            return
        }
        try goLiveHere()
        try session.update(object, values: values)
    }

    /// The stored form of each of `values` (in the order ``MappingSession/update(_:values:)`` sets them), or
    /// `nil` when one is not a stored attribute or its value does not fit (the update then runs live).
    private func storedValues(_ values: [String: ExpressionValue]) -> [(Int, DatabaseValue)]? {
        var found: [(Int, DatabaseValue)] = []
        for (name, value) in values.count == 1 ? Array(values) : values.sorted(by: { $0.key < $1.key }) {
            guard let attribute = to.attributes[name], let index = session.storedIndex(of: name, in: to) else { return nil }
            do {
                found.append((index, ColumnValueCoding.write(try ValueCoercion.coerce(value, to: attribute.type))))
            } catch {
                return nil
            }
        }
        return found
    }

    func evaluate(_ expression: String, source: ObjectReference?, destination: ObjectReference?) throws
        -> ExpressionValue
    {
        try goLiveHere()
        return try session.evaluate(expression, source: source, destination: destination)
    }

    func insert(_ entity: String, values: [String: ExpressionValue]) throws -> ObjectReference {
        try goLiveHere()
        return try session.insert(entity, values: values)
    }

    func link(_ object: ObjectReference, _ relationship: String, to targets: [ObjectReference]) throws {
        try goLiveHere()
        try session.link(object, relationship, to: targets)
    }

    func destinationInstances(mapping: String, sources: [ObjectReference]) throws -> [ObjectReference] {
        try goLiveHere()
        return try session.destinationInstances(mapping: mapping, sources: sources)
    }

    func count(_ entity: String, side: ObjectReference.Side) throws -> Int {
        try goLiveHere()
        return try session.count(entity, side: side)
    }

    func createDefaultRelationships(for destination: ObjectReference, source: ObjectReference, mapping: EntityMapping)
        throws
    {
        try goLiveHere()
        try session.createDefaultRelationships(for: destination, source: source, mapping: mapping)
    }

    /// Goes live at the row the policy is running for (once); a failed read of the batch fails every call.
    private func goLiveHere() throws {
        if let liveFailure { throw liveFailure }
        guard live == nil else { return }
        do {
            _ = try goLive(after: batchStart, at: position, partial: true)
        } catch {
            liveFailure = error
            throw error
        }
    }

}
