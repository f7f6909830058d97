import Foundation
import MigrationEngine
import TestSupport

/// The second wave's real-app stores (`wire`'s eight, `moody`, `coredataplus-cars`), each with the model
/// version its README says it is at: the sources of the chain and planning tests. Every store of the corpus,
/// for every conformance check: ``CorpusStore/all``.
struct RealAppStoreCase: Sendable, CustomStringConvertible {
    let store: String
    let model: String
    let version: String

    var description: String { store }

    static let wireModel = "wire/zmessaging.xcdatamodeld"
    static let moodyModel = "moody/Moody.xcdatamodeld"
    static let carsModel = "coredataplus-cars/SampleModel.xcdatamodeld"

    static let wire: [RealAppStoreCase] = [
        ("2-21-1", "2.21.1"), ("2-24-1", "2.24.1"), ("2-46-0", "2.46.0"), ("2-54-0", "2.54.0"), ("2-64-0", "2.64.0"),
        ("2-80-0", "2.80.0"), ("2-90-0", "2.90.0"), ("2-101-0", "2.101.0"),
    ].map { file, version in
        RealAppStoreCase(store: "wire/stores/store\(file).wiredatabase", model: wireModel, version: "zmessaging\(version)")
    }

    static let moody: [RealAppStoreCase] = ["Moody", "Moody 2", "Moody 3", "Moody 4", "Moody 5"].map {
        RealAppStoreCase(store: "moody/stores/\($0).moody", model: moodyModel, version: $0)
    }

    static let cars: [RealAppStoreCase] = [
        RealAppStoreCase(
            store: "coredataplus-cars/stores/SampleModel_V1.sqlite", model: carsModel, version: "SampleModel"),
        RealAppStoreCase(
            store: "coredataplus-cars/stores/SampleModel_V2.sqlite", model: carsModel, version: "SampleModel2"),
    ]

    static let all = wire + moody + cars

    /// The case's model, loaded once for every test that uses it (the wire model has 90 versions).
    func bundle() throws -> ModelBundle { try CorpusStore.bundle(model) }
}
