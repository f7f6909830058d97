import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

@Suite("cdmigrate export and rows", .enabled(if: CLIRunner.isAvailable, "needs the built cdmigrate binary"))
struct ExportCommandTests {
    static let model = JournalFixture.modelPath

    /// A Journal 4 store of 60 entries (every other one a favourite) by three authors.
    static func store() throws -> String {
        try JournalFixture.journal4(entries: 60)
    }

    func entryKeys(_ store: String, where condition: String = "1") throws -> [Int64] {
        let queue = try DatabaseQueue(
            path: store,
            configuration: {
                var c = GRDB.Configuration()
                c.readonly = true
                return c
            }())
        return try queue.read { try Int64.fetchAll($0, sql: #"SELECT "Z_PK" FROM "ZENTRY" WHERE \#(condition) ORDER BY "Z_PK""#) }
    }

    func keys(_ json: String) throws -> [Int64] {
        let objects = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        return objects.compactMap { ($0["_pk"] as? NSNumber)?.int64Value }
    }

    /// Issue 35 (the console's filter and sort on the command line): `export --where/--sort` selects through
    /// the same typed selection as the console's export and `rows`: the query parsed by the engine, never SQL.
    @Test("export --where/--sort writes the objects rows lists for the same query, in its order; bad input writes nothing")
    func exportSelects() throws {
        let store = try Self.store()
        let folder = try TemporaryDirectory.make()
        let out = folder.appendingPathComponent("picked.json").path
        let query = #"favorite == YES AND author.name ENDSWITH "Hopper""#
        let selecting = ["--model", Self.model, "--entity", "Entry", "--where", query, "--sort", "-title"]
        let export = try CLIRunner.run(["export", store] + selecting + ["--out", out])
        #expect(export.status == 0, "\(export.stderr)")
        let written = try keys(try String(contentsOfFile: out, encoding: .utf8))
        let rows = try CLIRunner.run(["rows", store] + selecting + ["--limit", "1000", "--json"])
        #expect(rows.status == 0, "\(rows.stderr)")
        #expect(written == (try keys(rows.stdout)), "the objects rows lists, in its order")
        // Grace Hopper is author 2; odd entries are favourites.
        let expected = try entryKeys(store, where: #""ZFAVORITE" = 1 AND "ZAUTHOR" = 2"#)
        #expect(Set(written) == Set(expected) && expected.count == 10)
        #expect(written != expected, "in descending title order, not key order")

        let bad = folder.appendingPathComponent("bad.json").path
        let invalid = try CLIRunner.run(
            ["export", store, "--model", Self.model, "--entity", "Entry", "--where", "title ==", "--out", bad])
        #expect(invalid.status == 8, "\(invalid.stderr)")
        #expect(invalid.stderr.hasPrefix("cdmigrate: error: ") && invalid.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: bad), "nothing half-written")
        let unknown = try CLIRunner.run(
            ["export", store, "--model", Self.model, "--entity", "Entry", "--sort", "nosuch", "--out", bad])
        #expect(unknown.status == 8 && unknown.stderr.contains("nosuch"), "\(unknown.stderr)")
        let noEntity = try CLIRunner.run(["export", store, "--model", Self.model, "--where", query, "--out", folder.path])
        #expect(noEntity.status == 8 && noEntity.stderr.contains("one entity"), "\(noEntity.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Entry.json").path))
    }

    @Test(
        "Store-only export of coredataplus-books (model from its cache only): one file per entity, counts as stored",
        Corpus.required)
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

    @Test("A store at no version of --model is exported and paged through its cached model, said on stderr")
    func noVersionReadsCache() throws {
        let store = try JournalFixture.store(version: 1, entries: 12)
        // Journal 3 alone, as an edited model the store was never written with.
        let model = try TemporaryDirectory.make().appendingPathComponent("Edited.xcdatamodel").path
        try FileManager.default.copyItem(
            atPath: URL(fileURLWithPath: Self.model).appendingPathComponent("Journal 3.xcdatamodel").path, toPath: model)
        let export = try CLIRunner.run(["export", store, "--model", model, "--entity", "Entry", "--format", "json"])
        #expect(export.status == 0, "\(export.stderr)")
        #expect(try keys(export.stdout) == Array(1...12))
        #expect(export.stderr.contains("\(store): matches no version of \(model)"))
        #expect(export.stderr.contains("own cached model (Z_MODELCACHE)"))
        let rows = try CLIRunner.run(["rows", store, "--model", model, "--entity", "Entry", "--limit", "4", "--json"])
        #expect(rows.status == 0, "\(rows.stderr)")
        #expect(try keys(rows.stdout) == [1, 2, 3, 4])
        #expect(rows.stderr.contains("matches no version of"))
    }

    @Test("Export with --model: one file per entity, counts as stored, nothing written beside the store")
    func exportWithModel() throws {
        let store = try Self.store()
        let before = try FolderFingerprint(folderOf: store)
        let out = try TemporaryDirectory.make().appendingPathComponent("journal").path
        let result = try CLIRunner.run(["export", store, "--model", Self.model, "--format", "csv", "--out", out, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FolderFingerprint(folderOf: store) == before, "export wrote nothing beside the store")
        let counts = try JSONDecoder().decode([EntityExportCount].self, from: Data(result.stdout.utf8))
        #expect(counts.map(\.entity).sorted() == ["Author", "Entry"])
        #expect(counts.map(\.objects).sorted() == [JournalFixture.authors.count, 60])
        for count in counts {
            let text = try String(contentsOfFile: try #require(count.file), encoding: .utf8)
            #expect(text.hasPrefix("_uri,_entity,_pk"))
            #expect(text.split(separator: "\n").count == 1 + count.objects)
        }
    }

    @Test("rows --limit/--offset --json gives the stored keys in order")
    func rowsPaging() throws {
        let store = try Self.store()
        let all = try entryKeys(store)
        let result = try CLIRunner.run([
            "rows", store, "--model", Self.model, "--entity", "Entry", "--limit", "5", "--offset", "10", "--json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try keys(result.stdout) == Array(all[10..<15]))
    }

    @Test("rows --where filters in Swift by the row's values; CSV text has a header and one line per object")
    func rowsWhere() throws {
        let store = try Self.store()
        let expected = try entryKeys(store, where: #""ZFAVORITE" = 1"#)
        let result = try CLIRunner.run([
            "rows", store, "--model", Self.model, "--entity", "Entry", "--where", "$object.favorite == true", "--limit", "1000",
            "--json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try keys(result.stdout) == expected)
        let csv = try CLIRunner.run([
            "rows", store, "--model", Self.model, "--entity", "Entry", "--where", "$object.favorite == false", "--limit", "3",
        ])
        let lines = csv.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix("_uri,_entity,_pk") == true)
        #expect(lines.count == 1 + min(3, try entryKeys(store, where: #""ZFAVORITE" = 0"#).count))
    }

    @Test(
        "Unknown entity and bad expression: one line naming the store, exit 8",
        arguments: [
            ["--entity", "Nope"], ["--entity", "Entry", "--where", "$object.favorite =="],
        ])
    func errors(_ arguments: [String]) throws {
        let store = try Self.store()
        let result = try CLIRunner.run(["rows", store, "--model", Self.model] + arguments)
        #expect(result.status == 8)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("cdmigrate: error: \(store): "))
        #expect(result.stderr.split(separator: "\n").count == 1)
        let export = try CLIRunner.run(["export", store, "--model", Self.model] + arguments.prefix(2))
        #expect(arguments.count > 2 || (export.status == 8 && export.stderr.hasPrefix("cdmigrate: error: \(store): ")))
    }
}
