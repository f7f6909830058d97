import GRDB

/// The values of the objects a `--where` key path reaches through relationships (`$object.author.name`),
/// read by primary key from the snapshot the objects are read from.
///
/// Only the last ``capacity`` objects read are kept, so a filter over many related objects stays bounded in
/// memory; an object a relationship names that is not in the store reads `nil` for every key, as a fault
/// that cannot be fulfilled would be skipped by a predicate rather than stop it.
final class RelatedObjectValues {
    /// The most related objects whose values are kept.
    static let capacity = 1024

    private let source: StoreObjectSource
    private let db: Database
    private var readers: [String: ObjectRowReader] = [:]
    private var known: [ObjectReference: [String: ExpressionValue]?] = [:]

    init(source: StoreObjectSource, db: Database) {
        self.source = source
        self.db = db
    }

    /// `key` of `object`: an attribute's value, a to-one's object (or `nil`) or a to-many's objects.
    func value(forKey key: String, of object: ObjectReference) throws -> ExpressionValue {
        guard let values = try values(of: object) else { return .null }
        guard let value = values[key] else { throw ExpressionEvaluationError("\(object.entity) has no property \(key)") }
        return value
    }

    private func values(of object: ObjectReference) throws -> [String: ExpressionValue]? {
        if let values = known[object] { return values }
        let reader: ObjectRowReader
        if let made = readers[object.entity] {
            reader = made
        } else {
            reader = try source.reader(entity: object.entity, includingSubentities: false)
            readers[object.entity] = reader
        }
        let values = try reader.expressionValues(of: object.primaryKey, db)
        if known.count >= Self.capacity { known.removeAll(keepingCapacity: true) }
        known[object] = .some(values)
        return values
    }
}
