import Foundation
import MigrationEngine

/// The human-readable form of a ``StoreReport`` (what `cdmigrate inspect` prints without `--json`).
struct StoreReportText {
    let report: StoreReport

    func render() -> String {
        var lines = [
            field("Store", report.path),
            field("Files", report.files.map { "\(name($0.path)) (\(size($0.size)))" }.joined(separator: ", ")),
            field("Journal", "\(report.journalMode.rawValue)  auto_vacuum \(report.autoVacuum)"),
            field("UUID", report.uuid),
            field("Framework", report.frameworkVersion.map(String.init) ?? "unknown"),
            field(
                "Metadata",
                report.metadata.keys.sorted().map { "\($0) (\(report.metadataTypes[$0] ?? "?"))" }.joined(separator: ", ")),
        ]
        if !report.unknownMetadataKeys.isEmpty {
            lines.append(field("App keys", report.unknownMetadataKeys.joined(separator: ", ")))
        }
        lines.append(field("Model", modelLine))
        if report.quickCheckPassed == true {
            lines.append(field("Integrity", "SQLite quick_check read every page: ok"))
        }
        if let versions = report.compatibility?.versions, versions.count > 1 {
            let summary = versions.map {
                "\($0.isCompatible ? "✓" : "✗") \($0.version) (\($0.matchingCount)/\($0.entities.count))"
            }
            lines.append(field("Versions", summary.joined(separator: ", ")))
        }
        lines.append("")
        lines += entityTable
        for (title, tables) in tableGroups where !tables.isEmpty {
            lines.append(field(title, tables.map { "\($0.name) (\($0.rows) rows)" }.joined(separator: ", ")))
        }
        lines += differences
        for line in IdenticalVersionsText.lines(report.identicalHashVersions ?? []) { lines += ["", "warning: \(line)"] }
        return lines.joined(separator: "\n")
    }

    private var tableGroups: [(String, [StoreTable])] {
        [("Join tables", report.joinTables), ("History tables", report.historyTables), ("Other tables", report.otherTables)]
    }

    /// The labels' column: one space past the longest label shown, so that none runs into its value.
    private var labelWidth: Int {
        let groups = tableGroups.filter { !$0.1.isEmpty }.map(\.0)
        return (["Framework"] + groups).map(\.count).max()! + 1
    }

    private var modelLine: String {
        guard let source = report.modelSource, let compatibility = report.compatibility else {
            return "none (the store has no model cache; pass --model)"
        }
        let origin: String
        switch source {
        case .storeCache: origin = "the store's own cached model"
        case .file(let path): origin = path
        }
        if let version = compatibility.compatibleVersion { return "\(origin) — compatible version: ✓ \(version)" }
        return "\(origin) — ✗ no compatible version; nearest: \(compatibility.nearestVersion ?? "none")"
    }

    private var entityTable: [String] {
        let rows = report.entities.map { entity in
            [
                String(entity.number), entity.name + (entity.modelName.map { " (model: \($0))" } ?? ""), entity.parent ?? "",
                entity.table ?? "(missing)", String(entity.rows),
                String(entity.maxPrimaryKey), entity.hash ?? "", entity.matchesModel.map { $0 ? "✓" : "✗" } ?? "",
            ]
        }
        let header = ["#", "Entity", "Parent", "Table", "Rows", "Z_MAX", "Hash", "Model"]
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        return ([header] + rows).map { row in
            row.enumerated().map { $1.padding(toLength: widths[$0], withPad: " ", startingAt: 0) }
                .joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
    }

    private var differences: [String] {
        guard let compatibility = report.compatibility, compatibility.compatibleVersion == nil,
            let nearest = compatibility.nearestVersion, let version = compatibility.comparison(for: nearest)
        else { return [] }
        var lines = ["", "Differences from \(nearest):"]
        for entity in version.entities where entity.status != .matches {
            lines.append("  ✗ \(entity.entity): \(phrase(entity.status))")
            for difference in entity.differences {
                let name = difference.property.map { "\(difference.kind) \($0)" } ?? "entity"
                let details = difference.details.isEmpty ? "" : " (\(difference.details.joined(separator: "; ")))"
                lines.append("      \(name): \(phrase(difference.change))\(details)")
            }
        }
        return lines
    }

    private func phrase(_ status: EntityComparison.Status) -> String {
        switch status {
        case .matches: "matches"
        case .differs: "hash differs"
        case .missing: "in the model version, not in the store"
        case .extra: "in the store, not in the model version"
        }
    }

    private func phrase(_ change: PropertyDifference.Change) -> String {
        switch change {
        case .missing: "in the model version, not in the store"
        case .extra: "in the store, not in the model version"
        case .changed: "changed"
        }
    }

    private func field(_ name: String, _ value: String) -> String {
        name.padding(toLength: labelWidth, withPad: " ", startingAt: 0) + value
    }

    private func name(_ path: String) -> String {
        URL(fileURLWithPath: path).lastPathComponent
    }

    private func size(_ bytes: Int64) -> String {
        ByteCountFormatter.string(fromByteCount: bytes, countStyle: .file)
    }
}
