/// What the user can do about a failure or a notice, as a value: each front end words it in its own terms
/// (the CLI as an option to pass, the console as something to open or choose), so that no engine message
/// names a front end's controls.
public enum Remedy: String, Sendable, Hashable, Codable, CaseIterable {
    /// Name the app's model: the store alone (no model beside it, no usable cached model) is not enough.
    case giveModel
    /// Choose one of the several models found beside the store.
    case chooseModel
    /// Name the target version: the model names no current one.
    case giveTargetVersion
    /// Name the version the store is at: its metadata and cached model are lost.
    case giveStoreVersion
    /// Allow the existing output file to be replaced.
    case allowReplacing
    /// Name a folder for an output of several files.
    case giveOutputFolder
    /// Accept reading only the write-ahead log frames SQLite can apply (the others are lost).
    case acceptWriteAheadLogLoss
    /// Accept that the run drops data the store holds (what is dropped was shown with the plan).
    case allowDataLoss
    /// Repair the objects that break the store's model, each change listed: a reference to no object cleared,
    /// a required value given its default, or the object set aside in a side store.
    case repairBrokenObjects
    /// Salvage the store into a new one: it is damaged where every other command must read it (its header
    /// overwritten), and salvage reads what the damage left without writing the store.
    case salvage
    /// Write the mapping file the message names from the Xcode mapping model, complete what it leaves to
    /// write, and plan again: the mapping model names custom policy code that cannot run here.
    case writeMappingFile
}
