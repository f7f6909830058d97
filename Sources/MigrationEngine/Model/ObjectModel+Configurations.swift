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
