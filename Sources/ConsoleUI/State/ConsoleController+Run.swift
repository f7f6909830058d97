import MigrationEngine

/// The reducer's side of a migration running on the engine thread.
extension ConsoleController {
    /// Takes in the running migration's progress.
    func engine(_ event: MigrationEvent, _ state: inout ConsoleState, now: Double) {
        guard state.engineRunning, state.run?.outcome == nil else { return }
        state.run?.apply(event, at: now)
    }

    /// The engine thread has ended: the result screen shows at once, and a store migrated in place is read
    /// again (the header and the versions cursor follow once it has been).
    func engineFinished(_ state: inout ConsoleState, now: Double) -> [ConsoleEffect] {
        guard state.engineRunning else { return [] }
        state.engineRunning = false
        if state.run?.outcome == nil {
            let failure = MigrationError(
                category: .migrationFailed, message: "the engine stopped without reporting a result")
            state.run?.apply(.failed(failure), at: now)
        }
        if state.screen == .run {
            state.screen = .result
            if state.abortPrompt, case .succeeded? = state.run?.outcome {
                // Past its last batch (backing up or swapping) when asked: there was no check left to pause at.
                state.message = "the run had finished before you answered: it was past its last batch; nothing was aborted"
            }
            state.abortPrompt = false
        }
        guard let run = state.run, !run.dryRun, case .succeeded? = run.outcome, state.overview != nil else { return [] }
        // The title bar says at once where the engine has put the store. A run of at least one step ended with
        // the engine's integrity check of the store: reading it again need not check it a second time.
        state.versionAfterRun = run.target
        return [.refreshStore(checksIntegrity: run.steps.isEmpty)]
    }
}
