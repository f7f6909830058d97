import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// The check an inferred step makes before it commits (``InferredLinkCheck``): every relationship it keeps
/// holds the source's links, and every ordered one their order. The step is run on `InferredStepTests`'
/// store (v1 → v2 renumbers every entity), its result altered as a faulty copy would leave it, and the check
/// run on the altered result against the source, as the step runs it.
@Suite("Inferred step: every kept relationship keeps its links and orders")
struct InferredLinkCheckTests {
    /// Runs v1 → v2, applies `sql` to the result (`JOIN` stands for Note.tags' join table), then checks it.
    static func check(altering sql: [String]) throws {
        let (from, to) = (InferredStepTests.v1, InferredStepTests.v2)
        let source = try InferredStepTests.makeStore(from, sql: InferredStepTests.rows)
        var step = InferredStep(sourceModel: from, destinationModel: to)
        step.renamesInPlace = false
        let out = try StepRunner.run(step, sourcePath: source)
        let facts = try SourceStoreFacts(path: source)
        let sourceSchema = SchemaBuilder(model: from, existingTableNames: Set(facts.columns.keys)).build()
        let destinationSchema = SchemaBuilder(
            model: to, style: SchemaStyle(frameworkVersion: facts.metadata.frameworkVersion)
        ).build()
        let keys = KeyRemapping(
            mapping: step.mapping, sourceSchema: sourceSchema, destinationSchema: destinationSchema, facts: facts)
        let plan = InferredCopyPlan(
            mapping: step.mapping, source: from, destination: to, sourceSchema: sourceSchema,
            destinationSchema: destinationSchema, keys: keys)
        let join = try #require(destinationSchema.joinTable(entity: "Note", relationship: "tags")).name
        let queue = try DatabaseQueue(path: out)
        defer { try? queue.close() }
        try queue.writeWithoutTransaction { db in
            for statement in sql { try db.execute(sql: statement.replacingOccurrences(of: "JOIN", with: join)) }
            try db.execute(sql: "ATTACH DATABASE ? AS src", arguments: [source])
            try plan.links.run(db, path: out)
        }
    }

    /// The message of the check's failure after `sql`.
    static func failure(_ sql: String) throws -> String {
        do {
            try check(altering: [sql])
        } catch let error as StoreWriteError {
            return error.message
        }
        Issue.record("the check passed after \(sql)")
        return ""
    }

    @Test("A copy as the step made it passes, entity numbers renumbered")
    func untouchedPasses() throws {
        try Self.check(altering: [])
    }

    /// The first difference by (owner, member) is named: Folder 1's Note 2, gone.
    @Test("A link moved to another owner fails, naming the relationship")
    func movedLink() throws {
        #expect(
            try Self.failure("UPDATE ZNOTE SET ZFOLDER = 2 WHERE Z_PK = 2")
                == "the copy of Folder.notes lost a link the source held (1 → 2)")
    }

    @Test("A link the source did not hold fails")
    func inventedLink() throws {
        #expect(
            try Self.failure("INSERT INTO JOIN VALUES (2, 1)") == "the copy of Note.tags holds a link the source did not (2 → 1)")
    }

    /// Each Folder still has as many Notes, at the same positions: only the pairs tell the swap.
    @Test("Two links swapped between owners fail")
    func swappedLinks() throws {
        #expect(
            try Self.failure("UPDATE ZNOTE SET ZFOLDER = 3 - ZFOLDER WHERE Z_PK IN (1, 5)").hasPrefix("the copy of Folder.notes ")
        )
    }

    @Test("A link lost fails")
    func lostLink() throws {
        #expect(
            try Self.failure("UPDATE ZNOTE SET ZFOLDER = NULL WHERE Z_PK = 5")
                == "the copy of Folder.notes lost a link the source held (2 → 5)")
    }

    @Test("A many-to-many's join row lost fails")
    func lostJoinRow() throws {
        #expect(try Self.failure("DELETE FROM JOIN WHERE Z_3NOTES = 5").hasPrefix("the copy of Note.tags lost a link"))
    }

    @Test("Two positions of an ordered to-many swapped fail, naming the relationship")
    func swappedPositions() throws {
        #expect(
            try Self.failure("UPDATE ZNOTE SET Z_FOK_FOLDER = 3072 - Z_FOK_FOLDER WHERE Z_PK IN (1, 2)")
                == "the ordered relationship Folder.notes lost the order of the source's Folder.notes (object 1)")
    }

    /// Positions renumbered alike (as Core Data may: only their order is data) keep the order.
    @Test("Positions renumbered in the same order pass")
    func renumberedPositions() throws {
        try Self.check(altering: ["UPDATE ZNOTE SET Z_FOK_FOLDER = Z_FOK_FOLDER / 1024"])
    }
}
