import Foundation
import TestSupport

/// Two corpus stores of which the newer is Core Data's own migration of the older: same store UUID, and the
/// newer holds exactly the older's objects (`docs/guide/store-schema.md`, "Apple's own migrations"). Stores
/// that share a UUID but were used after their migration (wibosco-colors 2 → 3, wibosco-sections 2 → 3, wire
/// 2.53.0 → 2.54.0) are not pairs.
struct ApplePair: Sendable, CustomStringConvertible {
    /// How Apple's migration kept the objects' keys.
    enum Keys: Sendable {
        /// Every object keeps its `Z_PK` and `Z_OPT`: rows compare one for one.
        case kept
        /// Apple's migration copied the objects into a new store and numbered them afresh (Moody's stores,
        /// framework 637, even for its inferred step): objects compare by their values and relationships.
        case renumbered
    }

    let older: String
    let newer: String
    let model: String
    let from: String
    let to: String
    /// The folder of Xcode mapping models the app migrated with, relative to the corpus.
    var mappings: String? = nil
    var keys: Keys = .kept

    var description: String { "\(older) → \(newer)" }

    /// A value the app's authors wrote into a fixture after Core Data had migrated it, outside Core Data (the
    /// row's `Z_OPT` did not change, and the older store holds the value nowhere): migrating the older store
    /// cannot give it. Wire's own migration test expects these values (`DatabaseMigrationTests`: users 'titus'
    /// and 'andre' by handle, one silenced conversation in 2.53.0).
    struct EditedCell: Sendable, CustomStringConvertible {
        let table: String
        let key: Int
        let column: String
        /// The value in Apple's store, and the one the migration gives, as `StoreDump` prints them.
        let apple: String
        let ours: String
        var description: String { "\(table) \(key) \(column)" }
    }

    /// The edited values, by the newer store of the pair.
    static let editedAfterMigration: [String: [EditedCell]] = [
        "wire/stores/store2-24-1.wiredatabase": [
            EditedCell(table: "ZUSER", key: 12, column: "ZHANDLE", apple: #"string("titus")"#, ours: "null"),
            EditedCell(table: "ZUSER", key: 19, column: "ZHANDLE", apple: #"string("andre")"#, ours: "null"),
        ],
        "wire/stores/store2-53-0.wiredatabase": [
            EditedCell(table: "ZCONVERSATION", key: 11, column: "ZISSILENCED", apple: "int64(1)", ours: "int64(0)")
        ],
    ]

    static let moodyModel = "moody/Moody.xcdatamodeld"

    static let all: [ApplePair] = {
        let sections = "wibosco-sections/CoreDataMigration_Example.xcdatamodeld"
        var pairs = [
            ApplePair(
                older: "coredataplus-cars/stores/SampleModel_V1.sqlite", newer: "coredataplus-cars/stores/SampleModel_V2.sqlite",
                model: "coredataplus-cars/SampleModel.xcdatamodeld", from: "SampleModel", to: "SampleModel2"),
            ApplePair(
                older: "wibosco-sections/stores/CoreDataMigration_Example_1.sqlite",
                newer: "wibosco-sections/stores/CoreDataMigration_Example_2.sqlite", model: sections,
                from: "CoreDataMigration_Example", to: "CoreDataMigration_Example 2"),
        ]
        let moody = ["Moody", "Moody 2", "Moody 3", "Moody 4", "Moody 5"]
        for (older, newer) in zip(moody, moody.dropFirst()) {
            pairs.append(
                ApplePair(
                    older: "moody/stores/\(older).moody", newer: "moody/stores/\(newer).moody", model: moodyModel, from: older,
                    to: newer, mappings: "moody/mappings", keys: .renumbered))
        }
        return pairs + wire
    }()

    /// Wire's fixtures from 2.6 on share one store UUID: the app's test suite makes each new fixture by copying
    /// the one before it (by file name) and opening the copy with the new model, so that Core Data migrates it
    /// in place (`DatabaseMigrationTests` in wire-ios-data-model). A pair is two fixtures next to each other by
    /// file name, at the versions their hashes give, where the newer is at a later version: not where a
    /// fixture is a copy of an older one (`store2-49-0`, `2-50-0`, `2-61-0` hold the 2.24.1 store) or at
    /// versions whose hashes are equal (Core Data opens such a store without migrating it: `store2-47-0`
    /// still records 2.46.0), nor `store2-54-0`, written anew with other objects, nor `store2-65-0`, at no
    /// version of the model.
    static let wire: [ApplePair] = {
        let numbers = { (text: String) in text.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) } }
        let files = CorpusStore.wireVersions.keys.filter { !numbers($0).lexicographicallyPrecedes([2, 6]) }
            .sorted { numbers($0).lexicographicallyPrecedes(numbers($1)) }
        let version = { (file: String) in CorpusStore.named("wire/stores/\(file)")?.version }
        return zip(files, files.dropFirst()).compactMap { older, newer in
            guard newer != "store2-54-0.wiredatabase", let from = version(older), let to = version(newer),
                numbers(from).lexicographicallyPrecedes(numbers(to)),
                CorpusStore.wireVersions[older] != CorpusStore.wireVersions[newer]
            else { return nil }
            return ApplePair(
                older: "wire/stores/\(older)", newer: "wire/stores/\(newer)", model: "wire/zmessaging.xcdatamodeld", from: from,
                to: to)
        }
    }()
}
