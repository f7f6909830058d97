import Foundation
import Testing
import TestSupport

/// The real binary, killed with SIGKILL at each stage of the swap, then run again: the store must be the
/// complete old or the complete new one. It needs inferred steps in the CLI (the rename chain has no
/// explicit mappings), which arrive with the inferred mapping and inferred step.
@Suite("Recovery after the process is killed during the swap", Corpus.required,
       .enabled(if: CLIRunner.isAvailable, "needs the built cdmigrate binary"))
struct CrashRecoveryTests {
    @Test("Killed at each swap stage, the next run leaves a complete store",
          arguments: ["journal-written", "sidecars-parked", "database-replaced", "swapped"])
    func killedDuringSwap(stage: String) throws {
        let model = Corpus.path("rename-chain/Model.xcdatamodeld")
        let store = try Corpus.copyStore("rename-chain/stores/Example_v1.0.0.sqlite")
        let original = try Data(contentsOf: URL(fileURLWithPath: store))
        let killed = try CLIRunner.run(
            ["migrate", store, "--model", model, "--to", "v1.1.0", "--yes", "--json"],
            environment: ["CDMIGRATE_CRASH_AT": stage])
        #expect(killed.reason == .uncaughtSignal && killed.status == SIGKILL)
        #expect(FileManager.default.fileExists(atPath: URL(fileURLWithPath: store).deletingLastPathComponent()
            .appendingPathComponent("." + URL(fileURLWithPath: store).lastPathComponent + ".cdmigrate-journal").path))
        let verify = try CLIRunner.run(["verify", store, "--model", model, "--json"])
        #expect(verify.status == 0)
        #expect(verify.stdout.contains(#""recovered":"finished-swap""#))
        #expect(verify.stdout.contains(#""version":"v1.1.0""#))
        let restored = try CLIRunner.run(["restore", store])
        #expect(restored.status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == original)
    }
}
