import Dispatch
import Synchronization

extension Array where Element: Sendable {
    /// `map` with the elements spread over the machine's cores, for independent pieces of work such as
    /// reading the fifty files of a long model; the results keep the elements' order.
    ///
    /// Every element is transformed; if any throw, the error of the first in order is thrown, so the
    /// outcome is the one a sequential `map` would have had.
    func concurrentMap<Transformed: Sendable, Failure: Error>(
        _ transform: @Sendable (Element) throws(Failure) -> Transformed
    ) throws(Failure) -> [Transformed] {
        guard count > 1 else { return try map(transform) }
        let results = Mutex<[Result<Transformed, Failure>?]>([Result<Transformed, Failure>?](repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let result = Result { () throws(Failure) in try transform(self[index]) }
            results.withLock { $0[index] = result }
        }
        return try results.withLock { $0 }.map { outcome throws(Failure) in
            // concurrentPerform returns only once every iteration has stored its result.
            try outcome!.get()
        }
    }
}
