import Foundation

/// What `repair` did to a store's bookkeeping.
public struct StoreRepairReport: Sendable, Hashable, Codable {
    /// What identified the version the bookkeeping was rewritten to.
    public enum Evidence: String, Sendable, Hashable, Codable {
        /// Named by the caller.
        case given
        /// The store's recorded version hashes (only `Z_MAX` can then be wrong).
        case metadata
        /// The store's tables and columns, which fit exactly one version.
        case tableLayout
    }

    /// The store repaired (in place), or read (with an output).
    public var store: String
    /// The new store, or nil when the store was repaired in place (backed up and swapped).
    public var output: String?
    /// The version the store's bookkeeping now names.
    public var version: String
    /// What identified it.
    public var evidence: Evidence
    /// Every key, table and cache rewritten, old → new.
    public var repairs: RepairReport
    /// The history record of an in-place repair (its backup, its run); nil with an output or a dry run's.
    public var record: RunRecord?
}

extension MigrationProject {
    /// Rewrites a store's bookkeeping to the version its schema matches: `Z_METADATA`'s version hashes,
    /// identifiers, digest and checksum as Core Data writes them, `Z_MODELCACHE`, and `Z_PRIMARYKEY.Z_MAX`
    /// below a table's largest key. Rows are not touched; the result must pass ``verify(store:version:report:)``'s
    /// checks (an object that breaks the model is named, for `migrate` or `salvage` to repair).
    ///
    /// - Parameters:
    ///   - store: The store's `.sqlite` file.
    ///   - version: The version to write; nil for the one its hashes name, else the one its tables fit.
    ///   - output: A new store to write, the store only read; nil to repair in place through the usual run:
    ///     snapshot, validation, backup, journal and atomic swap (``ExecutionOptions`` apply, dry run included).
    ///   - options: For an in-place repair: dry run, backup folder, cancellation.
    ///   - report: Receives the run's events, ``MigrationEvent/repaired(store:repairs:)`` among them.
    /// - Returns: The version, what identified it, and every change.
    /// - Throws: ``PlanningError`` when the version cannot be told, ``SalvageError`` for an output that exists,
    ///   ``ExecutionError`` when the result fails validation, ``StoreError`` for a store that cannot be read.
    public func repair(
        store: String, version: String? = nil, to output: String? = nil, options: ExecutionOptions = ExecutionOptions(),
        report: @escaping @Sendable (MigrationEvent) -> Void = { _ in }
    ) throws -> StoreRepairReport {
        let bundle = try requireBundle(for: "repair")
        _ = try recoverIfNeeded(store: store, report: report)
        let contents = try StoreReader.read(path: store, checkIntegrity: false, options: snapshot, countsRows: false)
        let (model, evidence) = try Self.identify(contents, in: bundle, version: version, store: store)
        let step = BookkeepingRepairStep(model: model)
        var result = StoreRepairReport(
            store: store, output: output, version: model.name, evidence: evidence, repairs: RepairReport(), record: nil)
        if let output {
            let destination = try SalvageOutput(output, store: store)
            let copy = try StoreSnapshot.take(of: store, options: snapshot)
            defer { copy.remove() }
            do {
                try step.perform(
                    StepContext(
                        sourcePath: copy.path, destinationPath: destination.temporary, index: 0, report: report,
                        cancellation: options.cancellation))
                try BrokenObjects.validate(destination.temporary, model: model, store: store)
                try destination.publish()
            } catch {
                destination.discard()
                throw error
            }
            result.repairs = step.changes.report.withLock { $0 }
            report(.repaired(store: store, repairs: result.repairs))
            return result
        }
        // A store whose bookkeeping is already right is left alone: no backup, no swap, no history record.
        let needed = try SnapshotReading.read(store, options: snapshot) { copy in
            let queue = try HardenedConnection.open(copy.path)
            defer { try? queue.close() }
            var found = RepairReport()
            try queue.writeWithoutTransaction { db in
                try db.inTransaction {
                    found = try step.rewrite(db, path: store)
                    return .rollback
                }
            }
            return found
        }
        guard needed.total > 0 else { return result }
        var options = options
        options.snapshot = snapshot
        let candidate = StepCandidate(
            from: model.name, to: model.name, origin: .inferred, operations: step.summary.operations, factory: { step })
        let job = MigrationJob(storePath: store, plan: MigrationPlan(from: model.name, to: model.name, steps: [candidate]))
        result.record = try ChainExecutor(options: options, report: report).run([job]).first
        result.repairs = step.changes.report.withLock { $0 }
        return result
    }

    /// The version to repair a store to, and what said so.
    private static func identify(_ contents: StoreContents, in bundle: ModelBundle, version: String?, store: String)
        throws(PlanningError) -> (ObjectModel, StoreRepairReport.Evidence)
    {
        if let version {
            guard let model = bundle.version(named: version) else {
                throw PlanningError(
                    .unknownVersion, versions: [version], message: "\(store): no version \"\(version)\" in \(bundle.path)")
            }
            return (model, .given)
        }
        if let name = CompatibilityCheck.compatibleVersion(in: bundle, metadata: contents.metadata),
            let model = bundle.version(named: name)
        {
            return (model, .metadata)
        }
        let fitting = SchemaFit.fitting(bundle.versions, contents.tableColumns)
        guard let model = fitting.only else {
            throw PlanningError(
                .unknownVersion, versions: fitting.versions.map(\.name),
                message:
                    "\(store): cannot tell the store's version: its hashes match none and \(fitting.problem); pass the version")
        }
        return (model, .tableLayout)
    }
}
