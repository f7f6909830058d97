/// The dialog before anything is written: what will happen, where the backup goes, Migrate / Dry run / Cancel.
package enum ConfirmDialog {
    /// The dialog for a plan.
    package static func dialog(plan: PlanInfo, storeName: String, selected: ConfirmOption, width: Int) -> Dialog {
        let textWidth = max(20, min(width - 8, 72))
        var lines: [StyledText] = [
            StyledText("Migrate \(storeName) from \(plan.source) to \(plan.target)"),
            StyledText("\(plan.steps.count) step\(plan.steps.count == 1 ? "" : "s"):", style: .dim),
        ]
        lines += ChainLine.lines(source: plan.source, steps: plan.steps, width: textWidth - 2).map { StyledText("  ") + $0 }
        let lossy = plan.steps.filter(\.isLossy).count
        if lossy > 0 {
            lines.append(StyledText("⚠ \(lossy) step\(lossy == 1 ? "" : "s") lose\(lossy == 1 ? "s" : "") data", style: .danger))
            lines.append(StyledText("Cancel is highlighted: Tab to Migrate or Dry run to go ahead.", style: .dim))
        }
        lines.append("")
        lines.append(StyledText("Backup of the original goes to:", style: .dim))
        lines.append(
            StyledText(TerminalWidth.truncate(plan.backupLocation, to: textWidth), style: CellStyle(.normal, bold: true)))
        lines.append(StyledText("Dry run does everything except replacing the store.", style: .dim))
        return Dialog(title: "Migrate?", lines: lines, buttons: ConfirmOption.allCases.map(\.label), selected: selected.rawValue)
    }
}
