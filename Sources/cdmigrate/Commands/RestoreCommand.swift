import ArgumentParser
import Foundation
import MigrationEngine

/// `cdmigrate restore STORE [--backup ID] [--backup-dir D] [--yes] [--json]`: put a store back to a backup,
/// through the same journaled swap as a migration (`CDMIGRATE_CRASH_AT` applies to it too), after saying what
/// it discards and asking, as `migrate` does.
struct RestoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "restore", abstract: "Restore a store from one of its backups (the newest by default).")

    @Argument(help: "The store's .sqlite file.")
    var store: String

    @Option(help: "The backup's identifier (see `cdmigrate history`).")
    var backup: String?

    @Option(name: .customLong("backup-dir"), help: "Where the backups are (default: .cdmigrate/<store> beside it).")
    var backupDir: String?

    @Flag(help: "Do not ask for confirmation.")
    var yes = false

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func run() throws {
        let project = try MigrationProject(modelPath: nil)
        let preview = try project.restorePreview(
            store: store, backup: backup, backupRoot: backupDir, report: ProgressPrinter.stderrNotes)
        print(json ? try JSONOutput.line(preview) : RestorePreviewText.text(preview), terminator: json ? "\n" : "")
        if !yes { try confirm() }
        // The backup shown is the one restored, even if another is taken meanwhile.
        let record = try project.restore(
            store: store, backup: preview.backup.id, backupRoot: backupDir, stageHook: CrashHook.stageHook(),
            report: ProgressPrinter.stderrNotes)
        if json {
            print(try JSONOutput.line(record))
        } else {
            print("restored \(store) from backup \(record.backup ?? "?"); \(record.detail ?? "")")
        }
    }

    private func confirm() throws {
        try Confirmation.ask(
            "Restore the backup over the store? Its current files are backed up first.", path: store,
            notOnTerminal: ExecutionError(.cancelled, path: store, message: "not on a terminal: pass --yes to restore"))
    }
}
