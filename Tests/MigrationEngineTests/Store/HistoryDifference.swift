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
        /// A self-referencing many-to-many pair whose table Core Data named after the other relationship
        /// than in the store's earlier versions, with no change in the model.
        case reflexiveSide
        /// An entity name Core Data's migration kept in `Z_PRIMARYKEY` after the model renamed the entity.
        case keptEntityName
        /// Persistent history tables, which belong to no model version.
        case persistentHistory
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
    static let all: [String: [HistoryDifference]] = [:]
}
