import Foundation
import MigrationEngine

extension BrowserPage {
    /// A browser page from stored rows, named and typed by the engine's layout of the entity's columns (or
    /// named as the engine names them as stored, when the store's model is not known).
    ///
    /// Bookkeeping columns (`Z_ENT`, `Z_OPT`, the entity-number columns of to-one relationships) and other
    /// entities' columns in a shared table are hidden; `Z_PK` becomes the `pk` column; an attribute's column
    /// is shown under the attribute's name, by its type, wherever the layout put it (`ZTEXT1` for a sibling's
    /// clashing `text`); to-one relationships become `Entity #pk`. Columns laid out as stored show their
    /// values as SQLite stored them. A page holding sub-entities' rows gets an `entity` column after `pk` naming each
    /// row's own entity.
    package init(rows page: EntityRowPage, columns layout: EntityColumns) {
        var kept: [(index: Int, title: String, convert: (StoredValue) -> BrowserValue)] = []
        for (index, column) in page.columns.enumerated() {
            if column == "Z_PK" {
                kept.append((index, "pk", Self.raw))
                continue
            }
            switch layout.byColumn[column] {
            case .attribute(let attribute)?: kept.append((index, attribute.name, { Self.typed($0, attribute) }))
            case .toOne(let relationship, let destination)?:
                kept.append(
                    (
                        index, relationship,
                        { value in
                            if case .integer(let key) = value { return .reference(entity: destination, key: key) }
                            return Self.raw(value)
                        }
                    ))
            case .stored(let name)?: kept.append((index, name, Self.raw))
            case nil: continue
            }
        }
        if let position = page.columns.firstIndex(of: "Z_ENT") {
            // The names the rows' entity numbers stand for, as the engine read them with the rows.
            var names: [Int64: String] = [:]
            for (row, name) in zip(page.rows, page.rowEntities) where row.indices.contains(position) {
                if case .integer(let number) = row[position] { names[number] = name }
            }
            if names.values.contains(where: { $0 != page.entity }) {
                let named = names
                let convert: (StoredValue) -> BrowserValue = { value in
                    if case .integer(let number) = value, let name = named[number] { return .text(name) }
                    return Self.raw(value)
                }
                kept.insert((position, "entity", convert), at: kept.first?.title == "pk" ? 1 : 0)
            }
        }
        self.init(
            entity: page.entity, columns: kept.map(\.title),
            rows: page.rows.map { row in kept.map { $0.convert(row.indices.contains($0.index) ? row[$0.index] : .null) } },
            offset: page.offset, totalRows: page.totalRows, sourceColumns: kept.map { page.columns[$0.index] },
            rowEntities: page.rowEntities)
    }

    static func raw(_ value: StoredValue) -> BrowserValue {
        switch value {
        case .null: .null
        case .integer(let number): .integer(number)
        case .real(let number): .real(number)
        case .text(let text): .text(text)
        case .blob(let data): .blob(data)
        }
    }

    /// A value as the engine reads it by its attribute's type, as mappings and `rows --where` see it.
    static func typed(_ value: StoredValue, _ attribute: Attribute) -> BrowserValue {
        switch MigrationProject.typedValue(value, of: attribute) {
        case .null: return .null
        case .bool(let flag): return .bool(flag)
        case .integer(let number): return .integer(number)
        case .double(let number): return .real(number)
        case .string(let text): return .text(text)
        case .date(let seconds): return .date(Date(timeIntervalSinceReferenceDate: seconds))
        case .uuid(let uuid): return .uuid(uuid)
        case .data(let data):
            // An archive or plist is shown as the JSON `export` writes, its bytes kept for the record view.
            guard let json = MigrationProject.decodedValue(data, of: attribute) else { return .blob(data) }
            return .decoded(json: json, bytes: data)
        case .object, .list: return raw(value)
        }
    }
}
