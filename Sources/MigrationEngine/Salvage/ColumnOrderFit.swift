import GRDB

/// The order of an entity table's columns in a store whose `CREATE TABLE` text is lost, told by its rows.
///
/// Core Data creates a table in the order ``SchemaBuilder`` gives; a store migrated in place keeps the order
/// of the version it was created at and appends each later version's new columns (`ALTER TABLE … ADD
/// COLUMN`; wire's stores). So the candidates are the model's order for a new store, then, for each earlier
/// version, that version's order with the columns each later version added appended in turn. Each is scored by
/// how many of the table's rows fit it: every value of its column's type, and an ordered to-one's position
/// (`Z_FOK_`) set wherever its key is, as Core Data always writes them. The best wins; on a tie the earliest
/// candidate, and the note says that several orders fit alike.
struct ColumnOrderFit {
    let table: SchemaTable
    /// Every version's schema, oldest first, the version the store is at last; empty for the model's order only.
    let layouts: [StoreSchema]

    /// The order chosen, the record lengths its rows may have and, when it is not the model's for a new store
    /// or ties with another, a note.
    ///
    /// A store created at one version and migrated in place keeps the rows written before a later version
    /// added its columns (`ALTER TABLE … ADD COLUMN`) in shorter records: such an order's rows may have as
    /// many values as the table had after any version; a new store's rows have every column.
    func best(for rows: [[DatabaseValue]], types: [String: String]) -> (order: [String], lengths: Set<Int>, note: String?) {
        let predicted = table.columns.map(\.name)
        var candidates = [(order: predicted, lengths: Set([predicted.count]))]
        for start in layouts.indices.dropLast() {
            if let migrated = migrated(from: start, columns: predicted),
                !candidates.contains(where: { $0.order == migrated.order })
            {
                candidates.append(migrated)
            }
        }
        guard candidates.count > 1, !rows.isEmpty else { return (predicted, [predicted.count], nil) }
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
        let best = scores.firstIndex(of: top) ?? 0
        let alike = scores.count { $0 == top }
        var note: String?
        if best > 0 {
            note =
                "columns in the order of a store migrated in place (\(top) of \(rows.count) rows fit it, \(scores[0]) the order of a new store)"
        }
        if alike > 1 {
            note = (note.map { $0 + "; " } ?? "") + "\(alike) column orders fit its rows alike: the first of them used"
        }
        return (candidates[best].order, candidates[best].lengths, note)
    }

    /// The value at `index`, NULL past the record's end (a row written before `ALTER TABLE` added a column).
    private static func value(_ values: [DatabaseValue], _ index: Int) -> DatabaseValue {
        index < values.count ? values[index] : .null
    }

    /// The order of a store created at `layouts[start]` and migrated in place through every later version:
    /// that version's columns still in `columns`, then each later version's new ones, with the table's
    /// width after each version; nil when the table did not exist then.
    private func migrated(from start: Int, columns: [String]) -> (order: [String], lengths: Set<Int>)? {
        let wanted = Set(columns)
        func names(_ schema: StoreSchema) -> [String] {
            schema.tables.first { $0.name == table.name }?.columns.map(\.name).filter(wanted.contains) ?? []
        }
        var order = names(layouts[start])
        guard order.first == "Z_PK" else { return nil }
        var lengths: Set<Int> = [order.count]
        for later in layouts[(start + 1)...] {
            for name in names(later) where !order.contains(name) { order.append(name) }
            lengths.insert(order.count)
        }
        for name in columns where !order.contains(name) { order.append(name) }
        lengths.insert(order.count)
        return (order, lengths)
    }
}
