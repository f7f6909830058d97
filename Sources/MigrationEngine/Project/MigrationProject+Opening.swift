extension MigrationProject {
    /// What a front end shows when it opens a store: its contents and, with a model, where the store stands
    /// among the model's versions, in the planner's order.
    ///
    /// Unlike ``inspect(store:checksIntegrity:)`` it never needs the store's cached model: a store whose
    /// cache is unreadable still opens (its rows can be browsed as stored, or it can be salvaged).
    ///
    /// - Parameters:
    ///   - store: The store's `.sqlite` file; only read.
    ///   - checksIntegrity: Run SQLite's `quick_check` over every page first, so a damaged store is found
    ///     here, where salvage can be offered, rather than while its rows are read.
    /// - Returns: The store's contents and, with a model, its versions' fit.
    /// - Throws: ``StoreError`` for a missing, damaged or locked store; ``PlanningError`` for a project
    ///   file whose version order is invalid.
    public func open(store: String, checksIntegrity: Bool) throws -> OpenedStore {
        let (contents, cache) = try read(store: store, checksIntegrity: checksIntegrity)
        guard let bundle else { return OpenedStore(contents: contents) }
        // The cache only adds per-property detail when the hashes match nothing; a damaged one costs that alone.
        let storeModel: ObjectModel? = if case .success(let model) = cache { model } else { nil }
        let report = CompatibilityCheck.check(
            bundle, metadata: contents.metadata, storeModel: storeModel, tableColumns: contents.tableColumns)
        return OpenedStore(
            contents: contents, compatibility: report,
            versionOrder: try settings.versionOrder(for: bundle.versions.map(\.name)).sequence,
            currentVersion: bundle.currentVersionName, defaultTarget: bundle.currentVersionName ?? bundle.versions.last?.name,
            identicalHashVersions: bundle.identicalHashVersions)
    }
}

extension MigrationProject {
    /// Checks that `store` can be opened as a store, reading no more than its first page: a readable regular
    /// file with SQLite's header. A front end calls it before it shows anything, so a wrong path is one line
    /// at once, while ``open(store:checksIntegrity:)`` (which counts every entity's rows) runs behind the
    /// first frame.
    ///
    /// - Parameter store: The store's `.sqlite` file; only its header is read.
    /// - Throws: ``StoreError`` for a missing, unreadable or non-SQLite file, or one whose overwritten header
    ///   salvage can rebuild (category ``FailureCategory/damaged``, remedy ``Remedy/salvage``).
    package static func checkStoreFile(_ store: String) throws(StoreError) {
        try StoreFileProbe.checkDatabaseFile(store)
    }

    /// Whether `path` is a regular file that starts with SQLite's header: what a front end lists as a store
    /// whatever its name (`.sqlite`, `.wiredatabase`, none). Reads 16 bytes; never blocks on a FIFO.
    ///
    /// - Parameter path: The file; only its first bytes are read.
    /// - Returns: Whether it is an SQLite database by its header.
    package static func isSQLiteFile(_ path: String) -> Bool {
        StoreFileProbe.hasSignature(path)
    }

    /// The store as ``open(store:checksIntegrity:)`` and ``inspect(store:checksIntegrity:)`` read it: its
    /// contents, and its cached model or why that does not decode (each door decides what a damaged cache costs).
    func read(store: String, checksIntegrity: Bool) throws -> (
        contents: StoreContents, cache: Result<ObjectModel?, ModelError>
    ) {
        let contents = try StoreReader.read(path: store, checkIntegrity: checksIntegrity, options: snapshot)
        return (contents, Result { () throws(ModelError) in try contents.cachedModel() })
    }
}

/// A store as a front end opens it (``MigrationProject/open(store:checksIntegrity:)``).
public struct OpenedStore: Sendable {
    /// What the store holds: files, metadata, row counts.
    public var contents: StoreContents
    /// Which of the model's versions fit the store; nil without a model.
    public var compatibility: CompatibilityReport?
    /// The model's version names in the planner's order (the project file's rule, else natural order);
    /// empty without a model.
    public var versionOrder: [String]
    /// The version the model names current, if it names one.
    public var currentVersion: String?
    /// The version a plan goes to unless told otherwise: the current version, else the model's last.
    public var defaultTarget: String?
    /// Groups of versions whose entity hashes are identical (``ModelBundle/identicalHashVersions``).
    public var identicalHashVersions: [[String]]

    /// A store opened with or without a model.
    ///
    /// - Parameters:
    ///   - contents: What the store holds.
    ///   - compatibility: The model's versions' fit; nil without a model.
    ///   - versionOrder: The version names in the planner's order.
    ///   - currentVersion: The version the model names current.
    ///   - defaultTarget: The version a plan goes to unless told otherwise.
    ///   - identicalHashVersions: Groups of versions Core Data cannot tell apart.
    public init(
        contents: StoreContents, compatibility: CompatibilityReport? = nil, versionOrder: [String] = [],
        currentVersion: String? = nil, defaultTarget: String? = nil, identicalHashVersions: [[String]] = []
    ) {
        self.contents = contents
        self.compatibility = compatibility
        self.versionOrder = versionOrder
        self.currentVersion = currentVersion
        self.defaultTarget = defaultTarget
        self.identicalHashVersions = identicalHashVersions
    }
}
