import Foundation
import MigrationEngine
import Synchronization
import TestSupport

/// Runs one step the way the chain executor would: source snapshot in, fresh destination file out.
enum StepRunner {
    /// Collects progress events.
    final class Events: Sendable {
        let events = Mutex<[MigrationEvent]>([])
        var all: [MigrationEvent] { events.withLock { $0 } }
    }

    /// Runs `step` on `sourcePath` and returns the destination path.
    @discardableResult
    static func run(
        _ step: some MigrationStep, sourcePath: String, cancellation: CancellationFlag = CancellationFlag(),
        events: Events = Events()
    ) throws -> String {
        let destination = try TemporaryDirectory.make().appendingPathComponent("migrated.sqlite").path
        let context = StepContext(
            sourcePath: sourcePath, destinationPath: destination, index: 0,
            report: { event in events.events.withLock { $0.append(event) } }, cancellation: cancellation)
        try step.perform(context)
        return destination
    }

    /// A model version from the corpus.
    static func version(_ name: String, of model: String) throws -> ObjectModel {
        let bundle = try ModelLoader.load(path: Corpus.path(model))
        guard let version = bundle.version(named: name) else { throw CocoaError(.fileNoSuchFile) }
        return version
    }
}
