/// The store picker's list and selection.
public struct PickerState: Sendable, Hashable {
    /// The folder searched.
    public var root: String
    /// The stores found.
    public var candidates: [StoreCandidate]
    /// The selected row.
    public var selected = 0

    /// Creates a picker.
    public init(root: String, candidates: [StoreCandidate]) {
        self.root = root
        self.candidates = candidates
    }
}
