import MigrationEngine

/// A model for the tests of decoded Transformable and Binary values (export, rows and the console): one
/// entity with a Transformable, a Binary allowing external storage (inline values carry a marker byte), a
/// plain Binary and a second Transformable for values large enough to be written in pieces.
public enum ArchivedValueFixture {
    /// `Thing`: `shape` (Transformable), `settings` (Binary, external storage), `blob` (Binary), `big`
    /// (Transformable).
    public static let model = ObjectModel(
        name: "Things 1",
        entities: [
            Entity(
                name: "Thing",
                attributes: [
                    Attribute(name: "shape", type: .transformable, isOptional: true),
                    Attribute(name: "settings", type: .binary, isOptional: true, allowsExternalBinaryDataStorage: true),
                    Attribute(name: "blob", type: .binary, isOptional: true),
                    Attribute(name: "big", type: .transformable, isOptional: true),
                ])
        ])
}
