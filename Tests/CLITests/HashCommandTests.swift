import Foundation
import MigrationEngine
import TestSupport
import Testing

/// `hash` prints what ``VersionHasher`` computes, shaped for people and for `--json`; that the hasher's
/// values are Apple's is proved against every corpus store by the engine's tests (`CompatibilityCheckTests`).
@Suite("cdmigrate hash", .enabled(if: CLIRunner.isAvailable, "needs the built cdmigrate binary"))
struct HashCommandTests {
    /// The hashes of `Journal <number>`, computed in process.
    static func hashes(_ number: Int) throws -> VersionHasher {
        VersionHasher(model: try JournalFixture.version(number))
    }

    @Test("--json: every version with checksum, digest and each entity's hash in hex and base64")
    func json() throws {
        let result = try CLIRunner.run(["hash", JournalFixture.modelPath, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try CLIRunner.jsonKeys(result.stdout) == ["model", "currentVersion", "versions", "identicalHashVersions"])
        let report = try JSONDecoder().decode(ModelHashReport.self, from: Data(result.stdout.utf8))
        #expect(report.versions.map(\.name) == (1...5).map { "Journal \($0)" })
        #expect(report.currentVersion == "Journal 5")
        #expect(report.versions.filter(\.isCurrent).map(\.name) == ["Journal 5"])
        for (index, version) in report.versions.enumerated() {
            let hasher = try Self.hashes(index + 1)
            #expect(version.entities.map(\.name) == hasher.entityHashes.keys.sorted(), "\(version.name)")
            for entity in version.entities {
                #expect(entity.base64 == hasher.entityHashes[entity.name]?.base64EncodedString(), "\(entity.name)")
                #expect(
                    entity.hex == Data(base64Encoded: entity.base64)?.map { String(format: "%02x", $0) }.joined(),
                    "\(entity.name)")
            }
            #expect(version.digest == hasher.digest && version.checksum == hasher.checksum, "\(version.name)")
        }
    }

    @Test("Text: versions, checksum and digest lines, hex and base64 per entity")
    func text() throws {
        let result = try CLIRunner.run(["hash", JournalFixture.modelPath])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Journal 5  (current)"))
        #expect(!result.stdout.contains("Journal 4  (current)"))
        let author = try #require(try Self.hashes(5).entityHashes["Author"])
        let hex = author.map { String(format: "%02x", $0) }.joined()
        #expect(result.stdout.contains("  Author  \(author.base64EncodedString())  \(hex)"), "\(result.stdout)")
        #expect(result.stdout.components(separatedBy: "checksum").count == 6)
        #expect(result.stdout.contains(try Self.hashes(3).digest))
    }

    @Test("A missing model is exit code 3 with one line naming it")
    func missing() throws {
        let result = try CLIRunner.run(["hash", "/nonexistent/Model.xcdatamodeld"])
        #expect(result.status == 3)
        #expect(result.stderr == "cdmigrate: error: /nonexistent/Model.xcdatamodeld: no such file or directory\n")
    }
}
