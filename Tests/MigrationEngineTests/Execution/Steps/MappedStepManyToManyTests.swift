import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

@Suite("Mapped step with many-to-many relationships")
struct MappedStepManyToManyTests {
    static func model(_ name: String, postTitle: String) -> ObjectModel {
        ObjectModel(
            name: name,
            entities: [
                Entity(
                    name: "Post", attributes: [Attribute(name: postTitle, type: .string)],
                    relationships: [
                        Relationship(
                            name: "tags", destinationEntity: "Tag", inverseName: "posts", inverseEntity: "Tag", isToMany: true)
                    ]),
                Entity(
                    name: "Tag", attributes: [Attribute(name: "name", type: .string)],
                    relationships: [
                        Relationship(
                            name: "posts", destinationEntity: "Post", inverseName: "tags", inverseEntity: "Post", isToMany: true)
                    ]),
            ])
    }

    /// Posts 1…3 and tags 1…2: post 1 has both tags, post 2 has tag 2, post 3 none.
    static func source() throws -> String {
        let model = model("Blog 1", postTitle: "title")
        let path = try TemporaryDirectory.make().appendingPathComponent("Blog.sqlite").path
        let writer = StoreWriter(model: model)
        try writer.create(at: path)
        let join = try #require(writer.schema.joinTables.first)
        let postsColumn = join.owner.entity == "Post" ? join.ownerColumn : join.targetColumn
        let tagsColumn = join.owner.entity == "Post" ? join.targetColumn : join.ownerColumn
        try DatabaseQueue(path: path).write { db in
            let post = try Int.fetchOne(db, sql: "SELECT Z_ENT FROM Z_PRIMARYKEY WHERE Z_NAME = 'Post'")!
            let tag = try Int.fetchOne(db, sql: "SELECT Z_ENT FROM Z_PRIMARYKEY WHERE Z_NAME = 'Tag'")!
            for key in 1...3 {
                try db.execute(
                    sql: "INSERT INTO ZPOST (Z_PK, Z_ENT, Z_OPT, ZTITLE) VALUES (?, ?, 1, ?)",
                    arguments: [key, post, "Post \(key)"])
            }
            for key in 1...2 {
                try db.execute(
                    sql: "INSERT INTO ZTAG (Z_PK, Z_ENT, Z_OPT, ZNAME) VALUES (?, ?, 1, ?)", arguments: [key, tag, "tag \(key)"])
            }
            for (p, t) in [(1, 1), (1, 2), (2, 2)] {
                try db.execute(sql: "INSERT INTO \(join.name) (\(postsColumn), \(tagsColumn)) VALUES (?, ?)", arguments: [p, t])
            }
        }
        return path
    }

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
        let destination = Self.model("Blog 2", postTitle: "heading")
        let step = try MappedStep(
            mapping: try MappingFileReader.read(text, path: "blog.yaml"), sourceModel: Self.model("Blog 1", postTitle: "title"),
            destinationModel: destination, policies: policies)
        let out = try SampleJournalStore.run(step, source: try Self.source())
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
