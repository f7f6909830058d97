import ArgumentParser
import Foundation
import MigrationEngine

/// `cdmigrate history STORE [--backup-dir D] [--json]`: every run recorded for a store, and its backups.
struct HistoryCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "history", abstract: "List the migrations, dry runs, restores and recoveries of a store, and its backups.")

    @Argument(help: "The store's .sqlite file.")
    var store: String

    @Option(name: .customLong("backup-dir"), help: "Where the history log and backups are (default: .cdmigrate/<store> beside it).")
    var backupDir: String?

    @Flag(help: "Print JSON lines instead of text.")
    var json = false

    func run() throws {
        try reportingFailures { try show() }
    }

    private func show() throws {
        // Recovering first records any killed run and its recovery, so they appear below.
        _ = try Recovery.recoverIfNeeded(storePath: store)
        let root = ExecutionOptions(backupRoot: backupDir.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
            .backupRoot(for: store)
        let records = try RunHistory(root: root).records()
        if json {
            for record in records { print(try Self.encode(record)) }
            return
        }
        if records.isEmpty { print("no runs recorded in \(root)") }
        for record in records {
            let route = [record.from, record.to].compactMap { $0 }.joined(separator: " → ")
            let seconds = String(format: "%.2fs", record.finished.timeIntervalSince(record.started))
            print("\(ISO8601DateFormatter().string(from: record.started))  \(record.action.rawValue)  \(route)  \(record.result.rawValue)  \(seconds)"
                + (record.backup.map { "  backup \($0)" } ?? ""))
            for step in record.steps {
                print("    \(step.from) → \(step.to) (\(step.kind.rawValue))" + (step.seconds.map { String(format: " %.2fs", $0) } ?? " unfinished"))
            }
            if let detail = record.detail { print("    \(detail)") }
        }
        let backups = try BackupStore(root: root).list()
        if !backups.isEmpty { print("backups:") }
        for manifest in backups {
            let size = manifest.files.map(\.size).reduce(0, +)
            print("  \(manifest.id)  \(manifest.version ?? "?")  \(manifest.files.count) file(s), \(size) bytes")
        }
    }

    static func encode(_ record: RunRecord) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(record), as: UTF8.self)
    }
}
