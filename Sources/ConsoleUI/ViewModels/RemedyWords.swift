import MigrationEngine

/// The console's words for an engine ``Remedy``: what to press, choose or put where in the console, never a
/// command-line option (the CLI words the same remedies as options in its own `RemedyText`). The engine
/// names neither, so a renamed key or option changes in its front end alone.
package enum RemedyWords {
    /// What to do, as the console offers it.
    package static func text(_ remedy: Remedy) -> String {
        switch remedy {
        // The console's model is chosen when it starts (or when the picker opens a store): r reads the same one.
        case .giveModel: "start the console again with the app's model, or with its .xcdatamodeld (or .momd) beside the store"
        case .chooseModel: "start the console again naming one of them, or leave only the app's model beside the store"
        case .giveTargetVersion: "choose the target: select a version in the Versions pane and press t"
        case .giveStoreVersion:
            "the store cannot tell its version, so the console cannot choose one; salvage it from the command line, naming it"
        case .allowReplacing: "press Enter again to replace it, or type another path"
        case .giveOutputFolder: "type the path of a folder for the files"
        case .acceptWriteAheadLogLoss: "salvage it (Enter on Salvage) to keep what SQLite can still apply from the -wal"
        case .allowDataLoss: "press m and choose Migrate in the dialog that states the loss to run it anyway"
        // Repairing changes the user's objects; the console leaves that to a command whose report lists each change.
        case .repairBrokenObjects:
            "the console does not repair objects; migrate or salvage it from the command line, which can, listing every change"
        // The console offers salvage itself for a store it cannot open because it is damaged.
        case .salvage: "salvage it into a new store (Enter on Salvage)"
        // The console writes no mapping files: the command line does; the mappings are read when the console starts.
        case .writeMappingFile:
            "the console writes no mapping files: write that one with the command line's scaffold-mapping, complete it, "
                + "and start the console again"
        }
    }

    /// `message`, then what to do about it when there is a remedy.
    package static func line(_ message: String, remedy: Remedy?) -> String {
        remedy.map { "\(message); \(text($0))" } ?? message
    }

    /// Any failure an engine operation threw, as one line: the engine's message and, when it carries one,
    /// its remedy in the console's words.
    package static func line(_ error: any Error) -> String {
        let failure = MigrationError(error)
        return line(failure.message, remedy: failure.remedy)
    }
}
