/// The names already taken in one entity table, from which Core Data hands out each new column name:
/// `Z` + the upper-cased property name, with `1`, `2`, … appended while that name is taken (`ZTEXT1`).
///
/// Join-table columns draw from the same pool: the column holding an entity's primary keys for a
/// many-to-many relationship is named in the table of that entity (`Z_23USERS1` in wire's stores, where
/// `ZUSER`'s pool already gave `USERS` to `Reaction.users`).
struct ColumnNamespace: Sendable {
    private var taken: Set<String>

    /// A pool holding the fixed columns `Z_PK`, `Z_ENT` and `Z_OPT`.
    init() {
        taken = ["Z_PK", "Z_ENT", "Z_OPT"]
    }

    /// Takes `base`, or the first free `base1`, `base2`, … and returns it.
    mutating func claim(_ base: String) -> String {
        var candidate = base
        var suffix = 1
        while taken.contains(candidate) {
            candidate = base + String(suffix)
            suffix += 1
        }
        taken.insert(candidate)
        return candidate
    }
}
