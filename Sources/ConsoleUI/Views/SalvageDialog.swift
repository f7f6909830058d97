import Foundation

/// The dialog offering to salvage a damaged store: why it cannot be opened, where the new store would go.
package enum SalvageDialog {
    /// The dialog for an offer.
    package static func dialog(_ offer: SalvageOffer, width: Int) -> Dialog {
        let textWidth = max(20, min(width - 8, 72))
        let storeName = URL(fileURLWithPath: offer.store).lastPathComponent
        let outputName = URL(fileURLWithPath: offer.output).lastPathComponent
        var lines = [StyledText("\(storeName) is damaged and cannot be opened:", style: .danger)]
        lines += TerminalWidth.wrap(offer.reason, to: textWidth).prefix(3).map { StyledText($0, style: .dim) }
        lines += [
            "",
            StyledText("Salvage to \(outputName)?", style: CellStyle(.normal, bold: true)),
            StyledText("Every object that can still be read goes into a new, valid store;", style: .dim),
            StyledText("the damaged store is never written.", style: .dim),
        ]
        return Dialog(
            title: "Damaged store", lines: lines, buttons: ["Salvage", "Cancel"], selected: offer.salvageHighlighted ? 0 : 1,
            borderStyle: .danger)
    }
}

extension SalvageDialog {
    /// The most entities the report lists; the rest are counted.
    static let reportedEntities = 10

    /// The report after a salvage: per entity what was found, recovered and lost, and what to do next.
    package static func report(_ summary: SalvageSummary, width: Int) -> Dialog {
        let textWidth = max(20, min(width - 8, 76))
        let storeName = URL(fileURLWithPath: summary.store).lastPathComponent
        let outputName = URL(fileURLWithPath: summary.output).lastPathComponent
        let nameWidth = min(24, max(6, summary.entities.map { TerminalWidth.of($0.name) }.max() ?? 0))
        func row(_ cells: [String]) -> String {
            TerminalWidth.fit(cells[0], to: nameWidth)
                + cells.dropFirst().map { TerminalWidth.fit($0, to: 12, alignRight: true) }.joined()
        }
        func count(_ value: Int?) -> String { value.map(NumberText.grouped) ?? "?" }
        var lines = [StyledText("\(storeName) → \(outputName)", style: CellStyle(.normal, bold: true))]
        lines.append(StyledText(row(["entity", "found", "recovered", "lost", "may be lost"]), style: .dim))
        for entity in summary.entities.prefix(reportedEntities) {
            let mayBe = entity.mayHaveBeenLost.map { NumberText.grouped(Int($0)) } ?? "?"
            lines.append(StyledText(row([entity.name, count(entity.found), count(entity.recovered), count(entity.lost), mayBe])))
        }
        if summary.entities.count > reportedEntities {
            lines.append(StyledText("… and \(summary.entities.count - reportedEntities) more entities", style: .dim))
        }
        for note in summary.notes.prefix(2) {
            lines += TerminalWidth.wrap("note: " + note, to: textWidth).prefix(2).map { StyledText($0, style: .dim) }
        }
        lines.append("")
        let next =
            "Next: put \(outputName) in place of \(storeName) (with the app closed and the damaged files moved "
            + "aside), then migrate it; it is open here now, so m migrates it."
        lines += TerminalWidth.wrap(next, to: textWidth).map { StyledText($0) }
        return Dialog(title: "Salvaged", lines: lines, buttons: ["OK"], selected: 0, borderStyle: .plain)
    }

    /// The Store pane's lines for a damaged store whose salvage was cancelled: the offer is still within reach.
    package static func declined(_ offer: SalvageOffer) -> [StyledText] {
        [
            StyledText("\(offer.storeName) is damaged and cannot be opened:", style: .danger),
            StyledText(offer.reason, style: .dim),
            "",
            StyledText("m salvages it into \(URL(fileURLWithPath: offer.output).lastPathComponent)"),
        ]
    }
}
