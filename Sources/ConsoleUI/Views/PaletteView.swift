/// The `:` command palette over the body: the words typed, then each command they keep with its keys and
/// what it does, the selected one highlighted.
enum PaletteView {
    static func draw(_ palette: PaletteState, keys: KeyTable, into buffer: inout ScreenBuffer, in body: Rect) {
        let commands = palette.commands(keys)
        let width = min(body.width, 96)
        let labelWidth = commands.map { TerminalWidth.of($0.label) }.max() ?? 4
        var lines = [palette.input.drawn(after: StyledText(":", style: .title)), ""]
        lines += commands.map { binding in
            StyledText(TerminalWidth.fit(binding.label, to: labelWidth), style: CellStyle(.accent, bold: true))
                .appending("  " + TerminalWidth.fit(binding.help, to: max(10, width - labelWidth - 6)))
        }
        if commands.isEmpty { lines.append(StyledText("no command holds these words", style: .dim)) }
        let height = min(body.height, lines.count + 2)
        let rect = body.centered(width: width, height: height)
        buffer.fill(rect)
        PaneFrame(
            title: "Commands — \(palette.context.title) · Enter runs · Esc closes", focused: true, lines: lines,
            selection: commands.isEmpty ? nil : palette.selected + 2
        )
        .draw(into: &buffer, in: rect)
    }
}
