import ArgumentParser
import Foundation
import MigrationEngine

/// `cdmigrate history STORE [--backup-dir D] [--json]`: every run recorded for a store, and its backups.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history", abstract: "List the migrations, dry runs, restores and recoveries of a store, and its backups.")

    @Argument(help: "The store's .sqlite file.")
    var store: String

    @Option(
        name: .customLong("backup-dir"), help: "Where the history log and backups are (default: .cdmigrate/<store> beside it).")
    var backupDir: String?

    @Flag(help: "Print JSON lines instead of text.")
    var json = false

    func run() throws {
        try show()
    }

    private func show() throws {
        let history = try MigrationProject(modelPath: nil).history(
            store: store, backupRoot: backupDir, report: ProgressPrinter.stderrNotes)
        let (root, records) = (history.root, history.records)
        if json {
            for record in records { print(try JSONOutput.line(RunRecordJSON(record: record))) }
            return
        }
        if records.isEmpty { print("no runs recorded in \(root)") }
        for record in records {
            let route = [record.from, record.to].compactMap { $0 }.joined(separator: " → ")
            let seconds = String(format: "%.2fs", record.finished.timeIntervalSince(record.started))
            print(
                "\(ISO8601DateFormatter().string(from: record.started))  \(record.action.rawValue)  \(route)  \(record.result.rawValue)  \(seconds)"
                    + (record.backup.map { "  backup \($0)" } ?? ""))
            for step in record.steps {
                print(
                    "    \(step.from) → \(step.to) (\(step.kind.rawValue))"
                        + (step.seconds.map { String(format: " %.2fs", $0) } ?? " unfinished"))
            }
            if let detail = record.detail { print("    \(detail)") }
            if let repairs = record.repairs { RepairReportText.lines(repairs).forEach { print("    \($0)") } }
        }
        let backups = history.backups
        if !backups.isEmpty { print("backups:") }
        for manifest in backups {
            let size = manifest.files.map(\.size).reduce(0, +)
            print("  \(manifest.id)  \(manifest.version ?? "?")  \(manifest.files.count) file(s), \(size) bytes")
        }
    }
}
