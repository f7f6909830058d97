import Foundation
import GRDB
import MigrationEngine

/// The project's own rename-chain model (`Tests/Fixtures/RenameChain`: one attribute renamed in every
/// version, each renaming identifier naming only the previous version's attribute) and stores written for
/// it by the engine, so tests of execution, safety and the CLI need none of Apple's files.
public enum RenameChainFixture {
    /// The versions, oldest first.
    public static let versions = ["v1.0.0", "v1.1.0", "v1.1.2", "v1.2.0", "v2.0.0"]
    /// The value every generated store holds.
    public static let knownValue = "A Known Value"

    /// The model's path.
    public static var modelPath: String {
        Corpus.packageRoot.appendingPathComponent("Tests/Fixtures/RenameChain/Model.xcdatamodeld").path
    }

    /// The loaded model.
    public static func bundle() throws -> ModelBundle {
        try ModelLoader.load(path: modelPath)
    }

    /// The attribute holding the value at `version` (`v1_1_2_name`).
    public static func attribute(at version: String) -> String {
        version.replacingOccurrences(of: ".", with: "_") + "_name"
    }

    /// Writes `Example_<version>.sqlite` (or `name`) in `folder` (a fresh one when nil): a store at `version`
    /// holding one `BasicEntity` whose attribute is ``knownValue``.
    public static func store(_ version: String, in folder: URL? = nil, name: String? = nil) throws -> String {
        let folder = try folder ?? TemporaryDirectory.make()
        let path = folder.appendingPathComponent(name ?? "Example_\(version).sqlite").path
        guard let model = try bundle().version(named: version) else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "\(modelPath) has no version \(version)"])
        }
        try StoreWriter(model: model).create(at: path)
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            let column = "Z" + attribute(at: version).uppercased()
            try db.execute(
                sql: #"INSERT INTO "ZBASICENTITY" ("Z_PK", "Z_ENT", "Z_OPT", "\#(column)") VALUES (1, 1, 1, ?)"#,
                arguments: [knownValue])
            try db.execute(sql: #"UPDATE "Z_PRIMARYKEY" SET "Z_MAX" = 1 WHERE "Z_NAME" = 'BasicEntity'"#)
        }
        try queue.close()
        return path
    }
}
