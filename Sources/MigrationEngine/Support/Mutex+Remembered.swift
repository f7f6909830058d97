import Synchronization

extension Mutex {
    /// The value remembered for `key`, or `compute`'s, remembered from now on. Computed outside the lock: two
    /// threads asking at once may both compute, and both get the same answer. Past `limit` entries the
    /// memory is emptied first.
    borrowing func remembered<Key: Hashable & Sendable, Element: Sendable>(
        _ key: Key, limit: Int = LossScreen.limit, _ compute: () -> Element
    ) -> Element where Value == [Key: Element] {
        if let known = withLock({ $0[key] }) { return known }
        let computed = compute()
        return withLock { known in
            if let first = known[key] { return first }
            if known.count >= limit { known.removeAll() }
            known[key] = computed
            return computed
        }
    }
}
