/// Where a store keeps the links of one relationship, each an (owner, member) pair of object keys, read the
/// same way whatever shape holds them (FORMAT.md): a to-one's key column in its owners' table, a to-many's
/// inverse key in its members' table, a to-many without an inverse's own key column there (`Z<n><NAME>`), or a
/// many-to-many's join table.
///
/// A step that changes a relationship's shape moves its links from where the source kept them to where the
/// destination keeps them. Reading every shape through one description is what keeps the next shape from
/// being a case of its own that nobody wrote (MAGE's `Event.feeds`, a to-one without inverse whose links
/// became its new inverse's key in the members' table, lost every one of them that way).
struct LinkStorage: Sendable, Hashable {
    /// One end of a link.
    enum Side: Sendable, Hashable {
        case owner, member

        /// The other end.
        var other: Side { self == .owner ? .member : .owner }
    }

    /// The table holding the links.
    let table: String
    /// The column of ``table`` holding each link's owner key (`Z_PK` where its rows are the owners).
    let ownerColumn: String
    /// The column holding each link's member key (`Z_PK` where its rows are the members).
    let memberColumn: String
    /// The table of the owners' objects (their keys point into it).
    let ownerTable: String
    /// The table of the members' objects.
    let memberTable: String
    /// The side whose keys a key column holds (the rows being the other side's objects); nil for a join table.
    let keyedSide: Side?
    /// The column of ``table`` holding the entity number of the object the key column names, where that
    /// object's entity has sub-entities (`Z<n>_<NAME>`, a to-one's or an inverse's).
    let partnerEntityColumn: String?
    /// The entities whose objects the key column can name (one: its entity number is a constant).
    let partnerEntities: [String]

    /// Where `model`'s stores keep the links of `relationship`, a relationship of `entity` (declared by it or
    /// an ancestor), laid out by `schema`; nil where the schema has no place for them.
    init?(_ relationship: Relationship, of entity: Entity, in model: ObjectModel, schema: StoreSchema) {
        let declaring = model.declaringEntity(of: relationship.name, from: entity)
        guard let declarer = model.entity(named: declaring), let owners = schema.table(for: entity.name),
            let target = model.entity(named: relationship.destinationEntity),
            let members = schema.table(for: target.name)
        else { return nil }
        (ownerTable, memberTable) = (owners.name, members.name)
        let inverse = model.inverse(of: relationship)
        if !relationship.isToMany {
            guard let key = owners.column(.foreignKey(entity: declaring, relationship: relationship.name)) else { return nil }
            (table, ownerColumn, memberColumn, keyedSide) = (owners.name, "Z_PK", key.name, .member)
            partnerEntityColumn = owners.column(.foreignEntity(entity: declaring, relationship: relationship.name))?.name
            partnerEntities = model.hierarchy(below: target).map(\.name)
        } else if let inverse, !inverse.isToMany {
            let inverseDeclaring = model.declaringEntity(of: inverse.name, from: target)
            guard let key = members.column(.foreignKey(entity: inverseDeclaring, relationship: inverse.name)) else {
                return nil
            }
            (table, ownerColumn, memberColumn, keyedSide) = (members.name, key.name, "Z_PK", .owner)
            partnerEntityColumn = members.column(.foreignEntity(entity: inverseDeclaring, relationship: inverse.name))?.name
            partnerEntities = model.hierarchy(below: declarer).map(\.name)
        } else if inverse == nil {
            guard let key = members.column(.toManyKey(entity: declaring, relationship: relationship.name)) else {
                return nil
            }
            (table, ownerColumn, memberColumn, keyedSide) = (members.name, key.name, "Z_PK", .owner)
            partnerEntityColumn = nil
            partnerEntities = model.hierarchy(below: declarer).map(\.name)
        } else {
            guard let join = schema.joinTable(entity: declaring, relationship: relationship.name) else { return nil }
            let isOwner = join.owner == JoinTable.Side(entity: declaring, relationship: relationship.name)
            table = join.name
            (ownerColumn, memberColumn) = isOwner ? (join.ownerColumn, join.targetColumn) : (join.targetColumn, join.ownerColumn)
            (partnerEntityColumn, keyedSide, partnerEntities) = (nil, nil, [])
        }
    }

    /// The column holding the keys of `side`'s objects.
    func column(_ side: Side) -> String { side == .owner ? ownerColumn : memberColumn }

    /// The table of `side`'s objects.
    func objects(_ side: Side) -> String { side == .owner ? ownerTable : memberTable }

    /// Whether each row of `rowTable` holds its own partner, as the object on `side`: the links are a key
    /// column of that very table, so each object has at most one.
    func isKeyed(by side: Side, in rowTable: String) -> Bool {
        keyedSide == side.other && table == rowTable && column(side) == "Z_PK"
    }

    /// The partner of the object on `side` whose row is `row` (an alias of its table): its own key column
    /// where ``isKeyed(by:in:)``, else the lowest key among the objects linked to it, since a key column keeps
    /// one (the others are a loss to count, ``DataLossCounter``). `schema` qualifies the tables read (`src` in
    /// a step, none in the store alone).
    func partner(of side: Side, row: SQLIdentifier, rowTable: String, schema: SQLIdentifier?) -> SQLFragment {
        if isKeyed(by: side, in: rowTable) { return "\(row).\(SQLIdentifier(column(side.other)))" }
        return lowest(side.other, linkedTo: "\(row).\"Z_PK\"", schema: schema)
    }

    /// The lowest key on `side` among the links whose other end is `key`: the one object a key column holding
    /// one `side` object per other object keeps.
    func lowest(_ side: Side, linkedTo key: SQLFragment, schema: SQLIdentifier?) -> SQLFragment {
        """
        (SELECT MIN(l.\(SQLIdentifier(column(side)))) FROM \(Self.qualified(table, schema)) l \
        WHERE l.\(SQLIdentifier(column(side.other))) = \(key))
        """
    }

    /// How many links the objects numbered `owners` (entity numbers of the owners' table) hold: the pairs whose
    /// owner is one of them and whose member is set, each once whatever the shape (a join table's row, a key).
    func countQuery(ownersNumbered owners: [Int]) -> SQLFragment {
        """
        SELECT COUNT(*) FROM \(SQLIdentifier(table)) l JOIN \(SQLIdentifier(ownerTable)) o \
        ON o."Z_PK" = l.\(SQLIdentifier(ownerColumn)) WHERE o.\(SQLIdentifier.entityNumber) IN (\(values: owners)) \
        AND l.\(SQLIdentifier(memberColumn)) IS NOT NULL
        """
    }

    /// `table` in `schema` when there is one.
    static func qualified(_ table: String, _ schema: SQLIdentifier?) -> SQLFragment {
        schema.map { "\($0).\(SQLIdentifier(table))" } ?? "\(SQLIdentifier(table))"
    }
}
