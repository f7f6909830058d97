import Foundation
import TestSupport

/// One Apple-written store of the corpus and the model version it is at, for the schema-prediction test.
struct SchemaPredictionCase: Sendable, CustomStringConvertible {
    /// The store, relative to the corpus.
    let store: String
    /// The model source, relative to the corpus; `nil` when only the store's `Z_MODELCACHE` describes it.
    let model: String?
    /// The version's name inside `model` (the README's table).
    let version: String?

    var description: String { store }

    /// Every store on disk (`CorpusStoreCase.storesOnDisk`), each with the version its README or
    /// `wire/expected-versions.json` names; a store at no version of a model source is read through its cache.
    static let all: [SchemaPredictionCase] = CorpusStoreCase.storesOnDisk.map(forStore)

    /// The versions of the stores outside `wire`, by store path; a store not listed and outside `wire` is
    /// described only by its cache (coredataplus-books, recipes, swiftdata-resources).
    static let versions: [String: (model: String, version: String)] = {
        var table: [String: (model: String, version: String)] = [:]
        let colors = "wibosco-colors/CoreDataMigration_Example.xcdatamodeld"
        let sections = "wibosco-sections/CoreDataMigration_Example.xcdatamodeld"
        for (version, suffix) in [
            ("CoreDataMigration_Example", "1"), ("CoreDataMigration_Example 2", "2"), ("CoreDataMigration_Example 3", "3"),
            ("CoreDataMigration_Example 4", "WAL"),
        ] {
            table["wibosco-colors/stores/CoreDataMigration_Example_\(suffix).sqlite"] = (colors, version)
            if suffix != "WAL" {
                table["wibosco-sections/stores/CoreDataMigration_Example_\(suffix).sqlite"] = (sections, version)
            }
        }
        for version in ["v1.0.0", "v1.1.0", "v1.1.2", "v1.2.0", "v2.0.0"] {
            table["rename-chain/stores/Example_\(version).sqlite"] = ("rename-chain/Model.xcdatamodeld", version)
        }
        for (index, version) in ["Moody", "Moody 2", "Moody 3", "Moody 4", "Moody 5"].enumerated() {
            table["moody/stores/\(index == 0 ? "Moody" : "Moody \(index + 1)").moody"] = ("moody/Moody.xcdatamodeld", version)
        }
        let cars = "coredataplus-cars/SampleModel.xcdatamodeld"
        table["coredataplus-cars/stores/SampleModel_V1.sqlite"] = (cars, "SampleModel")
        table["coredataplus-cars/stores/SampleModel_V2.sqlite"] = (cars, "SampleModel2")
        table["coredataplus-users/stores/SampleModel3_V1.sqlite"] = (
            "coredataplus-users/SampleModel3.xcdatamodeld", "SampleModel3"
        )
        table["bnr-authors/stores/TestModel.sqlite"] = ("bnr-authors/Sample.xcdatamodeld", "TestModel")
        let easyLife = "easylife-todos/EasyLife.xcdatamodeld"
        table["easylife-todos/stores/EasyLife.sqlite"] = (easyLife, "EasyLife 1.3.0")
        table["easylife-todos/stores/EasyLife 1.3.0.sqlite"] = (easyLife, "EasyLife 1.3.0")
        table["easylife-todos/stores/EasyLife 1.5.0.sqlite"] = (easyLife, "EasyLife 1.5.0")
        table["mhw-books/stores/Model1.sqlite"] = ("mhw-books/Model.xcdatamodeld", "Model1")
        table["surfjournal/stores/SurfJournalModel.sqlite"] = (
            "surfjournal/SurfJournalModel.xcdatamodeld", "SurfJournalModel"
        )
        return table
    }()

    /// Wire's versions as `wire/expected-versions.json` gives them (decided independently of cdmigrate).
    static let wireVersions: [String: [String]] = {
        let path = Corpus.path("wire/expected-versions.json")
        guard let data = FileManager.default.contents(atPath: path) else { return [:] }
        return (try? JSONDecoder().decode([String: [String]].self, from: data)) ?? [:]
    }()

    static func forStore(_ store: String) -> SchemaPredictionCase {
        if let known = versions[store] { return .init(store: store, model: known.model, version: known.version) }
        let file = String(store.dropFirst("wire/stores/".count))
        if store.hasPrefix("wire/stores/"), let versions = wireVersions[file], let first = versions.first {
            // Of versions with equal hashes, the one the file is named after: they may differ in what the
            // hashes leave out (2.100.0 adds fetch indexes to 2.98.0).
            let named = "zmessaging" + file.dropFirst("store".count).prefix { $0 != "." }.replacingOccurrences(of: "-", with: ".")
            return .init(
                store: store, model: "wire/zmessaging.xcdatamodeld", version: versions.contains(named) ? named : first)
        }
        return .init(store: store, model: nil, version: nil)
    }
}
