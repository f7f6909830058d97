import GRDB

extension EntityRowPager {
    /// The objects each to-many relationship of the object `key` of `entity` leads to, both sides of a
    /// many-to-many included, found where `model` says Core Data keeps them (the join table, or the inverse
    /// to-one's key in the destination's table): the same queries `export` writes to-manys with. At most
    /// `limit` objects are kept per relationship; the rest are counted, so a huge relationship stays bounded.
    ///
    /// - Parameters:
    ///   - entity: The object's own entity (a sub-entity's name when it is one).
    ///   - key: Its `Z_PK`.
    ///   - model: The version of the model the store is at.
    ///   - limit: The most objects kept per relationship.
    /// - Returns: One entry per to-many of the entity, in the model's order; empty for an entity the model
    ///   does not have.
    /// - Throws: ``ExportError`` when the store lacks a table or column the model implies, ``StoreError`` when
    ///   the snapshot cannot be read.
    package func related(entity: String, key: Int64, model: ObjectModel, limit: Int) throws -> [RelatedObjects] {
        guard let modelEntity = model.entity(named: entity) else { return [] }
        let path = snapshot.originalPath
        let names = entityNames
        let destinations = Dictionary(model.allRelationships(of: modelEntity).map { ($0.name, $0.destinationEntity) }) {
            first, _ in first
        }
        do {
            return try queue.read { db in
                let (schema, columns) = try StoreObjectSource.schema(of: model, db)
                let layout = try EntityExportLayout(
                    entity: modelEntity, includingSubentities: false, model: model, schema: schema, tableColumns: columns,
                    store: path)
                return try layout.toManys.map { query in
                    let destination = destinations[query.name] ?? query.name
                    let statement = try db.makeStatement(query.sql)
                    let cursor = try Row.fetchCursor(statement, arguments: [key])
                    var targets: [RelatedObjects.Target] = []
                    var total = 0
                    while let row = try cursor.next() {
                        total += 1
                        guard targets.count < limit else { continue }
                        // Converted without trapping: a join table's values come from the store.
                        guard let target = Int64.fromDatabaseValue(row[0]) else { continue }
                        let number = Int.fromDatabaseValue(row[1])
                        targets.append(.init(entity: number.flatMap { names[$0] } ?? destination, key: target))
                    }
                    return RelatedObjects(relationship: query.name, destination: destination, targets: targets, total: total)
                }
            }
        } catch let error as StoreError {
            throw error
        } catch let error as ExportError {
            throw error
        } catch {
            throw StoreError.reading(error, path: path)
        }
    }
}
