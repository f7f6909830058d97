import Foundation
import MigrationEngine

/// Carrying out what the controller asked for: reading, planning and starting or stopping the engine thread.
extension ConsoleApp {
    /// Hands `action` to the reducer and runs the effects it asks for; returns them.
    @discardableResult
    func send(_ action: ConsoleAction) -> [ConsoleEffect] {
        let effects = controller.reduce(action, state: &state, now: now)
        execute(effects)
        return effects
    }

    /// Takes the oldest action an effect has sent, and hands it to the reducer; returns it.
    @discardableResult
    func receive() -> ConsoleAction? {
        guard let (_, action) = actions.take() else { return nil }
        send(action)
        return action
    }

    /// Takes every action effects have sent, and those their follow-ups send at once; returns whether there
    /// was any.
    @discardableResult
    func receiveAll() -> Bool {
        var any = false
        while receive() != nil { any = true }
        return any
    }

    /// Starts `effects` in the state as the reducer does, then runs them: what the console does first, or
    /// what a test asks for directly.
    func perform(_ effects: [ConsoleEffect]) {
        execute(controller.start(effects, state: &state, now: now))
    }

    /// Runs effects the reducer has started; their results come back through ``actions``.
    private func execute(_ effects: [ConsoleEffect]) {
        for effect in effects {
            switch effect {
            case .openStore(let path): open(path)
            case .pickStore(let path): pick(path)
            case .reload: if let path = state.overview?.path { open(path) }
            case .loadPlan(let target): loadPlan(target)
            case .loadRows(let entity, let offset): loadRows(entity, offset: offset)
            case .refreshRows(let entity, let offset):
                // The store's header follows off the UI thread (its integrity check reads every page); a store
                // damaged since is offered salvage like any other.
                if let path = state.overview?.path { reread(path) }
                loadRows(entity, offset: offset)
            case .openRecord(let entity, let key): openRecord(entity, key: key)
            case .loadRelated(let entity, let key): loadRelated(entity, key: key)
            case .startRun(let dryRun): startRun(dryRun: dryRun)
            case .cancelRun:
                cancellation.cancel()
                // Cancelling wakes a paused run, which now rolls back: its clock runs again.
                state.run?.resume(at: now)
            case .pauseRun:
                cancellation.pause()
                state.run?.pause(at: now)
            case .resumeRun:
                cancellation.resume()
                state.run?.resume(at: now)
            case .loadHistory: loadHistory()
            case .restore(let backup): restore(backup)
            case .scanStores: startScan()
            case .stopScan: scanner?.stop()
            case .stopWaiting:
                refreshing = nil
                planJob = nil
                pickJob = nil
            case .salvage(let store, let output): salvage(store, to: output)
            case .exportEntity(let entity, let path): export(entity, to: path)
            case .seedStore(let request): seed(request)
            case .quit: break
            }
        }
    }

    /// Work just started inline has its result already: take it now, as the loop would at its next tick.
    private func takeInlineResults() {
        if workMode == .inline { _ = finishBackgroundWork() }
    }

    /// Takes what slow work off the UI thread has finished: a picked store's tools, a store read, a plan.
    /// Returns whether anything changed.
    func finishBackgroundWork() -> Bool {
        let picked = finishPick()
        let refreshed = finishRefresh()
        let planned = finishPlan()
        return picked || refreshed || planned
    }

    /// Exports the entity on screen off the UI thread; the title bar then says how many objects went where, or
    /// why none did. Quitting meanwhile stops it and keeps the old file.
    private func export(_ entity: String, to path: String) {
        guard let store = state.overview?.path else { return }
        let source = self.source
        let actions = self.actions
        let cancellation = CancellationFlag()
        exportCancellation = cancellation
        workMode.start("cdmigrate-export") {
            let count = ConsoleFailure.catching {
                try source.export(storePath: store, entity: entity, to: path, cancellation: cancellation)
            }
            actions.send(.exported(entity: entity, path: path, count))
        }
    }

    /// Seeds a fixture store of the open model off the UI thread; the status line then says what was
    /// written, or why nothing was (and nothing is left of it).
    private func seed(_ request: SeedRequest) {
        let source = self.source
        let actions = self.actions
        workMode.start("cdmigrate-seed") { actions.send(.seeded(ConsoleFailure.catching { try source.seed(request) })) }
    }

    /// Stops a running export and takes its result, once its thread has removed the file it was writing.
    func stopExport() {
        guard let exportCancellation, state.preparing != nil else { return }
        exportCancellation.cancel()
        let deadline = now + 30
        while now < deadline, state.preparing != nil {
            if !receiveAll() { Thread.sleep(forTimeInterval: 0.01) }
        }
    }

    /// Opens a store chosen in the picker with the tools made for it (its own model and mappings, which can
    /// take seconds for a long history), off the UI thread; when they cannot be made (an invalid model beside
    /// it), says why and stays in the picker.
    func pick(_ path: String) {
        guard let toolsForStore else { return open(path) }
        state.opening = path
        state.message = "reading \(URL(fileURLWithPath: path).lastPathComponent) and its model… Esc stops waiting"
        pickJob = BackgroundJob(workMode, name: "cdmigrate-pick") { (path, Result { try toolsForStore(path) }) }
        takeInlineResults()
    }

    /// Takes the tools made for a picked store, then reads it; returns whether anything changed.
    private func finishPick() -> Bool {
        guard let (path, tools) = pickJob?.take() else { return false }
        pickJob = nil
        guard state.opening == path else { return true }
        switch tools {
        case .success(let tools):
            source = tools.source
            planner = tools.planner
            restorer = tools.restorer
            state.message = tools.notice
            open(path)
        case .failure(let error):
            state.opening = nil
            state.message = RemedyWords.line(error)
        }
        return true
    }

    /// Reads the store (integrity-checked) and plans it off the UI thread, the panes saying so meanwhile.
    func open(_ path: String) {
        state.screen = .main
        state.opening = path
        reread(path)
    }

    /// Reads the store on screen again off the UI thread, staying on the current screen.
    private func reread(_ path: String) {
        refreshing = StoreRefresh(
            path: path, checksIntegrity: true, target: state.target, source: source, planner: planner, mode: workMode)
        takeInlineResults()
    }

    /// Shows a store just read; returns the target to plan to.
    private func take(_ loaded: LoadedStore) -> String? {
        let target = state.show(loaded)
        state.target = target
        return target
    }

    /// Says why a store could not be read, and offers to salvage it when it is damaged.
    private func refuse(_ path: String, _ error: any Error) {
        state.message = RemedyWords.line(error)
        if let error = error as? CategorizedError, error.category == .damaged {
            state.salvageOffer = SalvageOffer(store: path, reason: RemedyWords.line(error))
        }
    }

    /// After a migration: reads the store again and plans it on a thread of its own, so the result screen
    /// shows at once. Until then the old plan is gone (the Plan pane says "planning…"), so nothing can be
    /// started from it. `checksIntegrity` is false only when the engine has just run `integrity_check` on
    /// the very store it swapped in: a second read of every page would tell nothing new.
    func refresh(_ path: String, checksIntegrity: Bool) {
        state.plan = nil
        state.planError = nil
        refreshing = StoreRefresh(
            path: path, checksIntegrity: checksIntegrity, target: state.target, source: source, planner: planner)
    }

    /// Shows the plan made off the UI thread, unless the store or the target changed meanwhile; returns
    /// whether anything changed.
    private func finishPlan() -> Bool {
        guard let (path, target, plan) = planJob?.take() else { return false }
        planJob = nil
        guard state.overview?.path == path, state.target == target, state.planning == target else { return true }
        state.planning = nil
        show(plan)
        return true
    }

    /// Shows a plan, or why there is none.
    private func show(_ plan: Result<PlanInfo, any Error>) {
        switch plan {
        case .success(let info):
            state.plan = info
            state.planError = nil
        case .failure(let error):
            state.plan = nil
            state.planError = RemedyWords.line(error)
        }
    }

    /// Shows the store read again after a migration once it has been; returns whether anything changed.
    func finishRefresh() -> Bool {
        guard let outcome = refreshing?.take() else { return false }
        refreshing = nil
        // Another store was opened meanwhile: this one is no longer on screen (or waited for).
        let wasOpening = state.opening == outcome.path
        guard state.overview?.path == outcome.path || wasOpening else { return true }
        state.opening = nil
        switch outcome.loaded {
        case .success(let loaded):
            guard let target = take(loaded) else { return true }
            guard target == outcome.target, let plan = outcome.plan else {
                // The target changed while the store was read, or nothing could be planned there.
                loadPlan(target)
                return true
            }
            show(plan)
        case .failure(let error):
            // A picked store that cannot be read leaves the picker on screen, with why (and any salvage offer).
            if wasOpening, state.picker != nil, state.overview?.path != outcome.path { state.screen = .picker }
            refuse(outcome.path, error)
        }
        return true
    }

    /// Salvages off the UI thread while the console waits; the new store is then opened.
    private func salvage(_ store: String, to output: String) {
        let source = self.source
        let actions = self.actions
        workMode.start("cdmigrate-salvage") {
            actions.send(.salvaged(output: output, ConsoleFailure.catching { try source.salvage(store: store, output: output) }))
        }
    }

    private func loadPlan(_ target: String) {
        guard let path = state.overview?.path else { return }
        guard let planner else {
            state.plan = nil
            state.planError = RemedyWords.line("read-only: no model given, so nothing can be planned", remedy: .giveModel)
            return
        }
        state.planning = target
        planJob = BackgroundJob(workMode, name: "cdmigrate-plan") {
            (path, target, Result { try planner.plan(storePath: path, target: target) })
        }
        takeInlineResults()
    }

    private func loadRows(_ entity: String, offset: Int) {
        guard let path = state.overview?.path else { return }
        let limit = state.layout.browserRows
        do {
            let query = state.browser?.query ?? .all
            let page = try source.rows(storePath: path, entity: entity, offset: offset, limit: limit, query: query)
            guard state.browser?.entity == entity else { return }
            state.browser?.page = page
            state.browser?.error = nil
            if let selected = state.browser?.selectedRow, selected >= page.offset + page.rows.count || selected < page.offset {
                state.browser?.selectedRow = page.offset
            }
        } catch {
            // Shown in place of the rows with "r retries", never a "loading rows…" that waits forever.
            state.browser?.error = RemedyWords.line(error)
            state.message = RemedyWords.line(error)
        }
    }

    /// Reads the object a relationship points to and opens it over the current record.
    private func openRecord(_ entity: String, key: Int64) {
        guard let path = state.overview?.path else { return }
        do {
            let query = RowQuery(primaryKey: key)
            let page = try source.rows(storePath: path, entity: entity, offset: 0, limit: 1, query: query)
            guard let values = page.rows.first else {
                state.message = "\(entity) #\(key) is not in the store: the relationship points to a missing object"
                return
            }
            state.browser?.records.append(
                RecordFrame(entity: page.entity, origin: "\(entity) #\(key)", columns: page.columns, values: values))
        } catch {
            state.message = RemedyWords.line(error)
            return
        }
        loadRelated(state.browser?.records.last?.entity ?? entity, key: key)
    }

    /// The most objects of one to-many the record view lists: the rest are counted, never read into memory.
    static let relatedLimit = 200

    /// Reads the to-many relationships of the record on top, once it is open.
    private func loadRelated(_ entity: String, key: Int64) {
        guard let path = state.overview?.path else { return }
        do {
            let relations = try source.related(storePath: path, entity: entity, key: key, limit: Self.relatedLimit)
            // Another record may be on top by now (Esc pressed meanwhile): the relations are this one's only.
            guard let count = state.browser?.records.count, count > 0,
                let top = state.browser?.records.last, top.entity == entity, top.key == key
            else { return }
            state.browser?.records[count - 1].relations = relations
        } catch {
            state.message = RemedyWords.line(error)
        }
    }

    private func startRun(dryRun: Bool) {
        guard !workerRunning, let planner, let plan = state.plan, let path = state.overview?.path else { return }
        events.reset()
        cancellation = CancellationFlag()
        state.run = RunProgress(dryRun: dryRun, plan: plan, startedAt: now)
        state.screen = .run
        workerRunning = true
        let events = self.events
        let flag = cancellation
        let target = plan.target
        let thread = Thread {
            do {
                try planner.migrate(
                    storePath: path, target: target, dryRun: dryRun, report: { events.push($0) }, cancellation: flag)
            } catch {
                events.push(.failed(MigrationFailure(error)))
            }
            events.markWorkerDone()
        }
        thread.name = "cdmigrate-engine"
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Runs the work the console waits for before it opens anything; then does what it was started for.
    func startPreparation(_ preparation: Preparation) {
        let actions = self.actions
        let next = pendingEffects
        workMode.start("cdmigrate-preparation") {
            let failure = ConsoleFailure.of { try preparation.work() }
            actions.send(.prepared(failure: failure, then: next))
        }
    }

    private func loadHistory() {
        guard let path = state.overview?.path else { return }
        guard let restorer else {
            state.history?.error = "this console was started without access to the history"
            return
        }
        do {
            state.history?.info = try restorer.history(storePath: path)
        } catch {
            state.history?.error = RemedyWords.line(error)
        }
    }

    /// Restores off the UI thread while the console says so; the store is then read again.
    private func restore(_ backup: String) {
        guard let path = state.overview?.path, let restorer else { return }
        let actions = self.actions
        workMode.start("cdmigrate-restore") {
            let failure = ConsoleFailure.of { try restorer.restore(storePath: path, backup: backup) }
            actions.send(.restored(store: path, backup: backup, failure: failure))
        }
    }

    /// Starts searching the picker's folder for stores, stopping any search still going.
    func startScan() {
        guard let root = state.picker?.root else { return }
        scanner?.stop()
        let search = StoreScanner(root: root)
        scanner = search
        search.start()
    }

    /// Takes in what the picker's search found since the last tick; returns whether anything changed.
    func pollScan() -> Bool {
        guard let scanner, let picker = state.picker else { return false }
        let progress = scanner.progress
        guard
            progress.folders != picker.folders || progress.candidates.count != picker.candidates.count
                || progress.status != picker.status
        else { return false }
        state.picker?.take(progress)
        if progress.status != .searching { self.scanner = nil }
        return true
    }

    /// Applies queued events; returns whether anything changed.
    func drainEvents() -> Bool {
        guard workerRunning else { return false }
        let (batch, done) = events.drain()
        let time = now
        for event in batch where state.run?.outcome == nil {
            state.run?.apply(event, at: time)
        }
        if done {
            workerRunning = false
            if state.run?.outcome == nil {
                state.run?.apply(
                    .failed(
                        MigrationFailure(category: .migrationFailed, message: "the engine stopped without reporting a result")),
                    at: time)
            }
        }
        if done, state.screen == .run {
            state.screen = .result
            if state.abortPrompt, case .succeeded? = state.run?.outcome {
                // Past its last batch (backing up or swapping) when asked: there was no check left to pause at.
                state.message = "the run had finished before you answered: it was past its last batch; nothing was aborted"
            }
            state.abortPrompt = false
        }
        if done, let run = state.run, !run.dryRun, case .succeeded? = run.outcome, let path = state.overview?.path {
            // The store is at a new version now: the header and the versions cursor follow as soon as it has
            // been read again; the title bar says at once where the engine has put it. A run of at least one
            // step ended with the engine's integrity check of the store.
            state.versionAfterRun = run.target
            refresh(path, checksIntegrity: run.steps.isEmpty)
        }
        return !batch.isEmpty || done
    }

    /// Cancels a running migration and waits for its thread, so the original is left untouched before exit.
    func stopWorker() {
        guard workerRunning else { return }
        cancellation.cancel()
        let deadline = now + 30
        while now < deadline {
            if events.drain().workerDone { break }
            Thread.sleep(forTimeInterval: 0.02)
        }
        workerRunning = false
    }
}
