import Foundation
import TestSupport
import Testing

/// Issue 12: `migrate` checks a store's integrity beside its first step rather than before showing the plan;
/// a damaged store fails exactly as `plan` fails on it.
@Suite("migrate's integrity check", .enabled(if: CLIRunner.isAvailable, "needs the built cdmigrate binary"))
struct MigrateIntegrityCommandTests {
    @Test("A damaged store: migrate fails with plan's error line and exit code, and leaves nothing", arguments: [1, 2])
    func damagedStore(from version: Int) throws {
        let store = try CLIRunner.sampleStore(version: version, entries: 200)
        try HeaderDamage.claimMissingFreePages(store)
        let original = try Data(contentsOf: URL(fileURLWithPath: store))
        let model = CLIRunner.sampleModel
        let plan = try CLIRunner.run(["plan", store, "--model", model, "--to", "Journal 3"])
        let migrate = try CLIRunner.run(["migrate", store, "--model", model, "--to", "Journal 3", "--yes"])
        #expect(plan.status != 0 && migrate.status == plan.status, "\(migrate.stderr)")
        #expect(migrate.stderr == plan.stderr)
        #expect(migrate.stderr.contains("cdmigrate: error: ") && migrate.stderr.contains("damaged database"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == original)
        #expect(try InterruptedRunTests.leftovers(besides: store).isEmpty)
        let backups = URL(fileURLWithPath: store).deletingLastPathComponent()
            .appendingPathComponent(".cdmigrate/Journal.sqlite/backups").path
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: backups)) ?? []).isEmpty)
    }
}
