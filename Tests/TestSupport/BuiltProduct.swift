import Foundation

/// The executables built with the tests (`cdmigrate`, `PolicyExample`), found beside the test bundle in
/// whatever build folder and configuration `swift test` used.
public enum BuiltProduct {
    /// The path of the executable `name` from this build, or nil when it was not built.
    public static func path(_ name: String) -> String? {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        // On Linux the test runner is the bundle's executable; on macOS it sits inside the `.xctest` bundle.
        for candidate in [
            folder, folder.deletingLastPathComponent(),
            folder.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent(),
        ] {
            let path = candidate.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }
}
