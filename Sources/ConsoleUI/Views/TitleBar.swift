/// The top row: what is open, where the store is, the target, and the latest message.
public enum TitleBar {
    /// Draws the title bar.
    public static func draw(_ state: ConsoleState, into buffer: inout ScreenBuffer, in rect: Rect) {
        let bar = CellStyle(.accent, reverse: true)
        buffer.fill(rect, style: bar)
        var text = " cdmigrate"
        if let overview = state.overview { text += " │ " + overview.name }
        if let model = state.modelName { text += " │ " + model }
        if let at = state.compatibility?.compatibleVersion { text += " │ at " + at }
        if let target = state.target { text += " → " + target }
        let end = buffer.put(text, x: rect.x, y: rect.y, style: CellStyle(.accent, bold: true, reverse: true), limit: rect.maxX)
        if let message = state.message, end + 3 < rect.maxX {
            let room = rect.maxX - end - 3
            let shown = TerminalWidth.truncate(message, to: room)
            buffer.put(shown + " ", x: rect.maxX - TerminalWidth.of(shown) - 1, y: rect.y,
                style: CellStyle(.warning, bold: true, reverse: true), limit: rect.maxX)
        }
    }
}
