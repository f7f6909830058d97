import Foundation
import JournalSample
import Testing

/// The README's library example is `Examples/LibraryExample/main.swift`, a target the package builds: so the
/// example a newcomer copies compiles as written against the engine's public API (and the suite's build fails
/// when a change to that API breaks it). This test keeps the two texts the same.
@Suite struct ReadmeExampleTests {
    @Test func theReadmesLibraryExampleIsTheBuiltExample() throws {
        let root = SampleApp.examplesFolder.deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let example = try String(
            contentsOf: SampleApp.examplesFolder.appendingPathComponent("LibraryExample/main.swift"), encoding: .utf8)
        let section = try #require(readme.range(of: "## Library usage"))
        let fence = try #require(readme.range(of: "```swift\n", range: section.upperBound..<readme.endIndex))
        let close = try #require(readme.range(of: "\n```\n", range: fence.upperBound..<readme.endIndex))
        #expect(String(readme[fence.upperBound..<close.lowerBound]) + "\n" == example)
        // Only the engine: an app team's executable has no access to the sample's code.
        #expect(!example.contains("import JournalSample"))
    }
}
