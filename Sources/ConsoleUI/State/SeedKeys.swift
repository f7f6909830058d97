/// Keys of the questions that seed a fixture store (`N` on the main screen): type each answer, Enter takes it
/// and asks the next, the last Enter writes the store off the UI thread, Esc cancels.
enum SeedKeys {
    /// `N`: asks for a store of the open model, suggesting a free `<model>-seed.sqlite` beside the store;
    /// without a model there is nothing to seed from.
    static func start(_ state: inout ConsoleState) -> [ConsoleEffect] {
        guard !state.versions.isEmpty else {
            state.message = PanesKeys.noModel
            return []
        }
        state.seedPrompt = SeedPrompt(versions: state.versions.map(\.name), target: state.target)
        return [.suggestPath(.seed(model: state.modelName ?? "Model", store: state.overview?.path))]
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
                // Seeding writes a new store only: whether the file is there is asked of an effect.
                state.seedPrompt = prompt
                return [.checkPath(.seed(request))]
            case .success(nil):
                break
            }
        default: break
        }
        state.seedPrompt = prompt
        return []
    }

    /// Whether the store `request` would write is there: if so the last question is asked again, else the
    /// store is seeded. Dropped when the prompt has been closed or its answer edited since.
    static func checked(_ request: SeedRequest, _ exists: Bool, _ state: inout ConsoleState) -> [ConsoleEffect] {
        guard let prompt = state.seedPrompt, prompt.field == .output, prompt.request == request,
            prompt.typedOutput == request.output
        else { return [] }
        guard !exists else {
            state.message = "\(request.output) exists; seeding writes a new store only"
            return []
        }
        state.seedPrompt = nil
        return [.seedStore(request)]
    }

    /// An editing key on the answer being typed.
    static func edit(_ key: Key, _ state: inout ConsoleState) -> Bool {
        guard var prompt = state.seedPrompt, prompt.line.edit(key) else { return false }
        state.seedPrompt = prompt
        return true
    }
}
