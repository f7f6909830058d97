/// A stored value rendered by its model type, ready for CSV or JSON: what `export` and `rows` print.
public enum RenderedValue: Sendable, Hashable {
    /// NULL: JSON `null`, an empty CSV field.
    case null
    /// A Boolean attribute.
    case bool(Bool)
    /// An integer attribute (Integer 16/32/64).
    case integer(Int64)
    /// A Double or Float attribute.
    case number(Double)
    /// A Decimal, kept as its exact text so no digit passes through a `Double`.
    case decimal(String)
    /// Text: strings, URIs, ISO 8601 dates, base64 bytes (raw, or not a value ``decoded(json:)`` reads), UUIDs
    /// and object URIs.
    case text(String)
    /// A Transformable or Binary value that holds a keyed archive or a property list, decoded: its JSON text
    /// (``DecodedValue``). JSON output holds it as JSON (an object, array, string …), CSV as this text.
    case decoded(json: String)
    /// A to-many relationship: the related objects' URIs.
    case list([String])
    /// A value kept outside the store whose file is not there (a store handed over without its
    /// `.<Store>_SUPPORT` folder): the UUID it names. JSON `{"missingExternalData": "<UUID>"}`, so no reader
    /// takes it for the bytes; CSV `missing external data <UUID>`.
    case missingExternalData(String)
}
