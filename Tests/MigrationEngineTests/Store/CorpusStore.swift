import Foundation
import MigrationEngine
import TestSupport

/// One store of `../shared/corpus` in the one table of them all (``all``), which every conformance check runs
/// over: its model source, the versions whose hashes equal the store's, and where a check is expected to
/// refuse it, why (the store's own bytes show it). `CorpusConformanceTests.everyStoreIsListed` fails for a
/// store on disk that the table misses, so a store added to the corpus cannot go unchecked.
struct CorpusStore: Sendable, CustomStringConvertible {
    /// The store, relative to the corpus.
    let store: String
    /// The model source beside the store, relative to the corpus; nil when only the store's `Z_MODELCACHE`
    /// describes it (a model built in code, a SwiftData store).
    let model: String?
    /// Every version of ``model`` whose hashes equal the store's (several where versions share hashes: Core
    /// Data cannot tell them apart either); empty for a store at no version, read through its cached model.
    let versions: [String]
    /// Where `verify` refuses the store although Core Data wrote it, with the message expected.
    var refusal: Refusal? = nil

    var description: String { store }

    /// A check refusing a store Core Data wrote, for a reason the store's own bytes show.
    struct Refusal: Sendable {
        /// What the refusal's one line says.
        let message: String
        /// What in the store shows it (for the reader of the table; the test asserts ``message``).
        let evidence: String
    }

    /// The version the store is read at (schema prediction, export): of versions with equal hashes, the one
    /// the file is named after, as they may differ in what the hashes leave out (2.100.0 adds fetch indexes
    /// to 2.98.0); nil for a store at no version.
    var version: String? {
        guard store.hasPrefix("wire/stores/") else { return versions.first }
        let file = store.dropFirst("wire/stores/store".count).prefix { $0 != "." }
        let named = "zmessaging" + file.replacingOccurrences(of: "-", with: ".")
        return versions.contains(named) ? named : versions.first
    }

    /// Whether the store is read through its own cached model: no model source, or at no version of it.
    var readsThroughCache: Bool { model == nil || versions.isEmpty }

    static let wireModel = "wire/zmessaging.xcdatamodeld"

    /// Every store of the corpus: those outside `wire` as its README lists them, and wire's as
    /// `wire/expected-versions.json` gives them (decided independently of cdmigrate).
    static let all: [CorpusStore] = (others + wire).sorted { $0.store < $1.store }

    /// The table's entry for a store.
    static func named(_ store: String) -> CorpusStore? { all.first { $0.store == store } }

    /// Wire's versions by fixture file, as `wire/expected-versions.json` gives them.
    static let wireVersions: [String: [String]] = {
        guard let data = FileManager.default.contents(atPath: Corpus.path("wire/expected-versions.json")) else { return [:] }
        return (try? JSONDecoder().decode([String: [String]].self, from: data)) ?? [:]
    }()

    static let wire: [CorpusStore] = wireVersions.map { file, versions in
        let store = "wire/stores/\(file)"
        guard file == "store1-27.wiredatabase" else { return CorpusStore(store: store, model: wireModel, versions: versions) }
        return CorpusStore(
            store: store, model: wireModel, versions: versions,
            refusal: Refusal(
                message: "Connection 1 breaks zmessaging1.27: to names no User object (to is User 10)",
                evidence: """
                    ZCONNECTION.ZTO names Users 3, 5, 6 and 10, which ZUSER does not hold (Z_MAX 11); both sides \
                    of Connection.to / User.connection nullify on delete, so Core Data's own deletes never leave \
                    such a key, and the next fixtures (store1-28, store2-3, other UUIDs) hold none
                    """))
    }

    /// The stores outside `wire`, each with the version the corpus README names.
    static let others: [CorpusStore] = {
        var table: [CorpusStore] = []
        func add(_ store: String, _ model: String?, _ versions: [String]) {
            table.append(CorpusStore(store: store, model: model, versions: versions))
        }
        let colors = "wibosco-colors/CoreDataMigration_Example.xcdatamodeld"
        let sections = "wibosco-sections/CoreDataMigration_Example.xcdatamodeld"
        for (version, suffix) in [
            ("CoreDataMigration_Example", "1"), ("CoreDataMigration_Example 2", "2"), ("CoreDataMigration_Example 3", "3"),
            ("CoreDataMigration_Example 4", "WAL"),
        ] {
            add("wibosco-colors/stores/CoreDataMigration_Example_\(suffix).sqlite", colors, [version])
            if suffix != "WAL" { add("wibosco-sections/stores/CoreDataMigration_Example_\(suffix).sqlite", sections, [version]) }
        }
        for version in ["v1.0.0", "v1.1.0", "v1.1.2", "v1.2.0", "v2.0.0"] {
            add("rename-chain/stores/Example_\(version).sqlite", "rename-chain/Model.xcdatamodeld", [version])
        }
        for version in ["Moody", "Moody 2", "Moody 3", "Moody 4", "Moody 5"] {
            add("moody/stores/\(version).moody", "moody/Moody.xcdatamodeld", [version])
        }
        let cars = "coredataplus-cars/SampleModel.xcdatamodeld"
        add("coredataplus-cars/stores/SampleModel_V1.sqlite", cars, ["SampleModel"])
        add("coredataplus-cars/stores/SampleModel_V2.sqlite", cars, ["SampleModel2"])
        add("coredataplus-users/stores/SampleModel3_V1.sqlite", "coredataplus-users/SampleModel3.xcdatamodeld", ["SampleModel3"])
        add("bnr-authors/stores/TestModel.sqlite", "bnr-authors/Sample.xcdatamodeld", ["TestModel"])
        let easyLife = "easylife-todos/EasyLife.xcdatamodeld"
        add("easylife-todos/stores/EasyLife.sqlite", easyLife, ["EasyLife 1.3.0"])
        add("easylife-todos/stores/EasyLife 1.3.0.sqlite", easyLife, ["EasyLife 1.3.0"])
        add("easylife-todos/stores/EasyLife 1.5.0.sqlite", easyLife, ["EasyLife 1.5.0"])
        add("mhw-books/stores/Model1.sqlite", "mhw-books/Model.xcdatamodeld", ["Model1"])
        add("surfjournal/stores/SurfJournalModel.sqlite", "surfjournal/SurfJournalModel.xcdatamodeld", ["SurfJournalModel"])
        // The repository's redrawn model matches no version of Apple's shipped store; its cache does.
        add("recipes/stores/Recipes.sqlite", "recipes/Recipes.xcdatamodeld", [])
        // Models built in code or by SwiftData: only the stores' caches describe them.
        add("coredataplus-books/stores/SampleModel2_V1.sqlite", nil, [])
        add("coredataplus-books/stores/SampleModel2_V2.sqlite", nil, [])
        add("swiftdata-resources/stores/default.store", nil, [])
        return table
    }()

    /// Every store actually present in the corpus, whatever its extension (`.sqlite`, `.wiredatabase`,
    /// `.moody`, `.store`): each file that starts with SQLite's header.
    static var storesOnDisk: [String] {
        guard let walker = FileManager.default.enumerator(atPath: Corpus.root.path) else { return [] }
        let header = Data("SQLite format 3\u{0}".utf8)
        return walker.compactMap { $0 as? String }.filter { relative in
            guard let handle = FileHandle(forReadingAtPath: Corpus.path(relative)) else { return false }
            defer { try? handle.close() }
            return (try? handle.read(upToCount: header.count)) == header
        }.sorted()
    }

    /// Every model source the table names, each loaded once for every test (wire's has 90 versions, and 82
    /// stores use it).
    static let bundles: [String: Result<ModelBundle, any Error>] = Dictionary(
        Set(all.compactMap(\.model)).map { path in (path, Result { try ModelLoader.load(path: Corpus.path(path)) }) },
        uniquingKeysWith: { first, _ in first })

    /// A model source of the table, loaded once.
    static func bundle(_ path: String) throws -> ModelBundle {
        guard let loaded = bundles[path] else { throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: path]) }
        return try loaded.get()
    }
}
