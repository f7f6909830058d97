import Foundation
import TestSupport
import Testing

/// What `--json` gives beyond a first failure and whole seconds (issue 33 item 5): `verify --json` lists every
/// problem of a store with the fields of the failure on standard error, and `history --json` gives each
/// run's real duration beside its ISO 8601 dates.
@Suite("JSON details (verify, history)", .enabled(if: CLIRunner.isAvailable, "needs the built cdmigrate binary"))
struct JSONDetailTests {
    @Test("verify --json: every problem on standard output, the first one as the error on standard error")
    func verifyListsEveryProblem() throws {
        let store = try JournalFixture.journal4WithProblems()
        let result = try CLIRunner.run(["verify", store, "--model", JournalFixture.modelPath, "--json"])
        #expect(result.status == 10, "\(result.stderr)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
        #expect(document["valid"] as? Bool == false)
        let problems = try #require(document["problems"] as? [[String: Any]])
        #expect(problems.count == 4, "\(problems)")
        #expect(problems.allSatisfy { $0["category"] as? String == "migrationFailed" && $0["exitCode"] as? Int == 10 })
        #expect(problems.allSatisfy { $0["file"] as? String == store })
        let objects = problems.compactMap { $0["object"] as? [String: Any] }
        #expect(objects.compactMap { $0["primaryKey"] as? Int }.sorted() == [3, 5, 7])
        #expect((problems.last?["message"] as? String)?.contains("ZAUTHOR columns differ") == true)
        let error = try #require(
            try JSONSerialization.jsonObject(with: Data(result.stderr.utf8)) as? [String: Any], "\(result.stderr)")
        #expect(error["message"] as? String == problems.first?["message"] as? String)
        #expect(error["category"] as? String == "migrationFailed")
        #expect(result.stderr.split(separator: "\n").count == 1)
    }

    @Test("history --json: ISO 8601 dates and the run's real duration, at least its steps' sum")
    func historyDurations() throws {
        let store = try RenameChainFixture.store("v1.0.0")
        let migrated = try CLIRunner.run(["migrate", store, "--model", RenameChainFixture.modelPath, "--yes"])
        #expect(migrated.status == 0, "\(migrated.stderr)")
        let history = try CLIRunner.run(["history", store, "--json"])
        let records = history.stdout.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
        let run = try #require(records.first { $0["action"] as? String == "migrate" }, "\(history.stdout)")
        let seconds = try #require(run["seconds"] as? Double)
        let steps = (run["steps"] as? [[String: Any]] ?? []).compactMap { $0["seconds"] as? Double }
        // The chain's four renames run as one pass (StepFusion), recorded as the step that ran.
        #expect(steps.count == 1)
        #expect(seconds > 0)
        #expect(seconds + 0.002 >= steps.reduce(0, +), "\(run)")
        let dates = ["started", "finished"].compactMap { run[$0] as? String }
        #expect(dates.count == 2)
        #expect(dates.allSatisfy { (try? Date.ISO8601FormatStyle().parse($0)) != nil }, "\(dates)")
    }
}
