import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

@Suite("Mapped step with many-to-many relationships")
struct MappedStepManyToManyTests {
    @Test("links come through, in bulk or object by object", arguments: [false, true])
    func carriesLinks(objectByObject: Bool) throws {
        let text = """
            from: Blog 1
            to: Blog 2
            mappings:
              - name: PostToPost
                source: Post
                destination: Post
                attributes: { heading: upper($source.title) }
            \(objectByObject ? "    policy: Plain" : "")
            """
        var policies = MigrationPolicyRegistry()
        policies.register(PlainPolicy(), named: "Plain")
        let destination = ManyToManyFixture.model(named: "Blog 2", postTitle: "heading")
        let step = try MappedStep(
            mapping: try MappingFileReader.read(text, path: "blog.yaml"), sourceModel: ManyToManyFixture.model(),
            destinationModel: destination, policies: policies)
        let out = try SampleJournalStore.run(step, source: try ManyToManyFixture.store())
        let join = try #require(StoreWriter(model: destination).schema.joinTables.first)
        let postsColumn = join.owner.entity == "Post" ? join.ownerColumn : join.targetColumn
        let tagsColumn = join.owner.entity == "Post" ? join.targetColumn : join.ownerColumn
        let pairs = try DatabaseQueue(path: out).read { db in
            try Row.fetchAll(db, sql: "SELECT \(postsColumn), \(tagsColumn) FROM \(join.name) ORDER BY 1, 2").map {
                "\($0[0] as Int)-\($0[1] as Int)"
            }
        }
        #expect(pairs == ["1-1", "1-2", "2-2"])
        let headings = try DatabaseQueue(path: out).read {
            try String.fetchAll($0, sql: "SELECT ZHEADING FROM ZPOST ORDER BY Z_PK")
        }
        #expect(headings == ["POST 1", "POST 2", "POST 3"])
    }
}

/// A policy that changes nothing, so stage 2 runs object by object.
struct PlainPolicy: MigrationPolicy {}
