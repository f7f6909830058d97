extension [EntityRowCount] {
    /// The entity named `entity` first, then every entity below it in its table, parents before children:
    /// the entities whose rows a fetch of `entity` returns. `Z_SUPER` comes from the store, so a loop in it
    /// lists each entity once, and a sub-entity claimed in another table is left out.
    ///
    /// - Parameter entity: The entity's name as `Z_PRIMARYKEY` records it.
    /// - Returns: The counts of the entity and its sub-entities; empty when the store does not list it.
    package func hierarchy(below entity: String) -> [EntityRowCount] {
        guard let root = first(where: { $0.entity == entity }) else { return [] }
        var found = [root]
        var seen: Set<Int> = [root.number]
        var next = 0
        while next < found.count {
            let parent = found[next].number
            for child in self where child.superNumber == parent && child.table == root.table {
                if seen.insert(child.number).inserted { found.append(child) }
            }
            next += 1
        }
        return found
    }

    /// The rows a fetch of `entity` returns: its own and its sub-entities'.
    ///
    /// - Parameter entity: The entity's name as `Z_PRIMARYKEY` records it.
    /// - Returns: The rows; 0 for an entity the store does not list.
    package func rows(includingSubentitiesOf entity: String) -> Int {
        hierarchy(below: entity).reduce(0) { $0 + $1.rows }
    }
}
