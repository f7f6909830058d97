import MigrationEngine

/// One record open in the record view: an object's every attribute, its to-many relationships with the
/// objects they lead to, the field selected (an attribute, or one related object; Enter on a relationship
/// follows it) and the first line shown.
package struct RecordFrame: Sendable, Hashable {
    /// The object's entity.
    package var entity: String
    /// Where the object was found (`row 2 of 200`, or `Post #7` when a relationship led to it).
    package var origin: String
    /// The attribute names, `pk` first.
    package var columns: [String]
    /// The values, one per column.
    package var values: [BrowserValue]
    /// The to-many relationships with their first objects, read once the record is open; each object is a
    /// field after the attributes.
    package var relations: [RelatedObjects] = []
    /// The selected field: an attribute's index, or past them one related object's.
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

    /// The object's `Z_PK`, from its `pk` column.
    package var key: Int64? {
        guard columns.first == "pk", case .integer(let key)? = values.first else { return nil }
        return key
    }

    /// How many fields can be selected: the attributes, then every related object listed.
    package var fieldCount: Int { columns.count + relations.reduce(0) { $0 + $1.targets.count } }

    /// The value of the selected field: an attribute's, or a reference to the related object selected.
    package var selectedValue: BrowserValue? {
        if field < columns.count { return values.indices.contains(field) ? values[field] : nil }
        var index = field - columns.count
        for relation in relations {
            if index < relation.targets.count {
                let target = relation.targets[index]
                return .reference(entity: target.entity, key: target.key)
            }
            index -= relation.targets.count
        }
        return nil
    }
}
