import CSQLiteGuard
import Foundation
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
    /// Whether Binary and Transformable bytes are rendered as base64 even when they hold an archive or a
    /// property list (see ``DecodedValue``).
    var rawValues = false

    /// Calls `body` with each object in primary-key order (or `order`, then primary-key order) until it
    /// returns false. With `expressionValues`, it also gets the object's values as an expression sees them
    /// (for `--where`).
    ///
    /// - Parameters:
    ///   - db: The connection to read with.
    ///   - page: A `LIMIT` and `OFFSET` applied in SQL.
    ///   - condition: A condition on the entity's table, applied in SQL; nil for every object.
    ///   - order: Columns (with their direction) ordering the objects before their primary key.
    ///   - expressionValues: Whether `body` gets the values as an expression sees them (else an empty dictionary).
    ///   - body: Called per object; returns whether to go on.
    /// - Throws: GRDB's `DatabaseError` for a failing read, ``ExportError`` for a value kept outside the store
    ///   that cannot be read, and whatever `body` throws.
    func read(
        _ db: Database, page: (limit: Int, offset: Int)? = nil, where condition: SQLFragment? = nil, order: [SQLFragment] = [],
        expressionValues: Bool = false, _ body: (ExportedObject, [String: ExpressionValue]) throws -> Bool
    ) throws {
        let select =
            layout.select(where: condition, orderedBy: order)
            + (page.map { " LIMIT \(value: $0.limit) OFFSET \(value: $0.offset)" } ?? "")
        try each(db, select: select, expressionValues: expressionValues, streaming: false) { object, expressions, _ in
            try body(object, expressions)
        }
    }

    /// The values of the object whose primary key is `key`, as an expression sees them; nil when the store
    /// has no such object of the layout's entities.
    ///
    /// - Throws: As ``read(_:page:where:order:expressionValues:_:)``.
    func expressionValues(of key: Int64, _ db: Database) throws -> [String: ExpressionValue]? {
        var found: [String: ExpressionValue]?
        let select = layout.select(where: "\(SQLIdentifier.primaryKey) = \(value: key)")
        try each(db, select: select, expressionValues: true, streaming: false) { _, values, _ in
            found = values
            return false
        }
        return found
    }

    /// Calls `body` with each object that `condition` keeps, in `order` then primary-key order, until it
    /// returns false, as ``read(_:page:where:order:expressionValues:_:)`` does, except that a TEXT or BLOB of
    /// at least ``LargeValue/threshold`` bytes, and every value kept outside the store, is not rendered: its
    /// field holds `.null` in the object and the value is given by field index, to be written from where it
    /// lies before `body` returns. The values an expression sees (with `expressionValues`) are still whole,
    /// so a predicate decides on a large value as `rows --where` does.
    ///
    /// - Throws: As ``read(_:page:where:order:expressionValues:_:)``.
    func stream(
        _ db: Database, where condition: SQLFragment? = nil, order: [SQLFragment] = [], expressionValues: Bool = false,
        _ body: (ExportedObject, [String: ExpressionValue], [Int: LargeValue]) throws -> Bool
    ) throws {
        let select = layout.select(where: condition, orderedBy: order)
        try each(db, select: select, expressionValues: expressionValues, streaming: true, body)
    }

    private func each(
        _ db: Database, select: SQLFragment, expressionValues: Bool, streaming: Bool,
        _ body: (ExportedObject, [String: ExpressionValue], [Int: LargeValue]) throws -> Bool
    ) throws {
        let toManyStatements = try layout.toManys.map { try db.makeStatement($0.sql) }
        let fields = layout.fieldNames
        let statement = try db.makeStatement(select)
        let rows = try Row.fetchCursor(statement, arguments: select.statementArguments)
        var large: [Int: LargeValue] = [:]
        while let row = try rows.next() {
            let key: Int64 = row[0]
            let entity = names[row[1] as Int? ?? 0] ?? layout.entity
            var values: [RenderedValue] = [.text(uri(entity, key)), .text(entity), .integer(key)]
            var expressions: [String: ExpressionValue] = [:]
            large.removeAll(keepingCapacity: true)
            var index = 2
            for column in layout.attributes {
                // By byte count (GRDB's row would end text at a NUL); text that is not UTF-8 shows U+FFFD. An
                // expression sees a large value whole: that one value is held while its row is read.
                let read = expressionValues ? SQLiteValueReader.shown(statement, at: index) : nil
                if let read { expressions[column.attribute.name] = ColumnValueCoding.read(read, as: column.attribute.type) }
                if streaming,
                    let value = try largeValue(statement, at: index, as: column.attribute, entity: entity, key: key)
                {
                    large[values.count] = value
                    values.append(.null)
                    index += 1
                    continue
                }
                let stored = read ?? SQLiteValueReader.shown(statement, at: index)
                values.append(try render(stored, as: column.attribute, entity: entity, key: key))
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
            guard try body(object, expressions, large) else { return }
        }
    }

    /// A column's value by type; a reference to a value kept outside the store renders as the file's bytes.
    private func render(_ stored: DatabaseValue, as attribute: Attribute, entity: String, key: Int64) throws
        -> RenderedValue
    {
        guard attribute.allowsExternalBinaryDataStorage, case .blob(let data) = stored.storage,
            let uuid = ExternalDataFolder.reference(in: data)
        else { return ValueRenderer.render(stored, as: attribute, decoding: !rawValues) }
        let object = "\(entity) p\(key) \(attribute.name)"
        guard let bytes = try externalData.contents(of: uuid, object: object) else { return .missingExternalData(uuid) }
        return .text(bytes.base64EncodedString())
    }

    /// Column `index`'s value as a ``LargeValue`` when `export` writes it in pieces: TEXT (but a Decimal's,
    /// which renders as a number's text) or a BLOB of at least ``LargeValue/threshold`` bytes, rendered as
    /// ``ValueRenderer/render(_:as:decoding:)`` renders it (a BLOB as base64, an inline external-storage value
    /// without its marker byte), or the file a value kept outside the store refers to. Nil for any other
    /// value, for Binary or Transformable bytes small enough to decode as an archive or property list, and
    /// for a reference whose file is not there (rendered as missing).
    private func largeValue(_ statement: Statement, at index: Int, as attribute: Attribute, entity: String, key: Int64)
        throws -> LargeValue?
    {
        let handle = statement.sqliteStatement
        let column = CInt(index)
        switch sqlite3_column_type(handle, column) {
        case SQLITE_TEXT where attribute.type != .decimal:
            let text = SQLiteValueReader.columnBytes(handle, column)
            return text.count >= LargeValue.threshold ? .text(text) : nil
        case SQLITE_BLOB:
            let blob = SQLiteValueReader.blobBytes(handle, column)
            if attribute.allowsExternalBinaryDataStorage, blob.count < LargeValue.threshold,
                let uuid = ExternalDataFolder.reference(in: Data(blob))
            {
                let object = "\(entity) p\(key) \(attribute.name)"
                return try externalData.open(uuid, object: object).map { .file($0.0, path: $0.path) }
            }
            guard blob.count >= LargeValue.threshold else { return nil }
            let bytes = [.binary, .transformable].contains(attribute.type)
            let marked = bytes && attribute.allowsExternalBinaryDataStorage && blob.first == 1
            let value = marked ? UnsafeBufferPointer(rebasing: blob.dropFirst()) : blob
            // An archive small enough to decode is rendered whole, as `rows` renders it; it is at most
            // ``DecodedValue/maximumInput`` bytes, so holding it once more stays bounded.
            if bytes, !rawValues, value.count <= DecodedValue.maximumInput,
                DecodedValue.looksLikePropertyList(Data(value.prefix(16)))
            {
                return nil
            }
            return .bytes(value)
        default: return nil
        }
    }

    private func uri(_ entity: String, _ key: Int64) -> String {
        ObjectURI.make(store: storeUUID, entity: entity, primaryKey: key)
    }

    private func reference(_ entity: String, _ key: Int64) -> ObjectReference {
        ObjectReference(side: .source, entity: entity, primaryKey: key)
    }
}
