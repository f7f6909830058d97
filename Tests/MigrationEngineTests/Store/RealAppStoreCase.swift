import Foundation
import MigrationEngine
import TestSupport

/// The stores of the real apps in `../shared/corpus` (`wire`, `moody`, `coredataplus-cars`), each with the
/// model version its README says it is at, and the versions whose hashes are the same as that one's.
struct RealAppStoreCase: Sendable, CustomStringConvertible {
    let store: String
    let model: String
    let version: String
    /// Versions with exactly the same hashes (Core Data cannot tell them apart either).
    let sameHashes: Set<String>

    var description: String { store }

    static let wireModel = "wire/zmessaging.xcdatamodeld"
    static let moodyModel = "moody/Moody.xcdatamodeld"
    static let carsModel = "coredataplus-cars/SampleModel.xcdatamodeld"

    static let wire: [RealAppStoreCase] = [
        ("2-21-1", "2.21.1", []), ("2-24-1", "2.24.1", []), ("2-46-0", "2.46.0", ["2.47.0"]), ("2-54-0", "2.54.0", []),
        ("2-64-0", "2.64.0", ["2.65.0"]), ("2-80-0", "2.80.0", ["2.81.0"]), ("2-90-0", "2.90.0", []),
        ("2-101-0", "2.101.0", []),
    ].map { file, version, same in
        RealAppStoreCase(
            store: "wire/stores/store\(file).wiredatabase", model: wireModel, version: "zmessaging\(version)",
            sameHashes: Set(same.map { "zmessaging\($0)" }))
    }

    static let moody: [RealAppStoreCase] = ["Moody", "Moody 2", "Moody 3", "Moody 4", "Moody 5"].map {
        RealAppStoreCase(store: "moody/stores/\($0).moody", model: moodyModel, version: $0, sameHashes: [])
    }

    static let cars: [RealAppStoreCase] = [
        RealAppStoreCase(
            store: "coredataplus-cars/stores/SampleModel_V1.sqlite", model: carsModel, version: "SampleModel", sameHashes: []),
        RealAppStoreCase(
            store: "coredataplus-cars/stores/SampleModel_V2.sqlite", model: carsModel, version: "SampleModel2", sameHashes: []),
    ]

    static let all = wire + moody + cars

    /// Every version the store may be reported at.
    var versions: Set<String> { sameHashes.union([version]) }

    /// The case's model, loaded once for every test that uses it (the wire model has 90 versions).
    func bundle() throws -> ModelBundle {
        switch model {
        case Self.wireModel: try Self.wireBundle.get()
        case Self.moodyModel: try Self.moodyBundle.get()
        default: try Self.carsBundle.get()
        }
    }

    private static let wireBundle = Result { try ModelLoader.load(path: Corpus.path(wireModel)) }
    private static let moodyBundle = Result { try ModelLoader.load(path: Corpus.path(moodyModel)) }
    private static let carsBundle = Result { try ModelLoader.load(path: Corpus.path(carsModel)) }
}
