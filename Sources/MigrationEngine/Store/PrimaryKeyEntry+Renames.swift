extension PrimaryKeyEntry {
    /// The rows with each model entity's own name: a row stands for the entity the model numbers the same
    /// (Core Data numbers entities from the model alone), whatever name it records, unless that name is
    /// another entity's. Core Data's lightweight migration keeps the old name of an entity it renamed
    /// (`coredataplus-cars` V2 names entity 3 `ExpensiveSportCar`, which the model calls `LuxuryCar`).
    /// Rows that stand for no model entity (persistent history) are returned unchanged.
    static func resolvingRenames(_ entries: [PrimaryKeyEntry], model: ObjectModel) -> [PrimaryKeyEntry] {
        let numbering = EntityNumbering(model: model).entities
        let names = Set(numbering.map(\.name))
        return entries.map { entry in
            guard let entity = numbering.first(where: { $0.number == entry.number }),
                entity.name == entry.name || !names.contains(entry.name)
            else { return entry }
            var resolved = entry
            resolved.name = entity.name
            return resolved
        }
    }
}
