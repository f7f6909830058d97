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
            }
        var lines = ["\(report.store) → \(report.output): at \(report.version) (version \(evidence))"]
        let rows =
            [["entity", "found", "recovered", "lost", "left out", "references cleared"]]
            + report.entities.map { entity in
                [
                    entity.entity, entity.found.map(String.init) ?? "?", String(entity.recovered),
                    entity.lost.map(String.init) ?? "?", String(entity.dropped), String(entity.danglingCleared),
                ]
            }
        let widths = (0..<6).map { column in rows.map { $0[column].count }.max() ?? 0 }
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
        for reference in report.danglingReferences {
            let cleared = reference.cleared > 0 ? ["\(reference.cleared) references to lost objects cleared"] : []
            let dropped =
                reference.droppedObjects > 0
                ? ["\(reference.droppedObjects) objects left out (the relationship is required and its object was lost)"] : []
            lines.append("  \(reference.entity).\(reference.relationship): " + (cleared + dropped).joined(separator: "; "))
        }
        lines += report.notes.map { "  note: \($0)" }
        if let repairs = report.repairs { lines += RepairReportText.lines(repairs) }
        let lost = report.lost.map { ", \($0) known lost" } ?? ""
        lines.append("\(report.recovered) objects recovered\(lost)")
        return lines.joined(separator: "\n")
    }
}
