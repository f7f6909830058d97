import Foundation
import MigrationEngine
import TestSupport
import Testing

/// The real binary, killed with SIGKILL at each stage of the swap, then run again: the store must be the
/// complete old or the complete new one. The rename-chain store migrates by an inferred step.
@Suite(
    "Recovery after the process is killed during the swap",
    .enabled(if: CLIRunner.isAvailable, "needs the built cdmigrate binary"))
struct CrashRecoveryTests {
    @Test(
        "Killed at each swap stage, the next run leaves a complete store",
        arguments: ["journal-written", "sidecars-parked", "database-replaced", "swapped"])
    func killedDuringSwap(stage: String) throws {
        let model = RenameChainFixture.modelPath
        let store = try RenameChainFixture.store("v1.0.0")
        let original = try Data(contentsOf: URL(fileURLWithPath: store))
        let killed = try CLIRunner.run(
            ["migrate", store, "--model", model, "--to", "v1.1.0", "--yes", "--json"],
            environment: ["CDMIGRATE_CRASH_AT": stage])
        #expect(killed.reason == .uncaughtSignal && killed.status == SIGKILL)
        #expect(
            FileManager.default.fileExists(
                atPath: URL(fileURLWithPath: store).deletingLastPathComponent()
                    .appendingPathComponent("." + URL(fileURLWithPath: store).lastPathComponent + ".cdmigrate-journal").path))
        let verify = try CLIRunner.run(["verify", store, "--model", model, "--json"])
        #expect(verify.status == 0)
        let verified = try verify.decoded(StoreVerification.self)
        #expect(verified.recovered == .finishedSwap)
        #expect(verified.version == "v1.1.0")
        let restored = try CLIRunner.run(["restore", store, "--yes"])
        #expect(restored.status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == original)
    }
}

@Suite("Two stores killed mid-swap", .enabled(if: CLIRunner.isAvailable, "needs the built cdmigrate binary"))
struct GroupCrashRecoveryTests {
    @Test("Killed after the first of two stores was replaced, the next run completes both")
    func killedBetweenStores() throws {
        let model = RenameChainFixture.modelPath
        let folder = try TemporaryDirectory.make()
        let first = try RenameChainFixture.store("v1.0.0", in: folder)
        let second = try RenameChainFixture.store("v1.1.0", in: folder)
        let killed = try CLIRunner.run(
            ["migrate", first, second, "--model", model, "--to", "v1.2.0", "--yes", "--json"],
            environment: ["CDMIGRATE_CRASH_AT": "database-replaced:1"])
        #expect(killed.reason == .uncaughtSignal)
        // Recovering through the second store completes the first as well: they were one run.
        let verify = try CLIRunner.run(["verify", second, "--model", model, "--json"])
        #expect(try verify.decoded(StoreVerification.self).recovered == .finishedSwap)
        for store in [first, second] {
            let check = try CLIRunner.run(["verify", store, "--model", model, "--json"])
            #expect(check.status == 0)
            #expect(try check.decoded(StoreVerification.self).version == "v1.2.0")
        }
    }
}
