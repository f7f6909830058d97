import Foundation

/// The store's files, journal mode, identity, per-entity hashes checked against the selected version,
/// and every metadata key.
public enum StorePane {
    /// The pane's lines.
    public static func lines(_ state: ConsoleState) -> [StyledText] {
        guard let overview = state.overview else { return [StyledText("no store open", style: .dim)] }
        var lines: [StyledText] = []
        func field(_ label: String, _ value: String, _ style: CellStyle = .plain) {
            lines.append(StyledText(TerminalWidth.fit(label, to: 11), style: .dim).appending(value, style))
        }
        field("Path", overview.path)
        let nameWidth = overview.files.map { TerminalWidth.of($0.name) }.max() ?? 0
        for file in overview.files {
            field("", TerminalWidth.fit(file.name, to: nameWidth) + " " + TerminalWidth.fit(ByteCount.format(file.size), to: 9, alignRight: true))
        }
        let wal = overview.walSize.map { "  (-wal " + ByteCount.format($0) + ")" } ?? ""
        field("Journal", overview.journalMode + wal)
        field("UUID", overview.uuid ?? "—")
        field("Framework", overview.frameworkVersion ?? "—")
        lines.append("")
        lines += hashLines(overview, against: state.selectedVersion)
        lines.append("")
        lines.append(StyledText("Metadata (\(overview.metadata.count) keys)", style: .title))
        let keyWidth = min(34, overview.metadata.map { TerminalWidth.of($0.key) }.max() ?? 0)
        for entry in overview.metadata {
            lines.append(StyledText(" " + TerminalWidth.fit(entry.key, to: keyWidth) + " ", style: .dim).appending(entry.value))
        }
        return lines
    }

    /// One line per entity: ✓ when the store's hash equals the version's, ✗ otherwise.
    static func hashLines(_ overview: StoreOverview, against version: VersionInfo?) -> [StyledText] {
        guard let version else { return [StyledText("Entity hashes (no model loaded)", style: .title)] }
        var lines = [StyledText("Entity hashes vs " + version.name, style: .title)]
        let names = Set(overview.entityHashes.keys).union(version.entityHashes.keys)
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        let nameWidth = min(20, names.map { TerminalWidth.of($0) }.max() ?? 0)
        for name in names {
            let stored = overview.entityHashes[name]
            let expected = version.entityHashes[name]
            let matches = stored != nil && stored == expected
            var line = StyledText(matches ? " ✓ " : " ✗ ", style: matches ? .ok : .danger)
            line.append(TerminalWidth.fit(name, to: nameWidth) + " ")
            switch (stored, expected) {
            case (let s?, _?) where matches: line.append(shortHash(s), .dim)
            case (let s?, let e?): line.append(shortHash(s) + " ≠ " + shortHash(e), .danger)
            case (_?, nil): line.append("in store, not in " + version.name, .danger)
            case (nil, _): line.append("in " + version.name + ", not in store", .danger)
            }
            lines.append(line)
        }
        return lines
    }

    /// The first characters of a hash's Base64 form, enough to tell hashes apart by eye.
    static func shortHash(_ hash: Data) -> String {
        String(hash.base64EncodedString().prefix(12)) + "…"
    }

    /// The pane, ready to draw.
    public static func frame(_ state: ConsoleState) -> PaneFrame {
        PaneFrame(title: Pane.store.title, focused: state.focus == .store, lines: lines(state),
            scroll: state.cursor[.store] ?? 0)
    }
}
