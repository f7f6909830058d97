import MigrationEngine

/// The reducer's side of reading: a store, its plan, its rows, a record, the history.
extension ConsoleController {
    /// Takes the tools made for a picked store, then reads it, unless Esc stopped waiting or another store
    /// was picked meanwhile; when they could not be made (an invalid model beside it), says why.
    func toolsMade(_ path: String, _ tools: Result<PickedTools?, ConsoleFailure>, _ state: inout ConsoleState) -> [ConsoleEffect]
    {
        guard state.opening == path else { return [] }
        switch tools {
        case .success(let picked):
            state.message = picked?.tools.notice
            return (picked.map { [.useTools($0)] } ?? []) + [.openStore(path)]
        case .failure(let failure):
            state.opening = nil
            state.message = failure.line
            // The store the console was started on: nothing else to show, so it ends with why.
            if state.picker == nil, state.overview == nil { state.fatal = failure }
            return []
        }
    }

    /// Shows a store just read with its plan, or why it could not be read, offering salvage when it can help.
    func storeRead(_ read: StoreRead, _ state: inout ConsoleState) -> [ConsoleEffect] {
        // Another store was opened meanwhile: this one is no longer on screen (or waited for).
        let wasOpening = state.opening == read.path
        guard state.overview?.path == read.path || wasOpening else { return [] }
        state.opening = nil
        switch read.loaded {
        case .success(let loaded):
            state.damagedStore = nil
            let target = state.show(loaded)
            state.target = target
            guard let target else { return [] }
            // The target changed while the store was read, or nothing could be planned there.
            guard target == read.target, let plan = read.plan else { return [.loadPlan(target: target)] }
            return show(plan, &state)
        case .failure(let failure):
            // A picked store that cannot be read leaves the picker on screen, with why (and any salvage offer).
            if wasOpening, state.picker != nil, state.overview?.path != read.path { state.screen = .picker }
            state.message = failure.line
            // Offered only where the engine says salvage can read what is left, not for any damage.
            if failure.salvageHelps, let output = read.salvageOutput {
                state.salvageOffer = SalvageOffer(store: read.path, reason: failure.line, output: output)
            }
        }
        return []
    }

    /// Shows a plan unless the store or the target changed meanwhile, or Esc stopped waiting for it.
    func planned(_ path: String, _ target: String, _ plan: Result<PlanInfo, ConsoleFailure>, _ state: inout ConsoleState)
        -> [ConsoleEffect]
    {
        guard state.overview?.path == path, state.target == target, state.planning == target else { return [] }
        state.planning = nil
        return show(plan, &state)
    }

    /// Shows a plan; one with lossy steps is shown at once, and what they drop is then counted in the store.
    private func show(_ plan: Result<PlanInfo, ConsoleFailure>, _ state: inout ConsoleState) -> [ConsoleEffect] {
        switch plan {
        case .success(let info):
            state.plan = info
            state.planError = nil
            return info.lossCount == .counting ? [.countLoss(target: info.target)] : []
        case .failure(let failure):
            state.plan = nil
            state.planError = failure.line
            return []
        }
    }

    /// Shows the plan with its loss counted in the store, unless another store, target or plan is on
    /// screen by now; a count that failed is said under the plan, whose warnings stay as they were.
    func lossCounted(_ path: String, _ target: String, _ counted: Result<PlanInfo, ConsoleFailure>, _ state: inout ConsoleState) {
        guard state.overview?.path == path, state.target == target, let shown = state.plan, shown.target == target,
            shown.lossCount == .counting
        else { return }
        switch counted {
        case .success(let info) where info.source == shown.source: state.plan = info
        case .success: state.plan?.lossCount = .failed("the store changed while it was counted; r reads it again")
        case .failure(let failure): state.plan?.lossCount = .failed(failure.line)
        }
    }

    /// Shows a page of rows of the entity still browsed; a failure shows in place of the rows with "r
    /// retries", never a "loading rows…" that waits forever. A read that was stopped is no failure: the rows
    /// shown stay, with no error. Keys pressed while the page was read are taken now.
    func rowsRead(_ entity: String, _ page: Result<BrowserPage, ConsoleFailure>, _ state: inout ConsoleState)
        -> [ConsoleEffect]
    {
        guard state.browser?.entity == entity else { return [] }
        state.browser?.reading = false
        switch page {
        case .failure(let failure) where failure.category == .cancelled: break
        case .success(let page):
            state.browser?.page = page
            state.browser?.error = nil
            if let selected = state.browser?.selectedRow, selected >= page.offset + page.rows.count || selected < page.offset {
                state.browser?.selectedRow = page.offset
            }
            return BrowserKeys.takePendingKeys(&state)
        case .failure(let failure):
            state.browser?.error = failure.line
            state.browser?.pendingKeys = []
            state.message = failure.line
        }
        return []
    }

    /// Opens the object a relationship points to over the current record, then reads its to-many relationships.
    func recordRead(
        _ entity: String, _ key: Int64, _ page: Result<BrowserPage, ConsoleFailure>, _ state: inout ConsoleState
    ) -> [ConsoleEffect] {
        switch page {
        case .success(let page):
            guard let values = page.rows.first else {
                state.message = "\(entity) #\(key) is not in the store: the relationship points to a missing object"
                return []
            }
            let frame = RecordFrame(entity: page.entity, origin: "\(entity) #\(key)", columns: page.columns, values: values)
            state.browser?.records.append(frame)
            return [.loadRelated(entity: frame.entity, key: key)]
        case .failure(let failure):
            state.message = failure.line
            return []
        }
    }

    /// Shows the to-many relationships of the record on top, if it is still the one they were read for.
    func relatedRead(
        _ entity: String, _ key: Int64, _ relations: Result<[RelatedObjects], ConsoleFailure>, _ state: inout ConsoleState
    ) {
        switch relations {
        case .success(let relations):
            // Another record may be on top by now (Esc pressed meanwhile): the relations are this one's only.
            guard let count = state.browser?.records.count, count > 0,
                let top = state.browser?.records.last, top.entity == entity, top.key == key
            else { return }
            state.browser?.records[count - 1].relations = relations
        case .failure(let failure): state.message = failure.line
        }
    }

    /// Shows the history read, or why it could not be.
    func historyRead(_ info: Result<HistoryInfo, ConsoleFailure>, _ state: inout ConsoleState) {
        switch info {
        case .success(let info): state.history?.info = info
        case .failure(let failure): state.history?.error = failure.line
        }
    }
}
