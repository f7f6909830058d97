/// A large entity's rows in the order of one column, sorted once for a browse session so that any page of it
/// (the next, the last, one in the middle) is read in milliseconds.
///
/// Core Data indexes few columns, so without an order kept aside every sorted page reads and sorts the whole
/// table (seconds for a descending sort of 1.5M rows stored in ascending order, where every row displaces one
/// in SQLite's top-N sorter). The keys are kept in a temporary table of the snapshot's connection, in SQLite's
/// own ascending `ORDER BY column, Z_PK`: its row i (the rowid) is the i-th key, read backwards for a descending
/// sort. SQLite keeps the table in a temporary file, so memory stays bounded whatever the entity's size.
package struct SortedOrder: Sendable, Hashable {
    /// From how many rows an entity is sorted once: below, reading and sorting the table per page takes a few
    /// milliseconds anyway.
    package static let orderedPagingRows = 50_000
    /// The temporary table the keys are kept in; one per connection, replaced by the next sort.
    static let keys = SQLIdentifier("cdm_sorted_keys")

    /// The entity's root table.
    var table: String
    /// The column sorted by.
    var column: String
    /// The entity numbers (`Z_ENT`) of the entity and its sub-entities.
    var numbers: [Int]
}
