import Foundation
import MigrationEngine

/// A notes model whose chain F 1 → F 2 → F 3 is two lossless inferred steps that only run as one when they
/// are fused: F 2 renames `Note.body` → `text` and `Tag.label` → `name` by renaming identifier, makes
/// `Book.name` required (default `Untitled`) and adds `Page.caption`; F 3 keeps neither identifier (so F 1 → F 3
/// inferred directly would drop `body` and `label`), makes `Page.caption` required (default `none`), and adds a
/// Boolean with a default, an optional to-one and a new entity that sorts before the others (renumbering them
/// and their join table). Relationships of every storage: an ordered to-many, a to-one, a many-to-many.
public enum FusionFixture {
    /// The versions, oldest first.
    public static let versions = ["F 1", "F 2", "F 3"]

    private static let page = """
        <relationship name="book" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Book" \
        inverseName="pages" inverseEntity="Book"/>
        <attribute name="number" optional="YES" attributeType="Integer 64" defaultValueString="0" usesScalarValueType="YES"/>
        """
    private static let pages = """
        <relationship name="pages" optional="YES" toMany="YES" ordered="YES" deletionRule="Nullify" \
        destinationEntity="Page" inverseName="book" inverseEntity="Page"/>
        """
    private static let tags = """
        <relationship name="tags" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Tag" \
        inverseName="notes" inverseEntity="Tag"/>
        <attribute name="created" optional="YES" attributeType="Date" usesScalarValueType="NO"/>
        <attribute name="title" optional="YES" attributeType="String"/>
        """
    private static let notes = """
        <relationship name="notes" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Note" \
        inverseName="tags" inverseEntity="Note"/>
        """

    private static func entity(_ name: String, _ body: String) -> String {
        "<entity name=\"\(name)\" representedClassName=\"\(name)\" syncable=\"YES\">\(body)</entity>"
    }

    /// Each version's entities.
    static let contents: [String: String] = [
        "F 1": entity("Book", "<attribute name=\"name\" optional=\"YES\" attributeType=\"String\"/>" + pages)
            + entity("Note", "<attribute name=\"body\" optional=\"YES\" attributeType=\"String\"/>" + tags)
            + entity("Page", page)
            + entity("Tag", "<attribute name=\"label\" optional=\"YES\" attributeType=\"String\"/>" + notes),
        "F 2": entity("Book", "<attribute name=\"name\" attributeType=\"String\" defaultValueString=\"Untitled\"/>" + pages)
            + entity("Note", "<attribute name=\"text\" optional=\"YES\" attributeType=\"String\" elementID=\"body\"/>" + tags)
            + entity("Page", page + "<attribute name=\"caption\" optional=\"YES\" attributeType=\"String\"/>")
            + entity("Tag", "<attribute name=\"name\" optional=\"YES\" attributeType=\"String\" elementID=\"label\"/>" + notes),
        "F 3": entity("Book", "<attribute name=\"name\" attributeType=\"String\" defaultValueString=\"Untitled\"/>" + pages)
            + entity(
                "Folder",
                """
                <attribute name="name" optional="YES" attributeType="String"/>
                <relationship name="notes" optional="YES" toMany="YES" deletionRule="Nullify" destinationEntity="Note" \
                inverseName="folder" inverseEntity="Note"/>
                """)
            + entity(
                "Note",
                """
                <attribute name="text" optional="YES" attributeType="String"/>
                <attribute name="pinned" attributeType="Boolean" defaultValueString="NO" usesScalarValueType="YES"/>
                <relationship name="folder" optional="YES" maxCount="1" deletionRule="Nullify" destinationEntity="Folder" \
                inverseName="notes" inverseEntity="Folder"/>
                """ + tags)
            + entity("Page", page + "<attribute name=\"caption\" attributeType=\"String\" defaultValueString=\"none\"/>")
            + entity("Tag", "<attribute name=\"name\" optional=\"YES\" attributeType=\"String\"/>" + notes),
    ]

    /// Writes the model (F 3 current) and returns its path.
    public static func model() throws -> String {
        try InlineModel.write(name: "Fusion", versions: contents, current: "F 3")
    }

    /// A store at F 1 seeded with `objects` objects of each entity (linked, some values missing), in a folder
    /// of its own, and the project over the model.
    public static func store(objects: Int = 40, seed: UInt64 = 7) throws -> (path: String, project: MigrationProject) {
        let project = try MigrationProject(modelPath: try model(), settings: PlanningSettings())
        let path = try TemporaryDirectory.make().appendingPathComponent("Notes.sqlite").path
        _ = try project.seed(version: "F 1", objects: objects, seed: seed, out: path)
        return (path, project)
    }
}
