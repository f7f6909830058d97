import ArgumentParser
import MigrationEngine

/// `--where`, `--sort` and `--desc`: which objects of one entity, and in what order (`rows`, `export`). The
/// query is parsed and evaluated by the engine, never run as SQL.
struct SelectionOptions: ParsableArguments {
    @Option(
        name: .customLong("where"),
        help: "Keep objects for which this query is true, e.g. 'author.name BEGINSWITH[c] \"a\" AND entries.@count > 3'.")
    var condition: String?

    // Unconditional, so that a first key with its '-' (`--sort -created`) is the value, not an unknown option.
    @Option(
        parsing: .unconditional,
        help: "Order by these attributes, comma-separated, '-' before one for descending (e.g. 'title,-created').")
    var sort: String?

    @Flag(help: "Descending: every --sort key (or the primary key without --sort).")
    var desc = false

    /// The order asked for, first key first; empty for primary-key order.
    var order: [RowOrder] {
        let order = sort.map(RowOrder.list) ?? (desc ? [RowOrder("_pk")] : [])
        return desc ? order.map { RowOrder($0.key, descending: true) } : order
    }
}
