import MigrationEngine
import Foundation

let bundle = try ModelLoader.load(path: CommandLine.arguments[1])
for v in bundle.versions {
    print(v.name)
    for (k, h) in VersionHasher(model: v).entityHashes.sorted(by: {$0.key < $1.key}) { print("  \(k) \(h.base64EncodedString())") }
}
