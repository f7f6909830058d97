import Foundation
import GRDB

extension MigrationProject {
    /// The JSON `export` and `rows` show for a Binary or Transformable value that holds a keyed archive or a
    /// property list (``DecodedValue``), from the bytes as the store holds them (an inline value of an
    /// external-storage attribute with its `0x01` marker); `nil` for any other value or type, which a front
    /// end shows as its bytes.
    ///
    /// - Parameters:
    ///   - stored: The column's bytes.
    ///   - attribute: The attribute the column holds.
    /// - Returns: The decoded value's JSON text, or `nil`.
    package static func decodedValue(_ stored: Data, of attribute: Attribute) -> String? {
        guard attribute.type == .binary || attribute.type == .transformable else { return nil }
        return DecodedValue.json(ValueRenderer.inlineBytes(stored, external: attribute.allowsExternalBinaryDataStorage))
    }

    /// A stored value as its attribute's type reads it: the value a mapping's expression, a policy and a
    /// `rows --where` query see (a date as its seconds since 2001, a Boolean, a UUID from its 16 bytes, a
    /// whole number kept as REAL in an integer column as an integer), so a front end shows what they see.
    /// A value whose storage does not fit the type is read as it is stored.
    ///
    /// - Parameters:
    ///   - stored: The column's value as SQLite holds it.
    ///   - attribute: The attribute the column holds.
    /// - Returns: The typed value.
    package static func typedValue(_ stored: StoredValue, of attribute: Attribute) -> ExpressionValue {
        ColumnValueCoding.read(stored.databaseValue, as: attribute.type)
    }
}
