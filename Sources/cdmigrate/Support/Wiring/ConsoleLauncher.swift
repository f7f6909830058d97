import ArgumentParser
import ConsoleUI
import Foundation
import JournalSample
import MigrationEngine

/// Starts the console on a terminal, shared by `console` and `demo`.
enum ConsoleLauncher {
    /// Runs the console until the user quits; a signal ends it with 128 + the signal's number.
    static func open(
        storePath: String?, location: ModelLocation, mappingDirectories: [String],
        policies: MigrationPolicyRegistry = MigrationPolicyRegistry(), preparation: Preparation? = nil
    ) throws {
        if let problem = TerminalRequirement.problem(
            inputIsTerminal: isatty(STDIN_FILENO) == 1,
            outputIsTerminal: isatty(STDOUT_FILENO) == 1, environment: ProcessInfo.processInfo.environment)
        {
            // A usage problem, not an engine failure: exit 64 as for bad arguments, not 8 ("invalid model").
            throw UsageError(message: problem, pointsToHelp: false)
        }
        if let storePath, preparation == nil {
            // Check the path before entering curses mode, so a bad one is a plain one-line error; only the header
            // is read, so the first frame is not held up by the store's size (its rows are counted behind it).
            // A damaged store is the exception: the console opens on it to offer salvage.
            do {
                try MigrationProject.checkStoreFile(storePath)
            } catch {
                guard error.category == .damaged else { throw error }
            }
        }
        let folder = FileManager.default.currentDirectoryPath
        // The model and mappings are read behind the first frame (seconds on a long history): the store named
        // here is found its own as any store picked in the picker is, as `cdmigrate console STORE` would; a
        // model the user named stays the model for every store.
        let named = location.origin == .given ? location.model : nil
        let app = ConsoleApp(
            storePath: storePath, pickerRoot: folder, preparation: preparation,
            toolsForStore: { store in
                try Self.tools(
                    for: store == storePath
                        ? location : ModelLocator.locate(store: store, model: named, alsoSearching: [folder]),
                    mappingDirectories: mappingDirectories, policies: policies)
            })
        switch app.run() {
        case .quit: return
        // The store named here could not be read with its model or mappings: bad input, said as any command says it.
        case .failed(let failure): throw failure
        case .interrupted(let signal):
            StandardError.write("cdmigrate: console stopped by signal \(signal); any run was cancelled, the store is untouched\n")
            throw ExitCode(128 + signal)
        }
    }

    /// The console's reader, planner and restorer for a located model; the notice says where it was found.
    static func tools(
        for location: ModelLocation, mappingDirectories: [String], policies: MigrationPolicyRegistry
    ) throws -> StoreTools {
        // The sample app's policy comes with the sample's own model wherever it is opened, not only from `demo`.
        let planner = try ProjectPlanner.located(
            location, mappingDirectories: mappingDirectories,
            policies: policies.names.isEmpty ? SampleApp.policies(forModelAt: location.model) : policies)
        // History and restore need no model: the planner's project when there is one, else a project without.
        let restorer = ProjectRestorer(project: try planner?.project ?? MigrationProject(modelPath: nil))
        return StoreTools(
            source: EngineDataSource(modelPath: location.model), planner: planner, restorer: restorer,
            notice: location.origin == .given && location.mappings.isEmpty ? nil : "using " + location.summary)
    }
}
