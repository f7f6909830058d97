import GRDB

extension EntityRowPager {
    /// What each column of `entity`'s table holds for it, laid out by `model` as `export` lays it out, so a
    /// browser names and types the columns as the engine reads them.
    ///
    /// - Parameters:
    ///   - entity: The entity (a sub-entity's name for its own and inherited columns).
    ///   - model: The version of the model the store is at.
    /// - Returns: The layout; nil for an entity the model does not have.
    /// - Throws: ``ExportError`` when the store lacks a table or column the model implies, ``StoreError`` when
    ///   the snapshot cannot be read.
    package func columns(of entity: String, model: ObjectModel) throws -> EntityColumns? {
        guard let modelEntity = model.entity(named: entity) else { return nil }
        let path = snapshot.originalPath
        let layout: EntityExportLayout
        do {
            layout = try queue.read { db in
                let (schema, columns) = try StoreObjectSource.schema(of: model, db)
                return try EntityExportLayout(
                    entity: modelEntity, includingSubentities: false, model: model, schema: schema, tableColumns: columns,
                    store: path)
            }
        } catch let error as ExportError {
            throw error
        } catch {
            throw StoreError.reading(error, path: path)
        }
        return EntityColumns(layout)
    }
}

extension EntityColumns {
    /// The columns of `layout`'s attributes and to-ones.
    init(_ layout: EntityExportLayout) {
        var byColumn: [String: Meaning] = [:]
        for attribute in layout.attributes { byColumn[attribute.column] = .attribute(attribute.attribute) }
        for toOne in layout.toOnes { byColumn[toOne.key] = .toOne(relationship: toOne.name, destination: toOne.destination) }
        self.init(entity: layout.entity, byColumn: byColumn)
    }
}
