import Foundation
import MigrationEngine

/// The effects that read: a store and its plan (off the UI thread), its rows, a record, the history, the
/// picker's search. Each sends what it read as an action.
extension ConsoleApp {
    /// The most objects of one to-many the record view lists: the rest are counted, never read into memory.
    static let relatedLimit = 200

    /// Makes the tools (its own model and mappings, which can take seconds for a long history) for a store
    /// chosen in the picker, off the UI thread; without a way to make them the console keeps its own.
    func pick(_ path: String) {
        let ticket = tickets.next(.pick)
        let (actions, toolsForStore) = (self.actions, self.toolsForStore)
        workMode.start("cdmigrate-pick") {
            let tools = ConsoleFailure.catching { try toolsForStore.map { PickedTools(try $0(path)) } }
            actions.send(.toolsMade(path: path, tools), from: ticket)
        }
    }

    /// Reads a store (integrity-checked only with `checksIntegrity`) and plans it to the target, or to the
    /// model's current version when there is none yet, off the UI thread; a newer read replaces this one.
    func read(_ path: String, checksIntegrity: Bool) {
        let ticket = tickets.next(.read)
        let (actions, source, planner, target) = (self.actions, self.source, self.planner, state.target)
        // The model and the store are read afresh, here rather than on the read's thread: a page read beside
        // it (`r` in the browser), whichever thread runs first, then reads and types by the same new model.
        source.readAfresh()
        workMode.start("cdmigrate-read") {
            let loaded = ConsoleFailure.catching { try source.loadStore(at: path, checksIntegrity: checksIntegrity) }
            var read = StoreRead(path: path, loaded: loaded)
            switch loaded {
            case .success(let store):
                guard let planner, let goal = target ?? store.defaultTarget else { break }
                read.target = goal
                read.plan = ConsoleFailure.catching { try planner.plan(storePath: path, target: goal) }
            case .failure(let failure) where failure.salvageHelps:
                // The salvage offer names its new store, found free here since the reducer never looks.
                read.salvageOutput = FreeName.salvaged(path).firstFree()
            case .failure: break
            }
            actions.send(.storeRead(read), from: ticket)
        }
    }

    /// Plans the store on screen to `target` off the UI thread; a newer plan replaces this one.
    func plan(_ target: String) {
        guard let path = state.overview?.path else { return }
        let ticket = tickets.next(.plan)
        guard let planner else {
            let failure = ConsoleFailure(
                line: RemedyWords.line("read-only: no model given, so nothing can be planned", remedy: .giveModel))
            return actions.send(.planned(path: path, target: target, .failure(failure)), from: ticket)
        }
        let actions = self.actions
        workMode.start("cdmigrate-plan") {
            let plan = ConsoleFailure.catching { try planner.plan(storePath: path, target: target) }
            actions.send(.planned(path: path, target: target, plan), from: ticket)
        }
    }

    /// Counts what the lossy steps of the plan to `target` drop in the store on screen, off the UI thread (it
    /// reads the dropped values of every row); a newer count replaces this one.
    func countLoss(_ target: String) {
        guard let path = state.overview?.path, let planner else { return }
        let ticket = tickets.next(.loss)
        let actions = self.actions
        workMode.start("cdmigrate-loss") {
            let counted = ConsoleFailure.catching { try planner.countingLoss(storePath: path, target: target) }
            actions.send(.lossCounted(path: path, target: target, counted), from: ticket)
        }
    }

    /// Reads a page of rows off the UI thread: a filter applied as it is typed reads every row of the entity
    /// to count its matches (seconds on 1.5M rows). A newer page (the filter typed further, Esc) replaces it:
    /// the older read is stopped where it is, and what it sends is dropped. `afresh` reads it from a new
    /// snapshot: the store read again beside it (`r`) runs on a thread of its own and may come second.
    func loadRows(_ entity: String, offset: Int, afresh: Bool = false) {
        guard let path = state.overview?.path else { return }
        let (limit, query, source, actions) = (state.layout.browserRows, state.browser?.query ?? .all, source, actions)
        stopRows()
        let cancellation = CancellationFlag()
        rowsCancellation = cancellation
        let ticket = tickets.next(.rows)
        // On the UI thread, before either thread runs: the page and the store read beside it share the reading.
        if afresh { source.readAfresh() }
        workMode.start("cdmigrate-rows") {
            let page = ConsoleFailure.catching {
                try source.rows(
                    storePath: path, entity: entity, offset: offset, limit: limit, query: query, cancellation: cancellation)
            }
            actions.send(.rowsRead(entity: entity, page), from: ticket)
        }
    }

    /// Stops the page being read, if any: its read ends where it is and its result is dropped.
    func stopRows() {
        rowsCancellation?.cancel()
        rowsCancellation = nil
        tickets.cancel(.rows)
    }

    /// Reads the object a relationship points to.
    func openRecord(_ entity: String, key: Int64) {
        guard let path = state.overview?.path else { return }
        let page = ConsoleFailure.catching {
            try source.rows(storePath: path, entity: entity, offset: 0, limit: 1, query: RowQuery(primaryKey: key))
        }
        actions.send(.recordRead(entity: entity, key: key, page))
    }

    /// Reads the to-many relationships of the record on top.
    func loadRelated(_ entity: String, key: Int64) {
        guard let path = state.overview?.path else { return }
        let relations = ConsoleFailure.catching {
            try source.related(storePath: path, entity: entity, key: key, limit: Self.relatedLimit)
        }
        actions.send(.relatedRead(entity: entity, key: key, relations))
    }

    /// Reads the store's backups and runs: a quick read.
    func loadHistory() {
        guard let path = state.overview?.path else { return }
        guard let restorer else {
            let failure = ConsoleFailure(line: "this console was started without access to the history")
            return actions.send(.historyRead(.failure(failure)))
        }
        actions.send(.historyRead(ConsoleFailure.catching { try restorer.history(storePath: path) }))
    }

    /// Starts searching the picker's folder for stores, stopping any search still going.
    func startScan() {
        guard let root = state.picker?.root else { return }
        scanner?.stop()
        let search = StoreScanner()
        scanner = search
        let ticket = tickets.next(.scan)
        let actions = self.actions
        workMode.start("cdmigrate-store-scan") {
            search.scan(root) { actions.send(.scanned($0), from: ticket) }
        }
    }
}
