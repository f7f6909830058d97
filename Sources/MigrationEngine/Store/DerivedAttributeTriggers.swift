/// The `Z_DA_…` triggers with which Core Data keeps a derived attribute up to date, byte for byte as it
/// writes them (coredataplus-books: `Book.pagesCount`, derived as `pages.@count`).
///
/// Only counts of a to-many relationship whose inverse is a stored to-one are derived this way here;
/// each gets four triggers on the counted table (`…_PARAMETER_INSERT`, `…_UPDATE_INCREMENT`,
/// `…_UPDATE_DECREMENT`, `…_DELETE`) and one on the counting entity's table (`…_SOURCE_INSERT`). They call
/// `NSCoreDataDATrigger…` functions that only Core Data registers, so a copy must never fire them: the
/// migration steps create them after the data is in (see ``StoreCreationOptions/installsTriggers``).
struct DerivedAttributeTriggers {
    /// One derived count: where it is stored and what it counts.
    struct Count: Sendable, Hashable {
        let entity: String
        let attribute: String
        let table: String
        let column: String
        let countedTable: String
        let key: String
        /// `Z_ENT` of the entity and its sub-entities, the rows that have the attribute.
        let numbers: [Int]
    }

    /// The derived counts of the model, entity by entity in number order.
    let counts: [Count]

    init(model: ObjectModel, tables: [SchemaTable], entities: [SchemaEntity]) {
        var counts: [Count] = []
        for numbered in entities {
            guard let entity = model.entity(named: numbered.name) else { continue }
            let inherited = Set(model.ancestors(of: entity).flatMap { $0.attributes.filter(\.isDerived).map(\.name) })
            for attribute in entity.attributes where attribute.isDerived && !inherited.contains(attribute.name) {
                guard let path = attribute.derivationExpression, path.hasSuffix(".@count"),
                    let relationship = model.allRelationships(of: entity).first(where: { $0.name == path.dropLast(7) }),
                    relationship.isToMany, let inverse = model.inverse(of: relationship), !inverse.isToMany,
                    let table = tables.first(where: { $0.name == numbered.table }),
                    let column = table.column(.attribute(entity: entity.name, name: attribute.name)),
                    let destination = model.entity(named: relationship.destinationEntity),
                    let numberedDestination = entities.first(where: { $0.name == destination.name }),
                    let counted = tables.first(where: { $0.name == numberedDestination.table }),
                    let key = Self.key(
                        of: inverse.name, declaredBy: [destination] + model.ancestors(of: destination), in: counted)
                else { continue }
                counts.append(
                    Count(
                        entity: entity.name, attribute: attribute.name, table: table.name, column: column.name,
                        countedTable: counted.name, key: key.name,
                        numbers: model.hierarchy(below: entity).compactMap { sub in entities.first { $0.name == sub.name }?.number
                        }))
            }
        }
        self.counts = counts
    }

    /// The to-one key column of `relationship` in `table`, declared by one of `owners`.
    private static func key(of relationship: String, declaredBy owners: [Entity], in table: SchemaTable) -> SchemaColumn? {
        owners.lazy.compactMap { table.column(.foreignKey(entity: $0.name, relationship: relationship)) }.first
    }

    /// Every trigger's DDL.
    var statements: [String] { counts.flatMap(Self.statements) }

    /// The value each derived count must hold: `UPDATE` statements filling them from the stored rows.
    var fillStatements: [String] {
        counts.map { count in
            let (table, column) = (SQLIdentifier(count.table).quoted, SQLIdentifier(count.column).quoted)
            return "UPDATE \(table) SET \(column) = (SELECT COUNT(*) FROM \(SQLIdentifier(count.countedTable).quoted) AS c "
                + "WHERE c.\(SQLIdentifier(count.key).quoted) = \(table).\"Z_PK\") "
                + "WHERE \"Z_ENT\" IN (\(count.numbers.map(String.init).joined(separator: ", ")))"
        }
    }

    private static func statements(_ count: Count) -> [String] {
        let (table, column, counted, key) = (
            SQLIdentifier(count.table).ddl, SQLIdentifier(count.column).ddl, SQLIdentifier(count.countedTable).ddl,
            SQLIdentifier(count.key).ddl
        )
        let prefix = "Z_DA_\(count.countedTable)_\(count.entity)_\(count.attribute)_PARAMETER_"
        func report(_ function: String, _ row: String) -> String {
            "SELECT \(function)(\(SQLLiteral.text(count.table)), Z_ENT, Z_PK, \(SQLLiteral.text(count.attribute)), \(column)) "
                + "FROM \(table) WHERE Z_PK = \(row); END"
        }
        func change(_ name: String, _ event: String, _ row: String, _ value: String) -> String {
            "CREATE TRIGGER \(SQLIdentifier(prefix + name).ddl) AFTER \(event) ON \(counted) FOR EACH ROW WHEN (\(row) NOT NULL) "
                + "BEGIN UPDATE \(table) SET \(column) = \(value) WHERE Z_PK = \(row); "
                + report("NSCoreDataDATriggerUpdatedAffectedObjectValue", row)
        }
        let source = SQLIdentifier("Z_DA_\(count.table)_\(count.entity)_\(count.attribute)_SOURCE_INSERT").ddl
        return [
            change("INSERT", "INSERT", "NEW.\(key)", "IFNULL(\(column), 0) + 1"),
            change("UPDATE_INCREMENT", "UPDATE OF \(key)", "NEW.\(key)", "\(column) + 1"),
            change("UPDATE_DECREMENT", "UPDATE OF \(key)", "OLD.\(key)", "\(column) - 1"),
            change("DELETE", "DELETE", "OLD.\(key)", "\(column) - 1"),
            "CREATE TRIGGER \(source) AFTER INSERT ON \(table) FOR EACH ROW BEGIN UPDATE \(table) SET \(column) = "
                + "(SELECT IFNULL(COUNT(\(key)), 0) FROM \(counted) WHERE \(key) = NEW.Z_PK) WHERE Z_PK = NEW.Z_PK; "
                + report("NSCoreDataDATriggerInsertUpdatedAffectedObjectValue", "NEW.Z_PK"),
        ]
    }
}
