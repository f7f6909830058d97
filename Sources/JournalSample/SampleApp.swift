import Foundation
import MigrationEngine

/// The project's own sample app ("Journal", five model versions in `Examples/`), used by the demo and the
/// README: where its files are and the policies its mappings need.
public enum SampleApp {
    /// The model's file name inside the examples folder.
    public static let modelName = "Journal.xcdatamodeld"
    /// The mapping folder's name inside the examples folder.
    public static let mappingsName = "Mappings"
    /// The oldest version, the one the store generator writes.
    public static let oldestVersion = "Journal 1"

    /// The policies the sample mappings name (`WordCount`).
    public static var policies: MigrationPolicyRegistry {
        var registry = MigrationPolicyRegistry()
        registry.register(WordCountPolicy(), named: WordCountPolicy.name)
        return registry
    }

    /// The `Examples` folder of a checkout, found from this source file (for tests and the demo in a checkout).
    public static var examplesFolder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples")
    }
}
