import ArgumentParser

/// The `cdmigrate` command: progressive Core Data store migrations from a terminal.
@main
struct CDMigrate: ParsableCommand {
    /// The release this binary is (`cdmigrate --version`).
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "cdmigrate",
        abstract: "Inspect and progressively migrate Core Data SQLite stores.",
        version: version,
        subcommands: [
            HashCommand.self,
            InspectCommand.self,
            DiffCommand.self,
            PlanCommand.self,
            MigrateCommand.self,
            VerifyCommand.self,
            HistoryCommand.self,
            RestoreCommand.self,
            ExportCommand.self,
            RowsCommand.self,
            SalvageCommand.self,
            ConsoleCommand.self,
            DemoCommand.self,
        ],
        defaultSubcommand: ConsoleCommand.self
    )
}
