import ArgumentParser
import Foundation
import MigrationEngine

/// `cdmigrate repair STORE [--model M] [--version V] [--out NEW] [--dry-run] [--backup-dir D] [--json]`: the
/// store's bookkeeping rewritten to the version its schema matches, into a new store or in place (backed up
/// and swapped like a migration).
struct RepairCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "repair",
        abstract:
            "Rewrite a store's bookkeeping (version hashes, identifiers, digest, model cache, Z_MAX) to the version its tables match."
    )

    @Argument(help: "The store's .sqlite file.")
    var store: String

    @OptionGroup var model: ModelOption

    @Option(help: "The version to write (default: the one its hashes name, else the one its tables fit).")
    var version: String?

    @Option(
        help:
            "Write the repaired store here (must not exist) and only read STORE; without it STORE is repaired in place, backed up first."
    )
    var out: String?

    @Flag(name: .customLong("dry-run"), help: "Repair and validate a copy in place of STORE, then discard it.")
    var dryRun = false

    @Option(
        name: .customLong("backup-dir"),
        help: "Where backups and the history log go (default: .cdmigrate/<store> beside the store).")
    var backupDir: String?

    @Flag(help: "Print the report as JSON.")
    var json = false

    func run() throws {
        let location = model.locate(store: store)
        let project = try MigrationProject(modelPath: location.model, settings: PlanningSettings())
        let flag = CancellationFlag()
        let signals = SignalCancellation(flag)
        defer { signals.stop() }
        let options = ExecutionOptions(
            dryRun: dryRun, backupRoot: backupDir.map { URL(fileURLWithPath: $0).standardizedFileURL.path },
            cancellation: flag, stageHook: CrashHook.stageHook())
        let report = try project.repair(
            store: store, version: version, to: out, options: options,
            report: { event in
                // The changes are the command's own report, printed once below.
                if case .repaired = event { return }
                ProgressPrinter.stderrNotes(event)
            })
        print(
            json ? try JSONOutput.encode(LocatedJSON(value: report, location: location)) : Self.text(report, dryRun: dryRun))
    }

    static func text(_ report: StoreRepairReport, dryRun: Bool) -> String {
        let evidence =
            switch report.evidence {
            case .given: "as asked"
            case .metadata: "from its metadata"
            case .tableLayout: "from its tables (its hashes match no version)"
            }
        let target = report.output ?? (dryRun ? "a copy (dry run: nothing was changed)" : "in place")
        var lines = ["\(report.store) → \(target): at \(report.version) (version \(evidence))"]
        lines += RepairReportText.lines(report.repairs)
        if let backup = report.record?.backup { lines.append("backup \(backup) (cdmigrate restore puts it back)") }
        return lines.joined(separator: "\n")
    }
}
