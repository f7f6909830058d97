import Foundation
import GRDB
import MigrationEngine

/// The project's own model with two configurations (`Tests/Fixtures/Configurations`): `Note` in `Local`,
/// `Setting` in `Synced`; version v2 adds a required `Setting.revision` with a default. A store added with one
/// configuration holds that configuration's entities alone, numbered among themselves.
public enum ConfigurationsFixture {
    /// The model bundle's path.
    public static let modelPath = Corpus.packageRoot.appendingPathComponent("Tests/Fixtures/Configurations/Model.xcdatamodeld")
        .path

    /// The model's versions.
    public static func models() throws -> ModelBundle { try ModelLoader.load(path: modelPath) }

    /// A `Synced` store of `model` (v1 when nil) written by the engine's StoreWriter, `Synced.sqlite` in a folder
    /// of its own, holding three `Setting` objects (`setting 1` … `setting 3`, keys 1–3, entity number 1).
    public static func syncedStore(_ model: ObjectModel? = nil) throws -> String {
        guard let model = try model ?? models().version(named: "v1"),
            let configuration = model.configurations.first(where: { $0.name == "Synced" })
        else { throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: modelPath]) }
        let path = try TemporaryDirectory.make().appendingPathComponent("Synced.sqlite").path
        try StoreWriter(model: model, schema: SchemaBuilder(model: model.restricted(to: configuration)).build())
            .create(at: path, options: StoreCreationOptions(maxPrimaryKeys: ["Setting": 3]))
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            for key in 1...3 {
                try db.execute(
                    sql: "INSERT INTO ZSETTING (Z_PK, Z_ENT, Z_OPT, ZKEY) VALUES (?, 1, 1, ?)",
                    arguments: [key, "setting \(key)"])
            }
        }
        try queue.close()
        return path
    }
}
