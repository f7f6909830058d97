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
