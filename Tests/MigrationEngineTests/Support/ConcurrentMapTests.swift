import Testing

@testable import MigrationEngine

@Suite("Concurrent map")
struct ConcurrentMapTests {
    struct Failure: Error, Equatable {
        var index: Int
    }

    @Test("Results keep the elements' order, for none, one and many elements")
    func order() throws {
        #expect([Int]().concurrentMap { $0 * 2 } == [])
        #expect([7].concurrentMap { $0 * 2 } == [14])
        let many = Array(0..<500)
        #expect(many.concurrentMap { $0 * 2 } == many.map { $0 * 2 })
    }

    @Test("Every element is transformed, and the first failure in element order is thrown")
    func firstFailureInOrder() throws {
        let error = #expect(throws: Failure.self) {
            try Array(0..<200).concurrentMap { index throws(Failure) -> Int in
                // Later elements fail sooner, so the order errors arrive in is not the elements' order.
                if index == 150 || index == 40 || index == 199 { throw Failure(index: index) }
                return index
            }
        }
        #expect(error == Failure(index: 40))
    }
}
