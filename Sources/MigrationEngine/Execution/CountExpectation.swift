import GRDB

/// The row counts an inferred step must produce: every destination entity that exists in the source (by
/// name, or by its renaming identifier) keeps exactly the source's number of rows.
enum CountExpectation {
    static func inferred(from step: any MigrationStep, source: String) throws -> [String: Int] {
        let sourceModel = step.sourceModel
        // The source is a snapshot copy or an earlier temporary: never the original.
        let queue = try DatabaseQueue(path: source)
        defer { try? queue.close() }
        let sourceCounts: [String: Int] = try queue.read { db in
            try EntityRows(model: sourceModel, entries: EntityRows.modelEntries(db)).count(db, path: source)
        }
        var expected: [String: Int] = [:]
        for entity in step.destinationModel.entities {
            let old = sourceModel.entity(named: entity.renamingIdentifier ?? entity.name) ?? sourceModel.entity(named: entity.name)
            if let old { expected[entity.name] = sourceCounts[old.name] ?? 0 }
        }
        return expected
    }

}
