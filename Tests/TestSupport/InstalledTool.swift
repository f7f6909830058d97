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

    /// Whether this is Linux, where `script` is util-linux's (`-qc`, `-e`) and `/usr/bin/time` is GNU time
    /// (`-f %M`); macOS has BSD programs of the same names that take other options.
    public static var isLinux: Bool {
        #if os(Linux)
            true
        #else
            false
        #endif
    }

    /// A test trait for GNU time at `/usr/bin/time` (the peak memory of a child), Linux only.
    public static var gnuTime: ConditionTrait {
        .enabled(
            if: isLinux && FileManager.default.isExecutableFile(atPath: "/usr/bin/time"),
            "needs GNU time on Linux (apt-get install time); skipped because it is not there")
    }

    /// A test trait for util-linux's `script` (a pseudo-terminal for one command), Linux only.
    public static var utilLinuxScript: ConditionTrait {
        .enabled(
            if: isLinux && path("script") != nil,
            "needs util-linux's script on Linux (apt-get install bsdutils); skipped because it is not there")
    }
}
