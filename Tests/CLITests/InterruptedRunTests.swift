import Foundation
import MigrationEngine
import TestSupport
import Testing

/// Restores killed mid-swap, killed migrations in the history, and SIGTERM as a clean cancellation.
@Suite(
    "Interrupted restores and migrations",
    .enabled(if: CLIRunner.isAvailable, "needs the built cdmigrate binary"))
struct InterruptedRunTests {
    let model = RenameChainFixture.modelPath

    static func leftovers(besides store: String) throws -> [String] {
        let folder = URL(fileURLWithPath: store).deletingLastPathComponent().path
        let prefix = "." + URL(fileURLWithPath: store).lastPathComponent + ".cdmigrate-"
        return try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(prefix) }
    }

    @Test(
        "Killed at each stage of its swap, a restore leaves the old or the restored store, is recorded, and never blocks the next",
        arguments: SwapStage.ofSwap.map(\.rawValue))
    func killedRestore(stage: String) throws {
        let store = try RenameChainFixture.store("v1.0.0")
        let original = try Data(contentsOf: URL(fileURLWithPath: store))
        #expect(try CLIRunner.run(["migrate", store, "--model", model, "--to", "v1.1.0", "--yes"]).status == 0)
        let migrated = try Data(contentsOf: URL(fileURLWithPath: store))
        let killed = try CLIRunner.run(["restore", store, "--yes"], environment: ["CDMIGRATE_CRASH_AT": stage])
        #expect(killed.reason == .uncaughtSignal && killed.status == SIGKILL)
        let history = try CLIRunner.run(["history", store, "--json"])
        #expect(history.status == 0, "\(history.stderr)")
        #expect(history.stdout.contains(#""action":"recover""#))
        #expect(history.stdout.contains(#""detail":"restore run "#))
        #expect([original, migrated].contains(try Data(contentsOf: URL(fileURLWithPath: store))))
        #expect(try Self.leftovers(besides: store).isEmpty)
        let backups = URL(fileURLWithPath: store).deletingLastPathComponent()
            .appendingPathComponent(".cdmigrate/" + URL(fileURLWithPath: store).lastPathComponent + "/backups").path
        let first = try #require(try FileManager.default.contentsOfDirectory(atPath: backups).sorted().first)
        let again = try CLIRunner.run(["restore", store, "--backup", first, "--yes"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == original)
    }

    @Test("A migration killed mid-swap appears in the history as interrupted, with the recovery that followed")
    func killedMigrationRecorded() throws {
        let store = try RenameChainFixture.store("v1.0.0")
        let killed = try CLIRunner.run(
            ["migrate", store, "--model", model, "--to", "v1.1.0", "--yes"],
            environment: ["CDMIGRATE_CRASH_AT": "sidecars-parked"])
        #expect(killed.reason == .uncaughtSignal)
        // A real run keeps its snapshot until the run ends (its copies may become the backup): the kill leaves
        // it beside the store, for the next run to sweep.
        #expect(try Self.leftovers(besides: store).contains { $0.hasSuffix("-snapshot") })
        let history = try CLIRunner.run(["history", store, "--json"])
        let records = history.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        #expect(records.map { "\($0["action"]!) \($0["result"]!)" } == ["recover succeeded", "migrate interrupted"])
        #expect(try Self.leftovers(besides: store).isEmpty)
    }

    @Test("SIGTERM mid-run cancels cleanly: exit 11, history says cancelled, no temporaries, snapshot or lock")
    func terminated() throws {
        let store = try CLIRunner.sampleStore(version: 1, entries: 40_000)
        let folder = URL(fileURLWithPath: store).deletingLastPathComponent()
        let original = try Data(contentsOf: URL(fileURLWithPath: store))
        let temporary = try TemporaryDirectory.make()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLIRunner.binary)
        process.arguments = ["migrate", store, "--model", CLIRunner.sampleModel, "--to", "Journal 4", "--yes", "--json"]
        process.environment = ProcessInfo.processInfo.environment.merging(["TMPDIR": temporary.path]) { $1 }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        var seen = Data()
        while !String(decoding: seen, as: UTF8.self).contains(#""event":"entityProgress""#) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen.append(chunk)
        }
        process.terminate()
        _ = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 11)
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == original)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".cdmigrate") } == [
                "Journal.sqlite"
            ])
        // Snapshots go into the user's own folder there, which stays; nothing may be left inside it or beside it.
        let snapshots = SnapshotFolder.name()
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).filter { $0 != snapshots }.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.appendingPathComponent(snapshots).path).isEmpty)
        let history = try CLIRunner.run(["history", store, "--json"])
        #expect(history.stdout.contains(#""result":"cancelled""#))
    }

    @Test("SIGTERM while migrate is still starting or planning exits 11 too, and changes nothing")
    func terminatedWhilePlanning() throws {
        let store = try CLIRunner.sampleStore(version: 1, entries: 2_000)
        let original = try Data(contentsOf: URL(fileURLWithPath: store))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLIRunner.binary)
        process.arguments = ["migrate", store, "--model", CLIRunner.sampleModel, "--to", "Journal 4", "--yes", "--json"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Past the process's own start-up (loading the binary), inside planning: the handler is installed first.
        Thread.sleep(forTimeInterval: 0.05)
        process.terminate()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 11)
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == original)
    }
}

/// Ctrl-C during `export --out FILE` stops between two objects: the file that was there is kept and the
/// partial file beside it is removed.
@Suite("cdmigrate export interrupted", .enabled(if: CLIRunner.isAvailable, "needs the built cdmigrate binary"))
struct InterruptedExportTests {
    @Test("SIGINT mid-export: exit 11, the old file kept, no partial file left")
    func interrupted() throws {
        let store = try CLIRunner.sampleStore(version: 1, entries: 60_000)
        let folder = try TemporaryDirectory.make()
        let file = folder.appendingPathComponent("entries.jsonl")
        try Data("keep".utf8).write(to: file)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLIRunner.binary)
        process.arguments = ["export", store, "--model", CLIRunner.sampleModel, "--entity", "Entry", "--out", file.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let partials = { try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".partial") } }
        let deadline = Date().addingTimeInterval(60)
        while try partials().isEmpty, process.isRunning, Date() < deadline { usleep(2000) }
        try #require(process.isRunning, "the export ended before it could be interrupted")
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 11)
        #expect(try String(contentsOf: file, encoding: .utf8) == "keep")
        #expect(try partials() == [])
    }
}
