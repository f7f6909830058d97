extension LineEditor {
    /// The line after `prefix` as a prompt shows it: the text in bold, the cursor in reverse video (a block
    /// after the last character).
    func drawn(after prefix: StyledText) -> StyledText {
        drawn(after: prefix, width: .max)
    }

    /// The line as ``drawn(after:)`` shows it in `width` columns: a line too long for them is shown from a
    /// `…` on, the cursor and the text next to it kept in view (a long path shows its end, the file's name,
    /// and what follows the line on screen is not cut off).
    func drawn(after prefix: StyledText, width: Int) -> StyledText {
        let style = CellStyle(.normal, bold: true)
        let at = parts.at
        var (before, after) = (parts.before, parts.after)
        let room = width - TerminalWidth.of(prefix.plainText) - 1
        if room > 1, TerminalWidth.of(before) + TerminalWidth.of(after) > room {
            // What follows the cursor gets at most half the room, what precedes it the rest; `…` marks a cut.
            let afterRoom = min(TerminalWidth.of(after), room / 2)
            if TerminalWidth.of(after) > afterRoom { after = String(after.prefix(max(0, afterRoom - 1))) + "…" }
            let beforeRoom = room - TerminalWidth.of(after)
            if TerminalWidth.of(before) > beforeRoom { before = "…" + String(before.suffix(max(0, beforeRoom - 1))) }
        }
        return prefix.appending(before, style).appending(at.map(String.init) ?? "█", at == nil ? style : style.reversed)
            .appending(after, style)
    }
}
