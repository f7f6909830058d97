import GRDB

extension MappingSession {
    /// Stage 2 for one mapping: every destination object it made gets its relationships.
    func createRelationships(_ mapping: ResolvedEntityMapping, context: StepContext, batchSize: Int) throws {
        let policy = policies[mapping.index]
        guard policy != nil || !mapping.relationships.isEmpty else { return }
        _ = try keepsFoldedLink(mapping)
        if policy?.customizesRelationships != true {
            var remaining = mapping
            remaining.relationships = []
            let linker = RelationshipBulkLinker(session: self)
            let written = Set(linkedAtInsert.filter { $0.mapping == mapping.index }.map(\.relationship))
            for (relationship, value) in mapping.relationships where !written.contains(relationship.name) {
                try context.checkCancelled()
                var linked = false
                // Committed either way: a link the per-object path must make was not written at all, and
                // the associations the linker wrote before reading them must stay.
                try db.inSourceReadingTransaction {
                    linked = try linker.link(mapping, relationship, value)
                    return .commit
                }
                if !linked { remaining.relationships.append((relationship, value)) }
            }
            guard !remaining.relationships.isEmpty else { return }
            return try createRelationshipsOneByOne(remaining, context: context, batchSize: batchSize)
        }
        try createRelationshipsOneByOne(mapping, context: context, batchSize: batchSize)
    }

    /// Stage 2 object by object: the policy's stage, or each relationship expression evaluated per object.
    private func createRelationshipsOneByOne(_ mapping: ResolvedEntityMapping, context: StepContext, batchSize: Int)
        throws
    {
        let policy = policies[mapping.index].flatMap { $0.customizesRelationships ? $0 : nil }
        var last: Int64 = 0
        while true {
            try context.checkCancelled()
            let batch = try association.batch(mapping: mapping.index, after: last, limit: batchSize)
            guard !batch.isEmpty else { break }
            try db.inSourceReadingTransaction {
                for (_, sourceKey, destinationKey, number) in batch {
                    let sourceObject = ObjectReference(
                        side: .source, entity: mapping.sourceEntity?.name ?? "?", primaryKey: sourceKey)
                    let made = ObjectReference(
                        side: .destination, entity: destination.numbers[number] ?? "?", primaryKey: destinationKey)
                    current = (mapping, sourceObject)
                    do {
                        if let policy {
                            try policy.createRelationships(
                                for: made, source: sourceObject, mapping: mapping.mapping, context: self)
                        } else {
                            try linkDefaults(mapping, destination: made, source: sourceObject)
                        }
                    } catch {
                        throw failure(error, mapping: mapping, object: sourceObject, expression: nil)
                    }
                }
                return .commit
            }
            last = batch[batch.count - 1].0
        }
    }
}
