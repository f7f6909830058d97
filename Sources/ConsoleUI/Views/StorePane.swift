import Foundation
import MigrationEngine

/// The store's files, journal mode, identity, per-entity hashes checked against the selected version,
/// and every metadata key.
package enum StorePane {
    /// The pane's lines.
    package static func lines(_ state: ConsoleState) -> [StyledText] {
        guard let overview = state.overview else {
            if state.opening == nil, let damaged = state.damagedStore { return SalvageDialog.declined(damaged) }
            guard let path = state.opening else { return [StyledText("no store open", style: .dim)] }
            return [StyledText("reading \(path)…", style: .dim), StyledText("Esc stops waiting", style: .dim)]
        }
        var lines: [StyledText] = []
        func field(_ label: String, _ value: String, _ style: CellStyle = .plain) {
            lines.append(StyledText(TerminalWidth.fit(label, to: 11), style: .dim).appending(value, style))
        }
        let nameWidth = overview.files.map { TerminalWidth.of($0.name) }.max() ?? 0
        for (index, file) in overview.files.enumerated() {
            field(
                index == 0 ? "Files" : "",
                TerminalWidth.fit(file.name, to: nameWidth) + " "
                    + TerminalWidth.fit(ByteCount.format(file.size), to: 9, alignRight: true))
        }
        let wal = overview.walSize.map { "  (-wal " + ByteCount.format($0) + ")" } ?? "  (no -wal)"
        field("Journal", overview.journalMode + wal)
        field("UUID", overview.uuid ?? "—")
        field("Framework", overview.frameworkVersion ?? "—")
        lines += hashLines(state.compatibility, against: state.selectedVersion)
        lines.append("")
        field("Path", overview.path)
        lines.append(StyledText("Metadata (\(overview.metadata.count) keys)", style: .title))
        let keyWidth = min(34, overview.metadata.map { TerminalWidth.of($0.key) }.max() ?? 0)
        for entry in overview.metadata {
            lines.append(StyledText(" " + TerminalWidth.fit(entry.key, to: keyWidth) + " ", style: .dim).appending(entry.value))
        }
        return lines
    }

    /// One line per entity: ✓ when the store's hash equals the version's, ✗ otherwise, with what differs
    /// when the store's own cached model tells.
    static func hashLines(_ report: CompatibilityReport?, against version: VersionInfo?) -> [StyledText] {
        guard let version, let comparison = report?.comparison(for: version.name) else {
            return [StyledText("Entity hashes (no model loaded)", style: .title)]
        }
        var lines = [StyledText("Entity hashes vs " + version.name, style: .title)]
        let nameWidth = min(20, comparison.entities.map { TerminalWidth.of($0.entity) }.max() ?? 0)
        for entity in comparison.entities {
            let matches = entity.status == .matches
            var line = StyledText(matches ? " ✓ " : " ✗ ", style: matches ? .ok : .danger)
            line.append(TerminalWidth.fit(entity.entity, to: nameWidth) + " ")
            switch entity.status {
            case .matches: line.append(shortHash(entity.storeHash), .dim)
            case .differs: line.append(shortHash(entity.storeHash) + " ≠ " + shortHash(entity.modelHash), .danger)
            case .extra: line.append("in store, not in " + version.name, .danger)
            case .missing: line.append("in " + version.name + ", not in store", .danger)
            }
            lines.append(line)
            for difference in entity.differences {
                lines.append(StyledText("     " + differenceText(difference), style: .warning))
            }
        }
        return lines
    }

    /// One property that differs between the store's cached model and a version, as one line.
    static func differenceText(_ difference: PropertyDifference) -> String {
        let what = [difference.kind, difference.property].compactMap { $0 }.joined(separator: " ")
        let details = difference.details.isEmpty ? "" : ": " + difference.details.joined(separator: ", ")
        return "\(difference.change.rawValue) \(what)\(details)"
    }

    /// The first characters of a hash's Base64 form, enough to tell hashes apart by eye.
    static func shortHash(_ hash: String?) -> String {
        String((hash ?? "—").prefix(12)) + "…"
    }

    /// The pane, ready to draw.
    package static func frame(_ state: ConsoleState) -> PaneFrame {
        PaneFrame(
            title: Pane.store.title, focused: state.focus == .store, lines: lines(state),
            scroll: state.cursor[.store] ?? 0)
    }
}
