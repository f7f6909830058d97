import Foundation
import GRDB
import MigrationEngine

/// A store written by the engine for a blog model with a many-to-many: `Post.tags` ⇄ `Tag.posts`, kept in a
/// join table named as Core Data names it. Posts 1–3 and tags 1–2: post 1 is tagged 1 and 2, post 2 is tagged 2,
/// post 3 has no tag.
public enum ManyToManyFixture {
    /// The model, named `name`, with the post's title attribute named `postTitle` (a mapped step renames it).
    public static func model(named name: String = "Blog 1", postTitle: String = "title") -> ObjectModel {
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

    /// A new store at ``model(named:postTitle:)``'s defaults, `Blog.sqlite` in a folder of its own.
    public static func store() throws -> String {
        let model = model()
        let path = try TemporaryDirectory.make().appendingPathComponent("Blog.sqlite").path
        try StoreWriter(model: model).create(at: path)
        guard let join = SchemaBuilder(model: model).build().joinTable(entity: "Post", relationship: "tags") else {
            throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: path])
        }
        try DatabaseQueue(path: path).write { db in
            let number = { (name: String) in
                try Int.fetchOne(db, sql: "SELECT Z_ENT FROM Z_PRIMARYKEY WHERE Z_NAME = ?", arguments: [name])
            }
            for post in 1...3 {
                try db.execute(
                    sql: "INSERT INTO ZPOST (Z_PK, Z_ENT, Z_OPT, ZTITLE) VALUES (?, ?, 1, ?)",
                    arguments: [post, try number("Post"), "Post \(post)"])
            }
            for tag in 1...2 {
                try db.execute(
                    sql: "INSERT INTO ZTAG (Z_PK, Z_ENT, Z_OPT, ZNAME) VALUES (?, ?, 1, ?)",
                    arguments: [tag, try number("Tag"), "tag \(tag)"])
            }
            // The join table's own names, as the engine lays it out (test code: no name comes from a file).
            let postOwns = join.owner == JoinTable.Side(entity: "Post", relationship: "tags")
            let insert = "INSERT INTO \"\(join.name)\" (\"\(join.ownerColumn)\", \"\(join.targetColumn)\") VALUES (?, ?)"
            for (post, tag) in [(1, 1), (1, 2), (2, 2)] {
                try db.execute(sql: insert, arguments: postOwns ? [post, tag] : [tag, post])
            }
        }
        return path
    }
}
