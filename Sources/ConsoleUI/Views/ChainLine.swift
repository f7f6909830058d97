import MigrationEngine

/// The chain drawn as `v1 ─inferred→ v2 ═mapping═▶ v3`, wrapped to a width; lossy steps in the danger style.
public enum ChainLine {
    /// The arrow for a step.
    public static func arrow(for step: StepSummary) -> String {
        switch step.kind {
        case .inferred: " ─inferred→ "
        case .explicit: " ═mapping═▶ "
        }
    }

    /// The chain as lines no wider than `width`, breaking after an arrow.
    public static func lines(source: String, steps: [PlanStep], width: Int) -> [StyledText] {
        var pieces: [(String, CellStyle)] = [(source, CellStyle(.ok, bold: true))]
        for (index, planned) in steps.enumerated() {
            let step = planned.summary
            let style = planned.isLossy ? CellStyle.danger : step.warnings.isEmpty ? CellStyle(.info, bold: true) : .warning
            pieces.append((arrow(for: step) + (planned.isLossy || !step.warnings.isEmpty ? "⚠ " : ""), style))
            pieces.append((step.to, index == steps.count - 1 ? CellStyle(.accent, bold: true) : CellStyle(.normal, bold: true)))
        }
        var lines: [StyledText] = []
        var current = StyledText()
        for (text, style) in pieces {
            if current.width > 0, current.width + TerminalWidth.of(text) > width {
                lines.append(current)
                current = StyledText("  ")
            }
            current.append(text, style)
        }
        lines.append(current)
        return lines
    }
}
