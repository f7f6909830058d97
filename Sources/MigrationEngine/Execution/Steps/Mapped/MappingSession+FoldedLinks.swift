import GRDB

extension MappingSession {
    /// A to-one relationship of a policy's mapping whose foreign key is written with each object's row in
    /// stage 1 (folded into its pending insert) instead of by an `UPDATE` of every row in stage 2.
    ///
    /// The relationship looks up, through a to-one source relationship, the object a mapping without policy
    /// or filter made keeping its source `Z_PK`: stage 2 would set the key to that source key wherever the
    /// source object is one the target mapping reads, which the batch query predicts for each row. Until the
    /// mapping's stage 2 the key is written early, so anything that could see it (a destination relationship
    /// read, a link, an object the prediction does not cover) first clears every key written so far
    /// (``clearFoldedLink()``) and the step continues as if nothing had been folded; stage 2 keeps the keys
    /// only when its own lookup provably finds the same objects (``keepsFoldedLink(_:)``).
    ///
    /// A class: stage 1 looks it up once per object, and copying a structure's references each time showed.
    final class FoldedLink {
        /// The mapping whose objects get the key (it has a policy).
        let mapping: MappingNumber
        /// The table of the objects it makes (of its destination entity only).
        let table: MappedEntityTable
        let relationship: Relationship
        /// The target mapping and the source relationship the lookup goes through.
        let target: ResolvedEntityMapping
        let through: String
        /// The key's column in `table`.
        let column: SQLIdentifier
        /// The batch query's column giving each source row's key (over the source row `s` and `join`).
        let prediction: SQLFragment
        /// What the batch query joins to the source row `s` for `prediction`: the row of the target's source
        /// table it points to (a join cost half what a subquery per row did).
        let join: SQLFragment
        /// The columns of `table`'s rows with the key's column last.
        let insertColumns: InsertColumns
        /// `table.insert` with the key's column last.
        let insert: SQLFragment

        init(
            mapping: MappingNumber, table: MappedEntityTable, relationship: Relationship, target: ResolvedEntityMapping,
            through: String, column: SQLIdentifier, prediction: SQLFragment, join: SQLFragment
        ) {
            self.mapping = mapping
            self.table = table
            self.relationship = relationship
            self.target = target
            self.through = through
            self.column = column
            self.prediction = prediction
            self.join = join
            self.insertColumns = InsertColumns(table, links: [column])
            self.insert = insertColumns.insert(into: table.table)
        }
    }

    /// The relationship of `mapping` (a policy's, run row by row from the batch query `plan` over the source
    /// table `from`) whose key can be folded into its inserts, if any.
    func foldableLink(_ mapping: ResolvedEntityMapping, from: MappedEntityTable, to made: MappedEntityTable)
        -> FoldedLink?
    {
        guard strategies.isSuperset(of: [.compiledExpressions, .bulkLinks]), let policy = policies[mapping.index],
            !policy.customizesRelationships,
            mapping.mapping.mergeKey == nil
        else { return nil }
        let earlier = mappings.prefix { $0.index != mapping.index }
        for (relationship, value) in mapping.relationships {
            guard !relationship.isToMany, let column = made.columns[relationship.name],
                made.entityColumns[relationship.name] == nil,
                !(destination.model.inverse(of: relationship).map { !$0.isToMany } ?? false),
                case .function(let manager, SelectorCall.entityMappingLookup, let arguments) = value.expression.kind,
                manager.kind == .variable("manager"), arguments.count == 2,
                case .literal(.string(let name)) = arguments[0].kind,
                case .key(let base, let through) = arguments[1].kind, base.kind == .variable("source"),
                let key = from.columns[through], let sourceRelationship = from.relationships[through],
                !sourceRelationship.isToMany, let target = mappingsByName[name], target.index != mapping.index,
                policies[target.index] == nil, target.mapping.filter == nil, keyPreserving.contains(target.index),
                let read = target.sourceEntity.flatMap({ source.entities[$0.name] }),
                source.entities[sourceRelationship.destinationEntity]?.name == read.name,
                let targetMade = target.destinationEntity.flatMap({ destination.entities[$0.name] }),
                let targetTable = destination.entities[relationship.destinationEntity],
                targetTable.familyNumbers.contains(targetMade.number),
                // An earlier mapping's stage 2 writing the same key would be overwritten by this one's.
                !earlier.contains(where: { other in
                    other.relationships.contains {
                        $0.0.name == relationship.name || $0.0.inverseName == relationship.name
                    }
                })
            else { continue }
            return FoldedLink(
                mapping: mapping.index, table: made, relationship: relationship, target: target, through: through,
                column: column,
                prediction: "\(Self.foldedTarget).Z_PK",
                join: """
                    LEFT JOIN \(read.table) \(Self.foldedTarget) ON \(Self.foldedTarget).Z_PK = s.\(key) \
                    AND \(Self.foldedTarget).Z_ENT = \(value: read.number)
                    """)
        }
        return nil
    }

    /// The alias of the row `FoldedLink/join` joins (`Z_PK` is unique, so it adds no rows to the batch query).
    private static let foldedTarget = SQLIdentifier("_cdmigrate_folded_target")

    /// Sets every key folded so far back to `NULL` and folds no more: something could see the keys before
    /// stage 2 would have written them.
    func clearFoldedLink() throws {
        guard let fold = foldedLink else { return }
        try flushPendingInsert()
        foldedLink = nil
        row?.foldedKey = nil
        try association.materialize()
        try db.execute(
            """
            UPDATE \(fold.table.table) SET \(fold.column) = NULL WHERE Z_PK IN (
              SELECT "destination" FROM \(AssociationTable.table)
              WHERE "mapping" = \(value: fold.mapping) AND "destinationEntity" = \(value: fold.table.number))
            """)
    }

    /// In `mapping`'s stage 2: whether the keys folded into its rows are those its lookup gives, so the
    /// relationship counts as linked. It is when no other mapping's policy made objects for either mapping
    /// (each object then has one source object, and the target mapping one object per source object, with
    /// its key); otherwise the keys are cleared and stage 2 links as usual.
    func keepsFoldedLink(_ mapping: ResolvedEntityMapping) throws -> Bool {
        guard let fold = foldedLink, fold.mapping == mapping.index else { return false }
        guard !madeByOtherMappings.contains(mapping.index), !madeByOtherMappings.contains(fold.target.index) else {
            try clearFoldedLink()
            return false
        }
        foldedLink = nil
        let link = BulkLink(
            mapping: mapping.index, relationship: fold.relationship.name, targets: [fold.target.index],
            through: fold.through)
        linkedAtInsert.insert(link)
        bulkLinks.insert(link)
        return true
    }
}
