import Foundation
import GRDB
import Testing

@testable import MigrationEngine

/// The one public error carries a stable code naming the specific failure (issue 36, item 4: category,
/// code, file and position, versions, message, remedy, underlying), read from the error it stands for.
@Suite("MigrationError: the code and versions of the failure beneath")
struct MigrationErrorTests {
    @Test("Each kind of error gives its kind and its own code")
    func codes() {
        let cases: [(any Error, String)] = [
            (StoreError(.damaged, path: "/s.sqlite", message: "bad page"), "store.damaged"),
            (ExecutionError(.backupDamaged, path: "/s.sqlite", message: "changed"), "execution.backupDamaged"),
            (PlanningError(.storeMatchesNoVersion, message: "no version"), "planning.storeMatchesNoVersion"),
            (ExportError(store: "/s.sqlite", message: "full", category: .io), "export.io"),
            (SalvageError(store: "/s.sqlite", message: "bad", category: .damaged), "salvage.damaged"),
            (ProjectError.noModel(operation: "planning"), "project.noModel"),
            (MigrationFailure(category: .locked, message: "held"), "engine.locked"),
            (DatabaseError(resultCode: .SQLITE_CORRUPT, message: "malformed"), "sqlite.11"),
            (CocoaError(.fileReadUnknown), "engine.unknown"),
        ]
        for (error, code) in cases {
            #expect(MigrationError(error).code == code, "\(error)")
        }
    }

    @Test("A wrapped error keeps the code beneath; wrapping twice changes nothing")
    func wrapped() {
        let store = StoreError(.locked, path: "/s.sqlite", message: "held by another process")
        #expect(MigrationFailure(store).failureCode == "store.locked")
        #expect(MigrationError(MigrationFailure(store)).code == "store.locked")
        #expect(MigrationError(MigrationError(store)) == MigrationError(store))
    }

    @Test("A planning failure names its versions, and two errors differing only in code differ")
    func versions() {
        let noRoute = PlanningError(.noRoute, versions: ["v1", "v3"], message: "no route from \"v1\" to \"v3\"")
        let failure = MigrationError(noRoute)
        #expect(failure.category == .noRoute && failure.code == "planning.noRoute" && failure.versions == ["v1", "v3"])
        #expect(MigrationError(StoreError(.damaged, path: "/s.sqlite", message: "x")).versions.isEmpty)
        let cycle = MigrationError(PlanningError(.cycle, versions: ["v1"], message: "bad order"))
        let unknown = MigrationError(PlanningError(.unknownVersion, versions: ["v1"], message: "bad order"))
        #expect(cycle.category == unknown.category && cycle != unknown)
    }
}
