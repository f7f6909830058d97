import Foundation
import MigrationEngine
import Synchronization

/// The console's reading access to the real engine: the store reader, the compatibility check, and a row
/// pager kept open on one snapshot while the data browser is used.
package final class EngineDataSource: ConsoleDataSource {
    /// The model (`.xcdatamodeld`, `.momd`, …), if one was given or found.
    package let modelPath: String?
    private let cache = Mutex<Cache?>(nil)

    private struct Cache {
        var storePath: String
        var pager: EntityRowPager
        var model: ObjectModel?
    }

    /// Creates a data source.
    package init(modelPath: String?) {
        self.modelPath = modelPath
    }

    /// Reads the store and checks it against every model version. With `checksIntegrity` SQLite's
    /// `quick_check` runs first, so a damaged store is found here, where salvage can be offered, not later in
    /// the data browser; the console leaves it out only for the store a migration has just integrity-checked.
    package func loadStore(at path: String, checksIntegrity: Bool) throws -> LoadedStore {
        cache.withLock { $0 = nil }
        let contents = try StoreReader.read(path: path, checkIntegrity: checksIntegrity)
        let overview = StoreOverview(contents: contents)
        guard let modelPath else {
            return LoadedStore(overview: overview, versions: [], compatibility: nil, modelName: nil, defaultTarget: nil)
        }
        let bundle = try ModelLoader.load(path: modelPath)
        let report = CompatibilityCheck.check(
            bundle, metadata: contents.metadata, storeModel: try? contents.cachedModel(), tableColumns: contents.tableColumns)
        let versions = try Self.ordered(bundle).map { VersionInfo(name: $0, isCurrent: $0 == bundle.currentVersionName) }
        return LoadedStore(
            overview: overview, versions: versions, compatibility: report,
            modelName: URL(fileURLWithPath: modelPath).lastPathComponent,
            defaultTarget: bundle.currentVersionName ?? bundle.versions.last?.name,
            identicalVersions: bundle.identicalHashVersions)
    }

    /// The version names in the planner's order (the project file's rule beside the model, else natural
    /// order); an invalid project file is an error here as it is for the planner.
    static func ordered(_ bundle: ModelBundle) throws -> [String] {
        try PlanningSettings.besideModel(bundle.path).versionOrder(for: bundle.versions.map(\.name)).sequence
    }

    /// Reads a page of rows, typed by the store's version of the model (or its own cached model).
    package func rows(storePath: String, entity: String, offset: Int, limit: Int, query: RowQuery = .all) throws
        -> BrowserPage
    {
        let (pager, model) = try session(for: storePath)
        if query.predicate != nil {
            guard let model else {
                throw ExportError(
                    store: storePath, message: "a query needs the store's model, and none was found", category: .invalidInput)
            }
            return BrowserPage(
                rows: try pager.page(entity: entity, offset: offset, limit: limit, query: query, model: model), model: model)
        }
        return BrowserPage(rows: try pager.page(entity: entity, offset: offset, limit: limit, query: query), model: model)
    }

    /// The to-many relationships of one object, found where the store's version of the model says they are
    /// kept; none without a model (the store's own cached model counts), which alone names relationships.
    package func related(storePath: String, entity: String, key: Int64, limit: Int) throws -> [RelatedObjects] {
        let (pager, model) = try session(for: storePath)
        guard let model else { return [] }
        return try pager.related(entity: entity, key: key, model: model, limit: limit)
    }

    /// Salvages `store` into `output` with the model (or the store's cached model); one line on what was kept.
    package func salvage(store: String, output: String) throws -> String {
        let report = try MigrationProject(modelPath: modelPath, settings: PlanningSettings()).salvage(store: store, to: output)
        var lost = report.lost.map { ", \(NumberText.grouped($0)) known lost" } ?? ""
        if let more = report.mayHaveBeenLost, more > 0 {
            lost += ", up to \(NumberText.grouped(Int(more))) more may have been lost"
        }
        let cleared = report.danglingReferences.map(\.cleared).reduce(0, +)
        let references = cleared > 0 ? ", \(NumberText.grouped(cleared)) references to lost objects cleared" : ""
        let recovered = NumberText.grouped(report.recovered)
        let name = URL(fileURLWithPath: output).lastPathComponent
        return "Salvaged into \(name): \(recovered) objects recovered\(lost)\(references)"
    }

    /// Exports `entity` through the engine's export, the one `cdmigrate export --entity` runs.
    package func export(storePath: String, entity: String, to path: String, cancellation: CancellationFlag) throws
        -> Int
    {
        let format = ExportFormat(rawValue: URL(fileURLWithPath: path).pathExtension.lowercased()) ?? .json
        let counts = try MigrationProject(modelPath: modelPath, settings: PlanningSettings())
            .export(store: storePath, entity: entity, format: format, to: .file(path), cancellation: cancellation)
        return counts.reduce(0) { $0 + $1.objects }
    }

    private func session(for storePath: String) throws -> (EntityRowPager, ObjectModel?) {
        if let cached = cache.withLock({ $0 }), cached.storePath == storePath { return (cached.pager, cached.model) }
        let contents = try StoreReader.read(path: storePath, checkIntegrity: false)
        // The model `rows` and `export` read by; rows whose model cannot be found are still shown, untyped.
        let bundle = modelPath.flatMap { try? ModelLoader.load(path: $0) }
        let model = try? ObjectReadingModel.choose(bundle: bundle, contents: contents, store: storePath).model
        let pager = try EntityRowPager(path: storePath, counts: contents.rowCounts)
        cache.withLock { $0 = Cache(storePath: storePath, pager: pager, model: model) }
        return (pager, model)
    }
}
