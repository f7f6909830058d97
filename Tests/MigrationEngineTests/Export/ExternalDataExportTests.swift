import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// Issue 11: an attribute that allows external storage keeps large values in
/// `.<Store>_SUPPORT/_EXTERNAL_DATA/<UUID>`, the column holding `0x02` + the UUID + NUL (FORMAT.md; wire's
/// `User.imageMediumData` holds one, though the corpus did not keep its support folder). Export renders the
/// file's bytes, and never reads outside the folder.
@Suite("Export of external binary data")
struct ExternalDataExportTests {
    static let model = ObjectModel(
        name: "Photos 1",
        entities: [
            Entity(
                name: "Photo",
                attributes: [
                    Attribute(name: "title", type: .string),
                    Attribute(name: "image", type: .binary, isOptional: true, allowsExternalBinaryDataStorage: true),
                ])
        ])

    /// A store of photos whose `image` column holds `values` in key order; the support folder is made.
    static func store(_ values: [Data]) throws -> (store: String, external: URL) {
        let folder = try TemporaryDirectory.make()
        let path = folder.appendingPathComponent("Photos.sqlite").path
        try StoreWriter(model: model).create(at: path)
        try DatabaseQueue(path: path).write { db in
            for (index, value) in values.enumerated() {
                try db.execute(
                    sql: #"INSERT INTO "ZPHOTO" ("Z_PK", "Z_ENT", "Z_OPT", "ZTITLE", "ZIMAGE") VALUES (?, 1, 1, ?, ?)"#,
                    arguments: [index + 1, "photo \(index + 1)", value])
            }
            try db.execute(sql: #"UPDATE "Z_PRIMARYKEY" SET "Z_MAX" = ?"#, arguments: [values.count])
        }
        let external = folder.appendingPathComponent(".Photos_SUPPORT/_EXTERNAL_DATA")
        try FileManager.default.createDirectory(at: external, withIntermediateDirectories: true)
        return (path, external)
    }

    /// The column value referring to `uuid`.
    static func reference(_ uuid: String) -> Data {
        Data([2]) + Data(uuid.utf8) + Data([0])
    }

    /// The `image` values the JSON export gives, decoded from base64 (nil for null).
    static func exportedImages(_ store: String) throws -> [Data?] {
        try exportedObjects(store).map { ($0["image"] as? String).flatMap { Data(base64Encoded: $0) } }
    }

    /// The objects the JSON export gives.
    static func exportedObjects(_ store: String) throws -> [[String: Any]] {
        let out = try TemporaryDirectory.make().appendingPathComponent("photos.json").path
        let bundle = ModelBundle(path: "Photos.xcdatamodeld", versions: [model], currentVersionName: model.name)
        _ = try MigrationProject(bundle: bundle).export(store: store, entity: "Photo", format: .json, to: .file(out))
        return try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [[String: Any]])
    }

    @Test("Inline values lose their 0x01 marker; a reference renders the file's bytes")
    func inlineAndExternal() throws {
        let uuid = UUID().uuidString
        let large = Data((0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let (store, external) = try Self.store([Data([1, 0xCA, 0xFE]), Self.reference(uuid)])
        try large.write(to: external.appendingPathComponent(uuid))
        #expect(try Self.exportedImages(store) == [Data([0xCA, 0xFE]), large])
    }

    @Test("A reference that is not a canonical UUID names no file: the stored bytes are rendered as they are")
    func hostileReference() throws {
        let traversal = Data([2]) + Data("../../../../../../../../etc/passwd\u{0}".utf8)
        let lowercase = Self.reference(UUID().uuidString.lowercased())
        let (store, external) = try Self.store([traversal, lowercase])
        try Data("never read".utf8).write(to: external.appendingPathComponent("passwd"))
        #expect(try Self.exportedImages(store) == [traversal, lowercase])
    }

    @Test("A symbolic link in the support folder is not followed; a missing file is rendered as missing")
    func linkAndMissing() throws {
        let uuid = UUID().uuidString
        let (store, external) = try Self.store([Self.reference(uuid)])
        let outside = try TemporaryDirectory.make().appendingPathComponent("secret")
        try Data("outside the support folder".utf8).write(to: outside)
        try FileManager.default.createSymbolicLink(
            atPath: external.appendingPathComponent(uuid).path, withDestinationPath: outside.path)
        let linked = #expect(throws: ExportError.self) { try Self.exportedImages(store) }
        #expect(linked?.message.contains("is not a plain file") == true, "\(String(describing: linked))")
        #expect(linked?.category == .damaged)

        #expect(linked?.message.contains("Photo p1 image") == true)

        try FileManager.default.removeItem(at: external.appendingPathComponent(uuid))
        #expect(try Self.exportedObjects(store).first?["image"] as? [String: String] == ["missingExternalData": uuid])
        try FileManager.default.removeItem(at: external.deletingLastPathComponent())
        #expect(try Self.exportedObjects(store).first?["image"] as? [String: String] == ["missingExternalData": uuid])
    }

    @Test("A support folder that is a link to another folder is not followed")
    func linkedFolder() throws {
        let uuid = UUID().uuidString
        let (store, external) = try Self.store([Self.reference(uuid)])
        let elsewhere = try TemporaryDirectory.make()
        try Data("elsewhere".utf8).write(to: elsewhere.appendingPathComponent(uuid))
        try FileManager.default.removeItem(at: external)
        try FileManager.default.createSymbolicLink(at: external, withDestinationURL: elsewhere)
        let error = #expect(throws: ExportError.self) { try Self.exportedImages(store) }
        #expect(error?.message.contains("is not a plain folder") == true)
    }

    @Test(
        "wire's User.imageMediumData holds a reference in that form; with its file beside the copy, the bytes export",
        Corpus.required)
    func wireReference() throws {
        let relative = "wire/stores/store2-24-1.wiredatabase"
        let store = try Corpus.copyStore(relative)
        let stored = try DatabaseQueue(path: store).read { db in
            try Row.fetchOne(
                db, sql: #"SELECT "Z_PK", "ZIMAGEMEDIUMDATA" FROM "ZUSER" WHERE "ZIMAGEMEDIUMDATA" IS NOT NULL"#)
        }
        let row = try #require(stored)
        let value = try #require(row["ZIMAGEMEDIUMDATA"] as Data?)
        let uuid = try #require(ExternalDataFolder.reference(in: value))
        let model = try #require(ModelLocator.locate(store: Corpus.path(relative)).model)
        let bytes = Data("the image Core Data kept outside the store".utf8)
        let external = URL(fileURLWithPath: store).deletingLastPathComponent()
            .appendingPathComponent(".store2-24-1_SUPPORT/_EXTERNAL_DATA")
        try FileManager.default.createDirectory(at: external, withIntermediateDirectories: true)
        try bytes.write(to: external.appendingPathComponent(uuid))
        let out = try TemporaryDirectory.make().appendingPathComponent("users.json").path
        _ = try MigrationProject(modelPath: model).export(store: store, entity: "User", format: .json, to: .file(out))
        let users = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [[String: Any]])
        let user = try #require(users.first { ($0["_pk"] as? NSNumber)?.int64Value == row["Z_PK"] as Int64 })
        #expect(user["imageMediumData"] as? String == bytes.base64EncodedString())
    }
}
