import Foundation
import FuzzTargets

extension FuzzTarget {
    /// The target named by the environment (exits with a message when it names none).
    static let selected: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["CDM_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            FileHandle.standardError.write(
                Data("CDM_FUZZ_TARGET must be one of: \(allCases.map(\.rawValue).joined(separator: ", "))\n".utf8))
            exit(2)
        }
        return target
    }()
}
