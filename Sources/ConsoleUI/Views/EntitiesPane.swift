/// The store's entities with their row counts; Enter opens the data browser on the selected one.
package enum EntitiesPane {
    /// The pane's lines, counts right-aligned to the pane's inner width.
    package static func lines(_ state: ConsoleState, width: Int) -> [StyledText] {
        guard let overview = state.overview else { return [StyledText("no store open", style: .dim)] }
        let countWidth = overview.entities.map { NumberText.grouped($0.rows).count }.max() ?? 1
        let nameWidth = max(4, width - countWidth - 2)
        return overview.entities.map { entity in
            StyledText(TerminalWidth.fit(entity.name, to: nameWidth) + " ")
                .appending(TerminalWidth.fit(NumberText.grouped(entity.rows), to: countWidth, alignRight: true), .dim)
        }
    }

    /// The pane, ready to draw into a rectangle of the given width.
    package static func frame(_ state: ConsoleState, width: Int) -> PaneFrame {
        let title = state.overview.map { "Entities · \(NumberText.grouped($0.totalRows))" } ?? Pane.entities.title
        return PaneFrame(
            title: title, focused: state.focus == .entities, lines: lines(state, width: width - 3),
            selection: (state.overview?.entities.isEmpty ?? true) ? nil : state.cursor[.entities] ?? 0)
    }
}
