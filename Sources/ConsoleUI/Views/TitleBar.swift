import Foundation

/// The top row: what is open and, always, where the store is and the target (`at X → Y`); and the status line
/// above the hint bar, which carries the latest message so that no message ever pushes the versions out.
package enum TitleBar {
    /// Draws the title bar.
    package static func draw(_ state: ConsoleState, into buffer: inout ScreenBuffer, in rect: Rect) {
        let bar = CellStyle(.accent, reverse: true)
        buffer.fill(rect, style: bar)
        buffer.put(
            text(state, width: rect.width), x: rect.x, y: rect.y, style: CellStyle(.accent, bold: true, reverse: true),
            limit: rect.maxX)
    }

    /// The title for a width: the model's name gives way first, then the store's name is cut with a visible `…`;
    /// the versions are cut only when they alone are wider than the bar.
    static func text(_ state: ConsoleState, width: Int) -> String {
        var version = ""
        if let at = state.versionAfterRun ?? state.compatibility?.compatibleVersion {
            version = " │ at " + at + (state.target.map { " → " + $0 } ?? "")
        } else if let target = state.target {
            // At no version the model knows: the target alone, never read as the model's name → target.
            version = " │ target " + target
        }
        let model = state.modelName.map { " │ " + $0 } ?? ""
        let name = " cdmigrate"
        // The store being opened is named from the first frame, before it has been read.
        let storeName = state.overview?.name ?? state.opening.map { URL(fileURLWithPath: $0).lastPathComponent }
        let full = name + (storeName.map { " │ " + $0 } ?? "") + model + version
        if TerminalWidth.of(full) <= width { return full }
        guard let store = storeName else { return TerminalWidth.truncate(name + version, to: width) }
        let room = width - TerminalWidth.of(name + " │ " + version)
        // Too narrow for even a few letters of the store's name: the versions win.
        guard room >= 4 else { return TerminalWidth.truncate(name + version, to: width) }
        return name + " │ " + TerminalWidth.truncate(store, to: room) + version
    }

    /// Draws the latest message on the status line; a cut message ends in `… [d]`: the details view shows every
    /// message in full.
    package static func drawStatus(_ state: ConsoleState, into buffer: inout ScreenBuffer, in rect: Rect) {
        buffer.fill(rect)
        guard let message = state.message, rect.width > 6 else { return }
        let room = rect.width - 2
        let shown = TerminalWidth.of(message) <= room ? message : TerminalWidth.truncate(message, to: room - 4) + " [d]"
        buffer.put(" " + shown, x: rect.x, y: rect.y, style: CellStyle(.warning, bold: true), limit: rect.maxX)
    }
}
