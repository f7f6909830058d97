import GRDB

extension MappingSession {
    /// Makes a destination object with `values` (attributes not given get the model's default) and records it
    /// as made from `source` by mapping number `mapping`. `preservedKey` reuses the source's `Z_PK`.
    func insert(
        _ entityName: String, values: [String: ExpressionValue], mapping: MappingNumber?, source: ObjectReference?,
        preservedKey: Int64? = nil
    ) throws -> ObjectReference {
        let table = try destination.table(entityName)
        var stored: [DatabaseValue] = []
        stored.reserveCapacity(table.storedAttributes.count)
        for attribute in table.storedAttributes {
            guard let value = values[attribute.name] else {
                stored.append(table.defaults[attribute.name] ?? .null)
                continue
            }
            stored.append(ColumnValueCoding.write(try ValueCoercion.coerce(value, to: attribute.type)))
        }
        return try insert(table, stored: stored, mapping: mapping, source: source, preservedKey: preservedKey)
    }

    /// Makes a destination object from the stored form of each of `table.storedAttributes`. The row is
    /// written when the next statement needs it (``flushPendingInsert()``), so that a policy's ``update(_:values:)``
    /// of the object it just made folds into the insert instead of rewriting the row.
    func insert(
        _ table: MappedEntityTable, stored: [DatabaseValue], mapping: MappingNumber?, source: ObjectReference?,
        preservedKey: Int64? = nil
    ) throws -> ObjectReference {
        try insert(table, stored: stored[...], mapping: mapping, source: source, preservedKey: preservedKey)
    }

    /// ``insert(_:stored:mapping:source:preservedKey:)`` from a slice of a row (the batch query's values).
    func insert(
        _ table: MappedEntityTable, stored: ArraySlice<DatabaseValue>, mapping: MappingNumber?, source: ObjectReference?,
        preservedKey: Int64? = nil
    ) throws -> ObjectReference {
        let key = try preservedKey ?? allocateKey(for: table)
        var origin: (mapping: MappingNumber, source: ObjectReference)?
        if let mapping, let source {
            origin = (mapping, source)
            if key == source.primaryKey, let row, row.reference == source, let read = identitySource, read.mapping == mapping {
                try association.recordIdentity(
                    mapping: mapping, table: read.table, source: read.number, key: key, entity: table.number,
                    previous: row.previousKey)
            } else {
                try association.record(mapping: mapping, source: source.primaryKey, destination: key, entity: table.number)
            }
        }
        let made = ObjectReference(side: .destination, entity: table.entity.name, primaryKey: key)
        var fold: (link: FoldedLink, key: DatabaseValue)?
        if let link = foldedLink, link.mapping == mapping, link.table === table {
            // The batch query predicted the key for the row being mapped only.
            if let row, let value = row.foldedKey, row.reference == source {
                fold = (link, value)
            } else {
                try clearFoldedLink()
            }
        }
        try appendInsertRow(table, key: key, stored: stored, fold: fold, object: made, origin: origin)
        return made
    }

    /// Sets attributes of a destination object.
    func update(_ object: ObjectReference, values: [String: ExpressionValue]) throws {
        if let batch = insertBatch, batch.open == object {
            // The open row's table is the object's (``insert(_:stored:mapping:source:preservedKey:)`` made it there).
            let table = batch.table
            func set(_ name: String, _ value: ExpressionValue) throws {
                guard let (type, index) = openAttribute(name, in: table) else {
                    throw ExpressionEvaluationError("\(object.entity) has no attribute \(name)")
                }
                let coerced = try ValueCoercion.coerce(value, to: type)
                guard let index else {
                    _ = try table.column(name)
                    return
                }
                batch.values[batch.values.count - batch.width + 3 + index] = ColumnValueCoding.write(coerced)
            }
            // One value (the common case) needs no sorting; several are set in name order, so the first bad
            // name reported is always the same.
            if values.count == 1, let (name, value) = values.first { return try set(name, value) }
            for (name, value) in values.sorted(by: { $0.key < $1.key }) { try set(name, value) }
            return
        }
        let table = try destination.table(object.entity)
        try flushPendingInsert()
        for (name, value) in values.sorted(by: { $0.key < $1.key }) {
            guard let attribute = table.attributes[name] else {
                throw ExpressionEvaluationError("\(object.entity) has no attribute \(name)")
            }
            let coerced = try ValueCoercion.coerce(value, to: attribute.type)
            // Bound by `run(binding:)`, which keeps text whole (GRDB's arguments end it at a NUL).
            try db.cachedStatement("UPDATE \(table.table) SET \(try table.column(name)) = ? WHERE \"Z_PK\" = ?")
                .run(binding: [ColumnValueCoding.write(coerced), object.primaryKey.databaseValue])
        }
    }

    /// Attribute `name` of `table`: its type and position in `table.storedAttributes` (`nil`: no column);
    /// `nil` when there is no such attribute. The last one found is kept: a policy sets the same attribute
    /// of every object it makes, and two dictionary lookups by name showed per object.
    private func openAttribute(_ name: String, in table: MappedEntityTable) -> (AttributeType, Int?)? {
        if let last = lastUpdated, last.table === table, last.name == name { return (last.type, last.index) }
        guard let attribute = table.attributes[name] else { return nil }
        let index = storedIndex(of: name, in: table)
        lastUpdated = (table, name, attribute.type, index)
        return (attribute.type, index)
    }

    /// The position of attribute `name` in `table.storedAttributes`, looked up once per table and name.
    private func storedIndex(of name: String, in table: MappedEntityTable) -> Int? {
        let key = StoredAttributeKey(table: ObjectIdentifier(table), name: name)
        if let known = storedIndexes[key] { return known }
        let index = table.storedAttributes.firstIndex { $0.name == name }
        storedIndexes[key] = index
        return index
    }

    /// Links `object.relationship` to `targets`, writing whichever foreign keys hold the two sides.
    func setRelationship(_ object: ObjectReference, _ name: String, to targets: [ObjectReference]) throws {
        try flushPendingInsert()
        try clearFoldedLink()
        let table = try destination.table(object.entity)
        let model = destination.model
        guard let relationship = table.relationships[name] else {
            throw ExpressionEvaluationError("\(object.entity) has no relationship \(name)")
        }
        let family = Set(model.hierarchy(below: model.entity(named: relationship.destinationEntity)!).map(\.name))
        let fitting = targets.filter { $0.side == .destination && family.contains($0.entity) }
        let inverse = model.inverse(of: relationship)
        if !relationship.isToMany {
            guard fitting.count <= 1 else {
                throw ExpressionEvaluationError(
                    "\(object.entity).\(name) is a to-one relationship but the mapping gave \(fitting.count) objects")
            }
            try setForeignKey(of: object, relationship, to: fitting.first)
            if let target = fitting.first, let inverse, !inverse.isToMany {
                try setForeignKey(of: target, inverse, to: object)
            }
            return
        }
        // An ordered to-many is given its objects in order, as Core Data sets an ordered set: each keeps its
        // position (the order column's step, as ``OrderPositions`` numbers them).
        let positions = relationship.isOrdered ? fitting.indices.map { OrderPositions.position($0) } : []
        if let inverse, !inverse.isToMany {
            for (index, target) in fitting.enumerated() {
                try setForeignKey(of: target, inverse, to: object, position: positions.isEmpty ? nil : positions[index])
            }
            return
        }
        if inverse == nil, let key = destination.toManyKey(name, of: table.entity) {
            for target in fitting {
                try db.cachedStatement("UPDATE \(try destination.table(target.entity).table) SET \(key) = ? WHERE \"Z_PK\" = ?")
                    .execute(arguments: [object.primaryKey, target.primaryKey])
                statistics?.addRelationshipRows(db.changesCount)
            }
            return
        }
        guard let join = destination.orderedJoin(name, of: table.entity) else {
            throw ExpressionEvaluationError("\(object.entity).\(name): the destination store has no join table for it")
        }
        if let order = join.order, !positions.isEmpty {
            let statement = try db.cachedStatement(
                """
                INSERT INTO \(join.table) (\([join.mine, join.theirs, order])) VALUES (?, ?, ?)
                ON CONFLICT DO UPDATE SET \(order) = excluded.\(order)
                """)
            for (index, target) in fitting.enumerated() {
                try statement.execute(arguments: [object.primaryKey, target.primaryKey, positions[index]])
                statistics?.addRelationshipRows(db.changesCount)
            }
            return
        }
        let statement = try db.cachedStatement("INSERT OR IGNORE INTO \(join.table) (\([join.mine, join.theirs])) VALUES (?, ?)")
        for target in fitting {
            try statement.execute(arguments: [object.primaryKey, target.primaryKey])
            statistics?.addRelationshipRows(db.changesCount)
        }
    }

    /// Points `object`'s to-one `relationship` at `target`; with `position`, also sets the object's position
    /// among its target's (the order column of a to-one whose inverse is ordered, where the store has one).
    private func setForeignKey(
        of object: ObjectReference, _ relationship: Relationship, to target: ObjectReference?, position: Int64? = nil
    ) throws {
        let table = try destination.table(object.entity)
        var assignments: [SQLFragment] = ["\(try table.column(relationship.name)) = ?"]
        var arguments: [DatabaseValue] = [target?.primaryKey.databaseValue ?? .null]
        if let typed = table.entityColumns[relationship.name] {
            assignments.append("\(typed) = ?")
            arguments.append(try target.map { try destination.table($0.entity).number.databaseValue } ?? .null)
        }
        if let position, let order = table.orderColumns[relationship.name] {
            assignments.append("\(order) = ?")
            arguments.append(position.databaseValue)
        }
        arguments.append(object.primaryKey.databaseValue)
        try db.cachedStatement("UPDATE \(table.table) SET \(SQLFragment.joined(assignments)) WHERE \"Z_PK\" = ?")
            .execute(arguments: StatementArguments(arguments))
        statistics?.addRelationshipRows(db.changesCount)
    }

    private func allocateKey(for table: MappedEntityTable) throws -> Int64 {
        let next = (nextKeys[table.name] ?? 0) + 1
        nextKeys[table.name] = next
        return next
    }

    /// Sets each root entity's `Z_MAX` to the highest `Z_PK` in its table.
    func updatePrimaryKeyCounters() throws {
        for table in destination.entities.values where table.entity.parentName == nil {
            try db.execute(
                #"UPDATE "main"."Z_PRIMARYKEY" SET "Z_MAX" = (SELECT IFNULL(MAX("Z_PK"), 0) FROM \#(table.table)) WHERE "Z_ENT" = \#(value: table.number)"#
            )
        }
    }
}
