import GRDB

/// Counts, in a store at the source version, the values an inferred step would drop.
package enum DataLossCounter {
    /// The step's drops with counts: non-null attribute values, the links of a relationship wherever the store
    /// keeps them (``LinkStorage``), and objects of dropped entities (their own rows, not their sub-entities').
    package static func count(
        _ mapping: InferredMapping, sourceModel: ObjectModel, storePath: String
    ) throws(StoreWriteError) -> [DataLoss] {
        try count(mapping.drops, sourceModel: sourceModel, storePath: storePath)
    }

    /// `drops`, named as in `sourceModel` (the store's version), with counts; a drop the store has no
    /// column or table for keeps a `nil` count.
    package static func count(
        _ drops: [DataLoss], sourceModel: ObjectModel, storePath: String
    ) throws(StoreWriteError) -> [DataLoss] {
        try read(storePath, at: sourceModel, failure: "cannot count values") { db, schema in
            try drops.map { loss in
                var loss = loss
                if let query = countQuery(loss, model: sourceModel, schema: schema) {
                    loss.count = try Int.fetchOne(db, query.request) ?? 0
                }
                return loss
            }
        }
    }

    /// Runs `body` on a read-only connection to the store at `storePath`, once its hashes and tables are
    /// checked to be `sourceModel`'s, with the schema laid out for it; `failure` begins the error's message.
    static func read<Counted>(
        _ storePath: String, at sourceModel: ObjectModel, failure: String,
        _ body: (Database, StoreSchema) throws -> Counted
    ) throws(StoreWriteError) -> Counted {
        let facts = try SourceStoreFacts(path: storePath)
        try facts.verifyHashes(of: sourceModel)
        let schema = SchemaBuilder(model: sourceModel, existingTableNames: Set(facts.columns.keys)).build()
        try facts.verify(schema, model: sourceModel.name)
        do {
            let queue = try PrivateStoreConnection.open(storePath) { try HardenedConnection.open(storePath, readonly: true) }
            let counted = try queue.read { db in try body(db, schema) }
            try queue.close()
            return counted
        } catch {
            throw StoreWriteError(path: storePath, message: "\(failure): \(error)", category: .damaged)
        }
    }

    private static func countQuery(_ loss: DataLoss, model: ObjectModel, schema: StoreSchema) -> SQLFragment? {
        guard let entity = model.entity(named: loss.entity), let table = schema.table(for: entity.name),
            let number = schema.entity(named: entity.name)?.number
        else { return nil }
        let numbers = model.hierarchy(below: entity).compactMap { schema.entity(named: $0.name)?.number }
        let inEntities: SQLFragment = "\(SQLIdentifier.entityNumber) IN (\(values: numbers))"
        let from: SQLFragment = "FROM \(SQLIdentifier(table.name))"
        switch loss.kind {
        case .entity:
            return "SELECT COUNT(*) \(from) WHERE \(SQLIdentifier.entityNumber) = \(value: number)"
        case .attribute:
            guard let property = loss.property,
                let column = column(of: property, declaredBy: model.declaringEntity(of: property, from: entity), in: table)
            else { return nil }
            return "SELECT COUNT(\(SQLIdentifier(column.name))) \(from) WHERE \(inEntities)"
        case .relationship:
            guard let property = loss.property else { return nil }
            if loss.keptBy != nil || loss.conflictsWith != nil {
                return keptOnePerMemberQuery(property, of: entity, kept: loss.conflictsWith, model: model, schema: schema)
            }
            // Read where the store keeps the links, as the copy reads them, and only those of the objects that
            // drop them: a sub-entity leaving its parent drops its own links, not its parent's.
            guard let relationship = model.allRelationships(of: entity).first(where: { $0.name == property }),
                let links = LinkStorage(relationship, of: entity, in: model, schema: schema)
            else { return nil }
            return links.countQuery(ownersNumbered: numbers)
        }
    }

    /// The links of `property` (of `entity`) that a key holding one owner per member cannot keep: each member
    /// keeps its own to-one `kept` where it names one, else the owner of lowest key its source links give it
    /// (as the step writes it, ``LinkStorage/partner(of:row:rowTable:schema:)``); every other link is lost.
    private static func keptOnePerMemberQuery(
        _ property: String, of entity: Entity, kept: String?, model: ObjectModel, schema: StoreSchema
    ) -> SQLFragment? {
        guard let relationship = model.allRelationships(of: entity).first(where: { $0.name == property }),
            let members = model.entity(named: relationship.destinationEntity),
            let links = LinkStorage(relationship, of: entity, in: model, schema: schema),
            let table = schema.table(for: members.name)
        else { return nil }
        let member = SQLIdentifier("m")
        var keptOwner = links.partner(of: .member, row: member, rowTable: table.name, schema: nil)
        if let kept {
            guard let key = column(of: kept, declaredBy: model.declaringEntity(of: kept, from: members), in: table) else {
                return nil
            }
            keptOwner = "COALESCE(\(member).\(SQLIdentifier(key.name)), \(keptOwner))"
        }
        let (owner, memberKey) = (SQLIdentifier(links.ownerColumn), SQLIdentifier(links.memberColumn))
        return """
            SELECT COUNT(*) FROM \(SQLIdentifier(links.table)) l JOIN \(SQLIdentifier(table.name)) \(member) \
            ON \(member)."Z_PK" = l.\(memberKey) WHERE l.\(owner) IS NOT NULL AND l.\(owner) IS NOT \(keptOwner)
            """
    }

    /// The column holding `property` (an attribute's values or a to-one's key) in `table`.
    static func column(of property: String, declaredBy owner: String, in table: SchemaTable) -> SchemaColumn? {
        let roles: [SchemaColumn.Role] = [
            .attribute(entity: owner, name: property), .foreignKey(entity: owner, relationship: property),
        ]
        return table.columns.first { roles.contains($0.role) }
    }
}
