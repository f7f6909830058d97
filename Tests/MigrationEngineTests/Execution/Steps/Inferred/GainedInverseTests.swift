import Foundation
import GRDB
import TestSupport
import Testing

@testable import MigrationEngine

/// Two relationships that were not each other's inverse become so, the shape of ProtonDrive's Metadata
/// v1.23 → v1.24: `Photo.parent`, a to-one without inverse (its key `ZPARENT`), and `Photo.children`, a to-many
/// without inverse (Core Data keeps it as a key column of the members' table), each held memberships of its own.
/// The step keeps `parent`'s key and takes `children`'s owner where `parent` has none; where both name an owner
/// and they differ, the `children` link is lost, and counted before anything is written.
@Suite("Inferred step: two relationships become each other's inverse")
struct GainedInverseTests {
    /// `Photo` with a sub-entity `LivePhoto` (so `parent`'s key has an entity column), `parent` and `children`
    /// each other's inverse only when `inverse`; `parent` named `parent` (renamed from `renamedFrom`).
    static func model(_ name: String, inverse: Bool, parent: String = "parent", renamedFrom: String? = nil) -> ObjectModel {
        ObjectModel(
            name: name,
            entities: [
                Entity(name: "LivePhoto", parentName: "Photo", attributes: [Attribute(name: "motion", type: .string)]),
                Entity(
                    name: "Photo", attributes: [Attribute(name: "name", type: .string)],
                    relationships: [
                        Relationship(
                            name: "children", destinationEntity: "Photo", inverseName: inverse ? parent : nil, isToMany: true),
                        Relationship(
                            name: parent, destinationEntity: "Photo", inverseName: inverse ? "children" : nil,
                            renamingIdentifier: renamedFrom),
                    ]),
            ])
    }

    /// The source's columns: `parent`'s key and entity, `children`'s owner key.
    static func columns(_ model: ObjectModel, parent: String = "parent") throws -> (
        parent: String, parentEntity: String, children: String?
    ) {
        let table = try #require(SchemaBuilder(model: model).build().table(for: "Photo"))
        let named = { (role: SchemaColumn.Role) in table.columns.first { $0.role == role }?.name }
        return (
            try #require(named(.foreignKey(entity: "Photo", relationship: parent))),
            try #require(named(.foreignEntity(entity: "Photo", relationship: parent))),
            named(.toManyKey(entity: "Photo", relationship: "children"))
        )
    }

    /// Photos 1–6 (6 a LivePhoto): 2 in 1's children with parent 1 (they agree), 3 only in 1's children, 4 only
    /// with parent 1, 6 only in 2's children; 5 with parent 2 but in 1's children when `conflict`.
    static func store(conflict: Bool, model: ObjectModel = model("v1", inverse: false), parent: String = "parent")
        throws -> String
    {
        let (parent, parentEntity, unowned) = try Self.columns(model, parent: parent)
        let children = try #require(unowned)
        let schema = SchemaBuilder(model: model).build()
        let (photo, live) = (
            try #require(schema.entity(named: "Photo")?.number), try #require(schema.entity(named: "LivePhoto")?.number)
        )
        let path = try TemporaryDirectory.make().appendingPathComponent("Photos.sqlite").path
        try StoreWriter(model: model).create(at: path, options: .init(maxPrimaryKeys: ["Photo": 6]))
        let rows: [(key: Int, parent: Int?, owner: Int?)] = [
            (1, nil, nil), (2, 1, 1), (3, nil, 1), (4, 1, nil), (5, 2, conflict ? 1 : nil), (6, nil, 2),
        ]
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            for row in rows {
                try db.execute(
                    sql: """
                        INSERT INTO ZPHOTO (Z_PK, Z_ENT, Z_OPT, ZNAME, \(parent), \(parentEntity), \(children)) \
                        VALUES (?, ?, 1, ?, ?, ?, ?)
                        """,
                    arguments: [
                        row.key, row.key == 6 ? live : photo, "Photo \(row.key)", row.parent, row.parent.map { _ in photo },
                        row.owner,
                    ])
            }
        }
        try queue.close()
        return path
    }

    @Test("Every membership either relationship held is kept; the to-one's key wins where they differ")
    func membershipsKept() throws {
        let destination = Self.model("v2", inverse: true)
        let out = try StepRunner.run(
            InferredStep(sourceModel: Self.model("v1", inverse: false), destinationModel: destination),
            sourcePath: try Self.store(conflict: true))
        let (parent, parentEntity, children) = try Self.columns(destination)
        #expect(children == nil)
        let photo = try #require(SchemaBuilder(model: destination).build().entity(named: "Photo")?.number)
        let rows = try DatabaseQueue(path: out).read { db in
            try Row.fetchAll(db, sql: "SELECT \(parent) AS p, \(parentEntity) AS e FROM ZPHOTO ORDER BY Z_PK")
        }
        #expect(rows.map { $0["p"] as Int? } == [nil, 1, 1, 1, 2, 2])
        #expect(rows.map { $0["e"] as Int? } == [nil, photo, photo, photo, photo, photo])
        try DatabaseQueue(path: out).read { db in _ = try SchemaConformance(model: destination, path: out).check(db) }
    }

    @Test("The mapping says so, and lists the links lost where they differ; the loss screen agrees")
    func mappingListsTheConflict() throws {
        let (source, destination) = (Self.model("v1", inverse: false), Self.model("v2", inverse: true))
        let mapping = InferredMapping.infer(from: source, to: destination)
        #expect(mapping.isInferable)
        #expect(mapping.entity("Photo")?.relationship("parent")?.mergesMembershipsOf == "Photo.children")
        #expect(mapping.entity("LivePhoto")?.relationship("parent")?.mergesMembershipsOf == "Photo.children")
        #expect(mapping.operations.contains("fill Photo.parent from Photo.children where it has none (its inverse now)"))
        #expect(mapping.drops.map(\.description) == ["drops Photo.children where the member's parent differs"])
        let (from, to) = (InferenceIndex(source), InferenceIndex(destination))
        #expect(InferredStepProvider().losesData(from: from, to: to))
        #expect(MappingInferrer(source: from, destination: to).losesData())
        // Back, `children` loses its inverse and keeps its links in its own key again: nothing conflicts.
        #expect(InferredMapping.infer(from: destination, to: source).drops.isEmpty)
        #expect(!InferredStepProvider().losesData(from: to, to: from))
    }

    @Test("Planning counts the conflicting links in the store; a store where they agree loses nothing", arguments: [true, false])
    func planningCounts(conflict: Bool) throws {
        let project = try MigrationProject(
            bundle: ModelBundle(
                path: "/models/Photos", versions: [Self.model("v1", inverse: false), Self.model("v2", inverse: true)],
                currentVersionName: "v2"))
        let planning = try project.countingDataLoss(in: project.plan(store: try Self.store(conflict: conflict), target: "v2"))
        #expect(planning.plan.steps.map(\.isLossy) == [conflict])
        let losses = (planning.dataLoss ?? []).flatMap(\.losses).map(\.description)
        #expect(losses == (conflict ? ["drops Photo.children where the member's parent differs (1 link)"] : []))
    }

    /// The conflict is named by the to-one as at the step's source; an earlier step that renamed it is followed
    /// back to the name the store has, so the links are counted there (they were reported as not traceable).
    @Test("A conflict after an earlier rename of the to-one is traced to the store and counted", arguments: [true, false])
    func conflictTracedThroughRename(conflict: Bool) throws {
        // v0 calls `parent` `up`; v1 renames it (renaming identifier); v2 makes it and `children` inverses.
        let model = { @Sendable (name: String) in
            Self.model(
                name, inverse: name == "v2", parent: name == "v0" ? "up" : "parent", renamedFrom: name == "v1" ? "up" : nil)
        }
        let step = { (from: String, to: String, lossy: Bool) in
            StepCandidate(from: from, to: to, origin: .inferred, isLossy: lossy) {
                InferredStep(sourceModel: model(from), destinationModel: model(to))
            }
        }
        let plan = MigrationPlan(from: "v0", to: "v2", steps: [step("v0", "v1", false), step("v1", "v2", true)])
        let traced = ChainLossTracer(model: { model($0) }).trace(plan).flatMap(\.drops)
        let atStore = DataLoss(
            kind: .relationship, entity: "Photo", property: "children", conflictsWith: "up", keptBy: "Photo.parent")
        #expect(traced.map { $0.origin } == [.store(atStore)])
        let v0 = model("v0")
        let counted = try DataLossCounter.count(
            [atStore], sourceModel: v0, storePath: try Self.store(conflict: conflict, model: v0, parent: "up"))
        #expect(counted.map(\.count) == [conflict ? 1 : 0])
    }

    @Test("One-to-one and many-to-many pairs that gain each other as inverse are refused with the reason")
    func otherShapesRefused() throws {
        let pair = { (toMany: Bool, inverse: Bool) in
            ObjectModel(
                name: inverse ? "v2" : "v1",
                entities: [
                    Entity(
                        name: "Node",
                        relationships: [
                            Relationship(
                                name: "next", destinationEntity: "Node", inverseName: inverse ? "previous" : nil, isToMany: toMany
                            ),
                            Relationship(
                                name: "previous", destinationEntity: "Node", inverseName: inverse ? "next" : nil, isToMany: toMany
                            ),
                        ])
                ])
        }
        for toMany in [false, true] {
            let mapping = InferredMapping.infer(from: pair(toMany, false), to: pair(toMany, true))
            #expect(
                mapping.notInferable.map(\.description).contains {
                    $0.contains("Node.next")
                        && $0.contains("becomes the inverse of Node.previous, whose links the source kept apart as Node.previous")
                }, "\(mapping.notInferable)")
        }
    }

    /// `Folder.notes`, ordered, ↔ `Note.folder`, and `Folder.extras` without inverse (`merged`: `extras`, now
    /// ordered, is `Note.folder`'s inverse and `notes` is gone).
    static func folders(_ name: String, merged: Bool) -> ObjectModel {
        let extras = Relationship(
            name: "extras", destinationEntity: "Note", inverseName: merged ? "folder" : nil, isToMany: true, isOrdered: merged)
        let notes = Relationship(name: "notes", destinationEntity: "Note", inverseName: "folder", isToMany: true, isOrdered: true)
        return ObjectModel(
            name: name,
            entities: [
                Entity(
                    name: "Folder", attributes: [Attribute(name: "name", type: .string)],
                    relationships: merged ? [extras] : [notes, extras]),
                Entity(
                    name: "Note", attributes: [Attribute(name: "text", type: .string)],
                    relationships: [
                        Relationship(name: "folder", destinationEntity: "Folder", inverseName: merged ? "extras" : "notes")
                    ]),
            ])
    }

    /// The merge into an ordered relationship keeps every member's position (FORMAT.md's `Z_FOK_`): the members
    /// `Note.folder` kept keep theirs, and those it took from `Folder.extras` come after, in key order (they had
    /// none: Core Data keeps every member's position filled, and `verify` cannot see one missing).
    @Test("Members a key takes from its new inverse get positions after the ones it kept")
    func mergedMembersPositioned() throws {
        let (from, to) = (Self.folders("1", merged: false), Self.folders("2", merged: true))
        let mapping = InferredMapping.infer(from: from, to: to)
        #expect(mapping.isInferable, "\(mapping.notInferable)")
        #expect(mapping.entity("Note")?.relationship("folder")?.mergesMembershipsOf == "Folder.extras")
        let schema = SchemaBuilder(model: from).build()
        let notes = try #require(schema.table(for: "Note"))
        let (key, order, extras) = (
            try #require(notes.column(.foreignKey(entity: "Note", relationship: "folder"))).name,
            try #require(notes.column(.foreignOrder(entity: "Note", relationship: "folder"))).name,
            try #require(notes.column(.toManyKey(entity: "Folder", relationship: "extras"))).name
        )
        let path = try TemporaryDirectory.make().appendingPathComponent("Folders.sqlite").path
        try StoreWriter(model: from).create(at: path, options: .init(maxPrimaryKeys: ["Folder": 2, "Note": 6]))
        let (folder, note) = (
            try #require(schema.entity(named: "Folder")?.number), try #require(schema.entity(named: "Note")?.number)
        )
        // Notes 1 and 2 in Folder 1 (positions 2048, 1024: kept as they are), 3 only in its extras; 4 in
        // Folder 2, 5 only in its extras; 6 in neither.
        let rows: [(Int?, Int?, Int?)] = [
            (1, 2048, nil), (1, 1024, nil), (nil, nil, 1), (2, 1024, nil), (nil, nil, 2), (nil, nil, nil),
        ]
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            for key in 1...2 {
                try db.execute(sql: "INSERT INTO ZFOLDER (Z_PK, Z_ENT, Z_OPT) VALUES (?, ?, 1)", arguments: [key, folder])
            }
            for (index, row) in rows.enumerated() {
                try db.execute(
                    sql: "INSERT INTO ZNOTE (Z_PK, Z_ENT, Z_OPT, \(key), \(order), \(extras)) VALUES (?, ?, 1, ?, ?, ?)",
                    arguments: [index + 1, note, row.0, row.1, row.2])
            }
        }
        try queue.close()
        let out = try StepRunner.run(InferredStep(sourceModel: from, destinationModel: to), sourcePath: path)
        let kept = try DatabaseQueue(path: out).read { db in
            try Row.fetchAll(db, sql: "SELECT \(key) AS k, \(order) AS o FROM ZNOTE ORDER BY Z_PK")
        }
        #expect(kept.map { $0["k"] as Int? } == [1, 1, 1, 2, 2, nil])
        #expect(kept.map { $0["o"] as Int? } == [2048, 1024, 3072, 1024, 2048, nil])
        try DatabaseQueue(path: out).read { db in _ = try SchemaConformance(model: to, path: out).check(db) }
    }
}
