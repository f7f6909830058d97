/// How the run ended: success with the backup path and timings, or the failure with its reason.
public enum ResultView {
    /// The result's lines.
    public static func lines(_ run: RunProgress, width: Int = 200) -> [StyledText] {
        var lines: [StyledText] = []
        switch run.outcome {
        case .succeeded(let backup)?:
            if run.dryRun {
                lines.append(StyledText("✓ Dry run to \(run.target) succeeded", style: .ok))
                lines.append(StyledText("Every step ran and validated; the store was not replaced and the temporaries are gone."))
            } else {
                lines.append(StyledText("✓ Migrated to \(run.target)", style: .ok))
                lines.append(StyledText("Backup of the original:", style: .dim))
                for part in TerminalWidth.hardWrap(backup ?? "none", to: width - 2) {
                    lines.append(StyledText("  " + part, style: CellStyle(.normal, bold: true)))
                }
            }
        case .failed(let reason)?:
            lines.append(StyledText(run.abortRequested ? "✗ Migration aborted" : "✗ Migration failed", style: .danger))
            lines.append(StyledText("Reason: ", style: .dim).appending(reason))
            lines.append(StyledText("The store is unchanged: the original files were never written.", style: CellStyle(.ok, bold: true)))
        case nil:
            lines.append(StyledText("The run has not finished.", style: .dim))
        }
        lines.append("")
        lines.append(StyledText("Timings", style: .title))
        for (index, step) in run.steps.enumerated() {
            let time: String
            if let started = step.startedAt, let finished = step.finishedAt {
                time = TimeText.format(finished - started) + "  " + NumberText.grouped(step.done) + " rows"
            } else {
                time = step.startedAt == nil ? "not run" : "stopped"
            }
            lines.append(StyledText(" \(index + 1) \(step.summary.from) → \(step.summary.to)  ").appending(time, .dim))
        }
        if let finished = run.finishedAt {
            lines.append(StyledText(" total ", style: CellStyle(.normal, bold: true)).appending(TimeText.format(finished - run.startedAt)))
        }
        return lines
    }

    /// Draws the result screen into the body.
    public static func draw(_ run: RunProgress, into buffer: inout ScreenBuffer, in body: Rect) {
        let failed: Bool
        if case .failed? = run.outcome { failed = true } else { failed = false }
        PaneFrame(title: failed ? "Result — failed" : "Result", focused: true, lines: lines(run, width: body.width - 3))
            .draw(into: &buffer, in: body)
    }
}
