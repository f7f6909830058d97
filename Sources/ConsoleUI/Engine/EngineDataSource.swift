import Foundation
import MigrationEngine
import Synchronization

/// The console's reading access to the real engine, through ``MigrationProject``: a store opened with its
/// versions' fit, and a browsing session kept open on one snapshot while the data browser is used.
package final class EngineDataSource: ConsoleDataSource {
    /// The model (`.xcdatamodeld`, `.momd`, …), if one was given or found.
    package let modelPath: String?
    /// Which reading of the model and the store is current: ``readAfresh()`` (on the UI thread, before the
    /// store and its page are read again) moves it on, and whatever was made for an older one is made again.
    /// Never held during slow work, so moving it on never waits.
    private let generation = Mutex(0)
    /// The open browsing session, on the store last paged, and the generation it was opened in. Held while a
    /// session opens: pages are read on threads of their own, and two opened at once would each take a
    /// snapshot of the store.
    private let cache = Mutex<(generation: Int, browser: StoreBrowser)?>(nil)
    /// The project pages, loads, exports, salvage and seeding go through, and the generation its model was read
    /// in: one model parse per generation, shared by the store's read and its page whichever comes first, so
    /// rows are never typed by a model other than the one the store on screen was read with. Without the
    /// planning settings: their mapping folders matter to plans only, and a broken mapping file must not keep
    /// the rows from being read. Held while the model is parsed, so two reads of one generation parse it once.
    private let project = Mutex<(generation: Int, project: MigrationProject)?>(nil)

    /// Creates a data source.
    package init(modelPath: String?) {
        self.modelPath = modelPath
    }

    /// Reads the store and checks it against every model version. With `checksIntegrity` SQLite's
    /// `quick_check` runs first, so a damaged store is found here, where salvage can be offered, not later in
    /// the data browser; the console leaves it out only for the store a migration has just integrity-checked.
    /// The model is the one read since ``readAfresh()`` was last called (read now if not yet), the one the
    /// store's pages are typed by: the console calls ``readAfresh()`` before every load, so a model edited
    /// while it is open is read again by `r`.
    package func loadStore(at path: String, checksIntegrity: Bool) throws -> LoadedStore {
        let reading = try readingProject()
        let settings = try modelPath.map { try PlanningSettings.besideModel($0) } ?? PlanningSettings()
        let loaded = try MigrationProject(bundle: reading.bundle, settings: settings, snapshot: reading.snapshot)
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
        // A row found by key is typed as its own entity (a sub-entity's object reached through its parent); a
        // table the model does not lay out is shown as stored. An unreadable snapshot still fails.
        return BrowserPage(rows: page, columns: try browser.shownColumns(of: page))
    }

    /// Moves on to a new reading: the next page opens a session on a new snapshot, and the next read of the
    /// store or of a page reads the model again (once for both). Quick: called on the UI thread.
    package func readAfresh() {
        generation.withLock { $0 += 1 }
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
        let current = generation.withLock { $0 }
        return try cache.withLock { cached in
            if let cached, cached.generation == current, cached.browser.store == storePath { return cached.browser }
            let browser = try readingProject().browse(store: storePath)
            cached = (current, browser)
            return browser
        }
    }

    /// The project of this generation: the one the store's read or a page of it made since ``readAfresh()``,
    /// else one made now and kept.
    private func readingProject() throws -> MigrationProject {
        let current = generation.withLock { $0 }
        return try project.withLock { kept in
            if let kept, kept.generation == current { return kept.project }
            let made = try MigrationProject(modelPath: modelPath, settings: PlanningSettings())
            kept = (current, made)
            return made
        }
    }
}
