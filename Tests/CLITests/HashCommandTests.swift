import Foundation
import MigrationEngine
import TestSupport
import Testing

@Suite("cdmigrate hash", .enabled(if: CLIRunner.isAvailable, "needs the built cdmigrate binary"))
struct HashCommandTests {
    @Test("--json: every version with checksum, digest and each entity's hash in hex and base64", Corpus.required)
    func json() throws {
        let result = try CLIRunner.run(["hash", Corpus.path("rename-chain/Model.xcdatamodeld"), "--json"])
        #expect(result.status == 0)
        #expect(try CLIRunner.jsonKeys(result.stdout) == ["model", "currentVersion", "versions"])
        let report = try JSONDecoder().decode(ModelHashReport.self, from: Data(result.stdout.utf8))
        #expect(report.versions.count == 5)
        #expect(report.currentVersion == "v2.0.0")
        let first = try #require(report.versions.first { $0.name == "v1.0.0" })
        #expect(first.entities.map(\.base64) == ["sm18bCK1M9WnAVtqd1RcG7Ke57yR2xrq2MANgN9iySw="])
        #expect(
            first.entities.first?.hex
                == Data(base64Encoded: first.entities[0].base64)!.map { String(format: "%02x", $0) }.joined())
        #expect(first.digest == "qc2hvjWJfwJ8eP5bGVFtLyGa9sm5DsLLQ9nNBNGtJBHd1IhWE3T4b2Q6tqAMQqr7/WxC62y7cm1dW8aRTTQ/Dg==")
        #expect(report.versions.filter(\.isCurrent).map(\.name) == ["v2.0.0"])
    }

    @Test("Text: versions, checksum and digest lines, hex and base64 per entity", Corpus.required)
    func text() throws {
        let result = try CLIRunner.run(["hash", Corpus.path("wibosco-colors/CoreDataMigration_Example.xcdatamodeld")])
        #expect(result.status == 0)
        #expect(result.stdout.contains("CoreDataMigration_Example 4  (current)"))
        #expect(
            result.stdout.contains(
                "  Color  xCYQ2suC39Z9goHUnYKRa9Akk8tMyJfbnKCX/nycuec=  c42610dacb82dfd67d8281d49d82916bd02493cb4cc897db9ca097fe7c9cb9e7"
            ))
        #expect(result.stdout.components(separatedBy: "checksum").count == 5)
    }

    @Test("A missing model is exit code 3 with one line naming it")
    func missing() throws {
        let result = try CLIRunner.run(["hash", "/nonexistent/Model.xcdatamodeld"])
        #expect(result.status == 3)
        #expect(result.stderr == "cdmigrate: error: /nonexistent/Model.xcdatamodeld: no such file or directory\n")
    }
}
