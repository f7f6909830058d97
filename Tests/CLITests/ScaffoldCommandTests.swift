import Foundation
import GRDB
import TestSupport
import Testing

/// The scaffold path as a new user takes it, through the CLI, on two real apps whose Xcode mapping models
/// name a custom policy class: the plan says there is no route and why, one `scaffold-mapping` writes the
/// file, a few lines complete it, and the store migrates and verifies.
@Suite(
    "scaffold-mapping on the corpus", Corpus.required,
    .enabled(if: CLIRunner.isAvailable, "needs the built cdmigrate binary"))
struct ScaffoldCommandTests {
    /// A case's store copy and a writable copy of its mapping folder.
    static func setUp(_ store: String, mappings: String) throws -> (store: String, mappings: String) {
        let folder = try TemporaryDirectory.make()
        let copy = folder.appendingPathComponent("mappings").path
        try FileManager.default.copyItem(atPath: Corpus.path(mappings), toPath: copy)
        return (try Corpus.copyStore(store, to: folder), copy)
    }

    static func rows(_ path: String, _ sql: String) throws -> [String] {
        try DatabaseQueue(path: path).read { db in
            try Row.fetchAll(db, sql: sql).map { row in row.databaseValues.map { "\($0)" }.joined(separator: "|") }
        }
    }

    @Test("wibosco-colors 2 → 3: each Post gains a Color with a new colorID and the post's hexColor")
    func wiboscoColors() throws {
        let model = Corpus.path("wibosco-colors/CoreDataMigration_Example.xcdatamodeld")
        let (store, mappings) = try Self.setUp(
            "wibosco-colors/stores/CoreDataMigration_Example_2.sqlite", mappings: "wibosco-colors/mappings")
        let before = try Self.rows(store, #"SELECT "Z_PK", "ZHEXCOLOR" FROM "ZPOST" ORDER BY "Z_PK""#)
        #expect(before.count == 5979)

        let blocked = try CLIRunner.run(["plan", store, "--model", model, "--mappings", mappings])
        #expect(blocked.status == 9)
        #expect(
            blocked.stderr.contains(
                "names the custom policy class PostToPost: CoreDataMigration_Example.Post2ToPost3MigrationPolicy"))
        #expect(blocked.stderr.contains("PostToPost (Post → Post): gives date, postID; leaves color to the policy"))
        #expect(blocked.stderr.contains("Color (add Color): makes no objects by itself (a policy made them)"))
        let mappingModel = mappings + "/Migration2to3.xcmappingmodel"
        let file = mappings + "/Migration2to3.yaml"
        #expect(blocked.stderr.contains("To proceed: write \(file) from it as a mapping file"))
        // The engine gives the remedy; the command line words it as its own command.
        #expect(blocked.stderr.contains("; cdmigrate scaffold-mapping MAPPING-MODEL --out FILE writes that file"))

        let json = try CLIRunner.run(["plan", store, "--model", model, "--mappings", mappings, "--json"])
        #expect(json.status == 9)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let unusable = try #require((document["unusableMappings"] as? [[String: Any]])?.first)
        #expect(unusable["mapping"] as? String == "Migration2to3.xcmappingmodel")
        // The versions and the code come from the one public error the engine's planning failure becomes.
        #expect((document["versions"] as? [String])?.first == "CoreDataMigration_Example 2")
        let failureLine = try #require(json.stderr.split(separator: "\n").last)
        let failure = try #require(try JSONSerialization.jsonObject(with: Data(failureLine.utf8)) as? [String: Any])
        #expect(failure["code"] as? String == "planning.noRoute" && failure["category"] as? String == "noRoute")
        #expect(unusable["from"] as? String == "CoreDataMigration_Example 2")
        let reason = try #require((unusable["reasons"] as? [String])?.first)
        #expect(
            reason.contains("Post2ToPost3MigrationPolicy")
                && reason.contains("cdmigrate scaffold-mapping MAPPING-MODEL --out FILE"))

        let scaffold = try CLIRunner.run(["scaffold-mapping", mappingModel, "--model", model, "--out", file])
        #expect(scaffold.status == 0, "\(scaffold.stderr)")
        #expect(scaffold.stdout.contains("2 values to fill in: Color.colorID, Color.hex"))
        let written = try String(contentsOfFile: file, encoding: .utf8)
        // Deterministic, and never over an existing file without --force.
        let printed = try CLIRunner.run(["scaffold-mapping", mappingModel, "--model", model])
        #expect(printed.stdout == written)
        let again = try CLIRunner.run(["scaffold-mapping", mappingModel, "--model", model, "--out", file])
        #expect(again.status == 7)
        #expect(again.stderr.contains("already exists; pass --force to replace it"))
        let unfinished = try CLIRunner.run(["plan", store, "--model", model, "--mappings", mappings])
        #expect(unfinished.status == 8)
        #expect(unfinished.stderr.contains("Migration2to3.yaml:"))
        #expect(unfinished.stderr.contains("attribute colorID is not filled in yet"))

        try Data(
            try ScaffoldEditing.fill(written, mapping: "Color", [("colorID", "uuid()"), ("hex", "$source.hexColor")]).utf8
        ).write(to: URL(fileURLWithPath: file))
        let plan = try CLIRunner.run(["plan", store, "--model", model, "--mappings", mappings])
        #expect(plan.status == 0, "\(plan.stderr)")
        #expect(plan.stdout.contains("[explicit: Migration2to3.yaml]"))
        #expect(plan.stdout.contains("used in place of Migration2to3.xcmappingmodel"))
        let migrated = try CLIRunner.run(["migrate", store, "--model", model, "--mappings", mappings, "--yes"])
        #expect(migrated.status == 0, "\(migrated.stderr)")

        // Posts keep their keys; each has its own Color holding its old hexColor, linked both ways.
        let after = try Self.rows(
            store,
            """
            SELECT p."Z_PK", c."ZHEX" FROM "ZPOST" p JOIN "ZCOLOR" c ON c."Z_PK" = p."ZCOLOR" AND c."ZPOST" = p."Z_PK"
            ORDER BY p."Z_PK"
            """)
        #expect(after == before)
        let ids = try DatabaseQueue(path: store).read { db in try String.fetchAll(db, sql: #"SELECT "ZCOLORID" FROM "ZCOLOR""#) }
        #expect(ids.count == 5979)
        #expect(Set(ids).count == 5979)
        #expect(ids.allSatisfy { UUID(uuidString: $0) != nil })
        let verify = try CLIRunner.run(["verify", store, "--model", model])
        #expect(verify.status == 0, "\(verify.stderr)")
        #expect(verify.stdout.contains("CoreDataMigration_Example 4"))
    }

    @Test("Moody 5 → 6: one Continent per isoContinent code, linked to its countries, as the app's policy did")
    func moody() throws {
        let model = Corpus.path("moody/Moody.xcdatamodeld")
        let (store, mappings) = try Self.setUp("moody/stores/Moody 5.moody", mappings: "moody/mappings")
        let before = try Self.rows(
            store, #"SELECT "ZNUMERICISO3166CODE", "ZISOCONTINENT" FROM "ZCOUNTRY" ORDER BY "ZNUMERICISO3166CODE""#)
        #expect(before.count == 3)
        let moods = try Self.rows(
            store,
            #"SELECT m."ZDATE", c."ZNUMERICISO3166CODE" FROM "ZMOOD" m JOIN "ZCOUNTRY" c ON c."Z_PK" = m."ZCOUNTRY" ORDER BY 1"#)

        let blocked = try CLIRunner.run(["plan", store, "--model", model, "--mappings", mappings])
        #expect(blocked.status == 9)
        #expect(blocked.stderr.contains("CountryToCountry: Migrations.Country5ToCountry6Policy"))
        #expect(blocked.stderr.contains("Continent (add Continent): makes no objects by itself"))

        let file = mappings + "/Moody 5-Moody 6.yaml"
        let scaffold = try CLIRunner.run([
            "scaffold-mapping", mappings + "/Moody 5-Moody 6.xcmappingmodel", "--model", model, "--out", file,
        ])
        #expect(scaffold.status == 0, "\(scaffold.stderr)")
        #expect(scaffold.stdout.contains("1 value to fill in: Continent.numericISO3166Code"))
        let completed = try ScaffoldEditing.fill(
            try String(contentsOfFile: file, encoding: .utf8), mapping: "Continent",
            [
                ("numericISO3166Code", "$source.isoContinent"),
                ("filter", "$source.isoContinent != nil"),
                ("merge", "$source.isoContinent"),
            ])
        try Data(completed.utf8).write(to: URL(fileURLWithPath: file))
        let migrated = try CLIRunner.run(["migrate", store, "--model", model, "--mappings", mappings, "--yes"])
        #expect(migrated.status == 0, "\(migrated.stderr)")

        let countries = try Self.rows(
            store,
            """
            SELECT c."ZNUMERICISO3166CODE", k."ZNUMERICISO3166CODE" FROM "ZCOUNTRY" c
            LEFT JOIN "ZCONTINENT" k ON k."Z_PK" = c."ZCONTINENT" ORDER BY c."ZNUMERICISO3166CODE"
            """)
        #expect(countries == before)
        #expect(
            try Self.rows(store, #"SELECT COUNT(*) FROM "ZCONTINENT""#) == [
                "\(Set(before.map { $0.split(separator: "|")[1] }).count)"
            ])
        #expect(try Self.rows(store, #"SELECT COUNT(*) FROM "ZCONTINENT""#) == ["2"])
        let movedMoods = try Self.rows(
            store,
            #"SELECT m."ZDATE", c."ZNUMERICISO3166CODE" FROM "ZMOOD" m JOIN "ZCOUNTRY" c ON c."Z_PK" = m."ZCOUNTRY" ORDER BY 1"#)
        #expect(movedMoods == moods)
        #expect(moods.count == 4)
        let verify = try CLIRunner.run(["verify", store, "--model", model])
        #expect(verify.status == 0, "\(verify.stderr)")
    }

    @Test("wibosco-colors 1 → 2 from the inferred mapping: the likely rename is left to fill, and filled keeps every color")
    func inferredRename() throws {
        let model = Corpus.path("wibosco-colors/CoreDataMigration_Example.xcdatamodeld")
        let folder = try TemporaryDirectory.make()
        let mappings = folder.appendingPathComponent("mappings").path
        try FileManager.default.createDirectory(atPath: mappings, withIntermediateDirectories: true)
        let store = try Corpus.copyStore("wibosco-colors/stores/CoreDataMigration_Example_1.sqlite", to: folder)
        let before = try Self.rows(store, #"SELECT "Z_PK", "ZCOLOR" FROM "ZPOST" ORDER BY "Z_PK""#)
        let file = mappings + "/1-to-2.yaml"
        let scaffold = try CLIRunner.run([
            "scaffold-mapping", "--from", "CoreDataMigration_Example", "--to", "CoreDataMigration_Example 2", "--model", model,
            "--out", file, "--json",
        ])
        #expect(scaffold.status == 0, "\(scaffold.stderr)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(scaffold.stdout.utf8)) as? [String: Any])
        #expect(report["placeholders"] as? [String] == ["PostToPost.hexColor"])
        #expect(report["file"] as? String == file)
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains("hexColor: <fill>  # probably color renamed: $source.color keeps its values"))
        try Data(try ScaffoldEditing.fill(text, mapping: "PostToPost", [("hexColor", "$source.color")]).utf8)
            .write(to: URL(fileURLWithPath: file))
        let migrated = try CLIRunner.run([
            "migrate", store, "--model", model, "--mappings", mappings, "--to", "CoreDataMigration_Example 2", "--yes",
        ])
        #expect(migrated.status == 0, "\(migrated.stderr)")
        #expect(try Self.rows(store, #"SELECT "Z_PK", "ZHEXCOLOR" FROM "ZPOST" ORDER BY "Z_PK""#) == before)
        #expect(before.count == 1001)
    }
}
