/// The top row: what is open, where the store is, the target, and the latest message.
package enum TitleBar {
    /// Draws the title bar.
    package static func draw(_ state: ConsoleState, into buffer: inout ScreenBuffer, in rect: Rect) {
        let bar = CellStyle(.accent, reverse: true)
        buffer.fill(rect, style: bar)
        var version = ""
        if let at = state.versionAfterRun ?? state.compatibility?.compatibleVersion { version += " │ at " + at }
        if let target = state.target { version += " → " + target }
        let store = state.overview.map { " │ " + $0.name } ?? ""
        let model = state.modelName.map { " │ " + $0 } ?? ""
        // A message takes at most half the bar; what is cut on either side ends in a visible `…`, and a cut
        // message says `[d]`: the details view shows every message in full.
        let messageRoom = state.message.map { min(TerminalWidth.of($0) + 3, rect.width / 2) } ?? 0
        let room = rect.width - messageRoom
        // The versions matter most: the model's name goes first, then the text is cut with `…`.
        let full = " cdmigrate" + store + model + version
        let text = TerminalWidth.of(full) <= room ? full : " cdmigrate" + store + version
        let shownTitle = TerminalWidth.truncate(text, to: room)
        let end = buffer.put(
            shownTitle, x: rect.x, y: rect.y, style: CellStyle(.accent, bold: true, reverse: true), limit: rect.maxX)
        if let message = state.message, end + 3 < rect.maxX {
            let room = rect.maxX - end - 3
            let shown = TerminalWidth.of(message) <= room ? message : TerminalWidth.truncate(message, to: room - 4) + " [d]"
            buffer.put(
                shown + " ", x: rect.maxX - TerminalWidth.of(shown) - 1, y: rect.y,
                style: CellStyle(.warning, bold: true, reverse: true), limit: rect.maxX)
        }
    }
}
