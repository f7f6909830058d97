import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// Each wire store's next step run twice, inferred and as an explicit mapping (the inferred mapping written
/// out as a mapping file, as `scaffold-mapping --from --to` does): the two results hold the same rows, join
/// rows and order of every ordered relationship. A fixed sample runs in the suite; every store with
/// `CDMIGRATE_ALL_WIRE_STEPS=1` (80 stores in 75 s on two cores).
@Suite("Wire steps: explicit mapping and inference agree", Corpus.required)
struct MappedInferredAgreementTests {
    static let sample = ["store2-21-1", "store2-46-0", "store2-64-0", "store2-90-0"]

    /// The stores and the versions they are at (the first of `expected-versions.json`'s, which all share hashes).
    static var cases: [String] {
        guard ProcessInfo.processInfo.environment["CDMIGRATE_ALL_WIRE_STEPS"] == "1" else { return sample }
        let path = Corpus.path("wire/expected-versions.json")
        guard let data = FileManager.default.contents(atPath: path),
            let versions = try? JSONDecoder().decode([String: [String]].self, from: data)
        else { return sample }
        return versions.filter { !$0.value.isEmpty }.keys.map { String($0.dropLast(".wiredatabase".count)) }.sorted()
    }

    static let expected = Result {
        try JSONDecoder().decode(
            [String: [String]].self,
            from: Data(contentsOf: URL(fileURLWithPath: Corpus.path("wire/expected-versions.json"))))
    }

    /// Stores whose step the two paths take differently for reasons outside the step's mapping; known, kept
    /// visible. store1-25 → 1.27: the scaffold leaves `SystemMessage.needsUpdatingUsers` to be filled in
    /// where inference fills the new attribute. store1-27: its `ZCONNECTION.ZTO` keys and some join rows point
    /// at objects Apple's store does not hold; inference copies them as they are, a mapping links found
    /// objects only.
    static let knownDifferences: Set<String> = ["store1-25", "store1-27"]

    @Test("the next step's results agree", arguments: cases)
    func agree(_ store: String) throws {
        if Self.knownDifferences.contains(store) {
            withKnownIssue { try compare(store) }
        } else {
            try compare(store)
        }
    }

    private func compare(_ store: String) throws {
        let bundle = try RealAppStoreCase.wire[0].bundle()
        let from = try #require(try Self.expected.get()["\(store).wiredatabase"]?.sorted(by: NaturalOrder.precedes).last)
        let names = NaturalOrder.sorted(bundle.versions.map(\.name))
        let index = try #require(names.firstIndex(of: from))
        guard index + 1 < names.count else { return }
        let (source, destination) = (
            try #require(bundle.version(named: from)), try #require(bundle.version(named: names[index + 1]))
        )
        let inferred = InferredStep(sourceModel: source, destinationModel: destination)
        guard inferred.mapping.isInferable else { return }
        let scaffold = try MappingScaffolder(source: source, destination: destination).scaffoldInferred()
        #expect(scaffold.placeholders.isEmpty)
        let text = MappingFileWriter.text(scaffold)
        let mapped = try MappedStep(
            mapping: try MappingFileReader.read(text, path: "\(store).yaml"), sourceModel: source, destinationModel: destination)
        let copy = try Corpus.copyStore("wire/stores/\(store).wiredatabase")
        let byInference = try StoreContents(StepRunner.run(inferred, sourcePath: copy), model: destination)
        let byMapping = try StoreContents(SampleJournalStore.run(mapped, source: copy), model: destination)
        #expect(byMapping.orders == byInference.orders)
        #expect(byMapping.orders.values.contains { !$0.isEmpty } || byInference.orders.isEmpty)
        for (table, rows) in byInference.rows.sorted(by: { $0.key < $1.key }) {
            #expect(byMapping.rows[table] == rows, "\(table)")
        }
    }
}

/// A store's rows per entity and join table (`Z_OPT` and order columns left out: a mapped step makes objects
/// anew, and numbers positions its own way) and each ordered relationship's members in order, per owner.
struct StoreContents {
    var rows: [String: [String]] = [:]
    var orders: [String: [String]] = [:]

    init(_ path: String, model: ObjectModel) throws {
        let schema = StoreWriter(model: model).schema
        try DatabaseQueue(path: path).read { db in
            for table in schema.tables {
                let skipped = Set(table.columns.filter { if case .foreignOrder = $0.role { true } else { false } }.map(\.name))
                let kept = table.columns.map(\.name).filter { !skipped.contains($0) && $0 != "Z_OPT" }
                rows[table.name] = try Self.rows(db, table.name, kept, order: "Z_PK")
                for column in table.columns {
                    guard case .foreignOrder(let entity, let name) = column.role,
                        let key = table.column(.foreignKey(entity: entity, relationship: name))
                    else { continue }
                    orders["\(table.name).\(column.name)"] = try Self.members(db, table.name, key.name, "Z_PK", column.name)
                }
            }
            for join in schema.joinTables {
                rows[join.name] = try Self.rows(
                    db, join.name, [join.ownerColumn, join.targetColumn], order: "\(join.ownerColumn), \(join.targetColumn)")
                for (side, group, member) in [
                    (join.owner, join.ownerColumn, join.targetColumn), (join.inverse, join.targetColumn, join.ownerColumn),
                ] {
                    guard let order = join.orderColumn(ordering: side) else { continue }
                    orders["\(join.name).\(order)"] = try Self.members(db, join.name, group, member, order)
                }
            }
        }
    }

    private static func rows(_ db: Database, _ table: String, _ columns: [String], order: String) throws -> [String] {
        let list = columns.map { "\"\($0)\"" }.joined(separator: ", ")
        return try Row.fetchAll(db, sql: "SELECT \(list) FROM \"\(table)\" ORDER BY \(order)").map(\.description)
    }

    /// `owner: member member …` per owner, members in their order.
    private static func members(_ db: Database, _ table: String, _ group: String, _ member: String, _ order: String) throws
        -> [String]
    {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT "\(group)", group_concat("\(member)", ' ') FROM (SELECT * FROM "\(table)" WHERE "\(group)" IS NOT NULL \
                ORDER BY "\(group)", "\(order)", "\(member)") GROUP BY "\(group)" ORDER BY "\(group)"
                """)
        return rows.map { "\($0[0] as Int64): \($0[1] as String)" }
    }
}
