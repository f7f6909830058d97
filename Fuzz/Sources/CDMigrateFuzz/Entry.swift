import Foundation
import FuzzTargets

/// libFuzzer's entry point: one input per call, for the target `CDM_FUZZ_TARGET` names.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let data = start.map { Data(bytes: $0, count: count) } ?? Data()
    FuzzTarget.selected.run(data)
    return 0
}
