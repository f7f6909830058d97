import GRDB

/// The order of an entity table's columns in a store whose `CREATE TABLE` text is lost, told by its rows.
///
/// Core Data creates a table in the order ``SchemaBuilder`` gives; a store migrated in place keeps the order
/// of the version it was created at, drops the columns a later version removes and appends each later
/// version's new columns (`ALTER TABLE … ADD COLUMN`; wire's stores). A column a later version only renames
/// keeps its place: an attribute or relationship renamed through its renaming identifier (wire 2.54.0's
/// `mutedStatus`, once `isSilenced`), and a to-one's entity column renamed when the entities are numbered
/// anew (wire's `Z10_QUOTE`, `Z11_QUOTE` at 2.88.0, `Z10_QUOTE` again at 2.101.0). So the candidates are the model's order for a new store, then, for each earlier
/// version, that version's order with the columns each later version added appended in turn. Each is scored by
/// how many of the table's rows fit it: every value of its column's type, and an ordered to-one's position
/// (`Z_FOK_`) set wherever its key is, as Core Data always writes them. The best wins. Orders that tie (columns
/// of one SQL type swapped) are told apart where the values can: by how many rows hold, in every column, a value
/// the model's attribute allows there (a Boolean 0 or 1, an Integer 16 or 32 in its range, a save counter not
/// negative); when that ties too, by the table's own index entries found on the pages (``told(_:rows:entries:)``:
/// an entry holds its columns' values beside the row id), then by the store's history as its other tables tell
/// it (``choose(_:store:)``). Only when nothing tells is the earliest candidate used, and the note names the
/// columns whose values the orders it could not tell apart would read differently.
struct ColumnOrderFit {
    /// One version of the model and the schema it lays out for a new store.
    struct Layout {
        let model: ObjectModel
        let schema: StoreSchema

        init(_ model: ObjectModel) {
            self.model = model
            self.schema = SchemaBuilder(model: model).build()
        }
    }

    let table: SchemaTable
    /// Every version, oldest first, the version the store is at last; empty for the model's order only.
    let layouts: [Layout]
    /// The model the table is laid out for, whose attribute types tell tied orders apart.
    let model: ObjectModel?
    /// The orders the table's columns may have, worked out once (``possibleOrders()``).
    private var candidates: [Candidate] = []

    init(table: SchemaTable, layouts: [Layout], model: ObjectModel?) {
        self.table = table
        self.layouts = layouts
        self.model = model
        self.candidates = possibleOrders()
    }

    /// One order the table's columns may have, with the record lengths its rows may have and `starts`: the
    /// versions (indices into ``layouts``) a store created at which, and migrated in place through every later
    /// one, would have the table in this order (a table that did not exist yet is created at the first version
    /// that has it).
    struct Candidate {
        var order: [String]
        var lengths: Set<Int>
        var starts: Set<Int>
    }

    /// How the table's rows fit each candidate: the candidates (the model's order for a new store first), how
    /// many rows fit each by SQL type, and those that fit best — one, when the attribute types told tied ones
    /// apart (`decided`).
    struct Fit {
        var candidates: [Candidate]
        var scores: [Int]
        var best: [Int]
        var decided: (fit: Int, next: Int)?
        /// When the table's index entries told tied orders apart: how many agree with its rows in the order
        /// chosen, and at most in another.
        var indexed: (agree: Int, next: Int)?
        /// The rows scored, read in each order tied at the end to name the columns they read differently.
        var values: [[DatabaseValue]] = []
        var rows: Int

        /// The versions a store may have been created at, by this table's rows: nil when they tell nothing.
        var starts: Set<Int>? {
            guard rows > 0, candidates.count > 1 else { return nil }
            return best.reduce(into: Set<Int>()) { $0.formUnion(candidates[$1].starts) }
        }
    }

    /// The order chosen, the record lengths its rows may have and, when it is not the model's for a new store
    /// or ties with another, a note.
    ///
    /// A store created at one version and migrated in place keeps the rows written before a later version
    /// added its columns (`ALTER TABLE … ADD COLUMN`) in shorter records: such an order's rows may have as
    /// many values as the table had after any version; a new store's rows have every column.
    func best(for rows: [[DatabaseValue]], types: [String: String]) -> (order: [String], lengths: Set<Int>, note: String?) {
        choose(fit(rows, types: types), store: nil)
    }

    /// The candidates scored by `rows`.
    func fit(_ rows: [[DatabaseValue]], types: [String: String]) -> Fit {
        guard candidates.count > 1, !rows.isEmpty else {
            return Fit(candidates: candidates, scores: [rows.count], best: [0], rows: rows.count)
        }
        let positions = table.columns.compactMap { column -> (key: String, order: String)? in
            guard case .foreignOrder(let entity, let name) = column.role,
                let key = table.column(.foreignKey(entity: entity, relationship: name))
            else { return nil }
            return (key.name, column.name)
        }
        let scores = candidates.map { candidate in
            let order = candidate.order
            let index = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
            let checks = positions.compactMap { pair in index[pair.key].flatMap { key in index[pair.order].map { (key, $0) } } }
            let columnTypes = order.map { types[$0] ?? "" }
            return rows.count { values in
                candidate.lengths.contains(values.count)
                    && zip(columnTypes, values).allSatisfy { LostSchemaRebuild.fits($1, $0) }
                    && checks.allSatisfy { Self.value(values, $0.0).isNull || !Self.value(values, $0.1).isNull }
            }
        }
        let top = scores.max() ?? 0
        let tied = scores.indices.filter { scores[$0] == top }
        // Orders alike by SQL type: the values against the attributes' own types decide, when they can.
        if tied.count > 1, let model {
            let columns = Dictionary(table.columns.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            let plausible = tied.map { index in
                rows.count { Self.plausible($0, order: candidates[index].order, columns: columns, model: model) }
            }
            let most = plausible.max() ?? 0
            if plausible.count(where: { $0 == most }) == 1, let winner = plausible.firstIndex(of: most) {
                return Fit(
                    candidates: candidates, scores: scores, best: [tied[winner]],
                    decided: (most, plausible.filter { $0 != most }.max() ?? 0), rows: rows.count)
            }
        }
        return Fit(candidates: candidates, scores: scores, best: tied, values: rows, rows: rows.count)
    }

    /// `fit` with the orders its rows fit alike told apart by the table's indexes: `entries` are the index
    /// entries found on the pages by row id (each its columns' values, the row id last), `rows` the rows
    /// scored with their ids. An entry agrees with an order when, for one of the model's indexes on the
    /// table, the row with its id holds the entry's values in that index's columns read in that order (an
    /// entry of NULLs only says nothing). The order most entries agree with wins when it is the only one;
    /// else `fit` is returned as it was. Entries of another table's index whose row id a row shares may agree
    /// by chance in any order alike: only a lead counts.
    func told(_ fit: Fit, rows: [(id: Int64, values: [DatabaseValue])], entries: [Int64: [[DatabaseValue]]]) -> Fit {
        guard fit.best.count > 1, !entries.isEmpty, !table.indexes.isEmpty else { return fit }
        // Per tied order, where each index's columns are; only an index whose columns move between the orders
        // tells them apart (the others agree alike in every one).
        let positions = fit.best.map { candidate in
            let index = Dictionary(
                fit.candidates[candidate].order.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
            return table.indexes.map { declared -> [Int]? in
                let found = declared.columns.compactMap { index[$0] }
                return found.count == declared.columns.count ? found : nil
            }
        }
        let telling = table.indexes.indices.filter { index in positions.contains { $0[index] != positions[0][index] } }
        let agreeing = positions.map { keyed in Self.agreeing(rows, indexes: telling.compactMap { keyed[$0] }, entries: entries) }
        let most = agreeing.max() ?? 0
        guard most > 0, agreeing.count(where: { $0 == most }) == 1, let winner = agreeing.firstIndex(of: most) else {
            return fit
        }
        var told = fit
        told.best = [fit.best[winner]]
        told.indexed = (most, agreeing.filter { $0 != most }.max() ?? 0)
        return told
    }

    /// The order `fit` gives. Orders its rows fit alike are told apart by `store`, the versions every other
    /// table's rows (or surviving `CREATE TABLE` text) say the store may have been created at: a store has one
    /// history, and a table that tells it (wire's `ZGENERICMESSAGEDATA`, whose rows fit one order only) tells it
    /// for the tables whose rows are too few or too NULL to (wire 2.101.0's 24 messages fit four orders: the
    /// first, a new store's, put 12 of their values in other columns).
    func choose(_ fit: Fit, store: Set<Int>?) -> (order: [String], lengths: Set<Int>, note: String?) {
        var best = fit.best.first ?? 0
        var told: String?
        if fit.best.count > 1, let store {
            let agreeing = fit.best.filter { !fit.candidates[$0].starts.isDisjoint(with: store) }
            if agreeing.count == 1 {
                best = agreeing[0]
                told = "told apart by the other tables' rows (the store's history)"
            }
        }
        guard fit.candidates.count > 1, fit.rows > 0 else {
            return (fit.candidates[0].order, fit.candidates[0].lengths, nil)
        }
        let top = fit.scores[best]
        var note: String?
        if best > 0 {
            note =
                "columns in the order of a store migrated in place (\(top) of \(fit.rows) rows fit it, \(fit.scores[0]) the order of a new store)"
        }
        if let decided = fit.decided {
            note =
                (note.map { $0 + "; " } ?? "")
                + "\(fit.scores.count { $0 == top }) column orders fit its rows' SQL types alike, told apart by the model's attribute types (\(decided.fit) of \(fit.rows) rows hold values its attributes allow in that order, \(decided.next) in the next)"
        } else if let indexed = fit.indexed {
            note =
                (note.map { $0 + "; " } ?? "")
                + "\(fit.scores.count { $0 == top }) column orders fit its rows alike, told apart by its index entries found on the pages (\(indexed.agree) agree with its rows in that order, \(indexed.next) in the next)"
        } else if let told {
            note = (note.map { $0 + "; " } ?? "") + "\(fit.best.count) column orders fit its rows alike, \(told)"
        } else if fit.best.count > 1 {
            note =
                (note.map { $0 + "; " } ?? "")
                + "\(fit.best.count) column orders fit its rows alike and nothing on the pages tells them apart: the first of them used, "
                + Self.uncertainty(fit, chosen: best)
        }
        return (fit.candidates[best].order, fit.candidates[best].lengths, note)
    }

    /// How many of `entries` (index entries found on the pages by row id, each its columns' values and the row id
    /// last) agree with `rows`: for one of `indexes` (each its columns' positions in the rows' records), the row
    /// with the entry's id holds the entry's values there. An entry of NULLs only says nothing.
    static func agreeing(
        _ rows: [(id: Int64, values: [DatabaseValue])], indexes: [[Int]], entries: [Int64: [[DatabaseValue]]]
    ) -> Int {
        rows.reduce(0) { sum, row in
            sum
                + (entries[row.id] ?? []).count { entry in
                    entry.dropLast().contains { !$0.isNull }
                        && indexes.contains { columns in
                            columns.count == entry.count - 1
                                && columns.indices.allSatisfy { value(row.values, columns[$0]) == entry[$0] }
                        }
                }
        }
    }

    /// Which values the orders `fit` could not tell apart read differently from the one `chosen`: the columns
    /// (in the chosen order) and how many values of how many rows, as the note words it.
    private static func uncertainty(_ fit: Fit, chosen: Int) -> String {
        let order = fit.candidates[chosen].order
        var columns: Set<String> = []
        var values = 0
        var rows = 0
        let others = fit.best.filter { $0 != chosen }.map { candidate in
            Dictionary(fit.candidates[candidate].order.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        }
        for row in fit.values {
            let differing = order.indices.filter { position in
                others.contains { other in
                    other[order[position]].map { value(row, $0) != value(row, position) } ?? false
                }
            }
            columns.formUnion(differing.map { order[$0] })
            values += differing.count
            rows += differing.isEmpty ? 0 : 1
        }
        guard !columns.isEmpty else { return "which reads every row's values alike" }
        let named = order.filter(columns.contains)
        return
            "so \(values) values of \(rows) rows may be in the wrong one of these columns: \(named.joined(separator: ", "))"
    }

    /// The versions a store may have been created at when the table's columns are in `order` (its surviving
    /// `CREATE TABLE` text): nil when that order is no candidate's, or every candidate's.
    func starts(of order: [String]) -> Set<Int>? {
        guard candidates.count > 1 else { return nil }
        return candidates.first { $0.order == order }?.starts
    }

    /// The model's order for a new store first, then each order a store created at an earlier version and
    /// migrated in place would have, each once with every start that gives it.
    private func possibleOrders() -> [Candidate] {
        let predicted = table.columns.map(\.name)
        var candidates = [Candidate(order: predicted, lengths: [predicted.count], starts: [])]
        let tables = layouts.map { layout in layout.schema.tables.first { $0.name == table.name } }
        // Which column of each version's table is which of the next's, worked out once for every start.
        let steps = tables.indices.map { index -> [String: String] in
            guard let earlier = tables[index] else { return [:] }
            let next = index + 1 < layouts.count ? tables[index + 1] : table
            guard let next else { return [:] }
            let model = index + 1 < layouts.count ? layouts[index + 1].model : self.model ?? layouts[index].model
            return Self.sameColumns(earlier, in: layouts[index].model, as: next, in: model)
        }
        for start in layouts.indices {
            guard let created = tables[start...].firstIndex(where: { $0 != nil }),
                let migrated = migrated(from: created, tables: tables, steps: steps)
            else { continue }
            if let index = candidates.firstIndex(where: { $0.order == migrated.order }) {
                candidates[index].starts.insert(start)
            } else {
                candidates.append(Candidate(order: migrated.order, lengths: migrated.lengths, starts: [start]))
            }
        }
        return candidates
    }

    /// Which column of `earlier` (a table of `from`) each column of `later` (the same table in `to`, the next
    /// version) is, by earlier name: the one holding the same attribute or relationship, followed through renaming
    /// identifiers as Core Data's inferred mapping follows them (``RenameIndex``), else the one of the same name.
    static func sameColumns(
        _ earlier: SchemaTable, in from: ObjectModel, as later: SchemaTable, in to: ObjectModel
    ) -> [String: String] {
        let entities = RenameIndex(from.entities, name: \.name, renaming: \.renamingIdentifier)
        let byRole = Dictionary(earlier.columns.map { ($0.role, $0.name) }, uniquingKeysWith: { first, _ in first })
        let names = Set(earlier.columns.map(\.name))
        // The entity of `from` that `to`'s entity `name` is.
        func entity(_ name: String) -> Entity? {
            guard let entity = to.entity(named: name) else { return nil }
            return entities.match(key: entity.renamingIdentifier ?? entity.name, ownName: entity.name)
        }
        func relationship(_ owner: String, _ name: String) -> (entity: String, relationship: String)? {
            guard let now = to.entity(named: owner)?.relationship(named: name), let was = entity(owner),
                let found = RenameIndex(was.relationships, name: \.name, renaming: \.renamingIdentifier)
                    .match(key: now.renamingIdentifier ?? now.name, ownName: now.name)
            else { return nil }
            return (was.name, found.name)
        }
        func role(_ role: SchemaColumn.Role) -> SchemaColumn.Role? {
            switch role {
            case .primaryKey, .entityNumber, .saveCounter:
                return role
            case .attribute(let owner, let name):
                guard let now = to.entity(named: owner)?.attribute(named: name), let was = entity(owner),
                    let found = RenameIndex(was.attributes, name: \.name, renaming: \.renamingIdentifier)
                        .match(key: now.renamingIdentifier ?? now.name, ownName: now.name)
                else { return nil }
                return .attribute(entity: was.name, name: found.name)
            case .foreignKey(let owner, let name):
                return relationship(owner, name).map { .foreignKey(entity: $0.entity, relationship: $0.relationship) }
            case .foreignEntity(let owner, let name):
                return relationship(owner, name).map { .foreignEntity(entity: $0.entity, relationship: $0.relationship) }
            case .foreignOrder(let owner, let name):
                return relationship(owner, name).map { .foreignOrder(entity: $0.entity, relationship: $0.relationship) }
            case .toManyKey(let owner, let name):
                return relationship(owner, name).map { .toManyKey(entity: $0.entity, relationship: $0.relationship) }
            }
        }
        var same: [String: String] = [:]
        for column in later.columns {
            let found = role(column.role).flatMap { byRole[$0] } ?? (names.contains(column.name) ? column.name : nil)
            if let found, same[found] == nil { same[found] = column.name }
        }
        return same
    }

    /// Whether every value of `values`, read in `order`, is one Core Data writes in its column: finer than its
    /// SQL type, where the attribute's type says (a NULL, and a column the model says nothing finer of, allow any).
    private static func plausible(
        _ values: [DatabaseValue], order: [String], columns: [String: SchemaColumn], model: ObjectModel
    ) -> Bool {
        zip(order, values).allSatisfy { name, value in
            guard case .int64(let number) = value.storage, let column = columns[name] else { return true }
            switch column.role {
            case .saveCounter: return number >= 0
            case .attribute(let entity, let attribute):
                switch model.entity(named: entity)?.attribute(named: attribute)?.type {
                case .boolean: return number == 0 || number == 1
                case .integer16: return Int16(exactly: number) != nil
                case .integer32: return Int32(exactly: number) != nil
                default: return true
                }
            default: return true
            }
        }
    }

    /// The value at `index`, NULL past the record's end (a row written before `ALTER TABLE` added a column).
    private static func value(_ values: [DatabaseValue], _ index: Int) -> DatabaseValue {
        index < values.count ? values[index] : .null
    }

    /// The order of a store created at `layouts[start]` and migrated in place through every later version and
    /// into ``table``: that version's columns, each renamed as `steps` says, then each later version's new ones,
    /// with the table's width after each version — until a version drops a column, which lays the table out
    /// anew in its own order (and every row at its width); nil when the table did not exist then.
    private func migrated(
        from start: Int, tables: [SchemaTable?], steps: [[String: String]]
    ) -> (order: [String], lengths: Set<Int>)? {
        guard let created = tables[start], created.columns.first?.name == "Z_PK" else { return nil }
        // Each column as named at the version reached; how many there were after each version.
        var order = created.columns.map(\.name)
        var widths = [order.count]
        for index in start..<tables.count {
            guard let next = index + 1 < layouts.count ? tables[index + 1] : table else { continue }
            // A version that drops a column copies the table into a new one laid out as it lays out a new store
            // (wire 2.100.0 dropped ZUSERCLIENT's appended ZLEGACYPUSHTOKEN, and its other appended columns moved
            // to their places among the integers), so every row is rewritten at that width; so does a version
            // that brings back a table an earlier one dropped.
            let moved = order.map { name in tables[index].flatMap { _ in steps[index][name] } }
            guard moved.allSatisfy({ $0 != nil }) else {
                order = next.columns.map(\.name)
                widths = [order.count]
                continue
            }
            order = moved.compactMap { $0 }
            let kept = Set(order)
            for column in next.columns where !kept.contains(column.name) { order.append(column.name) }
            widths.append(order.count)
        }
        guard Set(order) == Set(table.columns.map(\.name)), order.count == table.columns.count else { return nil }
        return (order, Set(widths))
    }
}
