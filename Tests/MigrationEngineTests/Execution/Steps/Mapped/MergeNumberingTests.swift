import Foundation
import GRDB
import Testing

@testable import MigrationEngine

/// The numbering of a merge's objects during the copy linking to it: the objects and keys of the merge's
/// own pass, or a refusal that sends the step back to that pass.
@Suite("Merge numbering")
struct MergeNumberingTests {
    /// Numbers `rows` (source key, key SQL) in one statement, in the order given; the numbers or the error.
    static func number(_ rows: [(Int64, String)], base: Int64 = 0, capacity: Int = 100, byteCapacity: Int = 1 << 20)
        throws -> (numbering: MergeNumbering, result: Result<[Int64?], any Error>)
    {
        let queue = try DatabaseQueue()
        let numbering = MergeNumbering(capacity: capacity, byteCapacity: byteCapacity)
        numbering.start(base: base)
        let result = try queue.write { db in
            try numbering.register(in: db)
            let values = rows.map { "SELECT \($0.0) AS source, \($0.1) AS key" }.joined(separator: " UNION ALL ")
            return Result {
                try Int64?.fetchAll(
                    db,
                    sql: """
                        SELECT \(MergeNumbering.functionName)(key, source) FROM (\(values))
                        """)
            }
        }
        return (numbering, result)
    }

    @Test("a key's rows share the object made for its first row; each row without key makes its own")
    func numbersInSourceOrder() throws {
        let (numbering, result) = try Self.number(
            [(1, "'sa'"), (2, "NULL"), (4, "'sb'"), (5, "'sa'"), (9, "NULL"), (10, "'sb'")], base: 40)
        #expect(try result.get() == [41, 42, 43, 41, 44, 43])
        #expect(numbering.made.map(\.source) == [1, 2, 4, 9])
        #expect(numbering.made.map(\.destination) == [41, 42, 43, 44])
        #expect(numbering.made.map { $0.key.map { String(decoding: $0, as: UTF8.self) } } == ["sa", nil, "sb", nil])
        #expect(!numbering.refused)
    }

    @Test("keys are equal by their bytes, as the merge table's TEXT compares them: é and e + ◌́ are two keys")
    func bytesNotCanonicalEquivalence() throws {
        let (numbering, result) = try Self.number([(1, "'sé'"), (2, "'se' || char(769)"), (3, "'sé'")])
        #expect(try result.get() == [1, 2, 1])
        #expect(numbering.made.count == 2)
    }

    @Test("a key holding a NUL is not the key that ends there; empty keys are one key")
    func keysWithNUL() throws {
        let (numbering, result) = try Self.number(
            [(1, "CAST(x'7361006200' AS TEXT)"), (2, "'sa'"), (3, "'sa'"), (4, "''"), (5, "''")])
        #expect(try result.get() == [1, 2, 2, 3, 3])
        #expect(numbering.made.first?.key == [0x73, 0x61, 0x00, 0x62, 0x00])
    }

    /// Rows a numbering with room for `capacity` objects and `byteCapacity` bytes of keys refuses.
    struct Refused: Sendable, CustomTestStringConvertible {
        var rows: [(Int64, String)]
        var capacity = 10
        var byteCapacity = 100
        var testDescription: String { rows.map { "\($0.0): \($0.1)" }.joined(separator: ", ") }
    }

    static let refused: [Refused] = [
        Refused(rows: [(1, "'sa'"), (2, "'sb'"), (3, "'sc'")], capacity: 2),
        Refused(rows: [(1, "NULL"), (2, "NULL"), (3, "NULL")], capacity: 2),
        Refused(rows: [(1, "'sabcdef'"), (2, "'sghijkl'")], byteCapacity: 10),
        Refused(rows: [(2, "'sa'"), (1, "'sb'")]),
        Refused(rows: [(1, "'sa'"), (1, "'sa'")]),
        Refused(rows: [(1, "'sa'"), (2, "7")]),
        Refused(rows: [(1, "x'73'")]),
    ]

    @Test(
        "too many objects, too many key bytes, a row out of source order or twice, a key not text: refused",
        arguments: refused)
    func refusals(_ refused: Refused) throws {
        let (numbering, result) = try Self.number(
            refused.rows, capacity: refused.capacity, byteCapacity: refused.byteCapacity)
        #expect(throws: DatabaseError.self) { try result.get() }
        #expect(numbering.refused)
        numbering.start(base: 0)
        #expect(!numbering.refused && numbering.made.isEmpty)
    }

    @Test("a full numbering still answers the keys it holds")
    func fullAnswersKnownKeys() throws {
        let (numbering, result) = try Self.number([(1, "'sa'"), (2, "'sb'"), (3, "'sa'"), (4, "'sb'")], capacity: 2)
        #expect(try result.get() == [1, 2, 1, 2])
        #expect(!numbering.refused)
    }
}
