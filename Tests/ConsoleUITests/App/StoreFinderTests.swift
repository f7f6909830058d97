import Foundation
import TestSupport
import Testing

@testable import ConsoleUI

/// Issue 13, item 8: the picker's search never loops, never offers backups, and can be stopped.
@Suite struct StoreFinderTests {
    static let header = Data("SQLite format 3\0".utf8) + Data(count: 84)

    /// `a/Store.sqlite`, `a/b/Deep.sqlite`, a link from `a/b/loop` back to the root, a link `link` to `a`,
    /// a backup under `.cdmigrate/` and a store in a hidden folder.
    static func tree() throws -> URL {
        let root = try TemporaryDirectory.make()
        let files = FileManager.default
        for folder in ["a/b", ".cdmigrate/Store.sqlite/backups/20260101-x", ".hidden"] {
            try files.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for store in [
            "a/Store.sqlite", "a/b/Deep.sqlite", ".cdmigrate/Store.sqlite/backups/20260101-x/Store.sqlite",
            ".hidden/Secret.sqlite",
        ] {
            try header.write(to: root.appendingPathComponent(store))
        }
        try files.createSymbolicLink(atPath: root.appendingPathComponent("a/b/loop").path, withDestinationPath: "../..")
        try files.createSymbolicLink(atPath: root.appendingPathComponent("link").path, withDestinationPath: "a")
        return root
    }

    @Test func aSymbolicLinkLoopBackupsAndHiddenFoldersAreSkipped() throws {
        let root = try Self.tree()
        #expect(StoreFinder.find(under: root.path).map(\.relativePath) == ["a/Store.sqlite", "a/b/Deep.sqlite"])
    }

    @Test func storesAreHandedOverAsFoundAndTheWalkStopsWhenAsked() throws {
        let root = try Self.tree()
        var found: [String] = []
        var searched = 0
        let finished = StoreFinder.walk(
            under: root.path, isCancelled: { !found.isEmpty }, searched: { searched = $0 },
            found: { found.append($0.relativePath) })
        #expect(!finished)
        #expect(found == ["a/Store.sqlite"], "the deeper store is never reached once stopped")
        #expect(searched == 1)
    }

    @Test func theScannerReportsEachStoreFoundAndTheEnd() throws {
        let root = try Self.tree()
        var reports: [ScanProgress] = []
        StoreScanner().scan(root.path) { reports.append($0) }
        // Each store as it is found (folder counts too, should the walk take longer than the report interval),
        // then the end.
        #expect(reports.dropLast().allSatisfy { $0.status == .searching } && reports.last?.status == .finished)
        #expect(Set(reports.map(\.candidates.count)) == [1, 2])
        let progress = try #require(reports.last)
        #expect(Set(progress.candidates.map(\.relativePath)) == ["a/Store.sqlite", "a/b/Deep.sqlite"])
        #expect(progress.folders == 3, "root, a and a/b, each once")
    }

    @Test func aStoppedScannerSaysSo() throws {
        let scanner = StoreScanner()
        scanner.stop()
        var reports: [ScanProgress] = []
        scanner.scan(try Self.tree().path) { reports.append($0) }
        #expect(reports.last?.status == .stopped)
    }

    @Test func aFIFONamedLikeAStoreIsNeverOpened() throws {
        let root = try TemporaryDirectory.make()
        #expect(mkfifo(root.appendingPathComponent("Pipe.sqlite").path, 0o600) == 0)
        try Self.header.write(to: root.appendingPathComponent("Real.sqlite"))
        #expect(StoreFinder.find(under: root.path).map(\.relativePath) == ["Real.sqlite"])
    }

    /// Issue 35, item 11: apps name their stores as they like (wire's `.wiredatabase`, Moody's `.moody`, no
    /// ending at all); the header decides. SQLite's sidecars never show, even a journal that starts with a copy
    /// of the header, and a file named like a store that is not one stays out.
    @Test func storesAreFoundByTheirHeaderWhateverTheirName() throws {
        let root = try TemporaryDirectory.make()
        for name in ["store2-90-0.wiredatabase", "Moody.moody", "NoEnding", "App.sqlite-journal", "App.sqlite-wal"] {
            try Self.header.write(to: root.appendingPathComponent(name))
        }
        try Data("plain text, not SQLite".utf8).write(to: root.appendingPathComponent("Notes.sqlite"))
        #expect(
            StoreFinder.find(under: root.path).map(\.relativePath) == [
                "Moody.moody", "NoEnding", "store2-90-0.wiredatabase",
            ])
    }
}
