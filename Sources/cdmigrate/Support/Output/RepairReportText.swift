import MigrationEngine

/// The text form of the changes a repair made: a summary line, then one line per object changed.
enum RepairReportText {
    static func lines(_ report: RepairReport) -> [String] {
        guard report.total > 0 else { return ["repair: nothing needed repairing"] }
        var lines = ["repair: \(report.total) change(s), \(report.setAside) object(s) set aside"]
        if let side = report.sideStore { lines[0] += " in \(side)" }
        lines += report.changes.map { "  repaired: \($0.text)" }
        if report.unlisted > 0 { lines.append("  … and \(report.unlisted) more change(s) not listed") }
        return lines
    }
}
