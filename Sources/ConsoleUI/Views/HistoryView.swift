import Foundation

/// The history screen: the store's backups, newest first (Enter restores the selected one, after a
/// question), then every recorded run.
package enum HistoryView {
    /// The lines for an inner width, and the line of each backup.
    package static func layout(_ history: HistoryState, width: Int) -> (lines: [StyledText], backupLines: [Int]) {
        if let error = history.error {
            return (
                TerminalWidth.wrap("the history cannot be read: " + error, to: width).map { StyledText($0, style: .danger) }, []
            )
        }
        guard let info = history.info else { return ([StyledText("reading the history…", style: .dim)], []) }
        var lines = [StyledText("Backups", style: .title).appending("  Enter restores the selected one", .dim)]
        var backupLines: [Int] = []
        if info.backups.isEmpty {
            lines.append(StyledText("  none: a migration makes one before it replaces the store", style: .dim))
        }
        for backup in info.backups {
            backupLines.append(lines.count)
            let versions = "at \(backup.version ?? "?")" + (backup.targetVersion.map { ", before → \($0)" } ?? "")
            lines.append(
                StyledText("  " + dateText(backup.created) + "  ", style: .dim).appending(
                    versions, CellStyle(.normal, bold: true)
                )
                .appending("  " + ByteCount.format(backup.size) + "  " + backup.id, .dim))
        }
        lines += ["", StyledText("Runs", style: .title)]
        if info.runs.isEmpty { lines.append(StyledText("  none recorded", style: .dim)) }
        for run in info.runs {
            let versions = [run.from, run.to].compactMap { $0 }.joined(separator: " → ")
            let style: CellStyle = run.result == "succeeded" ? .ok : run.result == "failed" ? .danger : .warning
            lines.append(
                StyledText("  " + dateText(run.started) + "  ", style: .dim).appending(run.action + "  " + versions + "  ")
                    .appending(run.result, style))
            // The details under each run: what it took, its steps, and what it left where (a restore's replaced
            // files are in a backup of their own, which the list above names).
            var details = run.seconds.map { ["took " + TimeText.format($0)] } ?? []
            if !run.steps.isEmpty { details.append("steps: " + run.steps.joined(separator: ", ")) }
            if let backup = run.backup { details.append((run.action == "restore" ? "restored from " : "backup ") + backup) }
            if let detail = run.detail { details.append(detail) }
            if !details.isEmpty {
                for line in TerminalWidth.wrap(details.joined(separator: "; "), to: max(10, width - 20)) {
                    lines.append(StyledText(String(repeating: " ", count: 20) + line, style: .dim))
                }
            }
        }
        return (lines, backupLines)
    }

    /// Draws the screen into the body, and the question over it when it is open, `questionKeys` in its border.
    package static func draw(
        _ history: HistoryState, storeName: String, questionKeys: String? = nil, into buffer: inout ScreenBuffer, in body: Rect
    ) {
        let (lines, backupLines) = layout(history, width: body.width - 3)
        let selection = backupLines.indices.contains(history.selected) ? backupLines[history.selected] : nil
        PaneFrame(title: "History of \(storeName) — Esc back", focused: true, lines: lines, selection: selection)
            .draw(into: &buffer, in: body)
        if let restoreHighlighted = history.confirm, let backup = history.selectedBackup {
            var question = dialog(backup, storeName: storeName, restoreHighlighted: restoreHighlighted)
            question.footer = questionKeys
            question.draw(into: &buffer, in: body)
        }
    }

    /// The "Restore?" question for a backup.
    package static func dialog(_ backup: HistoryInfo.Backup, storeName: String, restoreHighlighted: Bool) -> Dialog {
        Dialog(
            title: "Restore?",
            lines: [
                StyledText("Put \(storeName) back as it was on \(dateText(backup.created)),"),
                StyledText("at \(backup.version ?? "an unknown version") (backup \(backup.id))."),
                StyledText("The store as it is now is replaced.", style: .danger),
                StyledText("The restore is journaled and recorded in the history.", style: .dim),
                StyledText("Cancel is highlighted: Tab to Restore to go ahead.", style: .dim),
            ],
            buttons: ["Restore", "Cancel"], selected: restoreHighlighted ? 0 : 1, borderStyle: .danger)
    }

    /// `2026-11-22 22:54` in UTC, as the history log records times.
    static func dateText(_ date: Date) -> String {
        formatter.string(from: date)
    }

    private static let formatter = DateFormatter.utc("yyyy-MM-dd HH:mm")
}
