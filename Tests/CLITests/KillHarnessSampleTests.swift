import Foundation
import TestSupport
import Testing

/// A small sample of the kill harness (`Scripts/kill_harness.py --quick`): the full run (≥ 200 kills of
/// `migrate`, 100 of `restore`, on 100,000 entries) is too long for the suite and is run by hand; see
/// RELIABILITY.md.
@Suite(
    "Kill harness sample", .enabled(if: CLIRunner.isAvailable, "needs the built cdmigrate binary"),
    InstalledTool.required("python3"))
struct KillHarnessSampleTests {
    /// Runs the harness with `arguments` and returns its JSON summary, expecting no failure.
    static func run(_ arguments: [String]) throws -> [String: Any] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["python3", Corpus.packageRoot.appendingPathComponent("Scripts/kill_harness.py").path]
            + arguments + ["--binary", CLIRunner.binary]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        try process.run()
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(output)")
        let summary = try #require(
            output.split(separator: "\n").last.flatMap {
                try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
            })
        #expect((summary["failures"] as? [Any])?.isEmpty == true, "\(output)")
        return summary
    }

    @Test("Killed at random instants and swap stages, migrate and restore always leave the old or the new store and nothing else")
    func quickSample() throws {
        let summary = try Self.run(["--quick", "--seed", String(Int.random(in: 1...1_000_000))])
        // Counts are kills: trials go on until four migrate kills (at most twelve trials).
        #expect(summary["migrateKills"] as? Int == 4, "\(summary)")
        #expect((4...12).contains(summary["trials"] as? Int ?? 0), "\(summary)")
    }

    @Test("The app writing after a kill at each swap stage (WAL, rollback; one store, two): its writes are kept")
    func appWritesSample() throws {
        let summary = try Self.run([
            "--quick", "--app-writes", "--modes", "wal,rollback", "--stores", "1,2", "--seed", "1",
        ])
        #expect(summary["migrateKills"] as? Int == 8, "\(summary)")
        let app = try #require(summary["appWrites"] as? [String: Any])
        let outcomes = try #require(app["outcomes"] as? [String: Int])
        // The fixed sample ends every way an app's write can make a recovery end.
        #expect(Set(outcomes.keys) == ["finished-swap", "kept-newer-data", "split"], "\(summary)")
    }
}
