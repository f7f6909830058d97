/// The details view (`d`): every error, warning and plan problem in full, wrapped and scrollable, where the
/// panes, the title bar and the result screen can only show one line of each.
package enum DetailsView {
    /// The view's lines for an inner width, most urgent first: the run's failure, why there is no plan, the
    /// plan's warnings, how the store differs from the selected version, every message shown since the console
    /// started, then the run's log (newest first).
    package static func lines(_ state: ConsoleState, width: Int) -> [StyledText] {
        var lines: [StyledText] = []
        func section(_ title: String, _ entries: [String], _ style: CellStyle) {
            guard !entries.isEmpty else { return }
            if !lines.isEmpty { lines.append("") }
            lines.append(StyledText(title, style: .title))
            for entry in entries {
                lines += TerminalWidth.wrap(entry, to: max(10, width - 2)).map { StyledText("  " + $0, style: style) }
            }
        }
        if let run = state.run, case .failed(let reason)? = run.outcome {
            section(ResultView.failureHeading(run), [reason], .danger)
        }
        if let error = state.planError { section("Why there is no plan", [error], .danger) }
        if let plan = state.plan {
            let steps = plan.steps.enumerated().flatMap { index, step in
                step.summary.warnings.map { "step \(index + 1), \(step.summary.from) → \(step.summary.to): " + $0 }
            }
            section("Plan warnings", plan.warnings + steps, .warning)
        }
        section(
            "Versions Core Data cannot tell apart",
            state.identicalVersions.map { names in
                names.joined(separator: ", ") + ": identical entity hashes, so a store of one is taken for a store of"
                    + " the others (a forgotten version hash modifier?)"
            }, .warning)
        if let version = state.selectedVersion, let comparison = state.compatibility?.comparison(for: version.name) {
            var differing: [String] = []
            for entity in comparison.entities where entity.status != .matches {
                differing.append(entity.entity + " " + entity.status.rawValue)
                differing += entity.differences.map { entity.entity + ": " + StorePane.differenceText($0) }
            }
            section("The store against " + version.name, differing, .warning)
        }
        section("Messages, newest first", state.messages.reversed(), .plain)
        section("Run log, newest first", state.run?.log.reversed() ?? [], .dim)
        if lines.isEmpty { lines.append(StyledText("Nothing to report: no errors, warnings or plan problems.", style: .dim)) }
        return lines
    }

    /// Where the view is drawn: the whole body.
    static func frameWidth(_ body: Rect) -> Int { body.width - 3 }

    /// Draws the view over the body.
    package static func draw(_ state: ConsoleState, into buffer: inout ScreenBuffer, in body: Rect) {
        PaneFrame(
            title: "Details — Esc or d closes", focused: true, lines: lines(state, width: frameWidth(body)),
            scroll: state.detailsScroll
        )
        .draw(into: &buffer, in: body)
    }
}
