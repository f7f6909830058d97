import Foundation
import GRDB

/// A migration step that does what Core Data's lightweight migration would, set-based: it creates the
/// destination store with ``StoreWriter`` and fills it with one `INSERT … SELECT` per entity (in `Z_PK`
/// ranges, so progress and cancellation are honoured) and per join table, across an attached source.
///
/// `Z_PK`, `Z_OPT`, `Z_MAX`, the store UUID and metadata keys the model does not determine carry over;
/// entity numbers are rewritten when they change; tables no model version accounts for (persistent
/// history: `ATRANSACTION`, `ACHANGE`, `ATRANSACTIONSTRING`, …) are copied untouched, with their
/// `Z_PRIMARYKEY` rows.
package struct InferredStep: MigrationStep {
    /// The model version the source store is at.
    package let sourceModel: ObjectModel
    /// The model version the destination store will be at.
    package let destinationModel: ObjectModel
    /// What the step does.
    package let mapping: InferredMapping
    /// Rows per `INSERT … SELECT` batch (a range of `Z_PK` values this wide).
    package var batchSize: Int = 50_000
    /// Whether a step that only renames columns (see ``InPlaceRename``) is done without rewriting the rows;
    /// off, every step copies its rows (tests compare the two).
    package var renamesInPlace = true

    /// Creates the step, inferring its mapping.
    package init(sourceModel: ObjectModel, destinationModel: ObjectModel) {
        self.sourceModel = sourceModel
        self.destinationModel = destinationModel
        mapping = InferredMapping.infer(from: sourceModel, to: destinationModel)
    }

    /// Creates the step with a mapping made for it: the composition of consecutive steps (see ``StepFusion``).
    init(sourceModel: ObjectModel, destinationModel: ObjectModel, mapping: InferredMapping) {
        self.sourceModel = sourceModel
        self.destinationModel = destinationModel
        self.mapping = mapping
    }

    /// Versions, operations and warnings (drops and likely renames) for plans.
    package var summary: StepSummary {
        StepSummary(
            from: sourceModel.name, to: destinationModel.name, kind: .inferred, operations: mapping.operations,
            warnings: mapping.notices + mapping.notInferable.map { "not inferable: \($0)" })
    }

    /// Every entity the inferred mapping carries over keeps its source entity's rows.
    package var counting: StepCounting {
        .everyCarriedEntity(
            mapping.entities.compactMap { entity in entity.source.map { .init(destination: entity.destination, source: $0) } })
    }

    /// Writes the migrated store at `context.destinationPath`.
    package func perform(_ context: StepContext) throws {
        guard mapping.isInferable else {
            throw StoreWriteError(
                path: context.sourcePath,
                message: "\(sourceModel.name) → \(destinationModel.name) cannot be inferred: "
                    + mapping.notInferable.map(\.description).joined(separator: "; "),
                category: .noRoute)
        }
        let facts = try SourceStoreFacts(path: context.sourcePath, knownRowCounts: context.knownRowCounts)
        try facts.verifyHashes(of: sourceModel)
        // A store of one configuration migrates to the same configuration of the destination; its metadata
        // keeps the hashes of the whole destination model, as Core Data records them.
        if let configuration = sourceModel.configuration(holdingEntries: facts.primaryKeys),
            let target = destinationModel.configurations.first(where: { $0.name == configuration.name })
        {
            var scoped = InferredStep(
                sourceModel: sourceModel.restricted(to: configuration), destinationModel: destinationModel.restricted(to: target))
            scoped.batchSize = batchSize
            scoped.renamesInPlace = renamesInPlace
            try scoped.copy(facts, context, recording: destinationModel)
        } else {
            try copy(facts, context, recording: destinationModel)
        }
    }

    /// Creates the destination (with `recorded`'s version hashes) and copies every row into it.
    private func copy(_ facts: SourceStoreFacts, _ context: StepContext, recording recorded: ObjectModel) throws {
        let sourceSchema = SchemaBuilder(model: sourceModel, existingTableNames: Set(facts.columns.keys)).build()
        try facts.verify(sourceSchema, model: sourceModel.name)
        try checkConditions(context, sourceSchema: sourceSchema)
        // Join-table names are derived afresh for the destination, as Core Data's own migrations rename
        // them (wire 2.101.0 keeps indexes named after each earlier name of its renamed join tables).
        let destinationSchema = SchemaBuilder(
            model: destinationModel, style: SchemaStyle(frameworkVersion: facts.metadata.frameworkVersion)
        ).build()
        let keys = KeyRemapping(mapping: mapping, sourceSchema: sourceSchema, destinationSchema: destinationSchema, facts: facts)
        let writer = StoreWriter(model: recorded, schema: destinationSchema)
        // Created in rollback mode and switched to the source's mode once filled: rows written through a
        // `-wal` would be written twice (log, then checkpoint).
        let journalMode = try JournalMode(path: context.sourcePath)
        let options = StoreCreationOptions(
            uuid: facts.metadata.uuid, sourceMetadata: facts.metadata, maxPrimaryKeys: keys.maxPrimaryKeys,
            recordedNames: keys.recordedNames, journalMode: .rollback, installsTriggers: false, layout: .migrated)
        let plan = InferredCopyPlan(
            mapping: mapping, source: sourceModel, destination: destinationModel,
            sourceSchema: sourceSchema, destinationSchema: destinationSchema, keys: keys)
        // The in-place rename keeps the source's schema and order, and compares it by name with a whole empty
        // store's: one with its indexes.
        var emptyOptions = options
        emptyOptions.layout = .fresh
        if renamesInPlace,
            let inPlace = InPlaceRename(
                plan: plan, sourceSchema: sourceSchema, destinationSchema: destinationSchema, facts: facts),
            try inPlace.run(context, plan: plan, facts: facts, create: { try writer.create(at: $0, options: emptyOptions) })
        {
            return
        }
        // Every row is rewritten: nothing of the source's pages is carried, so the run checks the source now.
        context.sourcePages?.notCovered()
        try writer.create(at: context.destinationPath, options: options)
        let written = try InferredCopier(
            context: context, facts: facts, sourceSchema: sourceSchema, writer: writer,
            destinationNumbers: Set(destinationSchema.entities.map(\.number)), batchSize: batchSize
        )
        .run(plan)
        let queue = try DatabaseQueue(path: context.destinationPath)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA \"main\".synchronous = OFF")
            try db.inTransaction {
                try writer.installDerivedAttributes(db)
                return .commit
            }
            if journalMode == .wal { try db.execute(sql: "PRAGMA \"main\".journal_mode = WAL") }
        }
        try queue.close()
        context.written?.record(plan.certainTables(written, model: destinationModel, schema: destinationSchema))
    }

    /// Stops before anything is written when an object of the source lacks a value the destination requires
    /// (``InferredMapping/conditions``), as Core Data's migration stops on "missing attribute values on
    /// mandatory destination attribute" rather than writing an object without one.
    private func checkConditions(_ context: StepContext, sourceSchema: StoreSchema) throws {
        guard !mapping.conditions.isEmpty else { return }
        let queue = try PrivateStoreConnection.open(context.sourcePath) {
            try HardenedConnection.open(context.sourcePath, readonly: true)
        }
        let counted = try queue.read { db in
            try StoreConditionCounter.count(mapping.conditions, sourceModel: sourceModel, schema: sourceSchema, in: db)
        }
        try queue.close()
        // No count: the source has no table for the entity (a configuration's store), so no objects of it.
        let broken = counted.filter { ($0.count ?? 0) > 0 }
        guard !broken.isEmpty else { return }
        let reasons = broken.map { condition in
            let objects = "\(condition.count!) \(condition.sourceEntity) object\(condition.count == 1 ? "" : "s")"
            return switch condition.kind {
            case .noObjects:
                "\(objects) would have no \(condition.property) (\(condition.reason))"
            case .everyObjectHasValue:
                "\(objects) \(condition.count == 1 ? "has" : "have") no \(condition.sourceProperty ?? condition.property) "
                    + "(\(condition.entity).\(condition.property) \(condition.reason))"
            }
        }
        throw StoreWriteError(
            path: context.sourcePath,
            message: "\(sourceModel.name) → \(destinationModel.name) cannot migrate this store, as Core Data's lightweight "
                + "migration cannot: " + reasons.joined(separator: "; ")
                + "; an explicit mapping for this step can give them a value",
            category: .migrationFailed)
    }
}
