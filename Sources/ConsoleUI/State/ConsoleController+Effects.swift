import Foundation

/// What the state shows as soon as an effect starts (the message the console waits with, the run screen),
/// so the effect's work itself only reads and sends its result back as an action.
extension ConsoleController {
    /// Starts `effects` in the state, at `now` on the console's clock; returns those to run (an effect that
    /// cannot start now, such as a second export while one runs, is dropped).
    package func start(_ effects: [ConsoleEffect], state: inout ConsoleState, now: Double) -> [ConsoleEffect] {
        effects.filter { start($0, state: &state, now: now) }
    }

    private func start(_ effect: ConsoleEffect, state: inout ConsoleState, now: Double) -> Bool {
        switch effect {
        case .openStore(let path): open(path, &state)
        case .reload:
            guard let path = state.overview?.path else { return false }
            open(path, &state)
        case .pickStore(let path):
            state.opening = path
            state.message = "reading \(URL(fileURLWithPath: path).lastPathComponent) and its model… Esc stops waiting"
        case .loadPlan(let target):
            guard state.overview != nil else { return false }
            state.planning = target
        case .refreshStore:
            // Until the store has been read again the old plan is gone (the Plan pane says "planning…"), so
            // nothing can be started from it.
            guard state.overview != nil else { return false }
            state.plan = nil
            state.planError = nil
        case .startRun(let dryRun):
            guard !state.engineRunning, let plan = state.plan, state.overview != nil else { return false }
            state.run = RunProgress(dryRun: dryRun, plan: plan, startedAt: now)
            state.screen = .run
            state.engineRunning = true
        // Cancelling wakes a paused run, which now rolls back: its clock runs again.
        case .cancelRun, .resumeRun: state.run?.resume(at: now)
        case .pauseRun: state.run?.pause(at: now)
        case .loadRows, .refreshRows, .openRecord, .loadRelated, .loadHistory, .countLoss: return state.overview != nil
        default: return startWaiting(effect, &state, now)
        }
        return true
    }

    /// The store is read off the UI thread, the panes saying so meanwhile.
    private func open(_ path: String, _ state: inout ConsoleState) {
        state.screen = .main
        state.opening = path
    }

    /// The console waits for work off the UI thread, saying what it is; only q is answered meanwhile.
    private func startWaiting(_ effect: ConsoleEffect, _ state: inout ConsoleState, _ now: Double) -> Bool {
        let message: String
        switch effect {
        case .salvage(let store, let output):
            let name = URL(fileURLWithPath: output).lastPathComponent
            message = "Salvaging \(URL(fileURLWithPath: store).lastPathComponent) to \(name)…"
        case .exportEntity(let entity, let path, _, let objects):
            guard state.overview != nil, state.preparing == nil else { return false }
            let progress = ExportProgress(entity: entity, path: path, objects: objects)
            state.export = progress
            message = progress.line
        case .seedStore(let request):
            guard state.preparing == nil else { return false }
            message = "Seeding a \(request.version) store at \(request.output)…"
        case .restore(let backup):
            guard let overview = state.overview, state.preparing == nil, !state.engineRunning else { return false }
            state.history = nil
            state.screen = .main
            message = "Restoring \(overview.name) from backup \(backup)…"
        default: return true
        }
        state.preparing = message
        state.preparingSince = now
        return true
    }
}
