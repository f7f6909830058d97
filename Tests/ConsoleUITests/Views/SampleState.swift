import Foundation
import MigrationEngine

@testable import ConsoleUI

/// A hand-written console state for view tests: a store at v1 of a three-version model, planned to v3.
enum SampleState {
    static let postV1 = Data(repeating: 1, count: 32)
    static let postV2 = Data(repeating: 2, count: 32)
    static let colorV3 = Data(repeating: 3, count: 32)

    static var overview: StoreOverview {
        StoreOverview(
            path: "/tmp/demo/Posts.sqlite",
            files: [.init(name: "Posts.sqlite", size: 4_194_304), .init(name: "Posts.sqlite-wal", size: 8192),
                .init(name: "Posts.sqlite-shm", size: 32768)],
            journalMode: "wal", walSize: 8192, uuid: "6F1A2B3C-0000-4000-8000-00000000ABCD", frameworkVersion: "1048",
            metadata: [.init(key: "NSPersistenceFrameworkVersion", value: "1048"),
                .init(key: "NSStoreType", value: "SQLite"), .init(key: "NSStoreUUID", value: "6F1A2B3C-…")],
            entityHashes: ["Post": postV1],
            entities: [.init(name: "Post", rows: 200_000)])
    }

    static var versions: [VersionInfo] {
        [VersionInfo(name: "v1", isCurrent: false, entityHashes: ["Post": postV1]),
            VersionInfo(name: "v2", isCurrent: false, entityHashes: ["Post": postV2]),
            VersionInfo(name: "v3", isCurrent: true, entityHashes: ["Post": postV2, "Color": colorV3])]
    }

    static var plan: PlanInfo {
        PlanInfo(source: "v1", target: "v3", steps: [
            StepSummary(from: "v1", to: "v2", kind: .explicit, operations: ["rename Post.color → hexColor"]),
            StepSummary(from: "v2", to: "v3", kind: .inferred, operations: ["drop Post.note"],
                warnings: ["drops Post.note: 200,000 values are lost"]),
        ], backupLocation: "/tmp/demo/Posts.sqlite.backup-1")
    }

    static var main: ConsoleState {
        var state = ConsoleState(screen: .main)
        state.overview = overview
        state.versions = versions
        state.compatibility = Compatibility(compatibleVersion: "v1")
        state.modelName = "Posts.xcdatamodeld"
        state.target = "v3"
        state.plan = plan
        return state
    }
}
