import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// `export` writes a large TEXT or BLOB, and a file of external data, a piece at a time from where it lies
/// (``LargeValue``); the bytes it writes must be exactly those of the rendered values `rows` gives, encoded
/// whole: text cut into pieces at a character's start (a character straddling a piece, bytes that are not
/// UTF-8 at and across a cut), quotes, commas, line breaks and NULs escaped, base64 joined across pieces,
/// the inline marker byte dropped, an empty file as an empty string.
@Suite("Export of large values, piece by piece")
struct LargeValueExportTests {
    static let model = ObjectModel(
        name: "Notes 1",
        entities: [
            Entity(
                name: "Note",
                attributes: [
                    Attribute(name: "body", type: .string, isOptional: true),
                    Attribute(name: "image", type: .binary, isOptional: true, allowsExternalBinaryDataStorage: true),
                    Attribute(name: "raw", type: .binary, isOptional: true),
                    Attribute(name: "price", type: .decimal, isOptional: true),
                ])
        ])

    /// Text of `count` bytes of `pattern` repeated, with `insert` written over it at each offset.
    static func text(_ count: Int, _ pattern: String, _ inserts: [Int: [UInt8]] = [:]) -> Data {
        var bytes = [UInt8]((0..<count).map { Array(pattern.utf8)[$0 % pattern.utf8.count] })
        for (offset, insert) in inserts { bytes.replaceSubrange(offset..<offset + insert.count, with: insert) }
        return Data(bytes)
    }

    /// Bytes that are not all one value.
    static func bytes(_ count: Int, _ seed: Int) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ seed &+ $0 >> 7) })
    }

    @Test("CSV, JSON and JSON Lines: the export is byte for byte the rendered objects, encoded whole")
    func samePiecesAsWhole() throws {
        let piece = LargeValue.piece
        let emoji = Array("🙂".utf8)
        let hazards = Self.text(
            piece * 3 + 17, "a,b \"quoted\"\nline\r\tend\u{0}é ",
            [piece - 2: emoji, 2 * piece - 1: [0xE2, 0x82, UInt8(ascii: "x")], 2 * piece + 5: [0xFF, 0xC0]])
        let plain = Self.text(LargeValue.threshold + 1, "plain ascii without specials ")
        let external = Self.bytes(piece * 7 + 2, 3)
        let reference = { (uuid: String) in Data([2]) + Data(uuid.utf8) + Data([0]) }
        let (large, empty, missing) = (UUID().uuidString, UUID().uuidString, UUID().uuidString)

        let folder = try TemporaryDirectory.make()
        let store = folder.appendingPathComponent("Notes.sqlite").path
        try StoreWriter(model: Self.model).create(at: store)
        let rows: [[DatabaseValue]] = [
            [
                hazards.databaseValue, (Data([1]) + Self.bytes(300_000, 1)).databaseValue,
                Self.bytes(100_001, 2).databaseValue, "12.5".databaseValue,
            ],
            [plain.databaseValue, reference(large).databaseValue, Data().databaseValue, .null],
            [Data("small, \"one\"".utf8).databaseValue, reference(empty).databaseValue, .null, .null],
            [Data().databaseValue, reference(missing).databaseValue, Self.bytes(LargeValue.threshold, 4).databaseValue, .null],
            [.null, .null, .null, .null],
        ]
        try DatabaseQueue(path: store).write { db in
            for (index, row) in rows.enumerated() {
                // TEXT by cast, so that bytes that are not UTF-8 are stored as they are.
                try db.execute(
                    sql: """
                        INSERT INTO "ZNOTE" ("Z_PK", "Z_ENT", "Z_OPT", "ZBODY", "ZIMAGE", "ZRAW", "ZPRICE")
                        VALUES (?, 1, 1, CAST(? AS TEXT), ?, ?, ?)
                        """,
                    arguments: StatementArguments([(index + 1).databaseValue] + row))
            }
            try db.execute(sql: #"UPDATE "Z_PRIMARYKEY" SET "Z_MAX" = ?"#, arguments: [rows.count])
        }
        let support = folder.appendingPathComponent(".Notes_SUPPORT/_EXTERNAL_DATA")
        try FileManager.default.createDirectory(at: support, withIntermediateDirectories: true)
        try external.write(to: support.appendingPathComponent(large))
        try Data().write(to: support.appendingPathComponent(empty))

        let bundle = ModelBundle(path: "Notes.xcdatamodeld", versions: [Self.model], currentVersionName: Self.model.name)
        let project = try MigrationProject(bundle: bundle)
        let page = try project.rows(store: store, entity: "Note", limit: 100)
        #expect(page.objects.count == rows.count)
        #expect(page.objects[1]["image"] == .text(external.base64EncodedString()))
        #expect(page.objects[3]["image"] == .missingExternalData(missing))
        let whole: [ExportFormat: String] = [
            .csv: ObjectTextEncoding.csvHeader(page.fields) + page.objects.map(ObjectTextEncoding.csvRecord).joined(),
            .json: "[\n" + page.objects.map(ObjectTextEncoding.jsonObject).joined(separator: ",\n") + "\n]\n",
            .jsonl: page.objects.map { ObjectTextEncoding.jsonObject($0) + "\n" }.joined(),
        ]
        for format in ExportFormat.allCases {
            let out = try TemporaryDirectory.make().appendingPathComponent("notes.\(format.fileExtension)").path
            _ = try project.export(store: store, entity: "Note", format: format, to: .file(out))
            let written = try Data(contentsOf: URL(fileURLWithPath: out))
            #expect(written == Data(try #require(whole[format]).utf8), "\(format)")
        }
        // The pieces repair exactly what decoding the whole repairs, and the cut character survives.
        let shown = String(decoding: hazards, as: UTF8.self)
        #expect(page.objects[0]["body"] == .text(shown))
        #expect(shown.contains("🙂"))
    }

    @Test("Pieces of text are cut before a character's first byte, never inside a character")
    func textPieces() {
        let piece = LargeValue.piece
        for offset in 0..<4 {
            let bytes = Self.text(piece * 2, "x", [piece - offset: Array("🙂".utf8)])
            var pieces: [[UInt8]] = []
            bytes.withUnsafeBytes { raw in
                LargeValue.forEachTextPiece(raw.bindMemory(to: UInt8.self)) { pieces.append(Array($0)) }
            }
            #expect(pieces.count > 1)
            #expect(pieces.allSatisfy { String(validating: $0, as: UTF8.self) != nil }, "emoji at \(piece - offset)")
            #expect(Data(pieces.joined()) == bytes)
        }
    }
}
