/// Where stage 1's batch query puts its compiled values in each row it returns: the source row's own
/// columns (`s.*`) come first, then the filter's result, the merge key, one stored value per destination
/// attribute and, when a link is folded into the inserts, that link's key
/// (``MappingSession/createDestinationInstances(_:context:batchSize:)`` builds the query in this order).
struct ComputedColumns: Hashable {
    /// How many of the source row's own columns come first.
    let sourceWidth: Int
    /// How many destination attribute values follow the filter and the merge key.
    let attributeCount: Int
    /// Whether the folded link's key ends the row.
    let folds: Bool

    /// The layout of rows `rowWidth` wide whose compiled part holds `attributeCount` values and, if
    /// `folds`, the folded key.
    init(rowWidth: Int, attributeCount: Int, folds: Bool) {
        self.attributeCount = attributeCount
        self.folds = folds
        sourceWidth = rowWidth - Self.trailing(attributeCount: attributeCount, folds: folds)
    }

    /// The compiled columns the batch query selects after `s.*`, in the order this layout reads them: the
    /// filter's result (`1` without a filter), the merge key (`NULL` without one), the attribute values and
    /// the folded link's key, if any.
    static func selected(filter: SQLFragment?, mergeKey: SQLFragment?, attributes: [SQLFragment], foldedKey: SQLFragment?)
        -> [SQLFragment]
    {
        [filter ?? "1", mergeKey ?? "NULL"] + attributes + (foldedKey.map { [$0] } ?? [])
    }

    /// How many compiled columns follow the source's own.
    static func trailing(attributeCount: Int, folds: Bool) -> Int { 2 + attributeCount + (folds ? 1 : 0) }

    /// The filter's result (1 keeps the row).
    var filter: Int { sourceWidth }
    /// The merge key (`NULL` without one).
    var mergeKey: Int { sourceWidth + 1 }
    /// The destination's stored attribute values, in ``MappedEntityTable/storedAttributes`` order.
    var attributes: Range<Int> { (sourceWidth + 2)..<(sourceWidth + 2 + attributeCount) }
    /// The folded link's key, when the row carries one.
    var foldedKey: Int? { folds ? attributes.upperBound : nil }
}
