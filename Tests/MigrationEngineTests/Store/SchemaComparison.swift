import Foundation

/// How an Apple store's `sqlite_master` and `Z_PRIMARYKEY` differ from those of a store cdmigrate wrote for
/// the same model version (created new, or migrated): every difference, and which of them neither a
/// ``HistoryRule`` (by its evidence) nor the store's ``HistoryDifference`` list explains.
struct SchemaComparison {
    /// The differences nothing explains, each as `Apple: …` or `ours: …`.
    var unexplained: [String] = []
    /// The store's listed differences that were seen.
    var used: Set<HistoryDifference.Key> = []

    /// Compares `apple` (the corpus store at `store`, relative to the corpus) with `ours`.
    ///
    /// With `otherFramework` (the two stores record different framework versions: Apple's migration ran on a
    /// newer Core Data than the one that wrote the store cdmigrate migrated), an index only ours has is
    /// accepted where Apple's store indexes the same columns of the same table under another name: each
    /// framework names indexes in its own style (`ZMEMBER_ZREMOTEIDENTIFIER_DATA_INDEX` at 754,
    /// `Z_Member_remoteIdentifier_data` at 847, wire 2.31.0 → 2.39.0), and cdmigrate keeps the style of the
    /// framework its store records.
    init(apple: StoreDump, ours: StoreDump, store: String, otherFramework: Bool = false) throws {
        let (appleEntries, ourEntries) = (Set(try apple.schema()), Set(try ours.schema()))
        let (appleKeys, ourKeys) = (try Self.primaryKeyRows(apple), try Self.primaryKeyRows(ours))
        let appleByName = Dictionary(appleEntries.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let ourByName = Dictionary(ourEntries.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let differing =
            appleEntries.subtracting(ourEntries).map { (appleOnly: true, name: $0.name, text: $0.description) }
            + ourEntries.subtracting(appleEntries).map { (appleOnly: false, name: $0.name, text: $0.description) }
            + appleKeys.subtracting(ourKeys).map { (appleOnly: true, name: $0, text: $0) }
            + ourKeys.subtracting(appleKeys).map { (appleOnly: false, name: $0, text: $0) }
        let listed = HistoryDifference.all[store] ?? []
        for difference in differing {
            let key = HistoryDifference.Key(side: difference.appleOnly ? .appleOnly : .predictedOnly, name: difference.name)
            if listed.contains(where: { $0.key == key }) {
                used.insert(key)
            } else if otherFramework, !difference.appleOnly, let entry = ourByName[difference.name], entry.type == "index",
                appleEntries.contains(where: {
                    $0.type == "index" && $0.table == entry.table
                        && HistoryRule.indexedColumns($0.sql) == HistoryRule.indexedColumns(entry.sql)
                })
            {
                continue
            } else if HistoryRule.explaining(
                difference.name, appleOnly: difference.appleOnly, apple: appleByName, ours: ourByName) == nil
            {
                unexplained.append((difference.appleOnly ? "Apple: " : "ours: ") + difference.text)
            }
        }
        unexplained.sort()
    }

    /// `Z_PRIMARYKEY` rows as `Z_PRIMARYKEY <Z_ENT>|<Z_NAME>|<Z_SUPER>`.
    static func primaryKeyRows(_ store: StoreDump) throws -> Set<String> {
        Set(try store.primaryKeys(includeMax: false).map { "Z_PRIMARYKEY \($0)" })
    }
}
