import ArgumentParser

/// The `cdmigrate` command: progressive Core Data store migrations from a terminal.
@main
struct CDMigrate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cdmigrate",
        abstract: "Inspect and progressively migrate Core Data SQLite stores.",
        subcommands: [
            HashCommand.self,
            InspectCommand.self,
            DiffCommand.self,
            PlanCommand.self,
            MigrateCommand.self,
            VerifyCommand.self,
            RepairCommand.self,
            HistoryCommand.self,
            RestoreCommand.self,
            ExportCommand.self,
            RowsCommand.self,
            SalvageCommand.self,
            ScaffoldMappingCommand.self,
            SeedCommand.self,
            ConsoleCommand.self,
            DemoCommand.self,
        ],
        defaultSubcommand: ConsoleCommand.self
    )

    /// Notes an early SIGINT or SIGTERM for the commands that cancel cleanly, then parses and runs; every
    /// failure, wrong usage included, leaves through ``FailureOutput``.
    static func main() {
        EarlySignals.install(for: CommandLine.arguments)
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            try UnknownCommand.check(arguments)
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            FailureOutput.exit(for: error, arguments: arguments)
        }
    }
}
