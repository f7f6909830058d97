import Foundation
import GRDB
import MigrationEngine
import TestSupport
import Testing

/// A step out of the store's own version whose conditions the store's objects break is not inferable for
/// that store: the planner routes around it, or says why there is no route, rather than choosing a step the
/// run would stop at (``InferredMapping/conditions``).
@Suite("Planning: steps out of the store's version are judged against its objects")
struct StoreConditionPlanningTests {
    /// `v2` makes `Item.name` required without a default and renames `title` to `heading`; `v3` makes `name`
    /// optional again and keeps `heading` without the renaming identifier, so the jump from `v1` to `v3`
    /// drops `title` and the planner prefers the chain through `v2` where it can take it.
    static func model() throws -> String {
        let name = { (optional: Bool) in
            #"<attribute name="name" \#(optional ? #"optional="YES" "# : "")attributeType="String"/>"#
        }
        let title = #"<attribute name="title" optional="YES" attributeType="String"/>"#
        let heading = { (renamed: Bool) in
            #"<attribute name="heading" optional="YES" attributeType="String"\#(renamed ? #" elementID="title""# : "")/>"#
        }
        return try InlineModel.write(
            name: "Items",
            versions: [
                "v1": #"<entity name="Item" syncable="YES">"# + name(true) + title + "</entity>",
                "v2": #"<entity name="Item" syncable="YES">"# + name(false) + heading(true) + "</entity>",
                "v3": #"<entity name="Item" syncable="YES">"# + name(true) + heading(false) + "</entity>",
            ], current: "v3")
    }

    /// A store at `v1` holding one item per name (nil: an item without one).
    static func store(_ model: String, names: [String?]) throws -> String {
        let version = try #require(try ModelLoader.load(path: model).version(named: "v1"))
        let path = try TemporaryDirectory.make().appendingPathComponent("Items.sqlite").path
        try StoreWriter(model: version).create(at: path, options: .init(maxPrimaryKeys: ["Item": names.count]))
        let queue = try DatabaseQueue(path: path)
        try queue.write { db in
            for (key, name) in zip(1..., names) {
                try db.execute(
                    sql: "INSERT INTO ZITEM (Z_PK, Z_ENT, Z_OPT, ZNAME, ZTITLE) VALUES (?, 1, 1, ?, 't')", arguments: [key, name])
            }
        }
        try queue.close()
        return path
    }

    @Test("Every item has a name: the chain goes through the version that requires it")
    func conditionMet() throws {
        let model = try Self.model()
        let planning = try MigrationProject(modelPath: model, settings: PlanningSettings())
            .plan(store: try Self.store(model, names: ["a", "b"]))
        #expect(planning.plan.steps.map(\.description) == ["v1-inf-v2", "v2-inf-v3"])
    }

    @Test("An item without a name: the chain goes around v2, by the jump that drops titles, rather than stop")
    func routedAround() throws {
        let model = try Self.model()
        let store = try Self.store(model, names: ["a", nil])
        let planning = try MigrationProject(modelPath: model, settings: PlanningSettings()).plan(store: store)
        #expect(planning.plan.steps.map(\.description) == ["v1-inf-v3"])
        #expect(planning.plan.steps.map(\.isLossy) == [true])
    }

    @Test("No way around: no route, the count of items without a name as the reason")
    func noRoute() throws {
        let model = try Self.model()
        let store = try Self.store(model, names: [nil, "b", nil])
        let error = #expect(throws: PlanningError.self) {
            try MigrationProject(modelPath: model, settings: PlanningSettings()).plan(store: store, target: "v2")
        }
        #expect(error?.code == .noRoute)
        #expect(
            error?.description.contains(
                "Item.name: becomes required without a default value; needs every Item object to have a name (2 break it in the store)"
            )
                == true, "\(String(describing: error))")
    }

    @Test("Objects that cannot be counted: the step stays planned, with why as its warning (checked when it runs)")
    func uncountable() throws {
        let model = try Self.model()
        let store = try Self.store(model, names: ["a"])
        // The column the condition counts is gone: counting fails, planning does not.
        let queue = try DatabaseQueue(path: store)
        try queue.write { db in try db.execute(sql: "ALTER TABLE ZITEM DROP COLUMN ZNAME") }
        try queue.close()
        let planning = try MigrationProject(modelPath: model, settings: PlanningSettings()).plan(store: store)
        #expect(planning.plan.steps.map(\.description) == ["v1-inf-v2", "v2-inf-v3"])
        let warnings = planning.plan.steps.first?.warnings ?? []
        #expect(
            warnings.contains {
                $0.hasPrefix("the store's objects could not be checked while planning (") && $0.contains("ZNAME")
            },
            "\(warnings)")
    }
}
