/// Keys of the questions that seed a fixture store (`N` on the main screen): type each answer, Enter takes it
/// and asks the next, the last Enter writes the store off the UI thread, Esc cancels.
enum SeedKeys {
    /// `N`: asks for a store of the open model; without a model there is nothing to seed from.
    static func start(_ state: inout ConsoleState) {
        guard !state.versions.isEmpty else {
            state.message = PanesKeys.noModel
            return
        }
        state.seedPrompt = SeedPrompt(
            versions: state.versions.map(\.name), target: state.target, modelName: state.modelName,
            store: state.overview?.path)
    }

    static func handle(_ action: Action, _ state: inout ConsoleState) -> [ConsoleEffect] {
        guard var prompt = state.seedPrompt else { return [] }
        switch action {
        case .back:
            state.seedPrompt = nil
            state.message = "seeding cancelled"
            return []
        case .open:
            switch prompt.answer() {
            case .failure(let error):
                state.message = error.message
            case .success(let request?):
                state.seedPrompt = nil
                return [.seedStore(request)]
            case .success(nil):
                break
            }
        default: break
        }
        state.seedPrompt = prompt
        return []
    }

    /// An editing key on the answer being typed.
    static func edit(_ key: Key, _ state: inout ConsoleState) -> Bool {
        guard var prompt = state.seedPrompt, prompt.line.edit(key) else { return false }
        state.seedPrompt = prompt
        return true
    }
}
