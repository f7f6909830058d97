import Foundation
import GRDB
import TestSupport

@testable import MigrationEngine

/// Helpers for running mapped steps on corpus stores in tests.
enum MappedStepFixtures {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent("Fixtures")

    static func mappingFile(_ name: String) -> String {
        fixtures.appendingPathComponent("Mappings/\(name)").path
    }

    static func model(_ relative: String, version: String) throws -> ObjectModel {
        let bundle = try ModelLoader.load(path: Corpus.path(relative))
        guard let model = bundle.version(named: version) else { throw ExpressionEvaluationError("no version \(version)") }
        return model
    }

    /// A destination-store factory that makes an empty store by emptying a copy of a corpus store that is
    /// already at the destination version (the DDL and metadata are Apple's own).
    static func emptyCopy(of relative: String) -> DestinationStoreFactory {
        { path, _ in
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            let copy = try Corpus.copyStore(relative, to: try TemporaryDirectory.make())
            let queue = try DatabaseQueue(path: copy)
            try queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
            try queue.write { db in
                let tables = try String.fetchAll(db, sql: "SELECT 'Z' || upper(Z_NAME) FROM Z_PRIMARYKEY WHERE Z_SUPER = 0")
                for table in tables { try db.execute(sql: "DELETE FROM \"\(table)\"") }
                try db.execute(sql: "UPDATE Z_PRIMARYKEY SET Z_MAX = 0")
            }
            try queue.close()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: copy, toPath: path)
        }
    }

    /// Runs `step` on a copy of the corpus store `store`, returning the destination path and the events.
    static func run(_ step: MappedStep, store: String) throws -> (path: String, events: [MigrationEvent]) {
        let source = try Corpus.copyStore(store)
        let destination = try TemporaryDirectory.make().appendingPathComponent("out.sqlite").path
        let events = EventLog()
        try step.perform(StepContext(
            sourcePath: source, destinationPath: destination, index: 0, report: { events.append($0) },
            cancellation: CancellationFlag()))
        return (destination, events.events)
    }
}

/// Collects events from a step (thread-safe).
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [MigrationEvent] = []
    func append(_ event: MigrationEvent) { lock.withLock { stored.append(event) } }
    var events: [MigrationEvent] { lock.withLock { stored } }
}
