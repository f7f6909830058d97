import Foundation

/// Keys of the data browser's export prompt: type the path, Enter writes (asking once more before
/// replacing an existing file), Esc cancels. Whether a file is there is asked of an effect: the reducer never
/// looks at the disk.
enum ExportKeys {
    /// `e` in the browser: ask where to export the rows on screen (the filter and sort applied), suggesting a
    /// free name beside the store.
    static func start(_ state: inout ConsoleState) -> [ConsoleEffect] {
        guard var browser = state.browser, let store = state.overview?.path else { return [] }
        // The rows on screen go, in their order: a filter's count is the page's, the entity's is the store's.
        var prompt = ExportPrompt(entity: browser.entity)
        prompt.query = browser.query
        prompt.objects =
            browser.query.narrows
            ? browser.page?.totalRows : state.overview?.entities.first { $0.name == browser.entity }?.rows
        if let page = browser.page, let sorted = browser.query.sortColumn.flatMap(page.sourceColumns.firstIndex(of:)),
            page.columns.indices.contains(sorted)
        {
            prompt.sortedBy = page.columns[sorted]
        }
        browser.exportPrompt = prompt
        state.browser = browser
        return [.suggestPath(.export(entity: browser.entity, store: store))]
    }

    /// The free name found for the prompt still open for `entity`, unless a path has been typed meanwhile.
    static func suggested(_ path: String, for entity: String, _ state: inout ConsoleState) {
        guard let prompt = state.browser?.exportPrompt, prompt.entity == entity, prompt.path.isEmpty else { return }
        state.browser?.exportPrompt?.line = LineEditor(path)
    }

    static func handle(_ action: Action, _ state: inout ConsoleState) -> [ConsoleEffect] {
        guard var browser = state.browser, let prompt = browser.exportPrompt else { return [] }
        switch action {
        case .back:
            browser.exportPrompt = nil
            state.message = "export cancelled"
        case .open:
            let path = expanded(prompt.path)
            guard !path.isEmpty else {
                state.message = "type the file to export to"
                return []
            }
            // Asked to replace it already (the path unchanged since): this Enter is the answer.
            guard prompt.confirmingOverwrite else { return [.checkPath(.export(entity: prompt.entity, path: path))] }
            browser.exportPrompt = nil
            state.browser = browser
            return [.exportEntity(entity: prompt.entity, path: path, query: prompt.query, objects: prompt.objects)]
        default: break
        }
        state.browser = browser
        return []
    }

    /// Whether `path` names a file, for an Enter on the prompt: an existing file is replaced only after a
    /// second Enter; otherwise the export starts. Dropped when the prompt has been closed or edited since.
    static func checked(_ entity: String, _ path: String, _ exists: Bool, _ state: inout ConsoleState) -> [ConsoleEffect] {
        guard var browser = state.browser, var prompt = browser.exportPrompt, prompt.entity == entity,
            expanded(prompt.path) == path
        else { return [] }
        if exists {
            prompt.confirmingOverwrite = true
            browser.exportPrompt = prompt
            state.browser = browser
            state.message = "\(path) exists: Enter again replaces it, Esc keeps it"
            return []
        }
        browser.exportPrompt = nil
        state.browser = browser
        return [.exportEntity(entity: entity, path: path, query: prompt.query, objects: prompt.objects)]
    }

    /// The typed path with `~` taken as the home folder.
    private static func expanded(_ path: String) -> String { (path as NSString).expandingTildeInPath }

    /// An editing key on the path; a changed path is a new question.
    static func edit(_ key: Key, _ state: inout ConsoleState) -> Bool {
        guard var prompt = state.browser?.exportPrompt, prompt.line.edit(key) else { return false }
        if prompt.path != state.browser?.exportPrompt?.path { prompt.confirmingOverwrite = false }
        state.browser?.exportPrompt = prompt
        return true
    }
}
