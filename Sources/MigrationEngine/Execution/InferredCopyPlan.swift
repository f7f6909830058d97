/// The set-based SQL that copies a source store's rows into a freshly created destination store
/// attached as `main`, with the source attached as `src`: one `INSERT … SELECT` per entity (run in
/// `Z_PK` ranges) and one per join table.
struct InferredCopyPlan: Sendable {
    /// Copies the objects of one source entity into one destination entity.
    struct EntityCopy: Sendable {
        /// The destination entity, for progress.
        var destinationEntity: String
        /// The source table read.
        var sourceTable: String
        /// The source entity number selected.
        var sourceNumber: Int
        /// The statement; its last two parameters bound the `Z_PK` range (exclusive, inclusive).
        var sql: String
        /// Values bound before the range (defaults).
        var arguments: [DefaultLiteral]
    }

    let entityCopies: [EntityCopy]
    let joinCopies: [String]
    /// Order keys (`Z_FOK_…`) for relationships that become ordered: rank in `Z_PK` order, times 1024.
    let orderFills: [String]

    init(mapping: InferredMapping, source: ObjectModel, destination: ObjectModel,
         sourceSchema: StoreSchema, destinationSchema: StoreSchema, keys: KeyRemapping) {
        let builder = Builder(mapping: mapping, source: source, destination: destination,
                              sourceSchema: sourceSchema, destinationSchema: destinationSchema, keys: keys)
        entityCopies = mapping.entities.compactMap(builder.entityCopy)
        var joins: [String] = []
        var fills: [String] = []
        for join in destinationSchema.joinTables {
            guard let copy = builder.joinCopy(join) else { continue }
            joins.append(copy.insert)
            fills += copy.orderFills
        }
        joinCopies = joins
        orderFills = builder.keyOrderFills() + fills
    }

    private struct Builder {
        let mapping: InferredMapping
        let source: ObjectModel
        let destination: ObjectModel
        let sourceSchema: StoreSchema
        let destinationSchema: StoreSchema
        let keys: KeyRemapping

        /// The entity in `entity`'s chain (itself or an ancestor) that declares `property`.
        func owner(of property: String, in entity: Entity, model: ObjectModel) -> String {
            ([entity] + model.ancestors(of: entity)).first {
                $0.attribute(named: property) != nil || $0.relationship(named: property) != nil
            }?.name ?? entity.name
        }

        func entityCopy(_ entityMapping: InferredEntityMapping) -> EntityCopy? {
            guard let sourceName = entityMapping.source, let from = source.entity(named: sourceName),
                let to = destination.entity(named: entityMapping.destination),
                let table = destinationSchema.table(for: to.name), let sourceTable = sourceSchema.table(for: sourceName),
                let newNumber = destinationSchema.entity(named: to.name)?.number,
                let oldNumber = sourceSchema.entity(named: sourceName)?.number
            else { return nil }
            let chain = Set(([to] + destination.ancestors(of: to)).map(\.name))
            var names: [String] = []
            var values: [String] = []
            var arguments: [DefaultLiteral] = []
            func sourceColumn(_ role: SchemaColumn.Role) -> String? {
                sourceTable.column(role).map { "s." + SQLIdentifier.quoted($0.name) }
            }
            for column in table.columns {
                var value: String?
                switch column.role {
                case .primaryKey:
                    let shift = keys.offset(from: sourceTable.name, to: table.name)
                    value = shift == 0 ? "s.\"Z_PK\"" : "s.\"Z_PK\" + \(shift)"
                case .entityNumber:
                    value = String(newNumber)
                case .saveCounter:
                    value = "s.\"Z_OPT\""
                case .attribute(let declaring, let name):
                    guard chain.contains(declaring), let property = entityMapping.attribute(name) else { continue }
                    let old = property.source.flatMap { sourceColumn(.attribute(entity: owner(of: $0, in: from, model: source), name: $0)) }
                    if let old, property.becomesRequired, let fill = property.defaultValue {
                        value = "COALESCE(\(old), ?)"
                        arguments.append(fill)
                    } else if let old {
                        value = old
                    } else if property.isAdded, let fill = property.defaultValue {
                        value = "?"
                        arguments.append(fill)
                    }
                case .foreignKey(let declaring, let name), .foreignEntity(let declaring, let name), .foreignOrder(let declaring, let name):
                    guard chain.contains(declaring), let sourceName = entityMapping.relationship(name)?.source,
                        let relationship = source.allRelationships(of: from).first(where: { $0.name == sourceName })
                    else { continue }
                    let declarer = owner(of: sourceName, in: from, model: source)
                    value = relationshipValue(column.role, declarer: declarer, relationship: relationship, column: sourceColumn)
                }
                if let value {
                    names.append(SQLIdentifier.quoted(column.name))
                    values.append(value)
                }
            }
            let sql = "INSERT INTO \"main\".\(SQLIdentifier.quoted(table.name)) (\(names.joined(separator: ", "))) "
                + "SELECT \(values.joined(separator: ", ")) FROM \"src\".\(SQLIdentifier.quoted(sourceTable.name)) s "
                + "WHERE s.\"Z_ENT\" = \(oldNumber) AND s.\"Z_PK\" > ? AND s.\"Z_PK\" <= ?"
            return EntityCopy(destinationEntity: to.name, sourceTable: sourceTable.name, sourceNumber: oldNumber,
                              sql: sql, arguments: arguments)
        }

        private func relationshipValue(
            _ role: SchemaColumn.Role, declarer: String, relationship: Relationship, column: (SchemaColumn.Role) -> String?
        ) -> String? {
            guard let key = column(.foreignKey(entity: declarer, relationship: relationship.name)),
                let targetTable = sourceSchema.table(for: relationship.destinationEntity)?.name
            else { return nil }
            switch role {
            case .foreignKey:
                return keys.reference(key, targetTable: targetTable)
            case .foreignEntity:
                if let kind = column(.foreignEntity(entity: declarer, relationship: relationship.name)) {
                    return keys.entityNumber(kind)
                }
                guard let target = mapping.destination(ofSourceEntity: relationship.destinationEntity),
                    let number = destinationSchema.entity(named: target.destination)?.number
                else { return nil }
                return "CASE WHEN \(key) IS NULL THEN NULL ELSE \(number) END"
            default:
                return column(.foreignOrder(entity: declarer, relationship: relationship.name))
            }
        }

        /// Fills a join table from the source's join table, or from the foreign key that held the links
        /// when the relationship was one-to-one or one-to-many (a to-one that becomes a to-many).
        func joinCopy(_ join: JoinTable) -> (insert: String, orderFills: [String])? {
            guard let ownerMapping = mapping.entity(join.owner.entity), let ownerSource = ownerMapping.source,
                let from = source.entity(named: ownerSource),
                let relationshipName = ownerMapping.relationship(join.owner.relationship)?.source,
                let relationship = source.allRelationships(of: from).first(where: { $0.name == relationshipName }),
                let ownerTable = sourceSchema.table(for: from.name),
                let targetTable = sourceSchema.table(for: relationship.destinationEntity)
            else { return nil }
            let side = JoinTable.Side(entity: owner(of: relationshipName, in: from, model: source), relationship: relationshipName)
            var ownerValue: String
            var targetValue: String
            var table: String
            var filter = ""
            var orders: [(column: String, value: String)] = []
            if let old = sourceSchema.joinTable(entity: side.entity, relationship: side.relationship) {
                let sideIsOwner = old.owner == side
                ownerValue = "s." + SQLIdentifier.quoted(sideIsOwner ? old.ownerColumn : old.targetColumn)
                targetValue = "s." + SQLIdentifier.quoted(sideIsOwner ? old.targetColumn : old.ownerColumn)
                table = old.name
                let inverseSide = sideIsOwner ? old.inverse : old.owner
                for (newSide, oldSide) in [(join.owner, side), (join.inverse, inverseSide)] {
                    if let newColumn = join.orderColumn(ordering: newSide), let oldColumn = old.orderColumn(ordering: oldSide) {
                        orders.append((newColumn, "s." + SQLIdentifier.quoted(oldColumn)))
                    }
                }
            } else if !relationship.isToMany, let key = ownerTable.column(.foreignKey(entity: side.entity, relationship: side.relationship)) {
                ownerValue = "s.\"Z_PK\""
                targetValue = "s." + SQLIdentifier.quoted(key.name)
                table = ownerTable.name
                filter = " WHERE \(targetValue) IS NOT NULL"
                if let newColumn = join.orderColumn(ordering: join.inverse),
                    let order = ownerTable.column(.foreignOrder(entity: side.entity, relationship: side.relationship)) {
                    orders.append((newColumn, "s." + SQLIdentifier.quoted(order.name)))
                }
            } else if let inverse = source.inverse(of: relationship), !inverse.isToMany,
                let target = source.entity(named: relationship.destinationEntity),
                case let declarer = owner(of: inverse.name, in: target, model: source),
                let key = targetTable.column(.foreignKey(entity: declarer, relationship: inverse.name))
            {
                ownerValue = "s." + SQLIdentifier.quoted(key.name)
                targetValue = "s.\"Z_PK\""
                table = targetTable.name
                filter = " WHERE \(ownerValue) IS NOT NULL"
                if let newColumn = join.orderColumn(ordering: join.owner),
                    let order = targetTable.column(.foreignOrder(entity: declarer, relationship: inverse.name)) {
                    orders.append((newColumn, "s." + SQLIdentifier.quoted(order.name)))
                }
            } else {
                return nil
            }
            var names = [join.ownerColumn, join.targetColumn]
            var values = [keys.reference(ownerValue, targetTable: ownerTable.name), keys.reference(targetValue, targetTable: targetTable.name)]
            names += orders.map(\.column)
            values += orders.map(\.value)
            let insert = "INSERT INTO \"main\".\(SQLIdentifier.quoted(join.name)) (\(SQLIdentifier.quotedList(names))) "
                + "SELECT \(values.joined(separator: ", ")) FROM \"src\".\(SQLIdentifier.quoted(table)) s\(filter)"
            var fills: [String] = []
            for (ordered, group, rank) in [(join.owner, join.ownerColumn, join.targetColumn), (join.inverse, join.targetColumn, join.ownerColumn)] {
                guard let column = join.orderColumn(ordering: ordered), !orders.contains(where: { $0.column == column }) else { continue }
                fills.append(Self.rankFill(table: join.name, column: column, group: group, rank: rank))
            }
            return (insert, fills)
        }

        /// `Z_FOK_` columns of to-one keys whose inverse becomes ordered: nothing in the source to copy.
        func keyOrderFills() -> [String] {
            var fills: [String] = []
            for table in destinationSchema.tables {
                for column in table.columns {
                    guard case .foreignOrder(let declaring, let name) = column.role,
                        let key = table.column(.foreignKey(entity: declaring, relationship: name)),
                        let entityMapping = mapping.entity(declaring), let sourceName = entityMapping.source,
                        let from = source.entity(named: sourceName),
                        let sourceRelationship = entityMapping.relationship(name)?.source,
                        let sourceTable = sourceSchema.table(for: sourceName),
                        sourceTable.column(.foreignOrder(entity: owner(of: sourceRelationship, in: from, model: source),
                                                          relationship: sourceRelationship)) == nil
                    else { continue }
                    fills.append(Self.rankFill(table: table.name, column: column.name, group: key.name, rank: "Z_PK"))
                }
            }
            return fills
        }

        /// Sets `column` to 1024 × the row's rank by `rank` among rows with the same `group` value.
        static func rankFill(table: String, column: String, group: String, rank: String) -> String {
            let (t, c, g, r) = (SQLIdentifier.quoted(table), SQLIdentifier.quoted(column), SQLIdentifier.quoted(group), SQLIdentifier.quoted(rank))
            return "UPDATE \"main\".\(t) SET \(c) = 1024 * (SELECT COUNT(*) FROM \"main\".\(t) o "
                + "WHERE o.\(g) = \(t).\(g) AND o.\(r) <= \(t).\(r)) WHERE \(g) IS NOT NULL"
        }
    }
}
