import MigrationEngine

/// Work the controller asks the app to do outside the pure state update (reading, planning, running).
package enum ConsoleEffect: Sendable, Hashable {
    /// Open the store at this path and read its overview.
    case openStore(String)
    /// Open a store chosen in the picker, with the model and mapping folders found for that store.
    case pickStore(String)
    /// Plan the chain to this target version.
    case loadPlan(target: String)
    /// Count what the lossy steps of the plan shown to this target drop in the store.
    case countLoss(target: String)
    /// Load the page of an entity's rows that starts at `offset`.
    case loadRows(entity: String, offset: Int)
    /// Stop reading the page of rows asked for last (the browser was closed): its result is dropped.
    case stopRows
    /// Read the store again on a fresh snapshot, then load the page of rows that starts at `offset`.
    case refreshRows(entity: String, offset: Int)
    /// Open the object `key` of `entity` (a relationship followed) in the record view.
    case openRecord(entity: String, key: Int64)
    /// Read the to-many relationships of the object `key` of `entity`, open in the record view.
    case loadRelated(entity: String, key: Int64)
    /// Start the migration (or dry run) to the target on the engine thread.
    case startRun(dryRun: Bool)
    /// Ask the running migration to stop.
    case cancelRun
    /// Ask the running migration to wait at its next batch (while "Abort the run?" is asked).
    case pauseRun
    /// Let the paused migration go on.
    case resumeRun
    /// Salvage the damaged store into a new one (off the UI thread), then open the new one.
    case salvage(store: String, output: String)
    /// Read the store again.
    case reload
    /// Read the store on screen again after a migration, and plan it, staying on the current screen;
    /// `checksIntegrity` is false only for the store the engine has just integrity-checked.
    case refreshStore(checksIntegrity: Bool)
    /// Read and plan from now on with the tools made for a store picked in the picker.
    case useTools(PickedTools)
    /// Read the store's backups and runs for the history screen.
    case loadHistory
    /// Put the store back to this backup (after the user confirmed).
    case restore(backup: String)
    /// Search the picker's folder for stores again, in the background.
    case scanStores
    /// Stop the picker's search; what it found stays listed.
    case stopScan
    /// Stop waiting for the store being read or the plan being made: their results, when they come, are dropped.
    case stopWaiting
    /// Export the objects of `entity` (its sub-entities' included) that `query` selects, in its order, to the
    /// file at `path`, replacing it; `objects` is how many that is, when known, for the progress shown.
    case exportEntity(entity: String, path: String, query: RowQuery = .all, objects: Int? = nil)
    /// Stop the running export; its result (stopped, the old file kept) comes back as usual.
    case stopExport
    /// Write a new fixture store of the open model (off the UI thread), as `cdmigrate seed` writes one.
    case seedStore(SeedRequest)
    /// Find the first free name `suggestion` makes; it comes back as ``ConsoleAction/pathSuggested(_:path:)``.
    case suggestPath(PathSuggestion)
    /// Look whether the typed path in `check` names a file; the answer comes back as
    /// ``ConsoleAction/pathChecked(_:exists:)``.
    case checkPath(PathCheck)
    /// Leave the console.
    case quit
}
