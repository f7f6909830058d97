import MigrationEngine

/// The planned chain to the target and each step's operations and warnings.
package enum PlanPane {
    /// The pane's lines for an inner width.
    package static func lines(_ state: ConsoleState, width: Int) -> [StyledText] {
        if let error = state.planError {
            // The whole reason, wrapped: the cause is usually at the end of a long line.
            return TerminalWidth.wrap("no plan: " + error, to: width).map { StyledText($0, style: .danger) }
                + [
                    "",
                    StyledText("d", style: CellStyle(.accent, bold: true)).appending(
                        " (or Enter) shows it in the details view", .dim),
                ]
        }
        guard let plan = state.plan else {
            if state.versions.isEmpty, state.overview != nil {
                return TerminalWidth.wrap(PanesKeys.noModel, to: width).map { StyledText($0, style: .warning) }
            }
            if state.planning != nil { return [StyledText("planning…", style: .dim), StyledText("Esc stops", style: .dim)] }
            return [StyledText(state.target == nil ? "choose a target in the Versions pane with t" : "planning…", style: .dim)]
        }
        if plan.steps.isEmpty {
            return [StyledText("The store is already at \(plan.target); nothing to migrate.", style: .ok)]
        }
        // The whole chain on one line (or a few) first: what the graph below spreads over many.
        var lines = ChainLine.lines(source: plan.source, steps: plan.steps, width: width) + [""]
        for warning in plan.warnings {
            lines += TerminalWidth.wrap("⚠ " + warning, to: width).map { StyledText($0, style: .warning) }
        }
        switch plan.lossCount {
        case .counting: lines.append(StyledText("counting what this store loses…", style: .dim))
        case .failed(let reason):
            lines += TerminalWidth.wrap("could not count what this store loses: " + reason, to: width).map {
                StyledText($0, style: .warning)
            }
        case .notNeeded, .counted: break
        }
        lines += ChainGraph.lines(
            source: plan.source, steps: plan.steps, versions: state.versions.map(\.name), width: width,
            node: { version in
                StyledText(version == plan.source ? "store" : version == plan.target ? "target" : "", style: .dim)
            },
            edge: { index in stepLines(plan.steps[index], index: index, width: width - 2) })
        lines.append("")
        lines.append(StyledText("Backup: ", style: .dim).appending(plan.backupLocation, .dim))
        lines.append(StyledText("m", style: CellStyle(.accent, bold: true)).appending(" migrate or dry run", .dim))
        return lines
    }

    /// A step's lines beside its rail: number and kind, each operation, each warning wrapped.
    static func stepLines(_ planned: PlanStep, index: Int, width: Int) -> [StyledText] {
        let step = planned.summary
        var lines = [StyledText("\(index + 1). ", style: CellStyle(.normal, bold: true)) + ChainGraph.kind(of: planned)]
        for operation in step.operations {
            lines += TerminalWidth.wrap(operation, to: max(10, width - 5)).enumerated().map { part, text in
                StyledText((part == 0 ? "   · " : "     ") + text)
            }
        }
        for warning in step.warnings {
            lines += TerminalWidth.wrap(warning, to: max(10, width - 5)).enumerated().map { part, text in
                StyledText((part == 0 ? "   ⚠ " : "     ") + text, style: planned.isLossy ? .danger : .warning)
            }
        }
        return lines
    }

    /// The pane, ready to draw into a rectangle of the given width.
    package static func frame(_ state: ConsoleState, width: Int) -> PaneFrame {
        let title = state.target.map { "Plan → " + $0 } ?? Pane.plan.title
        return PaneFrame(
            title: title, focused: state.focus == .plan, lines: lines(state, width: width - 3),
            scroll: state.cursor[.plan] ?? 0)
    }
}
