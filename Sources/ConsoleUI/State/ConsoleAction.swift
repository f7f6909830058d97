import MigrationEngine

/// Everything the reducer takes: a key, or the result of an effect's work, which comes back through the one
/// ``ActionQueue`` instead of being written into the state by the effect.
package enum ConsoleAction: Sendable, Hashable {
    /// A key (or mouse event) from the terminal.
    case key(Key)
    /// The terminal is this size now.
    case resized(TerminalSize)
    /// The work the console waited for before opening anything (the demo writing its store) has ended;
    /// `then` is what the console does next when it succeeded.
    case prepared(failure: ConsoleFailure?, then: [ConsoleEffect])
    /// Salvage into `output` ended: what it kept, or why it failed.
    case salvaged(output: String, Result<SalvageSummary, ConsoleFailure>)
    /// The export of `entity` to `path` ended: how many objects were written, or why none were.
    case exported(entity: String, path: String, Result<Int, ConsoleFailure>)
    /// The export running has written this many objects.
    case exportProgress(written: Int)
    /// Seeding a fixture store ended: its one-line summary, or why nothing was written.
    case seeded(Result<String, ConsoleFailure>)
    /// Restoring `store` from `backup` ended, with why it failed if it did.
    case restored(store: String, backup: String, failure: ConsoleFailure?)
    /// The tools for the store picked at `path` were made (nil: the console keeps its own), or could not be.
    case toolsMade(path: String, Result<PickedTools?, ConsoleFailure>)
    /// A store was read (and planned), or could not be.
    case storeRead(StoreRead)
    /// The plan of the store at `path` to `target` was made, or why there is none.
    case planned(path: String, target: String, Result<PlanInfo, ConsoleFailure>)
    /// What the lossy steps of the plan of the store at `path` to `target` drop was counted in the store:
    /// the plan with its counts, or why they could not be taken.
    case lossCounted(path: String, target: String, Result<PlanInfo, ConsoleFailure>)
    /// A page of `entity`'s rows was read.
    case rowsRead(entity: String, Result<BrowserPage, ConsoleFailure>)
    /// The object `key` of `entity` a relationship points to was read: a page of at most that one row.
    case recordRead(entity: String, key: Int64, Result<BrowserPage, ConsoleFailure>)
    /// The to-many relationships of the object `key` of `entity` were read.
    case relatedRead(entity: String, key: Int64, Result<[RelatedObjects], ConsoleFailure>)
    /// The store's backups and runs were read for the history screen.
    case historyRead(Result<HistoryInfo, ConsoleFailure>)
    /// The running migration reported progress.
    case engine(MigrationEvent)
    /// The engine thread has ended (after its last event).
    case engineFinished
    /// The first free name `suggestion` makes is `path`.
    case pathSuggested(PathSuggestion, path: String)
    /// The path `check` asked about names a file, or does not.
    case pathChecked(PathCheck, exists: Bool)
    /// The picker's search has got this far.
    case scanned(ScanProgress)
}
