import Foundation
import TestSupport
import Testing

@testable import MigrationEngine

/// The history log keeps times to the millisecond (whole seconds made a 0.22 s run last 0 s), and still reads
/// the whole-second times of logs written before.
@Suite("History times")
struct HistoryTimesTests {
    @Test("A record's start and end keep their fraction of a second; a whole-second log line still reads")
    func fractionKept() throws {
        let root = try TemporaryDirectory.make().path
        let started = Date(timeIntervalSince1970: 1_795_000_000.125)
        let record = RunRecord(
            run: "r1", action: .migrate, storePath: root + "/A.sqlite", started: started,
            finished: started.addingTimeInterval(0.22), from: "v1", to: "v2", steps: [], result: .succeeded)
        let history = RunHistory(root: root)
        try history.append(record)
        var old = try String(contentsOfFile: history.path, encoding: .utf8)
        #expect(old.contains(#""started":"2026-11-18T11:06:40.125Z""#), "\(old)")
        let read = try #require(try history.records().first)
        #expect(abs(read.finished.timeIntervalSince(read.started) - 0.22) < 0.0015)

        old = old.replacingOccurrences(of: ".125Z", with: "Z").replacingOccurrences(of: ".345Z", with: "Z")
        try Data(old.utf8).write(to: URL(fileURLWithPath: history.path))
        let whole = try #require(try history.records().first)
        #expect(whole.started == Date(timeIntervalSince1970: 1_795_000_000))
    }
}
