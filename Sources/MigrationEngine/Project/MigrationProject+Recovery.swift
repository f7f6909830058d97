extension MigrationProject {
    /// Brings a store caught mid-swap back to a complete store before anything reads it: a store read in that
    /// state would be neither the old one nor the new one.
    ///
    /// - Parameters:
    ///   - store: The store's `.sqlite` file; its journal is looked for in its backup folder.
    ///   - report: Receives ``MigrationEvent/recovered(store:outcome:)`` when a swap was recovered.
    /// - Returns: How the interrupted swap ended, or nil when there was nothing to recover.
    /// - Throws: ``ExecutionError`` when the journal cannot be obeyed safely or the store is locked.
    @discardableResult
    public func recoverIfNeeded(
        store: String, report: @Sendable (MigrationEvent) -> Void = { _ in }
    ) throws -> Recovery.Outcome? {
        guard let (_, outcome) = try Recovery.recoverIfNeeded(storePath: store) else { return nil }
        report(.recovered(store: store, outcome: outcome))
        return outcome
    }
}
