import MigrationEngine

/// The text form of a salvage report: a line saying what was written, a table of entities, then the row
/// ranges that could not be read, the references cleared and anything else lost.
enum SalvageReportText {
    static func render(_ report: SalvageReport) -> String {
        let evidence =
            switch report.evidence {
            case .given: "as asked"
            case .metadata: "from its metadata"
            case .modelCache: "from its model cache"
            case .tableLayout: "from its tables (metadata and model cache lost)"
            case .rowLayout: "from the rows on its pages (schema, metadata and model cache lost)"
            }
        var lines = ["\(report.store) → \(report.output): at \(report.version) (version \(evidence))"]
        // A root entity's keys are its sub-entities' too: what may be lost is on the root's row only.
        let roots = Set(report.tables.compactMap(\.root))
        let header = ["entity", "found", "recovered", "lost", "may be lost", "left out", "references cleared"]
        let rows = [header] + report.entities.map { Self.row($0, isRoot: roots.contains($0.entity)) }
        let widths = (0..<7).map { column in rows.map { $0[column].count }.max() ?? 0 }
        for row in rows {
            let cells = row.enumerated().map { index, cell in
                index == 0
                    ? cell.padding(toLength: widths[0], withPad: " ", startingAt: 0)
                    : String(repeating: " ", count: widths[index] - cell.count) + cell
            }
            lines.append("  " + cells.joined(separator: "  "))
        }
        for table in report.tables where !table.unreadable.isEmpty || table.rejected > 0 {
            let ranges = table.unreadable.map(\.text).joined(separator: ", ")
            let bound = table.lostAtMost.map { " (at most \($0) rows)" } ?? ""
            var line = "  \(table.table): unreadable keys \(ranges.isEmpty ? "none" : ranges)\(bound)"
            if table.fromLoosePages > 0 { line += "; \(table.fromLoosePages) rows found on pages the table no longer reaches" }
            if table.rejected > 0 { line += "; \(table.rejected) rows of no entity of the table left out" }
            lines.append(line)
        }
        for table in report.tables where !table.gaps.isEmpty {
            let keys = Self.ranges(table.gaps)
            lines.append("  \(table.table): keys \(keys) missing, their pages read: lost or deleted by the app")
        }
        for reference in report.danglingReferences {
            let cleared = reference.cleared > 0 ? ["\(reference.cleared) references to lost objects cleared"] : []
            let dropped =
                reference.droppedObjects > 0
                ? ["\(reference.droppedObjects) objects left out (the relationship is required and its object was lost)"] : []
            lines.append("  \(reference.entity).\(reference.relationship): " + (cleared + dropped).joined(separator: "; "))
        }
        lines += report.notes.map { "  note: \($0)" }
        if let repairs = report.repairs { lines += RepairReportText.lines(repairs) }
        lines.append(Self.summary(report))
        return lines.joined(separator: "\n")
    }

    /// One entity's cells, in the order of the header.
    static func row(_ entity: EntitySalvage, isRoot: Bool) -> [String] {
        let found: String = entity.found.map(String.init) ?? "?"
        let lost: String = entity.lost.map(String.init) ?? "?"
        let more: String = entity.mayHaveBeenLost.map(String.init) ?? (isRoot ? "?" : "")
        return [
            entity.entity, found, String(entity.recovered), lost, more, String(entity.dropped), String(entity.danglingCleared),
        ]
    }

    /// The last line: recovered, known lost (an index counted them) and what may have been lost besides
    /// (keys handed out that no object read carries).
    static func summary(_ report: SalvageReport) -> String {
        var parts = ["\(report.recovered) objects recovered"]
        let uncounted = report.entities.filter { $0.found == nil }.map(\.entity)
        if let lost = report.lost {
            let note = uncounted.isEmpty ? "" : " (\(uncounted.joined(separator: ", ")) not counted: no intact index counts them)"
            parts.append("\(lost) known lost\(note)")
        } else {
            parts.append("none counted as lost (no intact index counts them)")
        }
        if let more = report.mayHaveBeenLost {
            if more > 0 { parts.append("up to \(more) more may have been lost (keys handed out that no object read carries)") }
        } else {
            parts.append("how many more may have been lost is unknown (Z_PRIMARYKEY unreadable)")
        }
        return parts.joined(separator: ", ")
    }

    /// `20–84, 90–95`, the first few ranges only (`--json` lists every one).
    static func ranges(_ ranges: [KeyRange]) -> String {
        let shown = ranges.prefix(8).map { $0.upper == $0.lower ? String($0.lower) : $0.text }.joined(separator: ", ")
        return ranges.count > 8 ? shown + " and \(ranges.count - 8) more ranges" : shown
    }
}
