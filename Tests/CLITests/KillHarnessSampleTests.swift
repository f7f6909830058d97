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
    @Test("Killed at random instants and swap stages, migrate and restore always leave the old or the new store and nothing else")
    func quickSample() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", Corpus.packageRoot.appendingPathComponent("Scripts/kill_harness.py").path,
            "--quick", "--seed", String(Int.random(in: 1...1_000_000)), "--binary", CLIRunner.binary,
        ]
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
        // Counts are kills: trials go on until four migrate kills (at most twelve trials).
        #expect(summary["migrateKills"] as? Int == 4, "\(output)")
        #expect((4...12).contains(summary["trials"] as? Int ?? 0), "\(output)")
    }
}
