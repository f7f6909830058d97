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

    /// Why the difference is history, not a wrong rule.
    enum Reason: Sendable {
        /// An index an earlier version created; in-place migrations never drop indexes, so it outlives the
        /// entity numbers or index rules it was named for.
        case leftoverIndex
        /// A column an in-place migration added with `ALTER TABLE … ADD COLUMN`, so it sits at the end
        /// (SQLite keeps ` , ZNEW TYPE` as written) instead of in its group.
        case appendedColumn
        /// A join table an in-place migration renamed (`ALTER TABLE … RENAME`), which SQLite writes quoted
        /// and which keeps its earlier column order.
        case renamedTable
        /// An entity name Core Data's migration kept in `Z_PRIMARYKEY` after the model renamed the entity.
        case keptEntityName
        /// Persistent history tables, which belong to no model version.
        case persistentHistory
        /// Not history: several `Z_FOK_` columns in one table whose relative order follows no rule seen
        /// (wire 2.21.1–2.54.0 put `Z_FOK_VISIBLEINCONVERSATION` before `Z_FOK_HIDDENINCONVERSATION`, while
        /// `ZGENERICMESSAGEDATA` has `Z_FOK_ASSET` before `Z_FOK_MESSAGE`); cdmigrate orders them by the
        /// ordered to-many they serve (entity number, then name). Only the columns' order differs.
        case orderColumnOrder
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
    static let all: [String: [HistoryDifference]] = [
        "coredataplus-books/stores/SampleModel2_V1.sqlite": [
            .init(.appleOnly, "ACHANGE", .persistentHistory),
            .init(.appleOnly, "ACHANGE_ZTRANSACTIONID_INDEX", .persistentHistory),
            .init(.appleOnly, "ATRANSACTION", .persistentHistory),
            .init(.appleOnly, "ATRANSACTIONSTRING", .persistentHistory),
            .init(.appleOnly, "ATRANSACTION_ZAUTHORTS_INDEX", .persistentHistory),
            .init(.appleOnly, "ATRANSACTION_ZBUNDLEIDTS_INDEX", .persistentHistory),
            .init(.appleOnly, "ATRANSACTION_ZCONTEXTNAMETS_INDEX", .persistentHistory),
            .init(.appleOnly, "ATRANSACTION_ZPROCESSIDTS_INDEX", .persistentHistory),
            .init(.appleOnly, "Z_PRIMARYKEY 16001|CHANGE|0", .persistentHistory),
            .init(.appleOnly, "Z_PRIMARYKEY 16002|TRANSACTION|0", .persistentHistory),
            .init(.appleOnly, "Z_PRIMARYKEY 16003|TRANSACTIONSTRING|0", .persistentHistory),
            .init(.appleOnly, "Z_TRANSACTIONSTRING_UNIQUE_NAME", .persistentHistory),
            .init(.appleOnly, "Z_TRANSACTION_TransactionAuthorIndex", .persistentHistory),
            .init(.appleOnly, "Z_TRANSACTION_TransactionTimestampIndex", .persistentHistory),
        ],
        "coredataplus-cars/stores/SampleModel_V2.sqlite": [
            .init(.appleOnly, "Z_PRIMARYKEY 3|ExpensiveSportCar|2", .keptEntityName),
            .init(.predictedOnly, "Z_PRIMARYKEY 3|LuxuryCar|2", .keptEntityName),
        ],
        "wire/stores/store2-101-0.wiredatabase": [
            .init(.appleOnly, "ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX", .leftoverIndex),
            .init(.appleOnly, "ZCONVERSATION", .appendedColumn),
            .init(.predictedOnly, "ZCONVERSATION", .appendedColumn),
            .init(.appleOnly, "ZGENERICMESSAGEDATA", .appendedColumn),
            .init(.predictedOnly, "ZGENERICMESSAGEDATA", .appendedColumn),
            .init(.appleOnly, "ZMESSAGE", .appendedColumn),
            .init(.predictedOnly, "ZMESSAGE", .appendedColumn),
            .init(.appleOnly, "ZUSER", .appendedColumn),
            .init(.predictedOnly, "ZUSER", .appendedColumn),
            .init(.appleOnly, "Z_14ADDEDUSERS_Z_22ADDEDUSERS_INDEX", .leftoverIndex),
            .init(.appleOnly, "Z_14CLIENTS_Z_23CLIENTS_INDEX", .leftoverIndex),
            .init(.appleOnly, "Z_14REMOVEDUSERS_Z_22REMOVEDUSERS_INDEX", .leftoverIndex),
            .init(.appleOnly, "Z_14USERS_Z_22USERS1_INDEX", .leftoverIndex),
            .init(.appleOnly, "Z_15ADDEDUSERS", .renamedTable),
            .init(.predictedOnly, "Z_15ADDEDUSERS", .renamedTable),
            .init(.appleOnly, "Z_15ADDEDUSERS_Z_23ADDEDUSERS_INDEX", .leftoverIndex),
            .init(.predictedOnly, "Z_15ADDEDUSERS_Z_23ADDEDUSERS_INDEX", .leftoverIndex),
            .init(.appleOnly, "Z_15CLIENTS", .renamedTable),
            .init(.predictedOnly, "Z_15CLIENTS", .renamedTable),
            .init(.appleOnly, "Z_15CLIENTS_Z_24CLIENTS_INDEX", .leftoverIndex),
            .init(.predictedOnly, "Z_15CLIENTS_Z_24CLIENTS_INDEX", .leftoverIndex),
            .init(.appleOnly, "Z_15REMOVEDUSERS", .renamedTable),
            .init(.predictedOnly, "Z_15REMOVEDUSERS", .renamedTable),
            .init(.appleOnly, "Z_15REMOVEDUSERS_Z_23REMOVEDUSERS_INDEX", .leftoverIndex),
            .init(.predictedOnly, "Z_15REMOVEDUSERS_Z_23REMOVEDUSERS_INDEX", .leftoverIndex),
            .init(.appleOnly, "Z_15USERS", .renamedTable),
            .init(.predictedOnly, "Z_15USERS", .renamedTable),
            .init(.appleOnly, "Z_15USERS_Z_23USERS1_INDEX", .leftoverIndex),
            .init(.predictedOnly, "Z_15USERS_Z_23USERS1_INDEX", .leftoverIndex),
            .init(.appleOnly, "Z_16ADDEDUSERS_Z_24ADDEDUSERS_INDEX", .leftoverIndex),
            .init(.appleOnly, "Z_16CLIENTS_Z_25CLIENTS_INDEX", .leftoverIndex),
            .init(.appleOnly, "Z_16REMOVEDUSERS_Z_24REMOVEDUSERS_INDEX", .leftoverIndex),
            .init(.appleOnly, "Z_16USERS_Z_24USERS1_INDEX", .leftoverIndex),
            .init(.appleOnly, "Z_18USERS_Z_22USERS_INDEX", .leftoverIndex),
            .init(.appleOnly, "Z_19USERS", .renamedTable),
            .init(.predictedOnly, "Z_19USERS", .renamedTable),
            .init(.appleOnly, "Z_19USERS_Z_23USERS_INDEX", .leftoverIndex),
            .init(.predictedOnly, "Z_19USERS_Z_23USERS_INDEX", .leftoverIndex),
            .init(.appleOnly, "Z_1ROLE_Z_19ROLE_INDEX", .leftoverIndex),
            .init(.appleOnly, "Z_1ROLE_Z_21ROLE_INDEX", .leftoverIndex),
            .init(.appleOnly, "Z_20USERS_Z_24USERS_INDEX", .leftoverIndex),
            .init(.appleOnly, "Z_23IGNOREDCLIENTS_Z_23IGNOREDCLIENTS_INDEX", .leftoverIndex),
            .init(.appleOnly, "Z_23TRUSTEDCLIENTS_Z_23TRUSTEDCLIENTS_INDEX", .leftoverIndex),
            .init(.appleOnly, "Z_24IGNOREDCLIENTS", .renamedTable),
            .init(.predictedOnly, "Z_24IGNOREDCLIENTS", .renamedTable),
            .init(.appleOnly, "Z_24IGNOREDCLIENTS_Z_24IGNOREDCLIENTS_INDEX", .leftoverIndex),
            .init(.predictedOnly, "Z_24IGNOREDCLIENTS_Z_24IGNOREDCLIENTS_INDEX", .leftoverIndex),
            .init(.appleOnly, "Z_24TRUSTEDBYCLIENTS", .renamedTable),
            .init(.predictedOnly, "Z_24TRUSTEDBYCLIENTS", .renamedTable),
            .init(.appleOnly, "Z_24TRUSTEDCLIENTS_Z_24TRUSTEDCLIENTS_INDEX", .leftoverIndex),
            .init(.appleOnly, "Z_25IGNOREDCLIENTS_Z_25IGNOREDCLIENTS_INDEX", .leftoverIndex),
            .init(.appleOnly, "Z_25TRUSTEDBYCLIENTS_Z_25TRUSTEDBYCLIENTS_INDEX", .leftoverIndex),
            .init(.appleOnly, "Z_25TRUSTEDCLIENTS_Z_25TRUSTEDCLIENTS_INDEX", .leftoverIndex),
            .init(.appleOnly, "Z_5LABELS_Z_7LABELS_INDEX", .leftoverIndex),
            .init(.appleOnly, "Z_5LABELS_Z_9LABELS_INDEX", .leftoverIndex),
            .init(
                .appleOnly, "Z_5LASTSERVERSYNCEDACTIVEPARTICIPANTS_Z_22LASTSERVERSYNCEDACTIVEPARTICIPANTS_INDEX", .leftoverIndex),
            .init(
                .appleOnly, "Z_5LASTSERVERSYNCEDACTIVEPARTICIPANTS_Z_24LASTSERVERSYNCEDACTIVEPARTICIPANTS_INDEX", .leftoverIndex),
        ],
        "wire/stores/store2-21-1.wiredatabase": [
            .init(.appleOnly, "ZMESSAGE", .orderColumnOrder),
            .init(.predictedOnly, "ZMESSAGE", .orderColumnOrder),
        ],
        "wire/stores/store2-24-1.wiredatabase": [
            .init(.appleOnly, "ZMESSAGE", .orderColumnOrder),
            .init(.predictedOnly, "ZMESSAGE", .orderColumnOrder),
        ],
        "wire/stores/store2-46-0.wiredatabase": [
            .init(.appleOnly, "ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX", .leftoverIndex),
            .init(.appleOnly, "ZMESSAGE", .orderColumnOrder),
            .init(.predictedOnly, "ZMESSAGE", .orderColumnOrder),
        ],
        "wire/stores/store2-54-0.wiredatabase": [
            .init(.appleOnly, "ZMESSAGE", .orderColumnOrder),
            .init(.predictedOnly, "ZMESSAGE", .orderColumnOrder),
        ],
        "wire/stores/store2-64-0.wiredatabase": [
            .init(.appleOnly, "ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX", .leftoverIndex)
        ],
        "wire/stores/store2-80-0.wiredatabase": [
            .init(.appleOnly, "ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX", .leftoverIndex)
        ],
        "wire/stores/store2-90-0.wiredatabase": [
            .init(.appleOnly, "ZADDRESSBOOKENTRY_ZLOCALIDENTIFIER_INDEX", .leftoverIndex),
            .init(.appleOnly, "ZCONVERSATION", .appendedColumn),
            .init(.predictedOnly, "ZCONVERSATION", .appendedColumn),
            .init(.appleOnly, "ZGENERICMESSAGEDATA", .appendedColumn),
            .init(.predictedOnly, "ZGENERICMESSAGEDATA", .appendedColumn),
            .init(.appleOnly, "ZMESSAGE", .appendedColumn),
            .init(.predictedOnly, "ZMESSAGE", .appendedColumn),
            .init(.appleOnly, "ZUSER", .appendedColumn),
            .init(.predictedOnly, "ZUSER", .appendedColumn),
            .init(.appleOnly, "ZUSERCLIENT", .appendedColumn),
            .init(.predictedOnly, "ZUSERCLIENT", .appendedColumn),
            .init(.appleOnly, "Z_14ADDEDUSERS_Z_22ADDEDUSERS_INDEX", .leftoverIndex),
            .init(.appleOnly, "Z_14CLIENTS_Z_23CLIENTS_INDEX", .leftoverIndex),
            .init(.appleOnly, "Z_14REMOVEDUSERS_Z_22REMOVEDUSERS_INDEX", .leftoverIndex),
            .init(.appleOnly, "Z_14USERS_Z_22USERS1_INDEX", .leftoverIndex),
            .init(.appleOnly, "Z_15ADDEDUSERS_Z_23ADDEDUSERS_INDEX", .leftoverIndex),
            .init(.appleOnly, "Z_15CLIENTS_Z_24CLIENTS_INDEX", .leftoverIndex),
            .init(.appleOnly, "Z_15REMOVEDUSERS_Z_23REMOVEDUSERS_INDEX", .leftoverIndex),
            .init(.appleOnly, "Z_15USERS_Z_23USERS1_INDEX", .leftoverIndex),
            .init(.appleOnly, "Z_16ADDEDUSERS", .renamedTable),
            .init(.predictedOnly, "Z_16ADDEDUSERS", .renamedTable),
            .init(.appleOnly, "Z_16CLIENTS", .renamedTable),
            .init(.predictedOnly, "Z_16CLIENTS", .renamedTable),
            .init(.appleOnly, "Z_16REMOVEDUSERS", .renamedTable),
            .init(.predictedOnly, "Z_16REMOVEDUSERS", .renamedTable),
            .init(.appleOnly, "Z_16USERS", .renamedTable),
            .init(.predictedOnly, "Z_16USERS", .renamedTable),
            .init(.appleOnly, "Z_18USERS_Z_22USERS_INDEX", .leftoverIndex),
            .init(.appleOnly, "Z_19USERS_Z_23USERS_INDEX", .leftoverIndex),
            .init(.appleOnly, "Z_1ROLE_Z_19ROLE_INDEX", .leftoverIndex),
            .init(.appleOnly, "Z_1ROLE_Z_20ROLE_INDEX", .leftoverIndex),
            .init(.appleOnly, "Z_20USERS", .renamedTable),
            .init(.predictedOnly, "Z_20USERS", .renamedTable),
            .init(.appleOnly, "Z_23IGNOREDCLIENTS_Z_23IGNOREDCLIENTS_INDEX", .leftoverIndex),
            .init(.appleOnly, "Z_23TRUSTEDCLIENTS_Z_23TRUSTEDCLIENTS_INDEX", .leftoverIndex),
            .init(.appleOnly, "Z_24IGNOREDCLIENTS_Z_24IGNOREDCLIENTS_INDEX", .leftoverIndex),
            .init(.appleOnly, "Z_24TRUSTEDCLIENTS_Z_24TRUSTEDCLIENTS_INDEX", .leftoverIndex),
            .init(.appleOnly, "Z_25IGNOREDCLIENTS", .renamedTable),
            .init(.predictedOnly, "Z_25IGNOREDCLIENTS", .renamedTable),
            .init(.appleOnly, "Z_25TRUSTEDCLIENTS", .renamedTable),
            .init(.predictedOnly, "Z_25TRUSTEDCLIENTS", .renamedTable),
            .init(.appleOnly, "Z_5LABELS_Z_7LABELS_INDEX", .leftoverIndex),
            .init(.appleOnly, "Z_5LABELS_Z_8LABELS_INDEX", .leftoverIndex),
            .init(
                .appleOnly, "Z_5LASTSERVERSYNCEDACTIVEPARTICIPANTS_Z_22LASTSERVERSYNCEDACTIVEPARTICIPANTS_INDEX", .leftoverIndex),
            .init(
                .appleOnly, "Z_5LASTSERVERSYNCEDACTIVEPARTICIPANTS_Z_23LASTSERVERSYNCEDACTIVEPARTICIPANTS_INDEX", .leftoverIndex),
        ],
    ]
}
