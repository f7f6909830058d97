import GRDB

/// An entity mapping's number in a mapped step: its position among the step's mappings, and the number the
/// association table records with every object the mapping made. A type of its own so that it is never given
/// where an entity's number (`Z_ENT`, ``EntityNumber``) or an object's key (`Z_PK`) is meant; the mapped step
/// passes all three through the same calls.
package struct MappingNumber: RawRepresentable, Hashable, Comparable, Sendable, DatabaseValueConvertible,
    CustomStringConvertible
{
    package let rawValue: Int

    package init(rawValue: Int) { self.rawValue = rawValue }

    package init(_ value: Int) { rawValue = value }

    package var databaseValue: DatabaseValue { rawValue.databaseValue }

    package static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Self? {
        Int.fromDatabaseValue(dbValue).map { Self($0) }
    }

    package static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    package var description: String { String(rawValue) }
}
