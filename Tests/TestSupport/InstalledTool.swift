import Foundation
import Testing

/// Programs the tests run (`sqlite3`, `tmux`, `python3`), looked up on the `PATH` as a shell would, so that a
/// test needing a missing one skips and says so instead of failing or passing without running.
public enum InstalledTool {
    /// The path of the executable `name` on the `PATH`, or nil when it is not installed.
    public static func path(_ name: String) -> String? {
        let folders = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        return folders.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// A test trait that skips the test, saying why, when `name` is not installed (`package`: the Debian
    /// package that provides it, when its name differs).
    public static func required(_ name: String, package: String? = nil) -> ConditionTrait {
        .enabled(
            if: path(name) != nil,
            "needs \(name) (apt-get install \(package ?? name)); skipped because it is not installed")
    }
}
