extension MigrationProject {
    /// Runs planned chains (from ``plan(store:target:report:)``), several stores all or nothing: each step into
    /// a temporary store, validated, then backed up and swapped in under a journal. A store whose plan was
    /// made without SQLite's `quick_check` (``StorePlanning/isIntegrityChecked``) is checked beside its
    /// first step; a damaged one is refused before anything is backed up or swapped.
    ///
    /// - Parameters:
    ///   - plans: One planning per store; stores already at their target are left alone.
    ///   - options: Dry run, backup folder, cancellation; stores are read as the project says (``snapshot``).
    ///   - report: Receives every event of the run, in order.
    /// - Returns: The history records written, one per run.
    /// - Throws: A ``CategorizedError`` for every failure; the original stores are then untouched.
    @discardableResult
    public func migrate(
        _ plans: [StorePlanning], options: ExecutionOptions = ExecutionOptions(),
        report: @escaping @Sendable (MigrationEvent) -> Void = { _ in }
    ) throws -> [RunRecord] {
        var options = options
        options.snapshot = snapshot
        let jobs = plans.map { MigrationJob(storePath: $0.storePath, plan: $0.plan, checksIntegrity: !$0.isIntegrityChecked) }
        return try ChainExecutor(options: options, report: report).run(jobs)
    }
}
