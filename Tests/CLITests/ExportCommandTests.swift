import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

@Suite("cdmigrate export and rows", Corpus.required)
struct ExportCommandTests {
    static let walStore = "wibosco-colors/stores/CoreDataMigration_Example_WAL.sqlite"

    func postKeys(_ store: String, where condition: String = "1") throws -> [Int64] {
        let queue = try DatabaseQueue(
            path: store,
            configuration: {
                var c = GRDB.Configuration()
                c.readonly = true
                return c
            }())
        return try queue.read { try Int64.fetchAll($0, sql: #"SELECT "Z_PK" FROM "ZPOST" WHERE \#(condition) ORDER BY "Z_PK""#) }
    }

    func keys(_ json: String) throws -> [Int64] {
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        return objects.compactMap { ($0["_pk"] as? NSNumber)?.int64Value }
    }

    @Test("Store-only export of coredataplus-books (model from its cache only): one file per entity, counts as stored")
    func storeOnlyBooks() throws {
        let store = try Corpus.copyStore("coredataplus-books/stores/SampleModel2_V1.sqlite")
        let before = try FolderFingerprint(folderOf: store)
        let out = try TemporaryDirectory.make().appendingPathComponent("books").path
        let result = try CLIRunner.run(["export", store, "--format", "csv", "--out", out, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FolderFingerprint(folderOf: store) == before, "export wrote nothing beside the store")
        let counts = try JSONDecoder().decode([EntityExportCount].self, from: Data(result.stdout.utf8))
        let contents = try StoreReader.read(path: store)
        #expect(!counts.isEmpty)
        for count in counts {
            #expect(count.objects == contents.rows(of: count.entity))
            let text = try String(contentsOfFile: try #require(count.file), encoding: .utf8)
            #expect(text.hasPrefix("_uri,_entity,_pk"))
        }
    }

    @Test("rows --limit/--offset --json gives the stored keys in order")
    func rowsPaging() throws {
        let store = try Corpus.copyStore(Self.walStore)
        let all = try postKeys(store)
        let result = try CLIRunner.run(["rows", store, "--entity", "Post", "--limit", "5", "--offset", "10", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try keys(result.stdout) == Array(all[10..<15]))
    }

    @Test("rows --where filters in Swift by the row's values; CSV text has a header and one line per object")
    func rowsWhere() throws {
        let store = try Corpus.copyStore(Self.walStore)
        let expected = try postKeys(store, where: #""ZHIDE" = 1"#)
        let result = try CLIRunner.run([
            "rows", store, "--entity", "Post", "--where", "$object.hide == true", "--limit", "1000", "--json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try keys(result.stdout) == expected)
        let csv = try CLIRunner.run(["rows", store, "--entity", "Post", "--where", "$object.hide == false", "--limit", "3"])
        let lines = csv.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("_uri,_entity,_pk") == true)
        #expect(lines.count == 1 + min(3, try postKeys(store, where: #""ZHIDE" = 0"#).count))
    }

    @Test(
        "Unknown entity and bad expression: one line naming the store, exit 8",
        arguments: [
            ["--entity", "Nope"], ["--entity", "Post", "--where", "$object.hide =="],
        ])
    func errors(_ arguments: [String]) throws {
        let store = try Corpus.copyStore(Self.walStore)
        let result = try CLIRunner.run(["rows", store] + arguments)
        #expect(result.status == 8)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("cdmigrate: error: \(store): "))
        #expect(result.stderr.split(separator: "\n").count == 1)
        let export = try CLIRunner.run(["export", store] + arguments.prefix(2))
        #expect(arguments.count > 2 || (export.status == 8 && export.stderr.hasPrefix("cdmigrate: error: \(store): ")))
    }
}
