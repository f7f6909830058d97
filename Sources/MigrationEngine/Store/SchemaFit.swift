/// Whether a store's tables are those a model version implies: what identifies a store's version when its
/// recorded hashes name none (lost, garbled, or written by a tool that got them wrong).
enum SchemaFit {
    /// Core Data's own tables, which every version's store has.
    private static let bookkeeping: Set<String> = ["Z_METADATA", "Z_PRIMARYKEY", "Z_MODELCACHE"]

    /// The versions among `versions` the store's tables fit: the store's version when there is one.
    struct Fitting {
        let versions: [ObjectModel]

        /// The one version that fits, or nil when none or several do.
        var only: ObjectModel? { versions.count == 1 ? versions.first : nil }

        /// Why no single version was found, for an error.
        var problem: String {
            versions.isEmpty
                ? "no version's tables match the store's"
                : "the store's tables fit \(versions.map(\.name).joined(separator: ", "))"
        }
    }

    /// The versions of `versions` that `tableColumns` fit (see ``fits(_:_:)``).
    static func fitting(_ versions: [ObjectModel], _ tableColumns: [String: [String]]) -> Fitting {
        Fitting(versions: versions.filter { fits($0, tableColumns) })
    }

    /// Whether every entity and join table of `model` exists in the store with exactly its columns, and the
    /// store has no other entity or join table (a `Z…` table beside the bookkeeping ones): a version with
    /// fewer entities would otherwise fit too.
    /// - Parameters:
    ///   - model: The version.
    ///   - tableColumns: The store's tables and their columns.
    /// - Returns: Whether the store has each table with exactly the columns the version implies.
    static func fits(_ model: ObjectModel, _ tableColumns: [String: [String]]) -> Bool {
        let schema = SchemaBuilder(model: model, existingTableNames: Set(tableColumns.keys)).build()
        let expected =
            schema.tables.map { ($0.name, Set($0.columns.map(\.name))) }
            + schema.joinTables.map { ($0.name, Set([$0.ownerColumn, $0.targetColumn] + $0.orderColumns)) }
        let names = Set(expected.map(\.0))
        let others = tableColumns.keys.filter { $0.hasPrefix("Z") && !bookkeeping.contains($0) && !names.contains($0) }
        return others.isEmpty && expected.allSatisfy { name, columns in tableColumns[name].map(Set.init) == columns }
    }
}
