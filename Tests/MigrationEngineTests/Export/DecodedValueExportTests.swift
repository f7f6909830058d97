import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// `export` and `rows` show Transformable and Binary values that hold an archive or a plist as JSON, in the
/// same way whether the value is small or large enough to be written in pieces, and as base64 with
/// `rawValues`; bytes that are no archive, or a damaged one, stay base64.
@Suite("Export and rows of decoded values")
struct DecodedValueExportTests {
    static let model = ArchivedValueFixture.model

    static func point() -> Data {
        DecodedValueTests.archive { builder in
            builder.object(classes: ["MyApp.Point", "NSObject"], fields: ["x": .integer(1), "y": .integer(2)])
        }
    }

    /// A store of two things: decodable values (one past the piece-writing threshold), then values that are not.
    static func store() throws -> (store: String, project: MigrationProject, big: [String], xml: Data) {
        let big = (0..<2000).map { "string \($0) " + String(repeating: "x", count: 40) }
        let bigArchive = try NSKeyedArchiver.archivedData(withRootObject: NSArray(array: big), requiringSecureCoding: false)
        let xml = try PropertyListSerialization.data(fromPropertyList: ["volume": 7, "muted": false], format: .xml, options: 0)
        let store = try TemporaryDirectory.make().appendingPathComponent("Things.sqlite").path
        try StoreWriter(model: model).create(at: store)
        let rows: [[DatabaseValue]] = [
            [point().databaseValue, (Data([1]) + xml).databaseValue, Data([9, 8, 7]).databaseValue, bigArchive.databaseValue],
            [Data("bplist00 damaged".utf8).databaseValue, .null, point().databaseValue, .null],
        ]
        try DatabaseQueue(path: store).write { db in
            for (index, row) in rows.enumerated() {
                try db.execute(
                    sql:
                        #"INSERT INTO "ZTHING" ("Z_PK", "Z_ENT", "Z_OPT", "ZSHAPE", "ZSETTINGS", "ZBLOB", "ZBIG") VALUES (?, 1, 1, ?, ?, ?, ?)"#,
                    arguments: StatementArguments([(index + 1).databaseValue] + row))
            }
            try db.execute(sql: #"UPDATE "Z_PRIMARYKEY" SET "Z_MAX" = ?"#, arguments: [rows.count])
        }
        #expect(bigArchive.count > LargeValue.threshold && bigArchive.count < DecodedValue.maximumInput)
        let bundle = ModelBundle(path: "Things.xcdatamodeld", versions: [model], currentVersionName: model.name)
        return (store, try MigrationProject(bundle: bundle), big, xml)
    }

    @Test("rows decodes archives and plists; damaged or plain bytes stay base64")
    func rowsDecode() throws {
        let (store, project, big, _) = try Self.store()
        let page = try project.rows(store: store, entity: "Thing")
        #expect(page.objects[0]["shape"] == .decoded(json: #"{"$class":"MyApp.Point","x":1,"y":2}"#))
        #expect(page.objects[0]["settings"] == .decoded(json: #"{"muted":false,"volume":7}"#))
        #expect(page.objects[0]["blob"] == .text(Data([9, 8, 7]).base64EncodedString()))
        guard case .decoded(let json) = page.objects[0]["big"] else {
            Issue.record("the large archive is not decoded")
            return
        }
        #expect(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String] == big)
        #expect(page.objects[1]["shape"] == .text(Data("bplist00 damaged".utf8).base64EncodedString()))
        #expect(page.objects[1]["blob"] == .decoded(json: #"{"$class":"MyApp.Point","x":1,"y":2}"#))
    }

    @Test("export writes what rows renders, in every format, the large archive too; raw values are base64")
    func exportMatchesRows() throws {
        let (store, project, _, xml) = try Self.store()
        for raw in [false, true] {
            let page = try project.rows(store: store, entity: "Thing", rawValues: raw)
            let whole: [ExportFormat: String] = [
                .csv: ObjectTextEncoding.csvHeader(page.fields) + page.objects.map(ObjectTextEncoding.csvRecord).joined(),
                .json: "[\n" + page.objects.map(ObjectTextEncoding.jsonObject).joined(separator: ",\n") + "\n]\n",
                .jsonl: page.objects.map { ObjectTextEncoding.jsonObject($0) + "\n" }.joined(),
            ]
            for format in ExportFormat.allCases {
                let out = try TemporaryDirectory.make().appendingPathComponent("things.\(format.fileExtension)").path
                _ = try project.export(store: store, entity: "Thing", format: format, to: .file(out), rawValues: raw)
                let written = try Data(contentsOf: URL(fileURLWithPath: out))
                #expect(written == Data(try #require(whole[format]).utf8), "\(format) raw: \(raw)")
            }
            if raw {
                #expect(page.objects[0]["shape"] == .text(Self.point().base64EncodedString()))
                #expect(page.objects[0]["settings"] == .text(xml.base64EncodedString()))
            }
        }
        let csv = try project.rows(store: store, entity: "Thing").objects.map(ObjectTextEncoding.csvRecord)
        #expect(csv[0].hasPrefix(#"x-coredata://"#))
        #expect(csv[0].contains(#""{""$class"":""MyApp.Point"",""x"":1,""y"":2}""#))
    }
}
