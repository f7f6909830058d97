import GRDB

/// Steps through one entity's objects with a prepared statement, rendering each row as it is read, so any
/// number of rows is read in bounded memory.
struct ObjectRowReader {
    let layout: EntityExportLayout
    /// The store's UUID, for object URIs.
    let storeUUID: String
    /// Entity names by `Z_ENT`.
    let names: [Int: String]
    /// Where values kept outside the store are read from.
    let externalData: ExternalDataFolder

    /// Calls `body` with each object in primary-key order until it returns false. With `expressionValues`,
    /// it also gets the object's values as an expression sees them (for `--where`).
    ///
    /// - Parameters:
    ///   - db: The connection to read with.
    ///   - page: A `LIMIT` and `OFFSET` applied in SQL.
    ///   - expressionValues: Whether `body` gets the values as an expression sees them (else an empty dictionary).
    ///   - body: Called per object; returns whether to go on.
    /// - Throws: GRDB's `DatabaseError` for a failing read, ``ExportError`` for a value kept outside the store
    ///   that cannot be read, and whatever `body` throws.
    func read(
        _ db: Database, page: (limit: Int, offset: Int)? = nil, expressionValues: Bool = false,
        _ body: (ExportedObject, [String: ExpressionValue]) throws -> Bool
    ) throws {
        let select = layout.select + (page.map { " LIMIT \(value: $0.limit) OFFSET \(value: $0.offset)" } ?? "")
        let toManyStatements = try layout.toManys.map { try db.makeStatement($0.sql) }
        let fields = layout.fieldNames
        let statement = try db.makeStatement(select)
        let rows = try Row.fetchCursor(statement, arguments: select.statementArguments)
        while let row = try rows.next() {
            let key: Int64 = row[0]
            let entity = names[row[1] as Int? ?? 0] ?? layout.entity
            var values: [RenderedValue] = [.text(uri(entity, key)), .text(entity), .integer(key)]
            var expressions: [String: ExpressionValue] = [:]
            var index = 2
            for column in layout.attributes {
                // By byte count (GRDB's row would end text at a NUL); text that is not UTF-8 shows U+FFFD.
                let stored = SQLiteValueReader.shown(statement, at: index)
                values.append(try render(stored, as: column.attribute, entity: entity, key: key))
                if expressionValues {
                    expressions[column.attribute.name] = ColumnValueCoding.read(stored, as: column.attribute.type)
                }
                index += 1
            }
            for toOne in layout.toOnes {
                let target: Int64? = row[index]
                let targetEntity = (row[index + 1] as Int?).flatMap { names[$0] } ?? toOne.destination
                values.append(target.map { .text(uri(targetEntity, $0)) } ?? .null)
                expressions[toOne.name] = target.map { .object(reference(targetEntity, $0)) } ?? .null
                index += 2
            }
            for (query, toMany) in zip(layout.toManys, toManyStatements) {
                let targets = try Row.fetchAll(toMany, arguments: [key]).map { target in
                    (names[target[1] as Int? ?? 0] ?? "?", target[0] as Int64)
                }
                values.append(.list(targets.map { uri($0.0, $0.1) }))
                expressions[query.name] = .list(targets.map { .object(reference($0.0, $0.1)) })
            }
            let object = ExportedObject(entity: entity, primaryKey: key, fields: fields, values: values)
            guard try body(object, expressions) else { return }
        }
    }

    /// A column's value by type; a reference to a value kept outside the store renders as the file's bytes.
    private func render(_ stored: DatabaseValue, as attribute: Attribute, entity: String, key: Int64) throws
        -> RenderedValue
    {
        guard attribute.allowsExternalBinaryDataStorage, case .blob(let data) = stored.storage,
            let uuid = ExternalDataFolder.reference(in: data)
        else { return ValueRenderer.render(stored, as: attribute) }
        let object = "\(entity) p\(key) \(attribute.name)"
        guard let bytes = try externalData.contents(of: uuid, object: object) else { return .missingExternalData(uuid) }
        return .text(bytes.base64EncodedString())
    }

    private func uri(_ entity: String, _ key: Int64) -> String {
        ObjectURI.make(store: storeUUID, entity: entity, primaryKey: key)
    }

    private func reference(_ entity: String, _ key: Int64) -> ObjectReference {
        ObjectReference(side: .source, entity: entity, primaryKey: key)
    }
}
