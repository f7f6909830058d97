import Foundation
import MigrationEngine

/// Carrying out what the reducer asked for. Effects read the state, never write it: each sends its result
/// back through ``ConsoleApp/actions``, and ``receive()`` hands it to the reducer.
extension ConsoleApp {
    /// Hands `action` to the reducer and runs the effects it asks for; returns them.
    @discardableResult
    func send(_ action: ConsoleAction) -> [ConsoleEffect] {
        let effects = controller.reduce(action, state: &state, now: now)
        execute(effects)
        return effects
    }

    /// Takes the oldest action an effect has sent and hands it to the reducer; returns it. Actions of an
    /// effect stopped or replaced since are dropped on the way.
    @discardableResult
    func receive() -> ConsoleAction? {
        while let (ticket, action) = actions.take() {
            if let ticket, !tickets.isCurrent(ticket) { continue }
            send(action)
            return action
        }
        return nil
    }

    /// Takes the actions effects have sent, and those their follow-ups send at once, up to `limit`; returns
    /// whether there was any.
    @discardableResult
    func receiveAll(limit: Int = .max) -> Bool {
        var taken = 0
        while taken < limit, receive() != nil { taken += 1 }
        return taken > 0
    }

    /// Starts `effects` in the state as the reducer does, then runs them: what the console does first, or
    /// what a test asks for directly.
    func perform(_ effects: [ConsoleEffect]) {
        execute(controller.start(effects, state: &state, now: now))
    }

    /// Runs effects the reducer has started.
    private func execute(_ effects: [ConsoleEffect]) {
        for effect in effects {
            switch effect {
            case .openStore(let path): read(path, checksIntegrity: true)
            case .pickStore(let path): pick(path)
            case .useTools(let picked):
                source = picked.tools.source
                planner = picked.tools.planner
                restorer = picked.tools.restorer
            case .reload: if let path = state.overview?.path { read(path, checksIntegrity: true) }
            case .refreshStore(let checksIntegrity):
                if let path = state.overview?.path { read(path, checksIntegrity: checksIntegrity) }
            case .loadPlan(let target): plan(target)
            case .countLoss(let target): countLoss(target)
            case .loadRows(let entity, let offset): loadRows(entity, offset: offset)
            case .stopRows: stopRows()
            case .refreshRows(let entity, let offset):
                // The store's header follows off the UI thread (its integrity check reads every page); a store
                // damaged since is offered salvage like any other.
                if let path = state.overview?.path { read(path, checksIntegrity: true) }
                loadRows(entity, offset: offset, afresh: true)
            case .openRecord(let entity, let key): openRecord(entity, key: key)
            case .loadRelated(let entity, let key): loadRelated(entity, key: key)
            case .loadHistory: loadHistory()
            case .suggestPath(let suggestion): suggest(suggestion)
            case .checkPath(let question): check(question)
            case .scanStores: startScan()
            case .stopScan: scanner?.stop()
            case .stopWaiting:
                tickets.cancel(.read)
                tickets.cancel(.plan)
                tickets.cancel(.pick)
            default: executeWork(effect)
            }
        }
    }

    /// Runs effects whose work the console waits for or watches: a migration, a salvage, an export.
    private func executeWork(_ effect: ConsoleEffect) {
        switch effect {
        case .startRun(let dryRun): startRun(dryRun: dryRun)
        case .cancelRun: cancellation.cancel()
        case .pauseRun: cancellation.pause()
        case .resumeRun: cancellation.resume()
        case .restore(let backup): restore(backup)
        case .salvage(let store, let output): salvage(store, to: output)
        case .exportEntity(let entity, let path, let query, _): export(entity, query, to: path)
        case .stopExport: exportCancellation?.cancel()
        case .seedStore(let request): seed(request)
        default: break
        }
    }
}
