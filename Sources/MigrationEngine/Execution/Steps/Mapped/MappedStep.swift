import Foundation
import GRDB

/// A migration step driven by an explicit ``MappingModel`` (a mapping file or an imported Xcode mapping).
///
/// It runs Core Data's three stages over the source in batches of `batchSize` rows: objects first, then
/// relationships, then validation. Which destination objects came from which source objects is kept in a
/// table of the destination store (dropped at the end), so memory stays bounded however large the store.
/// Any failure aborts the step; the executor then discards the destination and keeps the original.
package struct MappedStep: MigrationStep {
    /// The mapping being run.
    package let mapping: MappingModel
    /// The source model version.
    package let sourceModel: ObjectModel
    /// The destination model version.
    package let destinationModel: ObjectModel
    /// The mappings checked against both versions, implicit copies included, in run order.
    package let resolved: [ResolvedEntityMapping]
    /// Rows per batch (and per transaction).
    package var batchSize: Int
    private let policies: [MappingNumber: any MigrationPolicy]
    /// Counts of what the step writes, kept when set (tests check work done through it).
    var statistics: MappedStepStatistics?
    /// The faster paths the step may take (all in a real run; tests turn them off to compare stores).
    var strategies = MappedStepStrategies.all
    /// The most objects a merge numbers in such a pass before its own pass runs instead (tests make it small).
    var fusedMergeCapacity = MergeNumbering.defaultCapacity
    private let functions: ExpressionFunctions

    /// Checks `mapping` against the two versions and finds its policies; throws ``MappingFileError`` for a
    /// mapping that does not fit (unknown entity, attribute, function, mapping name or policy).
    package init(
        mapping: MappingModel, sourceModel: ObjectModel, destinationModel: ObjectModel,
        policies: MigrationPolicyRegistry = MigrationPolicyRegistry(), functions: ExpressionFunctions = .standard,
        batchSize: Int = 2_000
    ) throws(MappingFileError) {
        self.mapping = mapping
        self.sourceModel = sourceModel
        self.destinationModel = destinationModel
        self.resolved = try MappingResolver(
            model: mapping, source: sourceModel, destination: destinationModel, functions: functions
        ).resolve()
        var found: [MappingNumber: any MigrationPolicy] = [:]
        for entry in resolved {
            guard let name = entry.mapping.policy else { continue }
            guard let policy = policies.policy(named: name) else {
                throw MappingFileError(
                    path: mapping.path ?? "mapping", at: entry.mapping.position,
                    "mapping \(entry.mapping.name) needs the migration policy \(name), which is not registered; "
                        + "register a MigrationPolicy under that name (see docs/guide/mapping-files.md)")
            }
            found[entry.index] = policy
        }
        self.policies = found
        self.functions = functions
        self.batchSize = max(1, batchSize)
    }

    /// What the step does, for plans and progress.
    package var summary: StepSummary {
        let operations = resolved.filter { !$0.isImplicit }.map { entry in
            let arrow = "\(entry.sourceEntity?.name ?? "∅") → \(entry.destinationEntity?.name ?? "∅")"
            return "\(entry.mapping.kind.rawValue) \(arrow) (\(entry.mapping.name)"
                + (entry.mapping.policy.map { ", policy \($0)" } ?? "") + ")"
        }
        let read = Set(resolved.compactMap(\.sourceEntity?.name))
        let dropped = sourceModel.entities.filter { !$0.isAbstract && !read.contains($0.name) }
            .map { "drops every \($0.name) object: no mapping reads it" }
        return StepSummary(
            from: sourceModel.name, to: destinationModel.name, kind: .explicit, operations: operations,
            warnings: mapping.notes + dropped + lookupsLeavingMembersOut)
    }

    /// A relationship looked up through one entity mapping by name (`{ mapping: BookToBook, from: $source.books }`,
    /// Xcode's `sourcemappingname`) finds only the objects that mapping made, as Core Data's
    /// `destinationInstancesForEntityMappingNamed:` does: members of the source relationship that are objects
    /// of a sub-entity, made by a mapping of their own, are left out of the relationship. The step does what
    /// the mapping says, as Core Data would, but never silently: each such lookup is named in the plan with the
    /// entities whose members it leaves out.
    var lookupsLeavingMembersOut: [String] {
        let byName = Dictionary(resolved.map { ($0.mapping.name, $0) }, uniquingKeysWith: { first, _ in first })
        let read = Set(resolved.compactMap(\.sourceEntity?.name))
        return resolved.flatMap { entry -> [String] in
            guard let owner = entry.sourceEntity else { return [] }
            return entry.relationships.compactMap { relationship, value -> String? in
                guard case .function(let target, SelectorCall.entityMappingLookup, let arguments) = value.expression.kind,
                    target.kind == .variable("manager"), arguments.count == 2,
                    case .literal(.string(let name)) = arguments[0].kind, let named = byName[name]?.sourceEntity,
                    case .key(let base, let key) = arguments[1].kind, base.kind == .variable("source"),
                    let declared = sourceModel.allRelationships(of: owner).first(where: { $0.name == key }),
                    let reached = sourceModel.entity(named: declared.destinationEntity)
                else { return nil }
                let missed = sourceModel.hierarchy(below: reached).map(\.name)
                    .filter { $0 != named.name && read.contains($0) }
                guard !missed.isEmpty else { return nil }
                return "mapping \(entry.mapping.name): \(relationship.name) looks up $source.\(key) through \(name) alone, "
                    + "so members that are \(missed.joined(separator: ", ")) objects (made by other mappings) are left "
                    + "out of it, as Core Data leaves them; FUNCTION($manager, "
                    + "\"\(SelectorCall.relationshipLookup)\", \"\(key)\", $source.\(key)) finds every member"
            }
        }
    }

    /// Held to the counts of the entities made only by plain copies and transforms (see ``CountExpectation``).
    package var counting: StepCounting { .someEntities(CountExpectation.heldCounts(resolved)) }

    /// Reads `context.sourcePath` and writes the mapped store at `context.destinationPath`.
    package func perform(_ context: StepContext) throws {
        try withSession(context) { session in try session.runStages(context: context, batchSize: batchSize) }
    }

    /// Creates the destination of `context`, opens a session over it and the source, gives it to `stages`
    /// (``MappingSession/runStages(context:batchSize:)`` in a run; a test runs them one by one to see what
    /// each path wrote) and finishes the store: carried tables, key counters, derived attributes.
    func withSession(_ context: StepContext, stages: (MappingSession) throws -> Void) throws {
        let facts = try SourceStoreFacts(path: context.sourcePath, knownRowCounts: context.knownRowCounts)
        try facts.verifyHashes(of: sourceModel)
        // A store of one configuration is mapped within it, like an inferred step's (see InferredStep).
        guard let configuration = sourceModel.configuration(holdingEntries: facts.primaryKeys),
            let target = destinationModel.configurations.first(where: { $0.name == configuration.name })
        else {
            return try run(
                facts, context, source: sourceModel, destination: destinationModel, entries: resolved, stages: stages)
        }
        try run(
            facts, context, source: sourceModel.restricted(to: configuration),
            destination: destinationModel.restricted(to: target),
            entries: try scoped(to: Set(configuration.entityNames), Set(target.entityNames), store: context.sourcePath),
            stages: stages)
    }

    /// The mappings that read the configuration's entities (or, creating objects from nothing, write
    /// them): the others have no rows in this store. A mapping that would carry the store's objects into
    /// an entity outside the configuration cannot be honoured there and fails the step.
    private func scoped(to sources: Set<String>, _ destinations: Set<String>, store: String) throws(ExecutionError)
        -> [ResolvedEntityMapping]
    {
        var kept: [ResolvedEntityMapping] = []
        for entry in resolved {
            if let source = entry.sourceEntity?.name {
                guard sources.contains(source) else { continue }
                if let destination = entry.destinationEntity?.name, !destinations.contains(destination) {
                    throw ExecutionError(
                        .stepFailed, path: store,
                        message: "mapping \(entry.mapping.name) maps \(source) to \(destination), which is not in the store's "
                            + "configuration of \(destinationModel.name)")
                }
            } else if let destination = entry.destinationEntity?.name, !destinations.contains(destination) {
                continue
            }
            kept.append(entry)
        }
        return kept
    }

    /// Creates the destination for `destination` (recording `destinationModel`'s hashes and model, as Core
    /// Data records the whole model for a configuration's store) and runs `entries` into it.
    private func run(
        _ facts: SourceStoreFacts, _ context: StepContext, source sourceModel: ObjectModel,
        destination destinationModel: ObjectModel, entries resolved: [ResolvedEntityMapping],
        stages: (MappingSession) throws -> Void
    ) throws {
        let sourceSchema = SchemaBuilder(model: sourceModel, existingTableNames: Set(facts.columns.keys)).build()
        let style = SchemaStyle(frameworkVersion: facts.metadata.frameworkVersion)
        let writer = StoreWriter(
            model: self.destinationModel, schema: SchemaBuilder(model: destinationModel, style: style).build())
        try writer.create(
            at: context.destinationPath,
            options: StoreCreationOptions(
                uuid: facts.metadata.uuid, sourceMetadata: facts.metadata, journalMode: try JournalMode(path: context.sourcePath),
                installsTriggers: false, layout: .migrated))
        let queue = try HardenedConnection.open(context.destinationPath)
        let attachment = PrivateStoreConnection.attachmentName(context.sourcePath)
        try queue.writeWithoutTransaction { db in
            try db.execute("ATTACH DATABASE \(value: attachment) AS \(SQLIdentifier.source)")
            defer { try? db.execute("DETACH DATABASE \(SQLIdentifier.source)") }
            try db.execute(sql: "PRAGMA \"main\".synchronous = OFF")
            let plan = try MappedStepPlan(
                db, source: try MappedStoreTables(db, schema: .source, model: sourceModel, layout: sourceSchema),
                destination: try MappedStoreTables(db, schema: .main, model: destinationModel, layout: writer.schema),
                mappings: resolved, functions: functions, policies: policies, strategies: strategies,
                mappingPath: mapping.path, sourceAttachment: attachment, sourceRowCounts: facts.entityCounts,
                mergeCapacity: fusedMergeCapacity)
            let session = try MappingSession(db: db, plan: plan, statistics: statistics)
            session.pendingIndexes = { try writer.installIndexes(db, path: context.destinationPath) }
            try session.association.create()
            // Stage 1 reads each source entity's own rows once per mapping that reads it: the step's total.
            let rows = resolved.filter(\.mapping.kind.readsSource).compactMap(\.sourceEntity).compactMap { entity in
                sourceSchema.entity(named: entity.name).flatMap { facts.entityCounts[$0.table]?[$0.number] }
            }
            context.report(.stepRows(index: context.index, rows: rows.reduce(0, +)))
            try stages(session)
            try ForeignTableCopier(
                facts: facts, sourceSchema: sourceSchema,
                destinationNumbers: Set(session.destination.numbers.keys.map(\.rawValue)),
                destinations: session.carriedEntities()
            ).copy(db)
            try session.association.drop()
            try session.updatePrimaryKeyCounters()
            try writer.installDerivedAttributes(db)
            try db.execute(sql: "PRAGMA \"main\".incremental_vacuum")
        }
        try queue.close()
    }
}
