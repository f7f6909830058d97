import MigrationEngine

/// The chain drawn as `v1 ─inferred→ v2 ═mapping═▶ v3`, wrapped to a width; lossy steps in the danger style.
package enum ChainLine {
    /// The arrow for a step.
    package static func arrow(for step: StepSummary) -> String {
        switch step.kind {
        case .inferred: " ─inferred→ "
        case .explicit: " ═mapping═▶ "
        }
    }

    /// The chain as lines no wider than `width`; a line breaks before an arrow, which stays with its version.
    package static func lines(source: String, steps: [PlanStep], width: Int) -> [StyledText] {
        var lines: [StyledText] = []
        var current = StyledText(source, style: CellStyle(.ok, bold: true))
        for (index, planned) in steps.enumerated() {
            let step = planned.summary
            let style = planned.isLossy ? CellStyle.danger : step.warnings.isEmpty ? CellStyle(.info, bold: true) : .warning
            var arrowText = arrow(for: step) + (planned.isLossy || !step.warnings.isEmpty ? "⚠ " : "")
            let destinationStyle = index == steps.count - 1 ? CellStyle(.accent, bold: true) : CellStyle(.normal, bold: true)
            if current.width + TerminalWidth.of(arrowText + step.to) > width {
                lines.append(current)
                current = StyledText("  ")
                arrowText.removeFirst()
            }
            current.append(arrowText, style)
            current.append(step.to, destinationStyle)
        }
        lines.append(current)
        return lines
    }
}
