import Foundation
import MigrationEngine

/// The effects the console waits for or watches, off the UI thread: a migration, a salvage, an export,
/// seeding, a restore, the demo's preparation. Each sends its result as an action.
extension ConsoleApp {
    /// Runs the plan on screen on the engine thread; its events come back as actions as they happen.
    func startRun(dryRun: Bool) {
        cancellation = workMode.pausedRunWait.map { CancellationFlag(waitingWith: $0) } ?? CancellationFlag()
        let (actions, flag, planner) = (self.actions, cancellation, self.planner)
        guard let planner, let target = state.plan?.target, let path = state.overview?.path else {
            return actions.send(.engineFinished)
        }
        workMode.start("cdmigrate-engine", stackSize: 8 << 20) {
            do {
                try planner.migrate(
                    storePath: path, target: target, dryRun: dryRun, report: { actions.send(.engine($0)) },
                    cancellation: flag)
            } catch {
                actions.send(.engine(.failed(MigrationError(error))))
            }
            actions.send(.engineFinished)
        }
    }

    /// Cancels a running migration and takes its end, so the original is left untouched before exit.
    func stopWorker() {
        guard state.engineRunning else { return }
        cancellation.cancel()
        wait { !state.engineRunning }
    }

    /// Exports the entity on screen off the UI thread; the title bar then says how many objects went where, or
    /// why none did. Quitting meanwhile stops it and keeps the old file.
    func export(_ entity: String, _ query: RowQuery, to path: String) {
        guard let store = state.overview?.path else { return }
        let (source, actions) = (self.source, self.actions)
        let cancellation = CancellationFlag()
        exportCancellation = cancellation
        workMode.start("cdmigrate-export") {
            let count = ConsoleFailure.catching {
                try source.export(storePath: store, entity: entity, query: query, to: path, cancellation: cancellation) {
                    if $0 % ExportProgress.step == 0 { actions.send(.exportProgress(written: $0)) }
                }
            }
            actions.send(.exported(entity: entity, path: path, count))
        }
    }

    /// Stops a running export and takes its result, once its thread has removed the file it was writing.
    func stopExport() {
        guard let exportCancellation, state.preparing != nil else { return }
        exportCancellation.cancel()
        wait { state.preparing == nil }
    }

    /// Takes actions until `done` holds, for at most 30 s: the console is leaving and waits for its work.
    private func wait(until done: () -> Bool) {
        let deadline = now + 30
        while now < deadline, !done() {
            if !receiveAll(), !workMode.runHeld() { Thread.sleep(forTimeInterval: 0.01) }
        }
    }

    /// Seeds a fixture store of the open model off the UI thread; the status line then says what was
    /// written, or why nothing was (and nothing is left of it).
    func seed(_ request: SeedRequest) {
        let (source, actions) = (self.source, self.actions)
        workMode.start("cdmigrate-seed") { actions.send(.seeded(ConsoleFailure.catching { try source.seed(request) })) }
    }

    /// Salvages off the UI thread while the console waits; the new store is then opened.
    func salvage(_ store: String, to output: String) {
        let (source, actions) = (self.source, self.actions)
        workMode.start("cdmigrate-salvage") {
            actions.send(.salvaged(output: output, ConsoleFailure.catching { try source.salvage(store: store, output: output) }))
        }
    }

    /// Runs the work the console waits for before it opens anything; then does what it was started for.
    func startPreparation(_ preparation: Preparation) {
        let (actions, next) = (self.actions, pendingEffects)
        workMode.start("cdmigrate-preparation") {
            actions.send(.prepared(failure: ConsoleFailure.of { try preparation.work() }, then: next))
        }
    }

    /// Restores off the UI thread while the console says so; the store is then read again.
    func restore(_ backup: String) {
        guard let path = state.overview?.path else { return }
        let actions = self.actions
        guard let restorer else {
            let failure = ConsoleFailure(line: "this console was started without access to the history")
            return actions.send(.restored(store: path, backup: backup, failure: failure))
        }
        workMode.start("cdmigrate-restore") {
            let failure = ConsoleFailure.of { try restorer.restore(storePath: path, backup: backup) }
            actions.send(.restored(store: path, backup: backup, failure: failure))
        }
    }
}
