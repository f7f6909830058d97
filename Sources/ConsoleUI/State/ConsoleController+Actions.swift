import Foundation

/// The reducer's side of effects: every result comes back here as an action, and only here is it written
/// into the state.
extension ConsoleController {
    /// Takes `action` into `state`, at `now` on the console's clock; returns the effects to run next,
    /// already started in the state (see ``start(_:state:now:)``).
    package func reduce(_ action: ConsoleAction, state: inout ConsoleState, now: Double) -> [ConsoleEffect] {
        start(next(after: action, &state, now), state: &state, now: now)
    }

    private func next(after action: ConsoleAction, _ state: inout ConsoleState, _ now: Double) -> [ConsoleEffect] {
        switch action {
        case .key(let key): return handle(key, state: &state)
        case .resized(let size): state.size = size
        case .prepared(nil, let next): return finishWaiting(&state, next: next)
        case .salvaged(let output, .success(let summary)):
            // The report stays over the new store until dismissed: what was lost, and what to do next.
            state.salvageReport = summary
            state.damagedStore = nil
            return finishWaiting(&state, saying: summary.line, next: [.openStore(output)])
        case .seeded(.success(let summary)): return finishWaiting(&state, saying: summary)
        case .restored(let store, let backup, nil):
            let name = state.overview?.name ?? "the store"
            return finishWaiting(&state, saying: "restored \(name) from backup \(backup)", next: [.openStore(store)])
        case .prepared(let failure?, _), .salvaged(_, .failure(let failure)), .seeded(.failure(let failure)),
            .restored(_, _, let failure?):
            return finishWaiting(&state, saying: failure.line)
        case .exported(let entity, let path, let count): exported(entity, path, count, &state)
        case .exportProgress(let written):
            guard state.preparing != nil, var progress = state.export else { break }
            progress.written = written
            state.export = progress
            state.preparing = progress.line
        case .toolsMade(let path, let tools): return toolsMade(path, tools, &state)
        case .storeRead(let read): return storeRead(read, &state)
        case .planned(let path, let target, let plan): return planned(path, target, plan, &state)
        case .lossCounted(let path, let target, let plan): lossCounted(path, target, plan, &state)
        case .rowsRead(let entity, let page): return rowsRead(entity, page, &state)
        case .recordRead(let entity, let key, let page): return recordRead(entity, key, page, &state)
        case .relatedRead(let entity, let key, let relations): relatedRead(entity, key, relations, &state)
        case .historyRead(let info): historyRead(info, &state)
        case .engine(let event): engine(event, &state, now: now)
        case .engineFinished: return engineFinished(&state, now: now)
        case .scanned(let progress): state.picker?.take(progress)
        case .pathSuggested(.export(let entity, _), let path): ExportKeys.suggested(path, for: entity, &state)
        case .pathSuggested(.seed, let path): state.seedPrompt?.suggest(output: path)
        case .pathChecked(.export(let entity, let path), let exists): return ExportKeys.checked(entity, path, exists, &state)
        case .pathChecked(.seed(let request), let exists): return SeedKeys.checked(request, exists, &state)
        }
        return []
    }

    /// Ends a wait: the console answers keys again, says what the work did or why it failed, and goes on.
    private func finishWaiting(
        _ state: inout ConsoleState, saying message: String? = nil, next: [ConsoleEffect] = []
    ) -> [ConsoleEffect] {
        state.preparing = nil
        if let message { state.message = message }
        return next
    }

    /// Says how many objects an export wrote where, or why none were (a stopped export keeps the old file).
    private func exported(_ entity: String, _ path: String, _ count: Result<Int, ConsoleFailure>, _ state: inout ConsoleState) {
        state.preparing = nil
        state.export = nil
        switch count {
        case .success(let count):
            state.message = "exported \(NumberText.grouped(count)) \(entity) object\(count == 1 ? "" : "s") to \(path)"
        case .failure(let failure) where failure.category == .cancelled:
            state.message = "export stopped; \(path) is as it was"
        case .failure(let failure): state.message = failure.line
        }
    }
}
