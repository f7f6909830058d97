import Foundation
import Testing

/// Runs `Scripts/damage_store.py`, which makes a damaged copy of a store in one documented way, and reads
/// what it says it did.
public enum DamageScript {
    /// What the script reports: the pages it damaged and, per table or index, what was on them.
    public struct Report: Decodable {
        /// One table's or index's share of the damaged pages.
        public struct Hit: Decodable {
            /// Cells (rows, for a table) that were on its damaged leaf pages.
            public var leafCells: Int
            /// Its damaged leaf pages.
            public var leafPages: Int
            /// Its damaged interior pages.
            public var innerPages: Int
            /// Its damaged overflow pages (each holds part of one row's values).
            public var overflowPages: Int
        }

        /// The damaged copy.
        public var output: String
        /// Page numbers damaged (absent for `wal`).
        public var pages: [Int]?
        /// Per table or index name.
        public var hit: [String: Hit]?
        /// For `wal`: committed transactions before the damaged frame.
        public var transactionsKept: Int?
        /// For `wal`: the frames that commit a transaction, 1-based.
        public var commitFrames: [Int]?
    }

    /// Whether `python3` can run the script.
    public static var isAvailable: Bool {
        FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
            || (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
                FileManager.default.isExecutableFile(atPath: "\($0)/python3")
            }
    }

    /// A test trait that skips the test, saying why, when python3 is missing.
    public static var required: ConditionTrait {
        .enabled(if: isAvailable, "needs python3 to run Scripts/damage_store.py; skipped because it is absent")
    }

    /// Damages a copy of `store` written as `Damaged.sqlite` in a new folder; `arguments` are the kind and
    /// its options (`["leaf", "--table", "ZENTRY"]`).
    public static func damage(_ store: String, _ arguments: [String]) throws -> Report {
        let output = try TemporaryDirectory.make().appendingPathComponent("Damaged.sqlite").path
        let script = Corpus.packageRoot.appendingPathComponent("Scripts/damage_store.py").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, store, output] + arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        let problem = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "damage_store.py failed: \(problem)"])
        }
        return try JSONDecoder().decode(Report.self, from: data)
    }
}
