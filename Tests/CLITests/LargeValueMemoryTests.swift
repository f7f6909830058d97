import Foundation
import GRDB
import TestSupport
import Testing

/// Issue 31, item 10: large values stream through `migrate` and `export`. Peak memory (GNU time's maximum
/// resident set of the child process) above the same command's on the store without large values stays
/// within 2.5 times the largest value, and does not grow with the number of rows holding one. Before,
/// `export` held the value, its string, its escaped or base64 form and the record (4–6 times the value), and
/// a mapped step read a guarded column once for its row guard and once more for the copy (3 times).
@Suite(
    "Large values stream through migrate and export",
    InstalledTool.gnuTime,
    .enabled(if: CLIRunner.isAvailable, "needs the built cdmigrate binary"))
struct LargeValueMemoryTests {
    /// The size of each large value: far above the process's own footprint, so the bound measures copies.
    static let valueBytes = 16 << 20
    /// The most memory above the baseline, in values.
    static let bound = 2.5

    /// A sample store at `version` whose first `rows` entries hold a text of ``valueBytes`` in `column`
    /// (eight bytes per zero byte pair), holding quotes, commas and line breaks (so CSV quotes it and JSON
    /// escapes it).
    func store(version: Int, rows: Int, column: String) throws -> String {
        let store = try JournalFixture.store(version: version, entries: 200)
        if rows > 0 {
            let queue = try DatabaseQueue(path: store)
            try queue.write { db in
                try db.execute(
                    sql: """
                        UPDATE ZENTRY SET \(column) = replace(hex(zeroblob(?)), '00', 'a"b,' || char(10) || 'end')
                        WHERE Z_PK <= ?
                        """,
                    arguments: [Self.valueBytes / 8, rows])
            }
            try queue.close()
        }
        return store
    }

    /// The command's peak resident memory in bytes; it must succeed.
    func peak(_ arguments: [String]) throws -> Int {
        let result = try CLIRunner.run(arguments, launcher: ["/usr/bin/time", "-f", "%M"])
        #expect(result.status == 0, "\(arguments.first ?? ""): \(result.stderr)")
        return try #require(result.stderr.split(separator: "\n").last.flatMap { Int($0) }) * 1024
    }

    /// Peaks of `command` on stores with no, one and three large values: above the first, within ``bound``
    /// values and flat in the number of rows holding one.
    func expectStreamed(_ label: String, _ command: (String) -> [String], version: Int, column: String) throws {
        var peaks: [Int] = []
        for rows in [0, 1, 3] {
            peaks.append(try peak(command(try store(version: version, rows: rows, column: column))))
        }
        let above = peaks.dropFirst().map { Double($0 - peaks[0]) / Double(Self.valueBytes) }
        print("\(label) peak RSS: \(peaks.map { $0 >> 20 }) MB; above the baseline, in values: \(above)")
        #expect(above.allSatisfy { $0 <= Self.bound }, "\(label): \(above) values above the baseline")
        #expect(above[1] - above[0] <= 0.5, "\(label): grows with the rows holding a large value: \(above)")
    }

    @Test("export, CSV and JSON Lines: the value is held once, by SQLite")
    func export() throws {
        for format in ["csv", "jsonl"] {
            try expectStreamed(
                "export \(format)",
                { store in
                    let out = URL(fileURLWithPath: store).deletingLastPathComponent().appendingPathComponent("out").path
                    return [
                        "export", store, "--model", JournalFixture.modelPath, "--entity", "Entry", "--format", format,
                        "--out", out,
                    ]
                }, version: 1, column: "ZBODY")
        }
    }

    @Test("migrate, an inferred chain and a mapped step: the value is read once and written once")
    func migrate() throws {
        try expectStreamed(
            "migrate Journal 1 → 3",
            { ["migrate", $0, "--model", JournalFixture.modelPath, "--to", "Journal 3", "--yes"] }, version: 1,
            column: "ZBODY")
        try expectStreamed(
            "migrate Journal 3 → 4",
            {
                [
                    "migrate", $0, "--model", JournalFixture.modelPath, "--mappings", JournalFixture.mappingsPath,
                    "--to", "Journal 4", "--yes",
                ]
            }, version: 3, column: "ZTEXT")
    }
}
