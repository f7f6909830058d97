import Foundation

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
}
