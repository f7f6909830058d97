import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// The export round trip's relationship check (``ExpectedRelationships``) reads its expectations from the
/// store: an export of wire 2.90.0 agrees with the store it came from, and no longer with a copy whose ordered
/// join order, join rows or to-one keys were changed after it. Without this the check could agree with any
/// export.
@Suite("Export round trip: relationships are compared with the store's keys, join rows and order", Corpus.required)
struct ExpectedRelationshipsTests {
    static let store = "wire/stores/store2-90-0.wiredatabase"

    @Test("A reversed Z_FOK_ order, a lost join row and cleared to-one keys each part the store from its export")
    func changedStoreIsSeen() throws {
        let bundle = try CorpusStore.bundle(CorpusStore.wireModel)
        let version = try #require(CorpusStore.named(Self.store)?.version)
        let model = try #require(bundle.version(named: version))
        let out = try TemporaryDirectory.make().appendingPathComponent("export").path
        let counts = try MigrationProject(bundle: bundle).export(
            store: try Corpus.copyStore(Self.store), format: .json, to: .folder(out), rawValues: true)
        var objects: [String: [[String: Any]]] = [:]
        for count in counts {
            let data = try Data(contentsOf: URL(fileURLWithPath: try #require(count.file)))
            objects[count.entity] = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        }
        func mismatches(after change: String?) throws -> [String] {
            let copy = try Corpus.copyStore(Self.store)
            let queue = try DatabaseQueue(path: copy)
            defer { try? queue.close() }
            if let change { try queue.write { try $0.execute(sql: change) } }
            let uuid = try StoreReader.read(path: copy).metadata.uuid
            return try queue.read { db in
                let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
                let schema = SchemaBuilder(model: model, existingTableNames: Set(tables)).build()
                return try counts.flatMap { count in
                    let entity = try #require(model.entity(named: count.entity))
                    let expected = try ExpectedRelationships(entity: entity, model: model, schema: schema, uuid: uuid, db: db)
                    return expected.mismatches(in: objects[count.entity] ?? []).map { "\(count.entity) \($0)" }
                }
            }
        }
        #expect(try mismatches(after: nil) == [])
        // Conversation 17's three last synced participants (Z_FOK_ 2048, 3072, 4096), in reverse.
        let reversed = try mismatches(
            after:
                "UPDATE Z_5LASTSERVERSYNCEDACTIVEPARTICIPANTS SET Z_FOK_24LASTSERVERSYNCEDACTIVEPARTICIPANTS = -Z_FOK_24LASTSERVERSYNCEDACTIVEPARTICIPANTS"
        )
        #expect(reversed.contains { $0.hasPrefix("Conversation p17 lastServerSyncedActiveParticipants:") }, "\(reversed)")
        let lost = try mismatches(
            after: "DELETE FROM Z_5LASTSERVERSYNCEDACTIVEPARTICIPANTS WHERE Z_5LASTSERVERSYNCEDACTIVECONVERSATIONS = 17")
        #expect(lost.contains { $0.hasPrefix("Conversation p17 lastServerSyncedActiveParticipants:") }, "\(lost)")
        #expect(lost.contains { $0.contains(" lastServerSyncedActiveConversations:") }, "\(lost)")
        let cleared = try mismatches(after: "UPDATE ZGENERICMESSAGEDATA SET ZMESSAGE = NULL")
        #expect(cleared.contains { $0.hasPrefix("GenericMessageData ") && $0.contains(" message:") }, "\(cleared)")
        #expect(cleared.contains { $0.contains(" dataSet:") }, "\(cleared)")
    }
}
