import GRDB

/// The invariant an inferred step checks before it commits, while its source is still attached (issue 30):
/// every relationship it keeps holds, in the destination, the links (owner, member) its source held, and
/// every ordered one that was ordered in the source keeps their order. A store validated alone cannot show a
/// link moved to another object or an order lost (any link to an existing object, any order, is a valid one),
/// so the step compares the two stores, as a mapped step does (`MappingSession.checkKeptOrders()`).
///
/// Links are read wherever each store keeps them (``LinkStorage``), so a relationship whose shape changes is
/// compared like one that keeps it; the source's are read through the same sources the copy reads
/// (``InferredCopyBuilder/linkSources(_:of:rows:)``) and keyed as the destination keys them
/// (``KeyRemapping``). A source link may be missing from the destination only where the step cannot keep it:
/// its owner or member is no object of the entities the destination relationship joins (an entity dropped, a
/// sub-entity leaving its parent), or the inference counts the relationship's links as partly lost
/// (``DataLoss/keptBy``, ``DataLoss/conflictsWith``); the destination may hold no link its sources did not.
/// The in-place rename (``InPlaceRename``) rewrites no row, so it has nothing to compare.
struct InferredLinkCheck: Sendable {
    /// One place the destination keeps links, with every source the relationships stored there read.
    struct Place: Sendable {
        /// `Entity.relationship` of the first destination relationship stored there, for the message.
        var name: String
        /// Where the destination keeps them.
        var storage: LinkStorage
        /// Each source's links as rows `(o, m)`, keyed as in the destination and oriented as ``storage``.
        var sources: [SQLFragment]
        /// Destination entity numbers an owner (``storage``'s owner side) and a member may have.
        var owners: [Int]
        var members: [Int]
        /// Whether the inference counts some of these links as lost (a key holding one owner per member).
        var lossCounted: Bool
    }

    /// An ordered to-many of the destination read from an ordered to-many of the source.
    struct Order: Sendable {
        var name: String
        var relationship: Relationship, entity: Entity
        var sourceRelationship: Relationship, sourceEntity: Entity
        /// The source tables of its owners and members, whose keys ``KeyRemapping`` renumbers.
        var ownerTable: String, memberTable: String
    }

    let places: [Place]
    let orders: [Order]
    let source: ObjectModel
    let destination: ObjectModel
    let sourceSchema: StoreSchema
    let destinationSchema: StoreSchema
    let keys: KeyRemapping

    /// Where a store keeps links, whichever side reads them: a relationship and its to-one or to-many inverse
    /// share one key column or join table, read with owner and member swapped.
    private struct Slot: Hashable {
        var table: String
        var columns: Set<String>
        init(_ storage: LinkStorage) { (table, columns) = (storage.table, [storage.ownerColumn, storage.memberColumn]) }
    }

    init(_ builder: InferredCopyBuilder) {
        (source, destination) = (builder.source, builder.destination)
        (sourceSchema, destinationSchema, keys) = (builder.sourceSchema, builder.destinationSchema, builder.keys)
        let partlyLost = Set(
            builder.mapping.drops.compactMap { loss -> Slot? in
                guard loss.kind == .relationship, loss.keptBy != nil || loss.conflictsWith != nil,
                    let entity = builder.source.entity(named: loss.entity),
                    let relationship = builder.source.allRelationships(of: entity).first(where: { $0.name == loss.property })
                else { return nil }
                return LinkStorage(relationship, of: entity, in: builder.source, schema: builder.sourceSchema).map(Slot.init)
            })
        var places: [Place] = []
        var index: [Slot: Int] = [:]
        var orders: [Order] = []
        for entity in builder.destination.entities {
            for relationship in entity.relationships where !relationship.isTransient {
                guard
                    let storage = LinkStorage(
                        relationship, of: entity, in: builder.destination, schema: builder.destinationSchema),
                    let target = builder.destination.entity(named: relationship.destinationEntity)
                else { continue }
                let mapping = builder.mapping.entity(entity.name)
                let from = mapping?.source.flatMap(builder.source.entity(named:))
                let property = mapping?.relationship(relationship.name)
                let sources = from.map { builder.linkSources(property, of: $0, rows: .owner) } ?? []
                let slot = Slot(storage)
                if index[slot] == nil {
                    index[slot] = places.count
                    places.append(
                        Place(
                            name: "\(entity.name).\(relationship.name)", storage: storage, sources: [],
                            owners: Self.numbers(below: entity, builder.destination, builder.destinationSchema),
                            members: Self.numbers(below: target, builder.destination, builder.destinationSchema),
                            lossCounted: false))
                }
                let at = index[slot]!
                // Rows `(o, m)` as the place's first relationship reads them: this one's owners are its members
                // where the two read the same links from opposite ends.
                let swapped = places[at].storage.ownerColumn != storage.ownerColumn
                for (links, side) in sources {
                    places[at].sources.append(builder.links(links, ownerSide: swapped ? side.other : side))
                    places[at].lossCounted = places[at].lossCounted || partlyLost.contains(Slot(links))
                }
                if relationship.isToMany, relationship.isOrdered, let from, let name = property?.source,
                    let read = builder.source.allRelationships(of: from).first(where: { $0.name == name }),
                    read.isToMany, read.isOrdered,
                    let ownerTable = builder.sourceSchema.table(for: from.name),
                    let memberTable = builder.sourceSchema.table(for: read.destinationEntity)
                {
                    orders.append(
                        Order(
                            name: "\(entity.name).\(relationship.name)", relationship: relationship, entity: entity,
                            sourceRelationship: read, sourceEntity: from, ownerTable: ownerTable.name,
                            memberTable: memberTable.name))
                }
            }
        }
        self.places = places
        self.orders = orders
    }

    private static func numbers(below entity: Entity, _ model: ObjectModel, _ schema: StoreSchema) -> [Int] {
        model.hierarchy(below: entity).compactMap { schema.entity(named: $0.name)?.number }
    }

    /// Compares the destination (`main`) with the source (attached as `src`); throws naming the first
    /// relationship that lost, moved or gained a link, or lost its order. `path` is the destination's.
    ///
    /// One pass per place: every source link and every destination link, grouped by (owner, member); a group
    /// only one store has is a difference. A swap of two links (`a → x, b → y` written `a → y, b → x`) leaves
    /// four such groups, a moved link two, so no change of links passes; only the differences (none, in a
    /// store copied right) are looked up further. The orders are compared member by member
    /// (``OrderPositions/firstReordered(_:before:after:)``), which a swap of two positions fails.
    func run(_ db: Database, path: String) throws {
        for place in places {
            let storage = place.storage
            let (owner, member) = (SQLIdentifier(storage.ownerColumn), SQLIdentifier(storage.memberColumn))
            let rows: [SQLFragment] =
                place.sources.map { "SELECT o, m, 1 AS s FROM (\($0))" }
                + [
                    """
                    SELECT l.\(owner) AS o, l.\(member) AS m, 2 AS s FROM \(SQLIdentifier.main).\(SQLIdentifier(storage.table)) l \
                    WHERE l.\(owner) IS NOT NULL AND l.\(member) IS NOT NULL
                    """
                ]
            let kept: SQLFragment =
                place.lossCounted
                ? "0"
                : """
                EXISTS (SELECT 1 FROM \(SQLIdentifier.main).\(SQLIdentifier(storage.ownerTable)) x \
                WHERE x."Z_PK" = d.o AND x."Z_ENT" IN (\(values: place.owners))) \
                AND EXISTS (SELECT 1 FROM \(SQLIdentifier.main).\(SQLIdentifier(storage.memberTable)) x \
                WHERE x."Z_PK" = d.m AND x."Z_ENT" IN (\(values: place.members)))
                """
            let query: SQLFragment = """
                SELECT d.o, d.m, d.side FROM (
                  SELECT o, m, MIN(s) AS side FROM (\(SQLFragment.joined(rows, separator: " UNION ALL ")))
                  GROUP BY o, m HAVING MIN(s) = MAX(s)) d
                WHERE d.side = 2 OR (\(kept)) LIMIT 1
                """
            guard let row = try Row.fetchOne(db, query.request) else { continue }
            let link = "\(row[0] as Int64? ?? 0) → \(row[1] as Int64? ?? 0)"
            throw StoreWriteError(
                path: path,
                message: (row[2] as Int) == 2
                    ? "the copy of \(place.name) holds a link the source did not (\(link))"
                    : "the copy of \(place.name) lost a link the source held (\(link))")
        }
        guard !orders.isEmpty else { return }
        let sourceTables = try MappedStoreTables(db, schema: .source, model: source, layout: sourceSchema)
        let destinationTables = try MappedStoreTables(db, schema: .main, model: destination, layout: destinationSchema)
        for order in orders {
            guard let read = sourceTables.orderedMembers(order.sourceRelationship, of: order.sourceEntity),
                let after = destinationTables.orderedMembers(order.relationship, of: order.entity)
            else { continue }
            let before: SQLFragment = """
                SELECT \(keys.reference("b.o", targetTable: order.ownerTable)) AS o, \
                \(keys.reference("b.m", targetTable: order.memberTable)) AS m, b.p AS p FROM (\(read)) b
                """
            guard let owner = try OrderPositions.firstReordered(db, before: before, after: after) else { continue }
            throw StoreWriteError(
                path: path,
                message: "the ordered relationship \(order.name) lost the order of the source's "
                    + "\(order.sourceEntity.name).\(order.sourceRelationship.name) (object \(owner))")
        }
    }
}
