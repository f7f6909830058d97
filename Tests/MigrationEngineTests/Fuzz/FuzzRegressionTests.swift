import Foundation
import MigrationEngine
import Testing

/// Inputs that crashed a reader (found while building the fuzzing harness, `Scripts/fuzz.sh`): each must now
/// be refused with an error. The fuzzers themselves never run in the test suite.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    /// A 40-byte binary plist whose trailer claims an offset table larger than the data: the bounds check
    /// subtracted past zero.
    @Test("An offset table that cannot fit is refused, not an arithmetic trap")
    func oversizedOffsetTable() {
        var bytes = Array("bplist00".utf8)
        bytes += [0, 0, 0, 0, 0, 0, 8, 1]
        bytes += [0, 0, 0, 0, 0, 0, 0, 5] + [0, 0, 0, 0, 0, 0, 0, 0] + [0, 0, 0, 0, 0, 0, 0, 8]
        #expect(bytes.count == 40)
        let error = #expect(throws: PropertyListError.self) { try BinaryPropertyList.read(Data(bytes)) }
        #expect(error?.message.contains("offset table does not fit") == true)
    }
}
