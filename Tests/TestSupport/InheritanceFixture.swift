import Foundation
import GRDB
import MigrationEngine

/// A store written by the engine for a model with an inheritance tree: an abstract `Vehicle` whose `Car` and
/// `Truck` share `ZVEHICLE`, and a `Person` alone in `ZPERSON`; it holds 3 cars, 5 trucks and 4 people
/// (primary keys 1–3 are cars, 4–8 trucks).
public enum InheritanceFixture {
    /// The model.
    public static var model: ObjectModel {
        ObjectModel(
            name: "Fleet",
            entities: [
                Entity(name: "Vehicle", isAbstract: true, attributes: [Attribute(name: "plate", type: .string)]),
                Entity(name: "Car", parentName: "Vehicle", attributes: [Attribute(name: "seats", type: .integer16)]),
                Entity(name: "Truck", parentName: "Vehicle", attributes: [Attribute(name: "load", type: .double)]),
                Entity(name: "Person", attributes: [Attribute(name: "name", type: .string)]),
            ])
    }

    /// A new store, `Fleet.sqlite` in a folder of its own.
    public static func store() throws -> String {
        let path = try TemporaryDirectory.make().appendingPathComponent("Fleet.sqlite").path
        _ = try StoreWriter(model: model).create(at: path)
        try DatabaseQueue(path: path).write { db in
            let numbers = Dictionary(
                uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT Z_NAME, Z_ENT FROM Z_PRIMARYKEY").map {
                    ($0[0] as String, $0[1] as Int)
                })
            var key = 0
            for (entity, count) in [("Car", 3), ("Truck", 5)] {
                for _ in 0..<count {
                    key += 1
                    try db.execute(
                        sql: "INSERT INTO ZVEHICLE (Z_PK, Z_ENT, Z_OPT, ZPLATE) VALUES (?, ?, 1, ?)",
                        arguments: [key, numbers[entity], "P\(key)"])
                }
            }
            for person in 1...4 {
                try db.execute(
                    sql: "INSERT INTO ZPERSON (Z_PK, Z_ENT, Z_OPT, ZNAME) VALUES (?, ?, 1, ?)",
                    arguments: [person, numbers["Person"], "Person \(person)"])
            }
        }
        return path
    }
}
