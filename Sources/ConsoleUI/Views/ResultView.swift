/// How the run ended: success with the backup path and timings, or the failure with its reason.
package enum ResultView {
    /// The heading of a failed run: aborted, dry run failed, or migration failed.
    package static func failureHeading(_ run: RunProgress) -> String {
        run.abortRequested ? "✗ Migration aborted" : run.dryRun ? "✗ Dry run failed" : "✗ Migration failed"
    }

    /// The command that puts the store back to a backup (the backup's folder name is its identifier).
    package static func restoreCommand(storePath: String, backup: String) -> String {
        let id = backup.split(separator: "/").last.map(String.init) ?? backup
        return "cdmigrate restore \(shellQuoted(storePath)) --backup \(shellQuoted(id))"
    }

    private static func shellQuoted(_ text: String) -> String {
        let plain = text.allSatisfy { $0.isLetter || $0.isNumber || "/._-+:@".contains($0) }
        return plain && !text.isEmpty
            ? text : "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }

    /// The result's lines; `storePath` is the store migrated, for the restore command.
    package static func lines(_ run: RunProgress, storePath: String? = nil, width: Int = 200) -> [StyledText] {
        var lines: [StyledText] = []
        let textWidth = max(10, width - 2)
        switch run.outcome {
        case .succeeded(let backup)?:
            if run.dryRun {
                lines.append(StyledText("✓ Dry run to \(run.target) succeeded", style: .ok))
                lines.append(StyledText("Every step ran and validated; the store was not replaced and the temporaries are gone."))
            } else {
                lines.append(StyledText("✓ Migrated to \(run.target)", style: .ok))
                lines.append(StyledText("Backup of the original:", style: .dim))
                for part in TerminalWidth.hardWrap(backup ?? "none", to: textWidth) {
                    lines.append(StyledText("  " + part, style: CellStyle(.normal, bold: true)))
                }
                if let backup, let storePath {
                    let how = "To put the original back: H here (history, Enter on the backup), or after quitting:"
                    lines += TerminalWidth.wrap(how, to: textWidth).map { StyledText($0, style: .dim) }
                    for part in TerminalWidth.wrap(restoreCommand(storePath: storePath, backup: backup), to: textWidth) {
                        lines.append(StyledText("  " + part, style: CellStyle(.accent, bold: true)))
                    }
                }
            }
        case .failed(let reason)?:
            lines.append(StyledText(failureHeading(run), style: .danger))
            for (index, part) in TerminalWidth.wrap("Reason: " + reason, to: textWidth).enumerated() {
                lines.append(
                    index == 0 && part.hasPrefix("Reason: ")
                        ? StyledText("Reason: ", style: .dim).appending(String(part.dropFirst(8))) : StyledText(part))
            }
            lines.append(
                StyledText("The store is unchanged: the original files were never written.", style: CellStyle(.ok, bold: true)))
            lines.append(
                StyledText("d", style: CellStyle(.accent, bold: true)).appending(
                    " shows the reason and the run's log in full", .dim))
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
        for (name, timing) in [("snapshot", run.snapshot), ("backup", run.backup), ("swap", run.swap)] {
            guard let started = timing.startedAt, let finished = timing.finishedAt else { continue }
            lines.append(StyledText(" \(name)  ").appending(TimeText.format(finished - started), .dim))
        }
        if let finished = run.finishedAt {
            lines.append(
                StyledText(" total ", style: CellStyle(.normal, bold: true)).appending(TimeText.format(finished - run.startedAt)))
        }
        return lines
    }

    /// Draws the result screen into the body.
    package static func draw(_ run: RunProgress, storePath: String?, into buffer: inout ScreenBuffer, in body: Rect) {
        let failed: Bool
        if case .failed? = run.outcome { failed = true } else { failed = false }
        PaneFrame(
            title: failed ? "Result — failed" : "Result", focused: true,
            lines: lines(run, storePath: storePath, width: body.width - 3)
        )
        .draw(into: &buffer, in: body)
    }
}
