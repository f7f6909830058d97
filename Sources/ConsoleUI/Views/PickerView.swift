/// The store picker: stores found under the current directory with their sizes and `-wal` state, listed as the
/// search finds them.
package enum PickerView {
    /// The list's lines for an inner width.
    package static func lines(_ picker: PickerState, width: Int) -> [StyledText] {
        guard !picker.candidates.isEmpty else {
            if picker.status == .searching {
                return [StyledText("Searching \(picker.root) for Core Data stores…", style: .dim)]
            }
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

    /// The title: how many stores were found, and whether the search goes on.
    package static func title(_ picker: PickerState) -> String {
        let folders = NumberText.grouped(picker.folders) + (picker.folders == 1 ? " folder" : " folders")
        let search: String
        switch picker.status {
        case .searching: search = " — searching… \(folders), Esc stops"
        case .finished: search = ""
        case .stopped: search = " — search stopped after \(folders), r searches again"
        }
        return "Open a store — \(picker.candidates.count) found under \(picker.root)" + search
    }

    /// Draws the picker into the body.
    package static func draw(_ picker: PickerState, into buffer: inout ScreenBuffer, in body: Rect) {
        PaneFrame(
            title: title(picker), focused: true, lines: lines(picker, width: body.width - 3),
            selection: picker.candidates.isEmpty ? nil : picker.selected
        ).draw(into: &buffer, in: body)
    }
}
