import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// An export replaces its file only when every object is written: a store that cannot be read to the end
/// leaves the file that was there, and no partial file is left beside it either way.
@Suite("Export output file")
struct ExportOutputFileTests {
    static func leftovers(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".partial") }
    }

    /// A store whose last entry's text runs over overflow pages, one of them zeroed: counting the rows
    /// reads no overflow page, so the export starts writing and fails at that entry.
    static func storeFailingAtItsLastEntry() throws -> String {
        let store = try JournalFixture.store(version: 3, entries: 500)
        let page = try DatabaseQueue(path: store).write { db -> Int in
            try db.execute(
                sql: "UPDATE ZENTRY SET ZTEXT = ? WHERE Z_PK = (SELECT MAX(Z_PK) FROM ZENTRY)",
                arguments: [String(repeating: "overflowing text ", count: 2000)])
            let pages = try Int.fetchAll(
                db, sql: "SELECT pageno FROM dbstat WHERE name = 'ZENTRY' AND pagetype = 'overflow' ORDER BY pageno")
            return try #require(pages.first)
        }
        let size = try DatabaseQueue(path: store).read { try Int.fetchOne($0, sql: "PRAGMA page_size") ?? 4096 }
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: store))
        try file.seek(toOffset: UInt64((page - 1) * size))
        try file.write(contentsOf: Data(repeating: 0, count: size))
        try file.close()
        return store
    }

    @Test("A failed export leaves the old file as it was and no partial file")
    func failedExportKeepsTheOldFile() throws {
        let store = try Self.storeFailingAtItsLastEntry()
        let folder = try TemporaryDirectory.make()
        let file = folder.appendingPathComponent("Entry.json")
        try Data("keep".utf8).write(to: file)
        let project = try MigrationProject(modelPath: JournalFixture.modelPath)
        #expect(throws: (any Error).self) {
            try project.export(store: store, entity: "Entry", format: .json, to: .file(file.path))
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == "keep")
        #expect(try Self.leftovers(in: folder) == [])
    }

    @Test("A finished export replaces the file, in place of a link rather than through it")
    func finishedExportReplacesTheFile() throws {
        let store = try JournalFixture.store(version: 3, entries: 40)
        let folder = try TemporaryDirectory.make()
        let elsewhere = folder.appendingPathComponent("elsewhere.txt")
        try Data("not mine to write".utf8).write(to: elsewhere)
        let file = folder.appendingPathComponent("Entry.csv")
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: elsewhere)
        let project = try MigrationProject(modelPath: JournalFixture.modelPath)
        let counts = try project.export(store: store, entity: "Entry", format: .csv, to: .file(file.path))
        #expect(counts.map(\.objects) == [40])
        #expect(try String(contentsOf: file, encoding: .utf8).split(separator: "\n").count == 41)
        #expect(try String(contentsOf: elsewhere, encoding: .utf8) == "not mine to write")
        #expect(try Self.leftovers(in: folder) == [])
    }

    @Test("An output folder that cannot take a new file is an I/O error naming the file")
    func unwritableFolderNamesTheFile() throws {
        let store = try JournalFixture.store(version: 3, entries: 5)
        let file = "/nonexistent-folder-\(UUID().uuidString)/Entry.json"
        let project = try MigrationProject(modelPath: JournalFixture.modelPath)
        do {
            _ = try project.export(store: store, entity: "Entry", format: .json, to: .file(file))
            Issue.record("the export succeeded")
        } catch let error as ExportError {
            #expect(error.path == file && error.category == .io, "\(error)")
        }
    }
}
