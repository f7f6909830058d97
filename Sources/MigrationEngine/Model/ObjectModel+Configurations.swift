import Foundation

extension ObjectModel {
    /// The configuration whose entities are exactly `names`: the part of the model a store added with that
    /// configuration holds. `nil` when `names` are all of the model's entities or fit no configuration.
    ///
    /// - Parameter names: Entity names, such as a store's `Z_PRIMARYKEY` entries or hashes.
    /// - Returns: The first configuration with exactly those entities, or nil.
    public func configuration(holding names: Set<String>) -> ModelConfiguration? {
        guard names != Set(entities.map(\.name)) else { return nil }
        return configurations.first { Set($0.entityNames) == names }
    }

    /// The model as a store of one configuration sees it: only the configuration's entities, numbered among
    /// themselves (Core Data lays out such a store for those entities alone).
    ///
    /// - Parameter configuration: The configuration; entities it names that the model lacks are ignored.
    /// - Returns: The restricted model, with `configuration` as its only configuration.
    public func restricted(to configuration: ModelConfiguration) -> ObjectModel {
        let members = Set(configuration.entityNames)
        var model = self
        model.entities = entities.filter { members.contains($0.name) }
        model.configurations = [configuration]
        return model
    }

    /// The configuration a store's `Z_PRIMARYKEY` rows make up (persistent-history rows aside): the one
    /// whose entities are exactly their names, else the one they name when each row stands for the entity
    /// the configuration numbers the same, since a row keeps the old name of an entity Core Data renamed (see
    /// `PrimaryKeyEntry.resolvingRenames`; a configuration's store renumbers among its own entities, so the
    /// whole model's numbers would give a row to another entity). `nil` for the whole model, or no fit.
    ///
    /// - Parameter entries: The store's `Z_PRIMARYKEY` rows.
    /// - Returns: The configuration the store holds, or nil.
    package func configuration(holdingEntries entries: [PrimaryKeyEntry]) -> ModelConfiguration? {
        let entries = entries.filter { !$0.isHistory }
        if let named = configuration(holding: Set(entries.map(\.name))) { return named }
        func fits(_ model: ObjectModel) -> Bool {
            let names = PrimaryKeyEntry.resolvingRenames(entries, model: model).map(\.name)
            return names.count == model.entities.count && Set(names) == Set(model.entities.map(\.name))
        }
        guard !fits(self) else { return nil }
        return configurations.first { fits(restricted(to: $0)) }
    }

    /// The model restricted to the configuration a store's `Z_PRIMARYKEY` rows make up
    /// (``configuration(holdingEntries:)``), or the whole model.
    ///
    /// - Parameter entries: The store's `Z_PRIMARYKEY` rows.
    /// - Returns: The model a store with those rows is laid out for.
    package func scoped(toStoreEntries entries: [PrimaryKeyEntry]) -> ObjectModel {
        configuration(holdingEntries: entries).map { restricted(to: $0) } ?? self
    }

    /// A store's entities as this model sees them: the model scoped to the configuration the store's
    /// `Z_PRIMARYKEY` rows make up (``scoped(toStoreEntries:)``, told by the rows' numbers too), and those rows
    /// (persistent history left out) each under the entity the scoped model numbers the same, a renamed
    /// entity's old name replaced (`PrimaryKeyEntry.resolvingRenames`). Everything that reads a store's rows
    /// by entity number (validation, repair, salvage) starts here, so that they agree on the configuration.
    ///
    /// - Parameter entries: The store's `Z_PRIMARYKEY` rows.
    /// - Returns: The model the store is laid out for and its rows under that model's names.
    package func storeView(of entries: [PrimaryKeyEntry]) -> (model: ObjectModel, entries: [PrimaryKeyEntry]) {
        let entries = entries.filter { !$0.isHistory }
        let scoped = scoped(toStoreEntries: entries)
        return (scoped, PrimaryKeyEntry.resolvingRenames(entries, model: scoped))
    }

    /// The model restricted to the configuration whose entities are exactly `names` (a store's
    /// `Z_PRIMARYKEY` entries), or the whole model when no configuration fits them.
    ///
    /// - Parameter names: The entity names the store lists.
    /// - Returns: The model a store with those entities is laid out for.
    public func scoped(toStoreEntities names: Set<String>) -> ObjectModel {
        configuration(holding: names).map { restricted(to: $0) } ?? self
    }

    /// Whether `hashes` (a store's `NSStoreModelVersionHashes`) are this model's, for the whole model or,
    /// as a configuration's store may record them, for exactly one configuration's entities.
    ///
    /// - Parameter hashes: Version hashes by entity name.
    /// - Returns: Whether the hashes equal the model's, or one configuration's entities' exactly.
    public func matchesVersionHashes(_ hashes: [String: Data]) -> Bool {
        let own = VersionHasher(model: self).entityHashes
        if own == hashes { return true }
        guard let configuration = configuration(holding: Set(hashes.keys)) else { return false }
        return hashes.allSatisfy { own[$0.key] == $0.value } && Set(configuration.entityNames) == Set(hashes.keys)
    }
}
