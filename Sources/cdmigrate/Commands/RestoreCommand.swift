import ArgumentParser
import Foundation
import MigrationEngine

/// `cdmigrate restore STORE [--backup ID] [--backup-dir D] [--json]`: put a store back to a backup, through
/// the same journaled swap as a migration (`CDMIGRATE_CRASH_AT` applies to it too).
struct RestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore", abstract: "Restore a store from one of its backups (the newest by default).")

    @Argument(help: "The store's .sqlite file.")
    var store: String

    @Option(help: "The backup's identifier (see `cdmigrate history`).")
    var backup: String?

    @Option(name: .customLong("backup-dir"), help: "Where the backups are (default: .cdmigrate/<store> beside it).")
    var backupDir: String?

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func run() throws {
        let record = try MigrationProject(modelPath: nil).restore(
            store: store, backup: backup, backupRoot: backupDir, stageHook: CrashHook.stageHook(),
            report: ProgressPrinter.stderrNotes)
        if json {
            print(try JSONOutput.line(record))
        } else {
            print("restored \(store) from backup \(record.backup ?? "?"); \(record.detail ?? "")")
        }
    }
}
