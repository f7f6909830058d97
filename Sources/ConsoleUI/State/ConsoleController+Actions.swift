import Foundation

/// The reducer's side of effects: every result comes back here as an action, and only here is it written
/// into the state.
extension ConsoleController {
    /// Takes `action` into `state`, at `now` on the console's clock; returns the effects to run next,
    /// already started in the state (see ``start(_:state:now:)``).
    package func reduce(_ action: ConsoleAction, state: inout ConsoleState, now: Double) -> [ConsoleEffect] {
        let effects: [ConsoleEffect]
        switch action {
        case .key(let key): effects = handle(key, state: &state)
        case .prepared(let failure, let next): effects = finishWaiting(failure.map(Result.failure) ?? .success(next), &state)
        case .salvaged(let output, let summary):
            effects = finishWaiting(summary.map { _ in [.openStore(output)] }, &state)
            if case .success(let line) = summary { state.message = line }
        case .exported(let entity, let path, let count):
            effects = []
            state.preparing = nil
            switch count {
            case .success(let count):
                state.message = "exported \(NumberText.grouped(count)) \(entity) object\(count == 1 ? "" : "s") to \(path)"
            case .failure(let failure) where failure.category == .cancelled:
                state.message = "export stopped; \(path) is as it was"
            case .failure(let failure): state.message = failure.line
            }
        case .seeded(let summary):
            effects = finishWaiting(summary.map { _ in [] }, &state)
            if case .success(let line) = summary { state.message = line }
        case .restored(let store, let backup, let failure):
            let name = state.overview?.name ?? "the store"
            effects = finishWaiting(failure.map(Result.failure) ?? .success([.openStore(store)]), &state)
            if failure == nil { state.message = "restored \(name) from backup \(backup)" }
        }
        return start(effects, state: &state, now: now)
    }

    /// Ends a wait: the console answers keys again, and says why the work failed if it did.
    private func finishWaiting(_ next: Result<[ConsoleEffect], ConsoleFailure>, _ state: inout ConsoleState) -> [ConsoleEffect] {
        state.preparing = nil
        switch next {
        case .success(let effects): return effects
        case .failure(let failure):
            state.message = failure.line
            return []
        }
    }
}
