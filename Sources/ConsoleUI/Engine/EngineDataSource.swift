import Foundation
import MigrationEngine
import Synchronization

/// The console's reading access to the real engine, through ``MigrationProject``: a store opened with its
/// versions' fit, and a browsing session kept open on one snapshot while the data browser is used.
package final class EngineDataSource: ConsoleDataSource {
    /// The model (`.xcdatamodeld`, `.momd`, …), if one was given or found.
    package let modelPath: String?
    /// The open browsing session, on the store last paged.
    private let cache = Mutex<StoreBrowser?>(nil)
    /// The project pages, exports, salvage and seeding go through: the model the last load read, kept until
    /// the next (one model parse per load, not per page). Without the planning settings: their mapping
    /// folders matter to plans only, and a broken mapping file must not keep the rows from being read.
    private let project = Mutex<MigrationProject?>(nil)

    /// Creates a data source.
    package init(modelPath: String?) {
        self.modelPath = modelPath
    }

    /// Reads the store and checks it against every model version. With `checksIntegrity` SQLite's
    /// `quick_check` runs first, so a damaged store is found here, where salvage can be offered, not later in
    /// the data browser; the console leaves it out only for the store a migration has just integrity-checked.
    package func loadStore(at path: String, checksIntegrity: Bool) throws -> LoadedStore {
        readAfresh()
        // Made afresh on every load, so a model edited while the console is open is read again by `r`.
        let loaded = try MigrationProject(modelPath: modelPath)
        let reading = try MigrationProject(bundle: loaded.bundle, snapshot: loaded.snapshot)
        project.withLock { $0 = reading }
        let opened = try loaded.open(store: path, checksIntegrity: checksIntegrity)
        let current = opened.currentVersion
        return LoadedStore(
            overview: StoreOverview(contents: opened.contents),
            versions: opened.versionOrder.map { VersionInfo(name: $0, isCurrent: $0 == current) },
            compatibility: opened.compatibility, modelName: modelPath.map { URL(fileURLWithPath: $0).lastPathComponent },
            defaultTarget: opened.defaultTarget, identicalVersions: opened.identicalHashVersions)
    }

    /// Reads a page of rows, typed by the store's version of the model (or its own cached model).
    package func rows(
        storePath: String, entity: String, offset: Int, limit: Int, query: RowQuery, cancellation: CancellationFlag?
    ) throws -> BrowserPage {
        let browser = try session(for: storePath)
        let page = try browser.page(entity: entity, offset: offset, limit: limit, query: query, cancellation: cancellation)
        // A row found by key is typed as its own entity (a sub-entity's object reached through its parent).
        // A table missing a column its model implies is still shown, as stored: the rows are what the user
        // came to see, and `verify` names what is missing. An unreadable snapshot still fails.
        let layout: EntityColumns?
        do {
            layout = try browser.columns(of: page.entity)
        } catch is ExportError {
            layout = nil
        }
        return BrowserPage(rows: page, columns: layout)
    }

    /// Drops the browsing session: the next page opens one on a new snapshot.
    package func readAfresh() {
        cache.withLock { $0 = nil }
    }

    /// The to-many relationships of one object, found where the store's version of the model says they are
    /// kept; none without a model (the store's own cached model counts), which alone names relationships.
    package func related(storePath: String, entity: String, key: Int64, limit: Int) throws -> [RelatedObjects] {
        try session(for: storePath).related(entity: entity, key: key, limit: limit)
    }

    /// Salvages `store` into `output` with the model (or the store's cached model): what was kept, per entity.
    package func salvage(store: String, output: String) throws -> SalvageSummary {
        SalvageSummary(try readingProject().salvage(store: store, to: output))
    }

    /// Exports the rows of `entity` that `query` selects through the engine's export, the one
    /// `cdmigrate export --entity` runs, selecting as the browser's pages do.
    package func export(
        storePath: String, entity: String, query: RowQuery, to path: String, cancellation: CancellationFlag,
        progress: (Int) -> Void
    ) throws -> Int {
        let format = ExportFormat(rawValue: URL(fileURLWithPath: path).pathExtension.lowercased()) ?? .json
        return try readingProject()
            .export(
                store: storePath, entity: entity, selecting: query, format: format, to: .file(path), progress: progress,
                cancellation: cancellation
            ).objects
    }

    /// Seeds a store through the engine's seeding, the one `cdmigrate seed` runs; one line on what was written.
    package func seed(_ request: SeedRequest) throws -> String {
        let store = try readingProject()
            .seed(version: request.version, objects: request.objects, seed: request.seed, out: request.output)
        return "seeded " + SeedSummary.line(store, objectsPerEntity: request.objects)
    }

    /// The session on `storePath`, opened under the lock: pages are read on threads of their own, and two
    /// opened at once would each take a snapshot of the store.
    private func session(for storePath: String) throws -> StoreBrowser {
        try cache.withLock { cached in
            if let cached, cached.store == storePath { return cached }
            let browser = try readingProject().browse(store: storePath)
            cached = browser
            return browser
        }
    }

    /// The project the last load made; before any load (a test, a salvage offered before the store was
    /// read), one made now and kept.
    private func readingProject() throws -> MigrationProject {
        try project.withLock { kept in
            if let kept { return kept }
            let made = try MigrationProject(modelPath: modelPath, settings: PlanningSettings())
            kept = made
            return made
        }
    }
}
