import Foundation
import MigrationEngine
import TestSupport
import Testing

@testable import ConsoleUI

/// Issue 36, item 3 in the console: the browser reads through the facade alone. A value is shown as the
/// engine reads it by its attribute's type (what a mapping, a policy and `rows --where` see), and pages,
/// exports and seeds go through the project of the current reading, its model read once per reading (a load and
/// its pages share it).
@Suite struct EngineReadingTests {
    @Test func aValueIsShownAsTheEngineReadsItByItsType() {
        let attributes = [
            Attribute(name: "flag", type: .boolean), Attribute(name: "ratio", type: .double),
            Attribute(name: "count", type: .integer64), Attribute(name: "when", type: .date),
            Attribute(name: "id", type: .uuid),
        ]
        let layout = EntityColumns(
            entity: "Thing",
            byColumn: Dictionary(
                uniqueKeysWithValues: attributes.map { ("Z" + $0.name.uppercased(), EntityColumns.Meaning.attribute($0)) }))
        let id = UUID()
        let bytes = withUnsafeBytes(of: id.uuid) { Data($0) }
        // As a hostile or hand-edited store may hold them: a REAL in a Boolean column, an INTEGER in a Double
        // one, a whole REAL in an integer one.
        let stored = EntityRowPage(
            entity: "Thing", columns: ["Z_PK", "ZFLAG", "ZRATIO", "ZCOUNT", "ZWHEN", "ZID"],
            rows: [[.integer(1), .real(0.5), .integer(3), .real(2), .integer(86400), .blob(bytes)]], offset: 0,
            totalRows: 1)
        let page = BrowserPage(rows: stored, columns: layout)
        #expect(page.columns == ["pk", "flag", "ratio", "count", "when", "id"])
        #expect(
            page.rows.first == [
                .integer(1), .bool(true), .real(3), .integer(2), .date(Date(timeIntervalSinceReferenceDate: 86400)), .uuid(id),
            ])
        #expect(page.rows.first?.map(\.display) == ["1", "yes", "3.0", "2", "2001-01-02 00:00:00", id.uuidString])
    }

    @Test func pagesAndExportsUseTheModelTheLastLoadRead() throws {
        let store = try JournalFixture.journal4(entries: 12)
        let folder = try TemporaryDirectory.make()
        let model = folder.appendingPathComponent("Journal.xcdatamodeld")
        try FileManager.default.copyItem(atPath: JournalFixture.modelPath, toPath: model.path)
        let source = EngineDataSource(modelPath: model.path)
        _ = try source.loadStore(at: store)
        // The model goes away after the load: what was read with it is still typed by it, with no second read.
        try FileManager.default.removeItem(at: model)
        let page = try source.rows(storePath: store, entity: "Entry", offset: 0, limit: 5)
        #expect(page.columns.contains("title") && page.columns.contains("author"), "\(page.columns)")
        #expect(page.rows.first?[page.columns.firstIndex(of: "author") ?? 0] == .reference(entity: "Author", key: 1))
        let file = folder.appendingPathComponent("Entry.json").path
        let written = try source.export(
            storePath: store, entity: "Entry", query: .all, to: file, cancellation: CancellationFlag(), progress: { _ in })
        #expect(written == 12)
        // Reading the store again (`r`, which the console starts by reading afresh) reads the model again, and
        // finds it gone; until then a load reads with the model of this reading, as its pages do.
        _ = try source.loadStore(at: store)
        source.readAfresh()
        #expect(throws: (any Error).self) { try source.loadStore(at: store) }
    }
}
