import GRDB

extension SetBasedEntityMapper {
    /// Stage 1 of a merge and of the copy that links to it, in one pass over their source table: the sample's
    /// split, where each entry's Author is merged by name and each entry copied with its author key.
    ///
    /// The merge's own pass reads every source row to find each key's first row, and the copy then computes
    /// each row's key again to look its object up. Here the copy numbers the merge's objects as it goes
    /// (``MergeNumbering``): a key's object when its first kept row comes, in source order, so the keys and
    /// objects are those of the two passes. The merge's objects are then made from their first rows and
    /// recorded as its pass records them. `false` (nothing written) when the pair does not have this shape or
    /// the numbering refuses (too many objects, a key that is not text); the caller then runs the two mappings.
    ///
    /// The shape: `merge` has a merge key whose filter and key give the same value again, no policy, and no
    /// to-one of its own written at insert; `copy`, next in stage 1's order, reads the same source entity,
    /// keeps every row's `Z_PK` (``identity(_:)``) and writes one relationship at insert, to `merge`'s objects,
    /// whose destination has no sub-entities.
    func mapFused(merge: ResolvedEntityMapping, copy: ResolvedEntityMapping, context: StepContext, batchSize: Int) throws
        -> Bool
    {
        guard let fused = fusion(merge: merge, copy: copy) else { return false }
        let numbering = session.mergeNumbering
        let keys = session.nextKeys
        let base = keys[fused.merge.to.name] ?? 0
        let total = session.sourceRowCounts[fused.copy.from.name.name]?[fused.copy.from.number.rawValue]
        numbering.start(base: base)
        session.bridge.reset()
        let db = session.db
        // The merge's progress goes with the copy's: both read the same rows.
        context.report(.entityProgress(index: context.index, entity: merge.mapping.name, done: 0, total: total ?? 0))
        do {
            try db.inSourceReadingTransaction {
                let insertion = try db.makeStatement(fused.insertion)
                var read = 0
                try batches(fused.copy, context: context, batchSize: batchSize) { low, high in
                    try insertion.execute(arguments: fused.insertion.statementArguments + ["low": low, "high": high])
                    read = min(total ?? Int.max, read + db.changesCount)
                    context.report(
                        .entityProgress(
                            index: context.index, entity: merge.mapping.name, done: read, total: total ?? read))
                    return db.changesCount
                }
                try session.association.recordNumbered(
                    mapping: merge.index, made: numbering.made, entity: fused.merge.to.number)
                let objects = madeObjects(fused.merge)
                try db.makeStatement(objects).execute(
                    arguments: objects.statementArguments + ["low": Int64.min, "high": Int64.max])
                return .commit
            }
        } catch {
            guard numbering.refused || session.bridge.needsEvaluator else { throw error }
            session.nextKeys = keys
            session.bridge.reset()
            return false
        }
        record(fused, made: Int64(numbering.made.count))
        return true
    }

    /// The two mappings' compiled plans and the copy's insert, when the pair has the shape
    /// ``mapFused(merge:copy:context:batchSize:)`` takes.
    private struct Fusion {
        var merge: Plan
        var copy: Plan
        var again: AssociationTable.Recomputed
        var link: MappingSession.InsertLink
        var insertion: SQLFragment
    }

    private func fusion(merge: ResolvedEntityMapping, copy: ResolvedEntityMapping) -> Fusion? {
        guard session.policies.isEmpty, merge.mapping.mergeKey != nil, let name = merge.sourceEntity?.name,
            copy.sourceEntity?.name == name,
            let from = session.source.entities[name],
            let mergeTo = merge.destinationEntity.flatMap({ session.destination.entities[$0.name] }),
            let copyTo = copy.destinationEntity.flatMap({ session.destination.entities[$0.name] }),
            mergeTo.name != copyTo.name, session.insertLinks(merge, into: mergeTo).isEmpty,
            let mergePlan = plan(merge, from: from, to: mergeTo, guardsRows: true), let key = mergePlan.key,
            let again = recomputed(mergePlan, key: key), var copyPlan = plan(copy, from: from, to: copyTo, guardsRows: true),
            identity(copyPlan)
        else { return nil }
        // The copy's to-one is written at insert as if the merge had run: it will have, when the statement ends.
        session.stageOneDone.insert(merge.index)
        let links = session.insertLinks(copy, into: copyTo)
        session.stageOneDone.remove(merge.index)
        guard links.count == 1, let link = links.first, link.target.index == merge.index,
            let column = copyTo.columns[link.relationship.name], copyTo.entityColumns[link.relationship.name] == nil
        else { return nil }
        // One guard per row checks what the copy's values and the merge's filter and key read. The merge's
        // own pass checks its filter's and key's columns only on the rows it reads (and its key's only where
        // the filter holds): checking them on every row refuses more stores, never fewer, and a store refused
        // runs the two passes.
        let reads = Array(mergePlan.reads.prefix(2).joined()) + Array(copyPlan.reads.dropFirst(2).joined())
        var seen: Set<String> = []
        let rowGuard = session.bridge.rowGuard(reads.filter { seen.insert($0.column.sql).inserted })
        let kept = SQLFragment.joined(
            ["s.Z_ENT = \(value: from.number)", mergePlan.filter].compactMap { $0 }, separator: " AND ")
        copyPlan.links = [(column, "(CASE WHEN \(kept) THEN \(MergeNumbering.call(key: key)) END)")]
        let insertion: SQLFragment = """
            INSERT INTO \(copyTo.table) (\(columns(copyPlan)))
            SELECT \(values(copyPlan, key: "s.Z_PK")) FROM \(from.table) s
            WHERE \(rows(copyPlan, also: rowGuard)) ORDER BY s.Z_PK
            """
        return Fusion(merge: mergePlan, copy: copyPlan, again: again, link: link, insertion: insertion)
    }

    /// What the two mappings' own runs record once done, and the merge's keys handed out.
    private func record(_ fused: Fusion, made: Int64) {
        let merge = fused.merge
        session.nextKeys[merge.to.name] = (session.nextKeys[merge.to.name] ?? 0) + made
        recordMapped(merge, recomputed: fused.again, links: [])
        recordMapped(fused.copy, recomputed: nil, links: [fused.link])
        session.statistics?.recordFused(merge.mapping.mapping.name)
        session.stageOneDone.formUnion([merge.mapping.index, fused.copy.mapping.index])
    }
}
