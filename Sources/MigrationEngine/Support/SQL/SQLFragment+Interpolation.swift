import Foundation
import GRDB

extension SQLFragment {
    /// What may be written into a fragment: source literals as they are, identifiers quoted, other fragments
    /// with their values, and values as bound `?`s. Nothing else compiles, a `String` included.
    struct StringInterpolation: StringInterpolationProtocol {
        var sql = ""
        var arguments: [DatabaseValue] = []

        init(literalCapacity: Int, interpolationCount: Int) {
            sql.reserveCapacity(literalCapacity + 16 * interpolationCount)
        }

        /// Source text between interpolations: keywords, punctuation, placeholders bound when the statement runs.
        mutating func appendLiteral(_ literal: String) {
            sql += literal
        }

        /// A name, quoted.
        mutating func appendInterpolation(_ identifier: SQLIdentifier) {
            sql += identifier.quoted
        }

        /// Names, quoted, separated by `, ` (a column list).
        mutating func appendInterpolation(_ identifiers: [SQLIdentifier]) {
            sql += identifiers.map(\.quoted).joined(separator: ", ")
        }

        /// Another fragment, with its values.
        mutating func appendInterpolation(_ fragment: SQLFragment) {
            sql += fragment.sql
            arguments += fragment.arguments
        }

        /// One value, bound: `?`.
        mutating func appendInterpolation(value: some DatabaseValueConvertible) {
            bind(value.databaseValue)
        }

        /// Values, each bound, separated by `, ` (an `IN` list): `?, ?, ?`.
        mutating func appendInterpolation(values: [some DatabaseValueConvertible]) {
            for (index, value) in values.enumerated() {
                if index > 0 { sql += ", " }
                bind(value.databaseValue)
            }
        }

        /// `?`, or for text holding a NUL `CAST(? AS TEXT)` with its bytes bound as a BLOB: GRDB binds text
        /// with a length of -1, which ends it at its first NUL, and a store's value may hold one.
        private mutating func bind(_ value: DatabaseValue) {
            if case .string(let text) = value.storage, text.utf8.contains(0) {
                sql += "CAST(? AS TEXT)"
                arguments.append(Data(text.utf8).databaseValue)
            } else {
                sql += "?"
                arguments.append(value)
            }
        }

        /// `count` placeholders separated by `, `, bound when the statement runs (a `VALUES` list).
        mutating func appendInterpolation(placeholders count: Int) {
            sql += Array(repeating: "?", count: count).joined(separator: ", ")
        }
    }
}
