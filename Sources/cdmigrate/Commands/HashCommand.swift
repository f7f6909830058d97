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
        // No project file or mapping folder is read: hashes depend on the model alone.
        let report = try MigrationProject(modelPath: model, settings: PlanningSettings()).hashes()
        if json {
            print(try JSONOutput.encode(report))
            return
        }
        for (index, version) in report.versions.enumerated() {
            if index > 0 { print("") }
            print(version.name + (version.isCurrent ? "  (current)" : ""))
            print("  checksum  \(version.checksum)")
            print("  digest    \(version.digest)")
            let width = version.entities.map(\.name.count).max() ?? 0
            for entity in version.entities {
                let name = entity.name.padding(toLength: width, withPad: " ", startingAt: 0)
                print("  \(name)  \(entity.base64)  \(entity.hex)")
            }
        }
        for line in IdenticalVersionsText.lines(report.identicalHashVersions) { print("\nwarning: \(line)") }
    }
}
