import Foundation
import TestSupport
import Testing

/// `export` streams: its peak memory (GNU time's maximum resident set, in a child process) grows by only a
/// few megabytes from 20,000 to 200,000 rows, where holding the rendered objects would add hundreds.
@Suite(
    "cdmigrate export streaming",
    InstalledTool.gnuTime,
    .enabled(if: CLIRunner.isAvailable, "needs the built cdmigrate binary"))
struct ExportStreamingTests {
    func peakKilobytes(entries: Int) throws -> (kilobytes: Int, lines: Int) {
        let model = JournalFixture.modelPath
        let store = try JournalFixture.store(version: 1, entries: entries)
        let out = URL(fileURLWithPath: store).deletingLastPathComponent().appendingPathComponent("Entry.jsonl").path
        let result = try CLIRunner.run(
            ["export", store, "--model", model, "--entity", "Entry", "--format", "jsonl", "--out", out],
            launcher: ["/usr/bin/time", "-f", "%M"])
        #expect(result.status == 0, "\(result.stderr)")
        let peak = try #require(result.stderr.split(separator: "\n").last.flatMap { Int($0) })
        let lines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").count
        return (peak, lines)
    }

    @Test("200,000 rows export within a few MB more peak memory than 20,000")
    func boundedMemory() throws {
        let small = try peakKilobytes(entries: 20_000)
        let large = try peakKilobytes(entries: 200_000)
        #expect(small.lines == 20_000)
        #expect(large.lines == 200_000)
        let growth = large.kilobytes - small.kilobytes
        print("export peak RSS: 20k rows \(small.kilobytes) KB, 200k rows \(large.kilobytes) KB, growth \(growth) KB")
        #expect(growth < 24_000, "peak RSS grew by \(growth) KB for 180,000 more rows")
    }
}
