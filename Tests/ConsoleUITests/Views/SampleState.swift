import Foundation
import MigrationEngine

@testable import ConsoleUI

/// A hand-written console state for view tests: a store at v1 of a three-version model, planned to v3.
enum SampleState {
    static var overview: StoreOverview {
        StoreOverview(
            path: "/tmp/demo/Posts.sqlite",
            files: [
                .init(name: "Posts.sqlite", size: 4_194_304), .init(name: "Posts.sqlite-wal", size: 8192),
                .init(name: "Posts.sqlite-shm", size: 32768),
            ],
            journalMode: "wal", walSize: 8192, uuid: "6F1A2B3C-0000-4000-8000-00000000ABCD", frameworkVersion: "1048",
            metadata: [
                .init(key: "NSPersistenceFrameworkVersion", value: "1048"),
                .init(key: "NSStoreType", value: "SQLite"), .init(key: "NSStoreUUID", value: "6F1A2B3C-…"),
            ],
            entities: [.init(name: "Post", rows: 200_000), .init(name: "Tag", rows: 1_234)])
    }

    static let hashV1 = "AAAAv1hashPost=", hashV2 = "BBBBv2hashPost=", hashColor = "CCCCv3hashColor="

    static var report: CompatibilityReport {
        CompatibilityReport(
            compatibleVersion: "v1", nearestVersion: "v1", comparesHashes: true, usesStoreModel: false,
            versions: [
                VersionComparison(
                    version: "v1", isCompatible: true,
                    entities: [
                        EntityComparison(entity: "Post", status: .matches, storeHash: hashV1, modelHash: hashV1)
                    ]),
                VersionComparison(
                    version: "v2", isCompatible: false,
                    entities: [
                        EntityComparison(entity: "Post", status: .differs, storeHash: hashV1, modelHash: hashV2)
                    ]),
                VersionComparison(
                    version: "v3", isCompatible: false,
                    entities: [
                        EntityComparison(entity: "Color", status: .missing, storeHash: nil, modelHash: hashColor),
                        EntityComparison(entity: "Post", status: .differs, storeHash: hashV1, modelHash: hashV2),
                    ]),
            ])
    }

    static var versions: [VersionInfo] {
        [
            VersionInfo(name: "v1", isCurrent: false), VersionInfo(name: "v2", isCurrent: false),
            VersionInfo(name: "v3", isCurrent: true),
        ]
    }

    static var plan: PlanInfo {
        PlanInfo(
            source: "v1", target: "v3",
            steps: [
                PlanStep(
                    summary: StepSummary(from: "v1", to: "v2", kind: .explicit, operations: ["rename Post.color → hexColor"]),
                    isLossy: false),
                PlanStep(
                    summary: StepSummary(
                        from: "v2", to: "v3", kind: .inferred, operations: ["drop Post.note"],
                        warnings: ["Post.note is dropped: its values are lost"]), isLossy: true),
            ], backupLocation: "/tmp/demo/.cdmigrate/Posts.sqlite/backups")
    }

    static var main: ConsoleState {
        var state = ConsoleState(screen: .main)
        state.overview = overview
        state.versions = versions
        state.compatibility = report
        state.modelName = "Posts.xcdatamodeld"
        state.target = "v3"
        state.plan = plan
        return state
    }
}
