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
        let shown = picker.visible
        guard !shown.isEmpty else {
            return [StyledText("No store's path holds \"\(picker.filter)\" — Esc clears the filter", style: .warning)]
        }
        let sizeWidth = 9
        let walWidth = 14
        let pathWidth = max(10, width - sizeWidth - walWidth - 4)
        return shown.map { candidate in
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
        let found = "\(picker.candidates.count) found under \(picker.root)"
        guard !picker.filter.isEmpty else { return "Open a store — " + found + search }
        return "Open a store — \(picker.visible.count) of \(found) match \"\(picker.filter)\"" + search
    }

    /// Draws the picker into the body.
    package static func draw(_ picker: PickerState, into buffer: inout ScreenBuffer, in body: Rect) {
        // The filter being typed takes the frame's last line, so the list it narrows stays in view above it.
        let list = picker.filterInput == nil ? body : Rect(x: body.x, y: body.y, width: body.width, height: body.height - 1)
        PaneFrame(
            title: title(picker), focused: true, lines: lines(picker, width: list.width - 3),
            selection: picker.visible.isEmpty ? nil : picker.selected
        ).draw(into: &buffer, in: list)
        if let input = picker.filterInput {
            buffer.put(
                input.drawn(after: StyledText("/ ", style: .title)).appending("  Enter keeps it · Esc clears it", .dim),
                x: body.x + 1, y: body.maxY - 1, limit: body.maxX)
        }
    }
}
