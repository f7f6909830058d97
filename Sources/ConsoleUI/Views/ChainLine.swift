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

    /// Whether a step's warnings say it loses data (the planner words these with "lose", "lost" or "drop").
    public static func isLossy(_ step: StepSummary) -> Bool {
        step.warnings.contains { warning in
            let lower = warning.lowercased()
            return ["lose", "lost", "loss", "drop", "discard"].contains { lower.contains($0) }
        }
    }

    /// The chain as lines no wider than `width`, breaking after an arrow.
    public static func lines(source: String, steps: [StepSummary], width: Int) -> [StyledText] {
        var pieces: [(String, CellStyle)] = [(source, CellStyle(.ok, bold: true))]
        for (index, step) in steps.enumerated() {
            let lossy = isLossy(step)
            let style = lossy ? CellStyle.danger : step.warnings.isEmpty ? CellStyle(.info, bold: true) : .warning
            pieces.append((arrow(for: step) + (step.warnings.isEmpty ? "" : "⚠ "), style))
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
