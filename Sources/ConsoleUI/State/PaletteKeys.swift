/// Keys of the `:` command palette: typing narrows the commands, ↑↓ select one, Enter runs it where the
/// palette was opened, Esc closes it.
enum PaletteKeys {
    /// `:` opens the palette over where the user is.
    static func open(_ state: inout ConsoleState) -> [ConsoleEffect] {
        state.palette = PaletteState(context: state.keyContext)
        return []
    }

    /// An editing key on the words (the selection back on the first command they keep), or ↑↓ on the list.
    static func edit(_ key: Key, _ state: inout ConsoleState, keys: KeyTable) -> Bool {
        guard var palette = state.palette else { return false }
        let count = palette.commands(keys).count
        switch key {
        case .up: palette.selected = max(0, palette.selected - 1)
        case .down: palette.selected = max(0, min(count - 1, palette.selected + 1))
        default:
            guard palette.input.edit(key) else { return false }
            palette.selected = 0
        }
        state.palette = palette
        return true
    }

    /// Enter runs the selected command, as its key would where the palette was opened; Esc closes.
    static func handle(_ action: Action, _ state: inout ConsoleState, controller: ConsoleController) -> [ConsoleEffect] {
        guard let palette = state.palette else { return [] }
        switch action {
        case .open:
            state.palette = nil
            let commands = palette.commands(controller.keys)
            guard commands.indices.contains(palette.selected) else {
                state.message = "no command holds \"\(palette.input.text)\""
                return []
            }
            return controller.handle(commands[palette.selected].action, state: &state)
        case .back: state.palette = nil
        default: break
        }
        return []
    }
}
