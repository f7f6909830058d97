import MigrationEngine

/// What a seeded store holds, in the one line `cdmigrate seed` and the console's seeding both end with.
package enum SeedSummary {
    /// `store.sqlite: a V2 store with 25 objects (25 of each of 1 entities, seed 9)`; where the seeder made more
    /// of an entity than asked, because a required one-to-one needs an object of it for each of its holders
    /// (``SeededStore/objects``), those counts follow the others: `(4 of each of 39 entities,
    /// 36 DSTransactionHashEntity for required one-to-ones, seed 1)`, so the line never says fewer than it wrote.
    package static func line(_ store: SeededStore, objectsPerEntity: Int) -> String {
        let total = store.objects.values.reduce(0, +)
        let more = store.objects.filter { $0.value > objectsPerEntity }.sorted { $0.key < $1.key }
        let grown = more.map { "\(NumberText.grouped($0.value)) \($0.key)" }.joined(separator: ", ")
        return "\(store.store): a \(store.version) store with \(NumberText.grouped(total)) objects "
            + "(\(NumberText.grouped(objectsPerEntity)) of each of \(store.objects.count) entities, "
            + (more.isEmpty ? "" : "\(grown) for required one-to-ones, ") + "seed \(store.seed))"
    }
}
