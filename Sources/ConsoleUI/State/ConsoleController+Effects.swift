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
        case .salvage(let store, let output):
            let name = URL(fileURLWithPath: output).lastPathComponent
            wait("Salvaging \(URL(fileURLWithPath: store).lastPathComponent) to \(name)…", &state, now)
        case .exportEntity(let entity, let path):
            guard state.overview != nil, state.preparing == nil else { return false }
            wait("Exporting \(entity) to \(path)…", &state, now)
        case .seedStore(let request):
            guard state.preparing == nil else { return false }
            wait("Seeding a \(request.version) store at \(request.output)…", &state, now)
        case .restore(let backup):
            guard let overview = state.overview, state.preparing == nil, !state.engineRunning else { return false }
            state.history = nil
            state.screen = .main
            wait("Restoring \(overview.name) from backup \(backup)…", &state, now)
        default: break
        }
        return true
    }

    /// The console waits for work off the UI thread, saying what it is; only q is answered meanwhile.
    private func wait(_ message: String, _ state: inout ConsoleState, _ now: Double) {
        state.preparing = message
        state.preparingSince = now
    }
}
