import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

/// Where salvage draws the line between what the damage did and what the store did to its own model
/// (issue 32 item 5, promise 14): a broken reference the damage explains is cleared and counted as before;
/// an intact row breaking the model is refused without `--repair` (nothing written) and, with it, repaired
/// exactly as `migrate --repair` repairs it, each change listed per object.
@Suite("Salvage: damage cleared, a store's own broken objects refused or repaired and listed")
struct SalvageDamageTests {
    /// Salvages `store` twice: refused without repair (the object named, nothing written), then repaired;
    /// returns the repaired report and the folder holding the new store and its side store.
    static func refusedThenRepaired(
        _ store: String, project: MigrationProject, refusal: String
    ) throws -> (SalvageReport, URL) {
        let folder = try TemporaryDirectory.make()
        let output = folder.appendingPathComponent("Salvaged.sqlite").path
        let error = try #require(throws: ExecutionError.self) { try project.salvage(store: store, to: output) }
        #expect(error.code == .brokenObject)
        #expect(error.path == store)
        #expect(error.remedy == .repairBrokenObjects)
        #expect(error.message.hasPrefix(refusal), "\(error.message)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "nothing is written")
        let report = try project.salvage(store: store, to: output, brokenObjects: .repair)
        return (report, folder)
    }

    @Test(
        "Each kind on an undamaged store: refused, then repaired as migrate repairs it, listed",
        arguments: BrokenObjectRepairTests.breakages)
    func eachKind(_ breakage: BrokenObjectRepairTests.Breakage) throws {
        let store = try BrokenObjectRepairTests.brokenStore(breakage)
        let project = try BrokenObjectRepairTests.project.get()
        let (report, folder) = try Self.refusedThenRepaired(
            store, project: project, refusal: "\(breakage.entity) \(breakage.primaryKey) breaks Journal \(breakage.version): ")
        let repairs = try #require(report.repairs)
        #expect(repairs.changes.count == 1, "\(repairs.changes.map(\.text))")
        let change = try #require(repairs.changes.first)
        #expect(change.entity == breakage.entity && change.primaryKey == breakage.primaryKey)
        #expect(change.property == breakage.property && change.action == breakage.action)
        // Nothing was counted as the damage's: no reference cleared, no object left out, no row rejected, no note.
        #expect(report.danglingReferences.isEmpty)
        #expect(report.entities.allSatisfy { $0.dropped == 0 && $0.danglingCleared == 0 })
        #expect(report.tables.allSatisfy { $0.rejected == 0 })
        #expect(!report.notes.contains { $0.contains("raised") })
        let output = folder.appendingPathComponent("Salvaged.sqlite").path
        #expect(try project.verify(store: output).version == "Journal \(breakage.version)")
        let side = folder.appendingPathComponent("Salvaged-set-aside.sqlite").path
        #expect(repairs.sideStore == (breakage.action == .setAside ? side : nil))
        #expect(FileManager.default.fileExists(atPath: side) == (breakage.action == .setAside))
        let expected: String? =
            switch breakage.action {
            case .cleared: "Entry 5 author: author names no Author object: Author 9999 → empty"
            case .setAside: "Entry 9 Z_ENT: entity number 42 names no entity of ZENTRY: 42 → set aside"
            case .raised: "Entry 40 Z_MAX: Z_PRIMARYKEY.Z_MAX is below the largest Z_PK: 10 → 40"
            default: nil
            }
        if let expected { #expect(change.text == expected) }
        if breakage.action == .setAside {
            // The row as it was, its entity number included.
            let kept = try DatabaseQueue(path: side).read { try Row.fetchOne($0, sql: "SELECT Z_PK, Z_ENT FROM ZENTRY") }
            #expect(kept?[0] == 9 as Int64 && kept?[1] == 42 as Int64)
            let entries = try DatabaseQueue(path: output).read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM ZENTRY") }
            #expect(entries == 39)
        }
    }

    @Test("A required to-one naming no object (sample app, author required): refused; --repair sets the object aside")
    func requiredToOneNamingNoObject() throws {
        let bundle = try SalvageFixture.requiredAuthorBundle()
        let project = try MigrationProject(bundle: bundle)
        let store = try SalvageFixture.journal4(entries: 40, authors: 6, model: try #require(bundle.versions.first))
        try DatabaseQueue(path: store).write { try $0.execute(sql: "UPDATE ZENTRY SET ZAUTHOR = 9999 WHERE Z_PK = 5") }
        let (report, folder) = try Self.refusedThenRepaired(
            store, project: project, refusal: "Entry 5 breaks Journal 4: required to-one author names no Author object")
        #expect(
            report.repairs?.changes.map(\.text) == [
                "Entry 5 author: required to-one author names no Author object: Author 9999 → set aside"
            ])
        #expect(report.danglingReferences.isEmpty && report.entities.allSatisfy { $0.dropped == 0 })
        let side = folder.appendingPathComponent("Salvaged-set-aside.sqlite").path
        let kept = try DatabaseQueue(path: side).read { try Row.fetchOne($0, sql: "SELECT Z_PK, ZAUTHOR FROM ZENTRY") }
        #expect(kept?[0] == 5 as Int64 && kept?[1] == 9999 as Int64)
        #expect(try project.verify(store: folder.appendingPathComponent("Salvaged.sqlite").path).version == "Journal 4")
    }
}

extension SalvageDamageTests {
    @Test(
        "A damaged store whose intact rows break the model too: the damage's references cleared without asking, the rest refused, then listed",
        DamageScript.required)
    func damageAndBreach() throws {
        // Entry i is by author i mod 300 + 1; a leaf page of authors is lost, and entry 17 (intact) names
        // author 9999, above Author's Z_MAX (300): no damage explains that one.
        let store = try SalvageFixture.journal4(entries: 3000, authors: 300)
        let damage = try DamageScript.damage(store, ["leaf", "--table", "ZAUTHOR", "--pages", "1"])
        let lost = try #require(damage.hit?["ZAUTHOR"]).leafCells
        #expect(lost > 0 && lost < 300)
        let project = try BrokenObjectRepairTests.project.get()
        // The damage alone: cleared and counted, nothing asked.
        let plain = try TemporaryDirectory.make().appendingPathComponent("Salvaged.sqlite").path
        let cleared = try project.salvage(store: damage.output, to: plain)
        #expect(cleared.repairs == nil)
        #expect(cleared.danglingReferences.first { $0.relationship == "author" }?.cleared == 10 * lost)
        #expect(try project.verify(store: plain).version == "Journal 4")
        // Entry 17's own author (18) may have been on the lost page: then its reference was the damage's.
        let ownAuthorLost =
            try DatabaseQueue(path: plain).read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM ZAUTHOR WHERE Z_PK = 18") } == 0

        try DatabaseQueue(path: damage.output).write { db in
            try db.execute(sql: "UPDATE ZENTRY SET ZAUTHOR = 9999 WHERE Z_PK = 17")
        }
        let (report, folder) = try Self.refusedThenRepaired(
            damage.output, project: project, refusal: "Entry 17 breaks Journal 4: author names no Author object")
        #expect(report.repairs?.changes.map(\.text) == ["Entry 17 author: author names no Author object: Author 9999 → empty"])
        #expect(report.danglingReferences.first { $0.relationship == "author" }?.cleared == 10 * lost - (ownAuthorLost ? 1 : 0))
        let output = folder.appendingPathComponent("Salvaged.sqlite").path
        #expect(try project.verify(store: output).version == "Journal 4")
        let author = try DatabaseQueue(path: output).read {
            try Int64.fetchOne($0, sql: "SELECT ZAUTHOR FROM ZENTRY WHERE Z_PK = 17")
        }
        #expect(author == nil)
    }
}
