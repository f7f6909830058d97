import Foundation
import GRDB
import TestSupport

@testable import MigrationEngine

/// Helpers for running mapped steps on corpus stores in tests.
enum MappedStepFixtures {
    static let fixtures = Corpus.packageRoot.appendingPathComponent("Tests/MigrationEngineTests/Fixtures")

    static func mappingFile(_ name: String) -> String {
        fixtures.appendingPathComponent("Mappings/\(name)").path
    }

    static func model(_ relative: String, version: String) throws -> ObjectModel {
        let bundle = try ModelLoader.load(path: Corpus.path(relative))
        guard let model = bundle.version(named: version) else { throw ExpressionEvaluationError("no version \(version)") }
        return model
    }

    /// Runs `step` on a copy of the corpus store `store`, returning the destination path and the events.
    static func run(_ step: MappedStep, store: String) throws -> (path: String, events: [MigrationEvent]) {
        let source = try Corpus.copyStore(store)
        let destination = try TemporaryDirectory.make().appendingPathComponent("out.sqlite").path
        let events = EventLog()
        try step.perform(
            StepContext(
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

/// Overrides both stages of a mapped step with what the mapping says, so that every object is made and linked
/// through the policy context (stage 2 object by object): the generated run's policy path, and the path the
/// order check's tests link one by one.
struct EveryStagePolicy: MigrationPolicy {
    func createDestinationInstances(
        for source: ObjectReference, mapping: EntityMapping, context: some MigrationPolicyContext
    ) throws {
        _ = try context.createDefaultDestinationInstance(for: source, mapping: mapping)
    }

    func createRelationships(
        for destination: ObjectReference, source: ObjectReference, mapping: EntityMapping,
        context: some MigrationPolicyContext
    ) throws {
        try context.createDefaultRelationships(for: destination, source: source, mapping: mapping)
    }

    var customizesRelationships: Bool { true }
}
