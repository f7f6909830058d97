import MigrationEngine

/// The command line's words for an engine ``Remedy``: the option to pass. The engine names no option, so a
/// renamed option changes here alone.
enum RemedyText {
    /// What to do, as the command line offers it.
    static func text(_ remedy: Remedy) -> String {
        switch remedy {
        case .giveModel: "pass --model with the app's .xcdatamodeld or .momd"
        case .chooseModel: "pass --model to choose one"
        case .giveTargetVersion: "pass --to"
        case .giveStoreVersion: "pass --version VERSION"
        case .allowReplacing: "pass --force to replace it"
        case .giveOutputFolder: "pass --out DIR"
        case .acceptWriteAheadLogLoss: "pass --accept-wal-loss to read only what SQLite can apply"
        case .allowDataLoss: "pass --allow-data-loss to run it anyway"
        case .repairBrokenObjects:
            "migrate and salvage take --repair, which repairs such objects and lists every change: clears a reference to "
                + "no object, gives a required value its default, or sets the object aside in a side store"
        case .salvage: "salvage it into a new store: cdmigrate salvage STORE --out NEW"
        case .writeMappingFile: "cdmigrate scaffold-mapping MAPPING-MODEL --out FILE writes that file"
        }
    }

    /// `message`, then what to do about it when there is a remedy.
    static func line(_ message: String, remedy: Remedy?) -> String {
        remedy.map { "\(message); \(text($0))" } ?? message
    }
}

extension UnusableMapping {
    /// Why the mapping cannot be used, then what to do about it in the command line's words.
    var line: String { RemedyText.line(reason, remedy: remedy) }
}
