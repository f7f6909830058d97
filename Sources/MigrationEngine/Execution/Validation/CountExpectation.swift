import GRDB

/// The row counts a step must produce, where its kind determines them exactly.
///
/// - Inferred: every destination entity that exists in the source (by name, or by its renaming identifier)
///   keeps exactly the source's number of rows.
/// - Mapped: a destination entity made only by copy and transform mappings without filter, merge key or
///   policy gets one object per source object those mappings read; entities with any other maker are not
///   checked (a merge folds objects, a filter or policy decides how many there are).
enum CountExpectation {
    static func expected(for step: any MigrationStep, kind: StepKind, source: String) throws -> [String: Int] {
        if let mapped = step as? MappedStep { return try self.mapped(mapped, source: source) }
        return kind == .inferred ? try inferred(from: step, source: source) : [:]
    }

    static func mapped(_ step: MappedStep, source: String) throws -> [String: Int] {
        let counts = try sourceCounts(step.sourceModel, source)
        var expected: [String: Int] = [:]
        var unpredictable: Set<String> = []
        for entry in step.resolved {
            guard let destination = entry.destinationEntity?.name else { continue }
            let mapping = entry.mapping
            guard [.copy, .transform].contains(mapping.kind), mapping.filter == nil, mapping.mergeKey == nil,
                mapping.policy == nil, let source = entry.sourceEntity?.name
            else {
                unpredictable.insert(destination)
                continue
            }
            expected[destination, default: 0] += counts[source] ?? 0
        }
        return expected.filter { !unpredictable.contains($0.key) }
    }

    static func inferred(from step: any MigrationStep, source: String) throws -> [String: Int] {
        let sourceModel = step.sourceModel
        let sourceCounts = try sourceCounts(sourceModel, source)
        var expected: [String: Int] = [:]
        for entity in step.destinationModel.entities {
            let old = sourceModel.entity(named: entity.renamingIdentifier ?? entity.name) ?? sourceModel.entity(named: entity.name)
            if let old { expected[entity.name] = sourceCounts[old.name] ?? 0 }
        }
        return expected
    }

    /// Rows per entity of the step's source: a snapshot copy or an earlier temporary, never the original.
    private static func sourceCounts(_ model: ObjectModel, _ source: String) throws -> [String: Int] {
        let queue = try HardenedConnection.open(source)
        defer { try? queue.close() }
        return try queue.read { db in try EntityRows(model: model, entries: EntityRows.modelEntries(db)).count(db, path: source) }
    }
}
