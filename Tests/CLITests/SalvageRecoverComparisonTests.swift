import Foundation
import TestSupport
import Testing

/// Issue 11, done-when: side by side with the SQLite shell's `.recover` on the same damaged copies of every
/// corpus store (`Scripts/salvage_compare.py`, damaging them with `Scripts/damage_store.py` in each of its
/// ways), cdmigrate reads at least as many objects as `.recover` recovers into the entity tables, keeps all
/// of them but those the documented decision leaves out (an object whose required to-one target was lost),
/// and writes a store that opens, whose values are those `.recover` reads for the same rows.
@Suite(
    "Salvage against sqlite3 .recover", Corpus.required, RecoverLibrary.required,
    InstalledTool.required("sqlite3"), InstalledTool.required("cc", package: "gcc"), DamageScript.required,
    .enabled(if: CLIRunner.isAvailable, "needs the built cdmigrate binary"))
struct SalvageRecoverComparisonTests {
    /// One damaged store as the script reports it.
    struct Comparison: Decodable, CustomStringConvertible {
        var store: String
        var kind: String
        var rows: Int
        var cdmigrate: Int
        var cdmigrateRead: Int
        var cdmigrateLeftOut: Int
        var cdmigrateOpens: Bool
        var recover: Int
        var recoverLostAndFound: Int
        var cdmigrateError: String?
        /// Values compared with `.recover`'s for the rows both read, and those that differ: where the report
        /// does not say the table's column order was uncertain, and where it does (absent when there was
        /// nothing to compare).
        var valuesCompared: Int?
        var valuesDiffer: Int?
        var valuesDifferFlagged: Int?
        var valuesDifferSample: [String]?
        /// Whether every row salvage wrote with NULL where `.recover` read a value is one its report accounts for.
        var valuesNulledExplained: Bool?
        var description: String { "\(store) \(kind): read \(cdmigrateRead), kept \(cdmigrate), .recover \(recover)" }
    }

    static let cases = [
        "wibosco-colors", "wibosco-sections", "rename-chain", "coredataplus-books", "coredataplus-cars", "moody", "wire",
    ]

    @Test("cdmigrate recovers at least .recover's objects but those whose required to-one was lost", arguments: cases)
    func againstRecover(_ corpusCase: String) throws {
        let script = Corpus.packageRoot.appendingPathComponent("Scripts/salvage_compare.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", script, "--stores", corpusCase, "--corpus", Corpus.root.path, "--cdmigrate", CLIRunner.binary,
            "--recover-library", try #require(RecoverLibrary.path),
        ]
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let problems = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let comparisons = try text.split(separator: "\n").filter { $0.hasPrefix("{") }.map { line in
            try JSONDecoder().decode(Comparison.self, from: Data(line.utf8))
        }
        #expect(!comparisons.isEmpty, "the script compared no damaged store of \(corpusCase): \(problems)")
        #expect(
            comparisons.contains { $0.recover > 0 },
            ".recover recovered nothing: is the library built with sqlite_dbpage? \(problems)")
        for comparison in comparisons {
            if let error = comparison.cdmigrateError {
                // No table can be found (the schema's pages are lost): .recover cannot tell the tables either.
                #expect(comparison.recover == 0, "\(comparison): \(error)")
                continue
            }
            #expect(comparison.cdmigrateOpens, "\(comparison): the salvaged store must open and verify")
            #expect(comparison.cdmigrateRead >= comparison.recover, "\(comparison)")
            // Every object read is kept but those the documented decision leaves out, and only they may put
            // the kept count below .recover's.
            #expect(comparison.cdmigrate == comparison.cdmigrateRead - comparison.cdmigrateLeftOut, "\(comparison)")
            // Counts and `verify` pass a store read into the wrong columns: each value is held to .recover's.
            // A note that the table's column order was uncertain excuses nothing: it is still a loss.
            #expect(
                (comparison.valuesDiffer ?? 0) + (comparison.valuesDifferFlagged ?? 0) == 0,
                "\(comparison): \(comparison.valuesDifferSample ?? [])")
            #expect(comparison.valuesNulledExplained ?? true, "\(comparison): NULL where .recover read a value")
        }
        #expect(comparisons.contains { $0.valuesCompared ?? 0 > 0 }, "no salvaged value was compared with .recover's")
    }
}
