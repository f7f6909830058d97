import ArgumentParser
import Foundation
import MigrationEngine

/// `cdmigrate migrate STORE… [--model M] [--to V] [--dry-run] [--yes] [--allow-data-loss] [--backup-dir D] [--repair]
/// [--json]`.
struct MigrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Migrate one or more stores (all or nothing), with backups, validation and an atomic swap.")

    @Argument(help: "The stores' .sqlite files; several are migrated all or nothing.")
    var stores: [String]

    @OptionGroup var planning: PlanningOptions

    @Option(help: "The target version (default: the model's current version).")
    var to: String?

    @Flag(name: .customLong("dry-run"), help: "Run and validate every step, then discard the result.")
    var dryRun = false

    @Flag(help: "Do not ask for confirmation (a chain that deletes data the store holds also needs --allow-data-loss).")
    var yes = false

    @Flag(
        name: .customLong("allow-data-loss"),
        help: "Run a chain that deletes data the store holds (counted and shown with the plan) without asking.")
    var allowDataLoss = false

    @Option(
        name: .customLong("backup-dir"),
        help: "Where backups and the history log go (default: .cdmigrate/<store> beside each store).")
    var backupDir: String?

    @Flag(
        help:
            "Repair objects that break the store's model (each change listed, and recorded in the history): a reference to no object is cleared, a required value gets its default, an object that cannot be repaired is set aside in STORE-set-aside-RUN.sqlite."
    )
    var repair = false

    @Flag(help: "Print events as JSON lines.")
    var json = false

    func run() throws {
        // SIGINT and SIGTERM cancel from the start, planning included (planning writes nothing and is
        // not cut short, but the run then stops with exit 11 before it begins).
        let flag = CancellationFlag()
        var signals = SignalCancellation(flag)
        defer { signals.stop() }
        let printer = ProgressPrinter(json: json)
        let project = try planning.project(stores: stores)
        // The run checks each store's integrity beside its first step, instead of before the plan is shown.
        // With --json the plan is an event without row estimates: the stores' rows are not counted for it.
        // What each lossy step drops is counted in the store, so the plan and the question state this store's loss.
        let plans = try stores.map {
            try project.countingDataLoss(
                in: project.plan(store: $0, target: to, checksIntegrity: false, countsRows: !json, report: printer.handle))
        }
        // Written unbuffered like the progress that follows, so a pipe gets the plan first.
        if json {
            try plans.filter { $0.dataLoss?.isEmpty == false }.forEach {
                TerminalOutput.writeStandardOutput(try DataLossText.jsonLine($0))
            }
        } else {
            plans.forEach {
                TerminalOutput.writeStandardOutput(
                    PlanRendering.text(
                        $0, mappingFolders: project.settings.mappingDirectories,
                        identicalVersions: project.bundle?.identicalHashVersions ?? []) + "\n")
            }
        }
        guard plans.contains(where: { !$0.plan.steps.isEmpty }) else {
            if json { printer.handle(.log("every store is already at its target version or compatible with it; nothing to do")) }
            return
        }
        // Data loss needs its own yes: --allow-data-loss, or an answer to a question that states the loss.
        let losing = dryRun || allowDataLoss ? [] : plans.filter { $0.dataLoss?.contains(where: \.losesData) == true }
        if !dryRun, !yes || !losing.isEmpty {
            // At the prompt the signals' own action is wanted: Ctrl-C ends the wait, nothing has changed.
            signals.stop()
            try confirm(plans.count, losing: losing)
            signals = SignalCancellation(flag)
        }
        if flag.isCancelled {
            throw ExecutionError(
                .cancelled, path: stores.joined(separator: ", "),
                message: "cancelled before the run began; nothing was changed")
        }
        let options = ExecutionOptions(
            dryRun: dryRun, backupRoot: backupDir.map { URL(fileURLWithPath: $0).standardizedFileURL.path },
            cancellation: flag, stageHook: CrashHook.stageHook(), brokenObjects: repair ? .repair : .refuse)
        try project.migrate(plans, options: options, report: printer.handle)
    }

    private func confirm(_ count: Int, losing: [StorePlanning]) throws {
        let losses = losing.map { "\($0.storePath) loses data: \(DataLossText.summary($0))\n" }.joined()
        let question = losing.isEmpty ? "Migrate" : "Delete this data and migrate"
        try Confirmation.ask(
            losses + "\(question) \(count) store(s)? The originals are backed up first.", path: stores.joined(separator: ", "),
            notOnTerminal: losing.first.map { first in
                ExecutionError(
                    .cancelled, path: losing.map(\.storePath).joined(separator: ", "),
                    message: "the chain deletes data the store holds (\(DataLossText.summary(first))); nothing was changed",
                    remedy: .allowDataLoss)
            }
                ?? ExecutionError(
                    .cancelled, path: stores.joined(separator: ", "), message: "not on a terminal: pass --yes to migrate"))
    }
}
