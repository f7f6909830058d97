import Foundation
import Testing

@testable import MigrationEngine

/// The work a chain's final store gets before the swap: a real run flushes and digests it for the swap
/// journal; a dry run, which swaps nothing in, spends neither.
@Suite("Chain runner")
struct ChainRunnerTests {
    func outcome(dryRun: Bool) throws -> ChainRunner.Outcome {
        let store = try ExecutionFixture.store("v1.0.0")
        let job = MigrationJob(storePath: store, plan: try ExecutionFixture.plan(from: "v1.0.0", to: "v1.2.0"))
        var timings: [RunRecord.Step] = []
        let runner = ChainRunner(job: job, run: "test-\(UUID().uuidString)", options: ExecutionOptions(dryRun: dryRun)) { _ in }
        let outcome = try runner.execute(&timings)
        outcome.snapshot?.remove(report: { _ in })
        #expect(timings.count == job.plan.steps.count)
        return outcome
    }

    @Test("A real run's final store comes back with its digest, taken while it was validated")
    func digestOnRealRun() throws {
        let outcome = try outcome(dryRun: false)
        defer { TemporaryFile.remove(outcome.path) }
        let digest = try #require(outcome.digest)
        #expect(digest.digest(ifUnchanged: outcome.path) == FileDigest.sha256(outcome.path))
    }

    @Test("A dry run's final store is not digested")
    func noDigestOnDryRun() throws {
        let outcome = try outcome(dryRun: true)
        defer { TemporaryFile.remove(outcome.path) }
        #expect(outcome.digest == nil)
        #expect(FileManager.default.fileExists(atPath: outcome.path))
    }
}
