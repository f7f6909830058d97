import ArgumentParser
import Foundation
import MigrationEngine

/// `cdmigrate hash MODEL`: version hashes, checksum and digest per version.
struct HashCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "hash", abstract: "Print every version's entity hashes, checksum and digest.")

    @Argument(help: "A .xcdatamodeld, .xcdatamodel, .momd or .mom.")
    var model: String

    @Flag(help: "Print JSON instead of text.")
    var json = false

    func run() throws {
        try reportingFailures {
            let bundle = try ModelLoader.load(path: model)
            for version in bundle.versions {
                let hasher = VersionHasher(model: version)
                print(version.name + (version.name == bundle.currentVersionName ? " (current)" : ""))
                for (name, hash) in hasher.entityHashes.sorted(by: { $0.key < $1.key }) {
                    print("  \(name)  \(hash.base64EncodedString())")
                }
            }
        }
    }
}
