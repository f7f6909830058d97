/// Where one entity's values live in a store at a given model version: its table, the entity numbers its
/// objects carry in `Z_ENT`, a column per attribute and to-one, and a query per to-many.
struct EntityExportLayout: Sendable {
    /// An attribute and its column.
    struct AttributeColumn: Sendable {
        var attribute: Attribute
        var column: String
    }

    /// A to-one: the key column, the `Z<n>_` column naming the target's entity when there is one, and the
    /// destination entity used when there is not.
    struct ToOneColumns: Sendable {
        var name: String
        var key: String
        var entityColumn: String?
        var destination: String
    }

    /// A to-many: a query taking the object's `Z_PK` and giving the targets' `Z_PK` and `Z_ENT`, in order.
    struct ToManyQuery: Sendable {
        var name: String
        var sql: SQLFragment
    }

    let entity: String
    let table: String
    /// The numbers of the entities whose objects are read (the entity's own, plus its sub-entities' when
    /// they are included).
    let numbers: [Int]
    let attributes: [AttributeColumn]
    let toOnes: [ToOneColumns]
    let toManys: [ToManyQuery]

    /// Every field of an exported object, in output order.
    var fieldNames: [String] {
        ["_uri", "_entity", "_pk"] + attributes.map(\.attribute.name) + toOnes.map(\.name) + toManys.map(\.name)
    }

    /// The `SELECT` stepping through the objects in primary-key order: `Z_PK`, `Z_ENT`, the attribute columns,
    /// then each to-one's key and entity column (`NULL` when it has none).
    var select: SQLFragment { select() }

    /// The ``select`` of the objects `condition` keeps (all when nil), ordered by `order` then `Z_PK`.
    func select(where condition: SQLFragment? = nil, orderedBy order: [SQLFragment] = []) -> SQLFragment {
        let toOneColumns = toOnes.flatMap { toOne -> [SQLFragment] in
            ["\(SQLIdentifier(toOne.key))", toOne.entityColumn.map { "\(SQLIdentifier($0))" } ?? "NULL"]
        }
        let columns: [SQLFragment] =
            ["\(SQLIdentifier.primaryKey)", "\(SQLIdentifier.entityNumber)"]
            + attributes.map { "\(SQLIdentifier($0.column))" } + toOneColumns
        let kept: SQLFragment = condition.map { (kept: SQLFragment) -> SQLFragment in " AND (\(kept))" } ?? ""
        return """
            SELECT \(SQLFragment.joined(columns)) FROM \(SQLIdentifier(table)) \
            WHERE "Z_ENT" IN (\(values: numbers))\(kept) ORDER BY \(SQLFragment.joined(order + ["\(SQLIdentifier.primaryKey)"]))
            """
    }
}
