/// A difference between an Apple store's `sqlite_master` (or `Z_PRIMARYKEY`) and the schema cdmigrate
/// creates for the store's model version that depends on the store's history, not on its model: Core Data
/// migrates stores in place, and what an earlier version wrote stays. `docs/guide/store-schema.md`
/// explains each ``Reason``.
struct HistoryDifference: Sendable {
    /// Which schema holds the entry.
    enum Side: Sendable, Hashable {
        /// Only Apple's store has it (or has it with other SQL).
        case appleOnly
        /// Only cdmigrate's schema has it (or has it with other SQL).
        case predictedOnly
    }

    /// Why the difference is not predicted. Differences recognised by their shape in any store are
    /// ``HistoryRule``s; these are the ones only a store's own story explains.
    enum Reason: Sendable {
        /// An entity name Core Data's migration kept in `Z_PRIMARYKEY` after the model renamed the entity.
        case keptEntityName
        /// A self-referencing many-to-many table named after the side CoreFoundation's 32-bit string hash puts
        /// first (`JoinTableNamingTests.thirtyTwoBit`): these stores were most likely written on 32-bit devices.
        case thirtyTwoBitHash
    }

    /// What a difference is matched on.
    struct Key: Sendable, Hashable {
        let side: Side
        let name: String
    }

    let side: Side
    let name: String
    let reason: Reason

    var key: Key { Key(side: side, name: name) }

    init(_ side: Side, _ name: String, _ reason: Reason) {
        self.side = side
        self.name = name
        self.reason = reason
    }

    /// The accepted differences, per store.
    static let all: [String: [HistoryDifference]] = {
        var all: [String: [HistoryDifference]] = [
            "coredataplus-cars/stores/SampleModel_V2.sqlite": [
                .init(.appleOnly, "Z_PRIMARYKEY 3|ExpensiveSportCar|2", .keptEntityName),
                .init(.predictedOnly, "Z_PRIMARYKEY 3|LuxuryCar|2", .keptEntityName),
            ]
        ]
        for store in ["store1-27", "store1-28", "store2-3"] {
            all["wire/stores/\(store).wiredatabase"] = [
                .init(.appleOnly, "Z_14IGNOREDBYCLIENTS", .thirtyTwoBitHash),
                .init(.appleOnly, "Z_14IGNOREDBYCLIENTS_Z_14IGNOREDBYCLIENTS_INDEX", .thirtyTwoBitHash),
                .init(.appleOnly, "Z_14TRUSTEDBYCLIENTS", .thirtyTwoBitHash),
                .init(.appleOnly, "Z_14TRUSTEDBYCLIENTS_Z_14TRUSTEDBYCLIENTS_INDEX", .thirtyTwoBitHash),
                .init(.predictedOnly, "Z_14IGNOREDCLIENTS", .thirtyTwoBitHash),
                .init(.predictedOnly, "Z_14IGNOREDCLIENTS_Z_14IGNOREDCLIENTS_INDEX", .thirtyTwoBitHash),
                .init(.predictedOnly, "Z_14TRUSTEDCLIENTS", .thirtyTwoBitHash),
                .init(.predictedOnly, "Z_14TRUSTEDCLIENTS_Z_14TRUSTEDCLIENTS_INDEX", .thirtyTwoBitHash),
            ]
        }
        return all
    }()
}
