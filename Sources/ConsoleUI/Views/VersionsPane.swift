/// The model's versions in order; the store's version marked `●`, the target `▶`, the current one `(current)`,
/// versions whose hashes are identical to another's `=` (Core Data cannot tell their stores apart).
package enum VersionsPane {
    /// The pane's lines.
    package static func lines(_ state: ConsoleState) -> [StyledText] {
        let compatible = state.compatibility?.compatibleVersion
        let nearest = state.compatibility?.nearestVersion
        let same = Set(state.identicalVersions.joined())
        return state.versions.map { version in
            var line = StyledText()
            line.append(version.name == state.target ? "▶ " : "  ", .title)
            if version.name == compatible {
                line.append("● ", .ok)
            } else if version.name == nearest {
                line.append("≈ ", .warning)
            } else {
                line.append("  ")
            }
            line.append(version.name, version.name == compatible ? CellStyle(.ok, bold: true) : .plain)
            if version.isCurrent { line.append(" ★", .dim) }
            if same.contains(version.name) { line.append(" =", .warning) }
            return line
        }
    }

    /// The legend shown under the list when there is room.
    package static let legend: [StyledText] = [
        "",
        StyledText("●store ▶target ★current", style: .dim),
    ]

    /// What the pane says when no model was loaded: what is missing and how to give it.
    package static let noModel: [StyledText] = [
        StyledText("no model loaded", style: .warning),
        StyledText("start again with", style: .dim),
        StyledText("the app's model, or", style: .dim),
        StyledText("put it beside the", style: .dim),
        StyledText("store (details: Plan)", style: .dim),
    ]

    /// The columns the pane would like: the longest version name plus markers and border.
    package static func preferredWidth(_ state: ConsoleState) -> Int {
        (state.versions.map { TerminalWidth.of($0.name) }.max() ?? 0) + 9
    }

    /// The pane, ready to draw.
    package static func frame(_ state: ConsoleState) -> PaneFrame {
        var content = lines(state)
        if state.versions.isEmpty, state.overview != nil {
            content += VersionsPane.noModel
        } else if state.compatibility?.compatibleVersion == nil, state.overview != nil {
            content.append("")
            content.append(StyledText("no version matches the store", style: .warning))
            if let report = state.compatibility, let nearest = report.nearestVersion {
                content.append(StyledText("nearest: " + nearest, style: .warning))
                let differing = report.comparison(for: nearest)?.entities.filter { $0.status != .matches }.map(\.entity) ?? []
                if !differing.isEmpty {
                    content.append(StyledText("differs: " + differing.joined(separator: ", "), style: .warning))
                }
            }
        }
        content += legend
        if !state.identicalVersions.isEmpty { content.append(StyledText("=same hashes, see d", style: .warning)) }
        return PaneFrame(
            title: Pane.versions.title, focused: state.focus == .versions, lines: content,
            selection: state.versions.isEmpty ? nil : state.cursor[.versions] ?? 0)
    }

    /// The question Enter on a version asks: retarget to it, or keep the target (Retarget highlighted first: it
    /// only replans, nothing is written).
    package static func retargetDialog(version: String, target: String?, retargetHighlighted: Bool) -> Dialog {
        Dialog(
            title: "Make \(version) the target?",
            lines: [
                StyledText("The plan is redrawn from the store's version to \(version)."),
                StyledText(target.map { "The target is \($0) now." } ?? "There is no target yet.", style: .dim),
                StyledText("Nothing is written: m migrates, after its own question.", style: .dim),
            ],
            buttons: ["y Retarget", "n Cancel"], selected: retargetHighlighted ? 0 : 1)
    }
}
