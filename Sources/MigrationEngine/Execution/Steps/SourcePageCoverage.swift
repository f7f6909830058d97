import Synchronization

/// What a chain's first step tells the run about its source's pages: whether the `integrity_check` of the
/// store it wrote will read everything the source's `quick_check` would (``isCovered``), so that check need
/// not run beside the step (see ``SourceIntegrityCheck``).
///
/// A step declares coverage only when its result carries every page of its source verbatim, except the pages
/// of the b-trees it rewrites and the freelist its writes take pages from, which it has itself
/// `quick_check`ed on the source's bytes first (see ``InPlaceRename``): `integrity_check` does all a
/// `quick_check` does, so damage the source's check would find is then found in the result, and the run
/// refuses it in the source check's words (it runs the check then, to classify the failure). A step that
/// cannot declare it says so as early as it knows (``notCovered()``), and the run starts the check at once.
final class SourcePageCoverage: Sendable {
    private let state = Mutex<Bool?>(nil)
    private let whenNotCovered: @Sendable () -> Void

    /// A coverage not yet declared; `whenNotCovered` runs once, on the step's thread, when the step says it
    /// cannot declare it.
    init(whenNotCovered: @escaping @Sendable () -> Void) {
        self.whenNotCovered = whenNotCovered
    }

    /// The step's result carries its source's pages as described above.
    func covered() {
        state.withLock { if $0 == nil { $0 = true } }
    }

    /// The step's result does not, or may not, carry its source's pages as described above.
    func notCovered() {
        let first = state.withLock { state in
            defer { state = false }
            return state != false
        }
        if first { whenNotCovered() }
    }

    /// Whether the step declared coverage (and never withdrew it).
    var isCovered: Bool { state.withLock { $0 == true } }
}
