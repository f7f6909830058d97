import Foundation
import GRDB
import TestSupport
import Testing

/// The scaffold path through the CLI on the sample app alone: an Xcode mapping model for Journal 3 → 4
/// naming a custom policy class (``CustomPolicyFixture``). The plan says there is no route and why, one
/// `scaffold-mapping` writes the file, three lines complete it, and the store migrates and verifies.
/// The same path on two real apps is in ``ScaffoldCommandTests``.
@Suite("scaffold-mapping on the sample app", .enabled(if: CLIRunner.isAvailable, "needs the built cdmigrate binary"))
struct ScaffoldSampleCommandTests {
    /// Each entry's key and trimmed author name ("" for none), with the name of the `Author` it links to
    /// when `linked`.
    static func authors(_ store: String, linked: Bool) throws -> [String] {
        let sql =
            linked
            ? #"SELECT e."Z_PK", a."ZNAME" FROM "ZENTRY" e LEFT JOIN "ZAUTHOR" a ON a."Z_PK" = e."ZAUTHOR" ORDER BY e."Z_PK""#
            : #"SELECT "Z_PK", trim("ZAUTHOR") FROM "ZENTRY" ORDER BY "Z_PK""#
        return try DatabaseQueue(path: store).read { db in
            try Row.fetchAll(db, sql: sql).map { "\($0[0] as Int64):\(($0[1] as String?) ?? "")" }
        }
    }

    @Test("Journal 3 → 4: blocked with the command to run, scaffolded, completed, migrated: every entry has its author")
    func journal() throws {
        let (folder, mappingsURL, mappingModel, store) = try CustomPolicyFixture.make(entries: 200)
        // A copy of the model alone: the project file beside the original names the sample's own mappings.
        try ModelLocatorFixture.place(in: folder, mappingsName: nil)
        let model = folder.appendingPathComponent("Journal.xcdatamodeld").path
        let mappings = mappingsURL.path
        let before = try Self.authors(store, linked: false)

        let blocked = try CLIRunner.run(["plan", store, "--model", model, "--mappings", mappings, "--to", "Journal 4"])
        #expect(blocked.status == 9, "\(blocked.stderr)")
        #expect(blocked.stderr.contains("names the custom policy class EntryToEntry: \(CustomPolicyFixture.policyClass)"))
        #expect(blocked.stderr.contains("Author (add Author): makes no objects by itself"))
        let file = mappings + "/Journal3to4.yaml"
        #expect(blocked.stderr.contains("To proceed: write \(file) from it as a mapping file"))
        #expect(blocked.stderr.contains("; cdmigrate scaffold-mapping MAPPING-MODEL --out FILE writes that file"))

        let scaffold = try CLIRunner.run(["scaffold-mapping", mappingModel, "--model", model, "--out", file])
        #expect(scaffold.status == 0, "\(scaffold.stderr)")
        #expect(scaffold.stdout.contains("1 value to fill in: Author.name"), "\(scaffold.stdout)")
        let written = try String(contentsOfFile: file, encoding: .utf8)
        let printed = try CLIRunner.run(["scaffold-mapping", mappingModel, "--model", model])
        #expect(printed.stdout == written)
        let again = try CLIRunner.run(["scaffold-mapping", mappingModel, "--model", model, "--out", file])
        #expect(again.status == 7)
        #expect(again.stderr.contains("already exists; pass --force to replace it"))
        let unfinished = try CLIRunner.run(["plan", store, "--model", model, "--mappings", mappings, "--to", "Journal 4"])
        #expect(unfinished.status == 8)
        #expect(unfinished.stderr.contains("Journal3to4.yaml:"))
        #expect(unfinished.stderr.contains("attribute name is not filled in yet"))

        try Data(try CustomPolicyFixture.completed(written).utf8).write(to: URL(fileURLWithPath: file))
        let plan = try CLIRunner.run(["plan", store, "--model", model, "--mappings", mappings, "--to", "Journal 4"])
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(plan.stdout.contains("[explicit: Journal3to4.yaml]"), "\(plan.stdout)")
        #expect(plan.stdout.contains("used in place of Journal3to4.xcmappingmodel"))
        let migrated = try CLIRunner.run([
            "migrate", store, "--model", model, "--mappings", mappings, "--to", "Journal 4", "--yes",
        ])
        #expect(migrated.status == 0, "\(migrated.stderr)")

        #expect(try Self.authors(store, linked: true) == before)
        let names = Set(before.map { $0.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)[1] })
        let authors = try DatabaseQueue(path: store).read { try Int.fetchOne($0, sql: #"SELECT COUNT(*) FROM "ZAUTHOR""#) }
        #expect(authors == names.subtracting([""]).count && (authors ?? 0) > 1, "one Author per distinct name")
        let verify = try CLIRunner.run(["verify", store, "--model", model])
        #expect(verify.status == 0, "\(verify.stderr)")
        #expect(verify.stdout.contains("Journal 4"))
    }
}
