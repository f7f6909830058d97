import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// Issue 33 item 1, done when: the corpus's Transformable values export as decoded JSON. CoreDataPlus's
/// books store archives app classes (`CoreDataPlus_Tests.Cover`, `Content`) through a secure-coding
/// transformer; BookMigration's `Book.fileURL` archives an NSString. CoreDataPlus's cars and wire's 82
/// fixtures declare Transformable attributes but hold no value in them: every one exports as null.
@Suite("Transformable values of Apple's stores, exported")
struct TransformableCorpusExportTests {
    /// Every object of `entity` in `relative`, exported to JSON (decoded) and parsed back.
    static func exported(_ relative: String, entity: String) throws -> [[String: Any]] {
        let store = try Corpus.copyStore(relative)
        let project = try MigrationProject(modelPath: ModelLocator.locate(store: Corpus.path(relative)).model)
        let out = try TemporaryDirectory.make().appendingPathComponent("\(entity).json").path
        _ = try project.export(store: store, entity: entity, format: .json, to: .file(out))
        let data = try Data(contentsOf: URL(fileURLWithPath: out))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    }

    @Test("CoreDataPlus books: covers and page contents as their classes and text", Corpus.required)
    func coreDataPlusBooks() throws {
        let books = try Self.exported("coredataplus-books/stores/SampleModel2_V1.sqlite", entity: "Book")
        #expect(books.count == 52)
        for book in books {
            let cover = try #require(book["cover"] as? [String: String], "\(book["cover"] ?? "missing")")
            #expect(cover["$class"] == "CoreDataPlus_Tests.Cover")
            #expect(cover["text"]?.isEmpty == false)
        }
        let pages = try Self.exported("coredataplus-books/stores/SampleModel2_V1.sqlite", entity: "Page")
        #expect(pages.count == 4970)
        let contents = pages.compactMap { $0["content"] as? [String: String] }
        #expect(contents.count == pages.count)
        #expect(contents.allSatisfy { $0["$class"] == "Content" && $0["text"]?.hasPrefix("content for page ") == true })
        let fronts = try Self.exported("coredataplus-books/stores/SampleModel2_V2.sqlite", entity: "Book")
            .compactMap { $0["frontCover"] as? [String: String] }
        #expect(fronts.count == 3)
        #expect(fronts.allSatisfy { $0["$class"] == "CoreDataPlus_Tests.Cover" })
    }

    @Test("BookMigration: an archived NSString file name reads as the string", Corpus.required)
    func bookMigrationFileURL() throws {
        let books = try Self.exported("mhw-books/stores/Model1.sqlite", entity: "Book")
        let names = books.compactMap { $0["fileURL"] as? String }
        #expect(names.count == 4)
        #expect(names.contains("The Trial.file"))
    }

    @Test("CoreDataPlus cars and every wire fixture: their Transformable columns hold no value", Corpus.required)
    func emptyTransformables() throws {
        // Every Transformable attribute of any version of either model, as its column.
        var columns = Set<String>()
        for model in ["wire/zmessaging.xcdatamodeld", "coredataplus-cars/SampleModel.xcdatamodeld"] {
            for version in try ModelLoader.load(path: Corpus.path(model)).versions {
                for entity in version.entities {
                    for attribute in entity.attributes where attribute.type == .transformable {
                        columns.insert("Z" + attribute.name.uppercased())
                    }
                }
            }
        }
        #expect(columns.isSuperset(of: ["ZMODIFIEDKEYS", "ZACCESSMODESTRINGS", "ZLINKATTACHMENTS", "ZCOLOR"]))
        let stores =
            ["coredataplus-cars/stores/SampleModel_V1.sqlite"]
            + CorpusStore.storesOnDisk.filter { $0.hasPrefix("wire/") }
        #expect(stores.count == 83)
        var checked = 0
        for relative in stores {
            var configuration = GRDB.Configuration()
            configuration.readonly = true
            let queue = try DatabaseQueue(path: try Corpus.copyStore(relative), configuration: configuration)
            try queue.read { db in
                for table in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'") {
                    for column in try db.columns(in: table).map(\.name) where columns.contains(column) {
                        let sql = "SELECT count(\(SQLIdentifier(column).quoted)) FROM \(SQLIdentifier(table).quoted)"
                        #expect(try Int.fetchOne(db, sql: sql) == 0, "\(relative) \(table).\(column)")
                        checked += 1
                    }
                }
            }
        }
        #expect(checked >= 83)
        // And as export renders them: null, on the fixture the coverage matrix cites.
        let relative = "wire/stores/store2-90-0.wiredatabase"
        let store = try Corpus.copyStore(relative)
        let project = try MigrationProject(modelPath: ModelLocator.locate(store: Corpus.path(relative)).model)
        let page = try project.rows(store: store, entity: "Message", limit: 100_000)
        #expect(!page.objects.isEmpty)
        #expect(page.objects.allSatisfy { $0["linkAttachments"] == .null && $0["modifiedKeys"] == .null })
    }
}
