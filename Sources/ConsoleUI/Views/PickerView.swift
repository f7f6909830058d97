/// The store picker: stores found under the current directory with their sizes and `-wal` state.
public enum PickerView {
    /// The list's lines for an inner width.
    public static func lines(_ picker: PickerState, width: Int) -> [StyledText] {
        guard !picker.candidates.isEmpty else {
            return [
                StyledText("No Core Data stores (.sqlite) found under \(picker.root)", style: .warning),
                StyledText("Run `cdmigrate console STORE`, or `cdmigrate demo` for the sample app.", style: .dim),
            ]
        }
        let sizeWidth = 9
        let walWidth = 14
        let pathWidth = max(10, width - sizeWidth - walWidth - 4)
        return picker.candidates.map { candidate in
            StyledText(TerminalWidth.fit(candidate.relativePath, to: pathWidth) + " ")
                .appending(TerminalWidth.fit(ByteCount.format(candidate.size), to: sizeWidth, alignRight: true) + "  ", .dim)
                .appending(candidate.walState, candidate.walSize.map { $0 > 0 } == true ? .warning : .dim)
        }
    }

    /// Draws the picker into the body.
    public static func draw(_ picker: PickerState, into buffer: inout ScreenBuffer, in body: Rect) {
        let title = "Open a store — \(picker.candidates.count) found under \(picker.root)"
        PaneFrame(
            title: title, focused: true, lines: lines(picker, width: body.width - 3),
            selection: picker.candidates.isEmpty ? nil : picker.selected
        ).draw(into: &buffer, in: body)
    }
}
