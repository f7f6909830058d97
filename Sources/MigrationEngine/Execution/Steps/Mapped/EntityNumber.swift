import GRDB

/// An entity's number in a store (`Z_ENT`) as the mapped step passes it around: a type of its own, so that it is
/// never given where a mapping's number (``MappingNumber``) or an object's key (`Z_PK`, an `Int64`) is meant, as the
/// association table's calls once mixed them (`source` and `destination` were entity numbers in one call and
/// keys in the next).
struct EntityNumber: RawRepresentable, Hashable, Comparable, Sendable, ExpressibleByIntegerLiteral,
    DatabaseValueConvertible, CustomStringConvertible
{
    let rawValue: Int

    init(rawValue: Int) { self.rawValue = rawValue }

    init(_ value: Int) { rawValue = value }

    init(integerLiteral value: Int) { rawValue = value }

    var databaseValue: DatabaseValue { rawValue.databaseValue }

    static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Self? { Int.fromDatabaseValue(dbValue).map { Self($0) } }

    static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    var description: String { String(rawValue) }
}
