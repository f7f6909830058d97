/// Core Data's one naming rule for tables and columns: `Z` + the upper-cased entity or property name. A
/// name that would clash inside one table gets a numeric suffix, which only the table's column namespace
/// can add (see ``SchemaBuilder``); everything else derives names here.
package enum CoreDataName {
    /// The table of a root entity (a whole inheritance tree shares it): `ZPOST` for `Post`.
    package static func table(forRoot entity: String) -> String {
        "Z" + entity.uppercased()
    }

    /// The name a column was made from, lower-cased (`title` for `ZTITLE`), to show a table whose model is not
    /// known; nil for the bookkeeping columns (`Z_PK`, `Z_ENT`, `Z_OPT`) and a to-one's entity-number column
    /// (`Z1AUTHOR`), which no property is named after.
    package static func property(ofColumn column: String) -> String? {
        guard column.hasPrefix("Z"), !column.hasPrefix("Z_"), let first = column.dropFirst().first, !first.isNumber else {
            return nil
        }
        return column.dropFirst().lowercased()
    }

    /// The column of an attribute or to-one relationship before any clash suffix: `ZTITLE` for `title`.
    package static func column(for property: String) -> String {
        "Z" + property.uppercased()
    }
}
