import Foundation
import MigrationEngine

/// Carrying out what the controller asked for: reading, planning and starting or stopping the engine thread.
extension ConsoleApp {
    func perform(_ effects: [ConsoleEffect]) {
        for effect in effects {
            switch effect {
            case .openStore(let path): open(path)
            case .reload: if let path = state.overview?.path { open(path) }
            case .loadPlan(let target): loadPlan(target)
            case .loadRows(let entity, let offset): loadRows(entity, offset: offset)
            case .refreshRows(let entity, let offset):
                if let path = state.overview?.path, let loaded = try? source.loadStore(at: path) { _ = state.show(loaded) }
                loadRows(entity, offset: offset)
            case .startRun(let dryRun): startRun(dryRun: dryRun)
            case .cancelRun: cancellation.cancel()
            case .salvage(let store, let output): salvage(store, to: output)
            case .quit: break
            }
        }
    }

    /// Reads the store and shows it; `showMain` leaves the current screen (the result) when false.
    func open(_ path: String, showMain: Bool = true) {
        do {
            let loaded = try source.loadStore(at: path)
            if showMain {
                state.screen = .main
                state.picker = nil
            }
            let target = state.show(loaded)
            state.target = nil
            if let target {
                state.target = target
                loadPlan(target)
            }
        } catch {
            state.message = "\(error)"
            if let error = error as? CategorizedError, error.category == .damaged {
                state.salvageOffer = SalvageOffer(store: path, reason: error.description)
            }
        }
    }

    /// Salvages on its own thread while the console waits, then opens the new store and says what was kept.
    private func salvage(_ store: String, to output: String) {
        let source = self.source
        let summary = salvageSummary
        pendingEffects = [.openStore(output)]
        let name = URL(fileURLWithPath: output).lastPathComponent
        state.preparing = "Salvaging \(URL(fileURLWithPath: store).lastPathComponent) to \(name)…"
        startPreparation(
            Preparation(message: state.preparing ?? "") { summary.set(try source.salvage(store: store, output: output)) })
    }

    private func loadPlan(_ target: String) {
        guard let path = state.overview?.path else { return }
        guard let planner else {
            state.plan = nil
            state.planError = "read-only: no model given (use --model) so nothing can be planned"
            return
        }
        do {
            state.plan = try planner.plan(storePath: path, target: target)
            state.planError = nil
        } catch {
            state.plan = nil
            state.planError = "\(error)"
        }
    }

    private func loadRows(_ entity: String, offset: Int) {
        guard let path = state.overview?.path else { return }
        let limit = state.layout.browserRows
        do {
            let page = try source.rows(storePath: path, entity: entity, offset: offset, limit: limit)
            guard state.browser?.entity == entity else { return }
            state.browser?.page = page
            state.browser?.error = nil
            if let selected = state.browser?.selectedRow, selected >= page.offset + page.rows.count || selected < page.offset {
                state.browser?.selectedRow = page.offset
            }
        } catch {
            // Shown in place of the rows with "r retries", never a "loading rows…" that waits forever.
            state.browser?.error = "\(error)"
            state.message = "\(error)"
        }
    }

    private func startRun(dryRun: Bool) {
        guard !workerRunning, let planner, let plan = state.plan, let path = state.overview?.path else { return }
        events.reset()
        cancellation = CancellationFlag()
        state.run = RunProgress(
            dryRun: dryRun, target: plan.target, steps: plan.steps.map(\.summary),
            estimatedRows: state.overview?.totalRows ?? 0, startedAt: now)
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

    func startPreparation(_ preparation: Preparation) {
        let result = preparationResult
        let thread = Thread {
            do {
                try preparation.work()
                result.finish(nil)
            } catch {
                result.finish("\(error)")
            }
        }
        thread.name = "cdmigrate-preparation"
        thread.start()
    }

    /// Opens the store once the preparation has finished; returns whether anything changed.
    func finishPreparation() -> Bool {
        guard state.preparing != nil, let outcome = preparationResult.take() else { return false }
        state.preparing = nil
        if let failure = outcome {
            state.message = failure
        } else {
            perform(pendingEffects)
            if let summary = salvageSummary.take() { state.message = summary }
        }
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
            state.abortPrompt = false
        }
        if done, let run = state.run, !run.dryRun, case .succeeded? = run.outcome, let path = state.overview?.path {
            // The store is at a new version now: the header and the versions cursor follow at once.
            open(path, showMain: false)
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
