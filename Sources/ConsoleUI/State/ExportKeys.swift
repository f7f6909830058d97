import Foundation

/// Keys of the data browser's export prompt: type the path, Enter writes (asking once more before
/// replacing an existing file), Esc cancels.
enum ExportKeys {
    /// `e` in the browser: ask where to export the entity on screen.
    static func start(_ state: inout ConsoleState) {
        guard var browser = state.browser, let store = state.overview?.path else { return }
        browser.exportPrompt = ExportPrompt(entity: browser.entity, store: store)
        state.browser = browser
    }

    static func handle(_ action: Action, _ state: inout ConsoleState) -> [ConsoleEffect] {
        guard var browser = state.browser, var prompt = browser.exportPrompt else { return [] }
        switch action {
        case .back:
            browser.exportPrompt = nil
            state.message = "export cancelled"
        case .open:
            let path = (prompt.path as NSString).expandingTildeInPath
            guard !path.isEmpty else {
                state.message = "type the file to export to"
                return []
            }
            if FileManager.default.fileExists(atPath: path), !prompt.confirmingOverwrite {
                prompt.confirmingOverwrite = true
                browser.exportPrompt = prompt
                state.browser = browser
                state.message = "\(path) exists: Enter again replaces it, Esc keeps it"
                return []
            }
            browser.exportPrompt = nil
            state.browser = browser
            return [.exportEntity(entity: prompt.entity, path: path)]
        default: break
        }
        state.browser = browser
        return []
    }

    /// An editing key on the path; a changed path is a new question.
    static func edit(_ key: Key, _ state: inout ConsoleState) -> Bool {
        guard var prompt = state.browser?.exportPrompt, prompt.line.edit(key) else { return false }
        if prompt.path != state.browser?.exportPrompt?.path { prompt.confirmingOverwrite = false }
        state.browser?.exportPrompt = prompt
        return true
    }
}
