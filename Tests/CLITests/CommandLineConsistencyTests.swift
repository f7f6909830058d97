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
