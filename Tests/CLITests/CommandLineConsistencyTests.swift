import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

/// Issue 33, "one consistent command line": wrong usage is the one documented line (or one JSON object),
/// exit 64; an unknown command is an error rather than a console on a store of that name; one exit code per
/// condition whichever command meets it; `--out` names every output.
@Suite("One consistent command line", .enabled(if: CLIRunner.isAvailable, "needs the built cdmigrate binary"))
struct CommandLineConsistencyTests {
    @Test(
        "Wrong usage: one line `cdmigrate: error: …` pointing at the command's help, exit 64, nothing on stdout",
        arguments: [
            (
                ["salvage", "Some.sqlite"],
                "cdmigrate: error: Missing expected argument '--out <out>' (see cdmigrate salvage --help)\n"
            ),
            (
                ["inspect", "Some.sqlite", "--bogus"],
                "cdmigrate: error: Unknown option '--bogus' (see cdmigrate inspect --help)\n"
            ),
            (
                ["frobnicate"],
                "cdmigrate: error: unknown command \"frobnicate\" (commands: hash, inspect, diff, plan, migrate, verify, "
                    + "repair, history, restore, export, rows, salvage, scaffold-mapping, seed, console, demo) "
                    + "(see cdmigrate --help)\n"
            ),
            (
                ["scaffold-mapping", "--from", "A", "--to", "B", "--force"],
                "cdmigrate: error: --force needs --out (see cdmigrate scaffold-mapping --help)\n"
            ),
        ])
    func usageLine(_ arguments: [String], _ expected: String) throws {
        let result = try CLIRunner.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr == expected)
        #expect(result.stdout.isEmpty)
    }

    @Test("An unknown command with --json is one JSON object on stderr, category usage, exit 64")
    func usageJSON() throws {
        let result = try CLIRunner.run(["frobnicate", "--json"])
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        let report = try JSONDecoder().decode(ErrorObject.self, from: Data(result.stderr.utf8))
        #expect(report.category == "usage")
        #expect(report.exitCode == 64)
        #expect(report.file == nil)
        #expect(report.message.hasPrefix("unknown command \"frobnicate\""))
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test("A word that looks like a store goes to the console (here refused for want of a terminal), not to usage")
    func storeNameIsNotACommand() throws {
        for word in [try TemporaryDirectory.make().appendingPathComponent("Gone.sqlite").path, "App.sqlite"] {
            let result = try CLIRunner.run([word])
            #expect(result.status == 64, "\(result.stderr)")
            #expect(result.stderr.hasPrefix("cdmigrate: error: the console needs a terminal on standard input and output"))
        }
    }

    /// A store written at Journal 1 with its model cache removed, checked against Journal 3 alone: nothing
    /// can read it, and every command says so with the same code.
    @Test("A store at no version of the model: exit 13 from verify, plan, export and rows alike")
    func storeAtNoVersion() throws {
        let store = try JournalFixture.store(version: 1, entries: 5)
        try DatabaseQueue(path: store).write { try $0.execute(sql: #"DELETE FROM "Z_MODELCACHE""#) }
        let model = try TemporaryDirectory.make().appendingPathComponent("Edited.xcdatamodel").path
        try FileManager.default.copyItem(
            atPath: URL(fileURLWithPath: JournalFixture.modelPath).appendingPathComponent("Journal 3.xcdatamodel").path,
            toPath: model)
        let out = try TemporaryDirectory.make().appendingPathComponent("export").path
        for arguments in [
            ["verify", store, "--model", model], ["plan", store, "--model", model],
            ["export", store, "--model", model, "--out", out], ["rows", store, "--model", model, "--entity", "Entry"],
        ] {
            let result = try CLIRunner.run(arguments)
            #expect(result.status == 13, "\(arguments[0]): \(result.stderr)")
            #expect(result.stderr.hasPrefix("cdmigrate: error: \(store): "), "\(arguments[0])")
            #expect(result.stderr.contains("matches no version of \(model)"), "\(arguments[0])")
        }
    }

    /// README's exit codes 4 and 5 for the two files a support engineer confuses: a store whose header alone is
    /// overwritten (its pages an SQLite database's) is damaged, and salvage reads it whole; a text file is not
    /// SQLite, for salvage too. One line naming the file, nothing on standard output, the file untouched.
    @Test("An overwritten header: 5 (damaged) from inspect, migrate and verify, read whole by salvage; a text file: 4")
    func overwrittenHeaderAndTextFile() throws {
        let store = try JournalFixture.store(version: 1, entries: 20)
        let handle = try #require(FileHandle(forUpdatingAtPath: store))
        try handle.write(contentsOf: Data(repeating: 0x41, count: 100))
        try handle.close()
        let text = try TemporaryDirectory.make().appendingPathComponent("Notes.sqlite").path
        #expect(FileManager.default.createFile(atPath: text, contents: Data("just some notes\n".utf8)))
        let model = JournalFixture.modelPath
        // The damaged store's line ends in its remedy, the command that reads it; a text file has none.
        let cases: [(String, Int32, String, String)] = [
            (
                store, 5, "damaged database: its SQLite header is overwritten, though its pages are an SQLite database's",
                " (4096-byte pages); salvage it into a new store: cdmigrate salvage STORE --out NEW"
            ),
            (text, 4, "not an SQLite database (no SQLite header)", "not an SQLite database (no SQLite header)"),
        ]
        for (file, status, reason, ending) in cases {
            let before = try Data(contentsOf: URL(fileURLWithPath: file))
            for arguments in [
                ["inspect", file], ["migrate", file, "--model", model, "--to", "Journal 5"], ["verify", file, "--model", model],
            ] + (status == 4 ? [["salvage", file, "--model", model, "--out", file + "-salvaged.sqlite"]] : []) {
                let result = try CLIRunner.run(arguments)
                #expect(result.status == status, "\(arguments[0]): \(result.stderr)")
                #expect(result.stdout.isEmpty, "\(arguments[0])")
                let errors = result.stderr.split(separator: "\n").filter { $0.hasPrefix("cdmigrate: error: ") }
                #expect(
                    errors.count == 1 && errors.first?.hasPrefix("cdmigrate: error: \(file): \(reason)") == true
                        && errors.first?.hasSuffix(ending) == true,
                    "\(arguments[0]): \(errors)")
            }
            #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == before)
        }
        let output = try TemporaryDirectory.make().appendingPathComponent("Salvaged.sqlite").path
        let salvaged = try CLIRunner.run(["salvage", store, "--model", model, "--out", output, "--json"])
        #expect(salvaged.status == 0, "\(salvaged.stderr)")
        let report = try salvaged.decoded(SalvageReport.self)
        #expect(report.recovered == 20)
        #expect(report.notes.contains { $0.contains("header was unreadable and was rebuilt") })
        #expect(try CLIRunner.run(["verify", output, "--model", model]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: text + "-salvaged.sqlite"))
    }

    /// Every kind of damage salvage reads ends the other commands' one error line in the same remedy, and salvage
    /// then reads the store into one that passes verify. Page damage is found by `inspect` only with `--check`
    /// (the plain report reads the bookkeeping tables alone); `migrate` finds it in its run.
    @Test(
        "Damage salvage reads: 5 from inspect, migrate and verify, each line ending in salvage; salvage reads it",
        DamageScript.required,
        arguments: [
            ["truncate", "--percent", "60"], ["leaf", "--table", "ZENTRY", "--pages", "2"],
            ["interior", "--table", "ZENTRY"], ["index"], ["zero", "--garbage", "--pages", "2", "--at", "40"],
        ])
    func damagePointsToSalvage(_ damage: [String]) throws {
        let store = try DamageScript.damage(try JournalFixture.journal4(entries: 2_000), damage).output
        try expectSalvageRemedy(store, inspect: ["inspect", store, "--check"], damage.joined(separator: " "))
    }

    /// The metadata row is where every command reads the store's version; salvage tells it from the model cache
    /// or the tables instead, and gives the new store a new UUID.
    @Test("A lost Z_METADATA row: 5 from inspect, migrate and verify, each line ending in salvage; salvage reads it")
    func lostMetadataPointsToSalvage() throws {
        let store = try JournalFixture.store(version: 3, entries: 20)
        try DatabaseQueue(path: store).write { try $0.execute(sql: #"DELETE FROM "Z_METADATA""#) }
        try expectSalvageRemedy(store, inspect: ["inspect", store], "no metadata row")
    }

    /// `inspect`, `migrate` and `verify` of `store` each fail with exit 5 and one error line naming it that ends in
    /// salvage's remedy; `salvage` then writes a store that passes `verify`, the damaged one unchanged.
    private func expectSalvageRemedy(_ store: String, inspect: [String], _ kind: String) throws {
        let model = JournalFixture.modelPath
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        for arguments in [
            inspect, ["migrate", store, "--model", model, "--to", "Journal 5", "--yes"], ["verify", store, "--model", model],
        ] {
            let result = try CLIRunner.run(arguments)
            #expect(result.status == 5, "\(kind), \(arguments[0]): \(result.stderr)")
            let errors = result.stderr.split(separator: "\n").filter { $0.hasPrefix("cdmigrate: error: ") }
            #expect(
                errors.count == 1 && errors.first?.hasPrefix("cdmigrate: error: \(store): ") == true
                    && errors.first?.hasSuffix("; salvage it into a new store: cdmigrate salvage STORE --out NEW") == true,
                "\(kind), \(arguments[0]): \(errors)")
        }
        let output = try TemporaryDirectory.make().appendingPathComponent("Salvaged.sqlite").path
        let salvaged = try CLIRunner.run(["salvage", store, "--model", model, "--out", output])
        #expect(salvaged.status == 0, "\(kind): \(salvaged.stderr)")
        #expect(try CLIRunner.run(["verify", output, "--model", model]).status == 0, "\(kind)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before, "\(kind)")
    }

    /// A header that keeps SQLite's signature but names an impossible page size: SQLite reads no page, and nor can
    /// salvage (no page size lays B-tree pages over the file from a header it cannot rebuild), so nothing points
    /// there.
    @Test("A header naming an impossible page size: 5 from inspect, migrate and verify with no remedy; salvage fails too")
    func impossiblePageSizeHasNoRemedy() throws {
        let store = try JournalFixture.store(version: 3, entries: 20)
        let handle = try #require(FileHandle(forUpdatingAtPath: store))
        try handle.seek(toOffset: 16)
        try handle.write(contentsOf: Data([0, 3]))
        try handle.close()
        let model = JournalFixture.modelPath
        let output = try TemporaryDirectory.make().appendingPathComponent("Salvaged.sqlite").path
        for arguments in [
            ["inspect", store], ["migrate", store, "--model", model, "--to", "Journal 5", "--yes"],
            ["verify", store, "--model", model], ["salvage", store, "--model", model, "--out", output],
        ] {
            let result = try CLIRunner.run(arguments)
            #expect(result.status == 5, "\(arguments[0]): \(result.stderr)")
            let errors = result.stderr.split(separator: "\n").filter { $0.hasPrefix("cdmigrate: error: ") }
            #expect(errors.count == 1 && !(errors.first?.contains("salvage it") ?? true), "\(arguments[0]): \(errors)")
        }
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    /// Without a model the store's cached model is all `inspect` and `verify` can read it by; the app's model
    /// reads it whatever became of the cache.
    @Test("A damaged model cache and no model: 5 from inspect and verify, each line ending in --model; read with one")
    func damagedModelCachePointsToTheModel() throws {
        let store = try JournalFixture.store(version: 3, entries: 20)
        try DatabaseQueue(path: store).write {
            try $0.execute(sql: #"UPDATE "Z_MODELCACHE" SET "Z_CONTENT" = X'0102030405'"#)
        }
        for arguments in [["inspect", store], ["verify", store]] {
            let result = try CLIRunner.run(arguments)
            #expect(result.status == 5, "\(arguments[0]): \(result.stderr)")
            let errors = result.stderr.split(separator: "\n").filter { $0.hasPrefix("cdmigrate: error: ") }
            #expect(
                errors.count == 1 && errors.first?.hasPrefix("cdmigrate: error: \(store): model cache is unreadable: ") == true
                    && errors.first?.hasSuffix("; pass --model with the app's .xcdatamodeld or .momd") == true,
                "\(arguments[0]): \(errors)")
            let given = try CLIRunner.run(arguments + ["--model", JournalFixture.modelPath])
            #expect(given.status == 0, "\(arguments[0]) --model: \(given.stderr)")
        }
    }

    @Test("salvage writes to --out, and --output still works as its old name")
    func salvageOut() throws {
        let store = try JournalFixture.store(version: 3, entries: 5)
        for option in ["--out", "--output"] {
            let output = try TemporaryDirectory.make().appendingPathComponent("Salvaged.sqlite").path
            let result = try CLIRunner.run(["salvage", store, "--model", JournalFixture.modelPath, option, output])
            #expect(result.status == 0, "\(option): \(result.stderr)")
            #expect(FileManager.default.fileExists(atPath: output), "\(option)")
        }
    }

    @Test("An error's remedy is worded by the command line: the engine's error names no option")
    func remedyWordedByTheCommandLine() throws {
        let store = try JournalFixture.store(version: 3, entries: 5)
        try DatabaseQueue(path: store).write { try $0.execute(sql: #"DELETE FROM "Z_MODELCACHE""#) }
        let folder = try TemporaryDirectory.make()
        let alone = folder.appendingPathComponent("Alone.sqlite").path
        try FileManager.default.copyItem(atPath: store, toPath: alone)
        let text = try CLIRunner.run(["verify", alone])
        #expect(text.status == 8, "\(text.stderr)")
        #expect(text.stderr.hasSuffix("; pass --model with the app's .xcdatamodeld or .momd\n"), "\(text.stderr)")
        let json = try CLIRunner.run(["verify", alone, "--json"])
        let report = try JSONDecoder().decode(ErrorObject.self, from: Data(json.stderr.utf8))
        #expect(report.remedy == "pass --model with the app's .xcdatamodeld or .momd")
        #expect(!report.message.contains("--model"))
    }

    /// The error object `--json` writes on standard error.
    struct ErrorObject: Decodable {
        var category: String
        var exitCode: Int32
        var file: String?
        var message: String
        var remedy: String?
    }
}
