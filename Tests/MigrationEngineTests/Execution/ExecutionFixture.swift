import Foundation
import MigrationEngine
import TestSupport

/// Rename-chain stores written for the project's own model (``RenameChainFixture``), and plans built from
/// ``RenameColumnStep``.
enum ExecutionFixture {
    static let versions = RenameChainFixture.versions

    static func bundle() throws -> ModelBundle {
        try RenameChainFixture.bundle()
    }

    /// `Example_<version>.sqlite` (or `name`) in `folder` (a fresh one when nil), holding the known value.
    static func store(_ version: String, in folder: URL? = nil, name: String? = nil) throws -> String {
        try RenameChainFixture.store(version, in: folder, name: name)
    }

    /// A plan of rename steps along consecutive versions; the step at `failing` fails on purpose.
    static func plan(from: String, to: String, failing: Int? = nil) throws -> MigrationPlan {
        let bundle = try bundle()
        let start = versions.firstIndex(of: from)!
        let end = versions.firstIndex(of: to)!
        let steps = (start..<end).map { index in
            let source = bundle.version(named: versions[index])!
            let destination = bundle.version(named: versions[index + 1])!
            let fails = failing == index - start
            return StepCandidate(
                from: source.name, to: destination.name, origin: .mapping("rename policy"),
                factory: { RenameColumnStep(sourceModel: source, destinationModel: destination, failAfterWriting: fails) })
        }
        return MigrationPlan(from: from, to: to, steps: steps)
    }

    /// Every file in the store's folder (recursively) with its bytes and modification time.
    static func fingerprint(_ folder: String) throws -> [String: (Data, Date)] {
        var result: [String: (Data, Date)] = [:]
        for case let name as String in FileManager.default.enumerator(atPath: folder)! {
            let path = folder + "/" + name
            let attributes = try FileManager.default.attributesOfItem(atPath: path)
            guard attributes[.type] as? FileAttributeType == .typeRegular else { continue }
            result[name] = (try Data(contentsOf: URL(fileURLWithPath: path)), attributes[.modificationDate] as! Date)
        }
        return result
    }

    /// Whether two fingerprints are byte- and time-identical.
    static func same(_ a: [String: (Data, Date)], _ b: [String: (Data, Date)]) -> Bool {
        a.count == b.count && a.allSatisfy { key, value in b[key].map { $0.0 == value.0 && $0.1 == value.1 } ?? false }
    }

    /// The single stored value of a rename-chain store.
    static func value(_ path: String, column: String) throws -> String? {
        let snapshot = try StoreSnapshot.take(of: path)
        defer { snapshot.remove() }
        return try snapshot.openReadOnly().read { try String.fetchOne($0, sql: #"SELECT "\#(column)" FROM "ZBASICENTITY""#) }
    }
}
