import Foundation
import MigrationEngine
import TestSupport
import Testing

@testable import ConsoleUI

/// Issue 36, item 3, the console's side: it asked the engine's internals what the facade should answer: the
/// engine's export error type to tell a table that does not match its model, its own copy of SQLite's header
/// check, the engine's file stamps, Core Data's `"Z" + uppercased` naming for a table without a model, and a
/// failure's category from the engine's protocol rather than its one error. Each now comes through
/// ``MigrationProject`` (or a value it returns); this reads the console's sources so none comes back.
@Suite struct ConsoleFacadeTests {
    /// What the console's code must not name or spell, and what it uses instead.
    static let internals = [
        // (The engine's file stamps, also asked before, are kept out by FrontEndDoorTests' allowlist: the console
        // names the facade's StoreFileStamp.)
        "ExportError": "StoreBrowser.shownColumns(of:)",
        "CategorizedError": "MigrationError(error).category", "SQLite format 3": "MigrationProject.isSQLiteFile(_:)",
        "hasPrefix(\"Z": "EntityColumns.asStored / CoreDataName", "\"Z\" +": "the engine's layout of the columns",
    ]

    @Test func theConsoleNamesNoneOfTheEnginesInternalsItUsedToAsk() throws {
        let root = Corpus.packageRoot.appendingPathComponent("Sources/ConsoleUI")
        var found: [String] = []
        for file in try FileManager.default.subpathsOfDirectory(atPath: root.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                // Code only: a comment may say what the facade does underneath.
                let code = line.range(of: "//").map { line[..<$0.lowerBound] } ?? line[...]
                for (name, instead) in Self.internals where code.contains(name) {
                    found.append("\(file):\(number + 1): \(name) (use \(instead))")
                }
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    /// A table shown without its model is named by the engine's rule: `ZTITLE` is `title`; the bookkeeping
    /// columns and a to-one's entity-number column are hidden, the key is `pk`.
    @Test func aTableWithoutItsModelIsShownUnderTheNamesTheEngineGivesBack() {
        let stored = EntityRowPage(
            entity: "Entry", columns: ["Z_PK", "Z_ENT", "Z_OPT", "ZTITLE", "Z1AUTHOR", "ZAUTHOR"],
            rows: [[.integer(7), .integer(2), .integer(1), .text("Rain"), .integer(3), .integer(4)]], offset: 0, totalRows: 1)
        let page = BrowserPage(rows: stored, columns: .asStored(entity: "Entry", columns: stored.columns))
        #expect(page.columns == ["pk", "title", "author"])
        #expect(page.rows.first == [.integer(7), .text("Rain"), .integer(4)])
    }

    /// The console's failure takes the category of the engine's one error, so an error the engine did not
    /// wrap still has one (it had none, and no category-based decision could see it).
    @Test func aFailureHasTheCategoryOfTheEnginesOneError() {
        struct Foreign: Error {}
        #expect(ConsoleFailure(Foreign()).category == MigrationError(Foreign()).category)
        #expect(ConsoleFailure(StoreError(.notFound, path: "/x", message: "gone")).category == .notFound)
    }
}
