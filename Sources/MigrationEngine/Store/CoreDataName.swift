/// Core Data's one naming rule for tables and columns: `Z` + the upper-cased entity or property name. A
/// name that would clash inside one table gets a numeric suffix, which only the table's column namespace
/// can add (see ``SchemaBuilder``); everything else derives names here.
package enum CoreDataName {
    /// The table of a root entity (a whole inheritance tree shares it): `ZPOST` for `Post`.
    package static func table(forRoot entity: String) -> String {
        "Z" + entity.uppercased()
    }

    /// The column of an attribute or to-one relationship before any clash suffix: `ZTITLE` for `title`.
    package static func column(for property: String) -> String {
        "Z" + property.uppercased()
    }
}
