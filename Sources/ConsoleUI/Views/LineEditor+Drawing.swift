extension LineEditor {
    /// The line after `prefix` as a prompt shows it: the text in bold, the cursor in reverse video (a block
    /// after the last character).
    func drawn(after prefix: StyledText) -> StyledText {
        let style = CellStyle(.normal, bold: true)
        let (before, at, after) = parts
        return prefix.appending(before, style).appending(at.map(String.init) ?? "█", at == nil ? style : style.reversed)
            .appending(after, style)
    }
}
