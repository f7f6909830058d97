/// One record open in the record view: an object's every attribute, the attribute selected (Enter on a
/// relationship follows it) and the first line shown.
package struct RecordFrame: Sendable, Hashable {
    /// The object's entity.
    package var entity: String
    /// Where the object was found (`row 2 of 200`, or `Post #7` when a relationship led to it).
    package var origin: String
    /// The attribute names, `pk` first.
    package var columns: [String]
    /// The values, one per column.
    package var values: [BrowserValue]
    /// The selected attribute.
    package var field = 0
    /// The first line shown.
    package var scroll = 0

    /// Creates a record of one row.
    package init(entity: String, origin: String, columns: [String], values: [BrowserValue]) {
        self.entity = entity
        self.origin = origin
        self.columns = columns
        self.values = values
    }

    /// The value of the selected attribute.
    package var selectedValue: BrowserValue? { values.indices.contains(field) ? values[field] : nil }
}
