import GRDB

/// The source row stage 1 maps row by row, while it is mapped: the object, the values the batch read and
/// what the batch query computed for it. ``MappingSession`` holds one at a time (``MappingSession/row``);
/// the step's fixed parts are its plan (``MappedStepPlan``), the batch's column positions apart.
struct MappedSourceRow {
    /// The source object the row holds.
    let reference: ObjectReference
    /// Its values, read by ``SQLiteValueReader``, positioned as the batch's columns say.
    let values: [DatabaseValue]
    /// The key of the row read before it in its mapping's pass (`nil` for the first): a run of objects
    /// keeping their keys is recorded as one identity run while each follows the last.
    let previousKey: Int64?
    /// The batch query's compiled values for the row, until a default instance uses them: the mapping they
    /// were computed for, the merge key and the stored value of each of the destination's stored attributes.
    var precomputed: (mapping: MappingNumber, key: DatabaseValue, values: ArraySlice<DatabaseValue>)?
    /// The folded link's key the batch query predicted for the row (``MappingSession/FoldedLink``).
    var foldedKey: DatabaseValue?

    init(reference: ObjectReference, values: [DatabaseValue], previousKey: Int64?) {
        self.reference = reference
        self.values = values
        self.previousKey = previousKey
    }

    /// The compiled values for an object of mapping number `mapping` made from `source`, if the batch
    /// query computed them for this row and they are not used yet.
    func computedFor(_ mapping: MappingNumber, _ source: ObjectReference) -> (
        key: DatabaseValue, values: ArraySlice<DatabaseValue>
    )? {
        guard let precomputed, precomputed.mapping == mapping, reference.primaryKey == source.primaryKey else { return nil }
        return (precomputed.key, precomputed.values)
    }
}
