import MigrationEngine

/// What the sample app's `EntryToAuthorMigrationPolicy` class did, as a Swift migration policy: each entry
/// that names an author is linked to a new `Author` of that name.
struct EntryAuthorPolicy: MigrationPolicy {
    func createDestinationInstances(
        for source: ObjectReference, mapping: EntityMapping, context: some MigrationPolicyContext
    ) throws {
        guard let entry = try context.createDefaultDestinationInstance(for: source, mapping: mapping) else { return }
        let name = try context.value("author", of: source)
        guard name != .null else { return }
        try context.link(entry, "author", to: [try context.insert("Author", values: ["name": name])])
    }
}
