/// A row read without some of its values — those on an overflow page that is damaged or lost — kept with
/// NULL there because each is an optional attribute's (a required one would not be empty in Core Data's eyes).
struct PartialRow {
    /// The row id (an entity row's `Z_PK`).
    let id: Int64
    /// The columns whose values could not be read.
    let columns: [String]

    /// The columns of `table` a row may be read without: optional attributes'.
    static func nullableColumns(of table: SchemaTable, in model: ObjectModel) -> Set<String> {
        Set(
            table.columns.filter { column in
                guard case .attribute(let entity, let name) = column.role else { return false }
                return model.entity(named: entity)?.attribute(named: name)?.isOptional == true
            }
            .map(\.name))
    }

    /// The report's note on `table`'s such rows: each key (the first eight) and the columns it lost.
    static func note(table: String, _ rows: [PartialRow]) -> String {
        let listed = rows.prefix(8).map { "key \($0.id) (\($0.columns.joined(separator: ", ")))" }
        let more = rows.count > 8 ? ", …" : ""
        return
            "\(table): \(rows.count) rows read without the values on damaged pages, NULL there (optional attributes): \(listed.joined(separator: ", "))\(more)"
    }
}
