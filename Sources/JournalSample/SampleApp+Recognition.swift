import Foundation
import MigrationEngine

extension SampleApp {
    /// The sample's policies for a project on the model at `modelPath`, when that model is the sample app's own;
    /// none for any other model.
    ///
    /// The last step of the sample's chain (Journal 4 → 5) names the Swift policy `WordCount`, which a mapping
    /// file cannot carry: without it the store `demo` writes could not reach its newest version from `migrate`,
    /// `plan` or the console. The policy is registered only for the sample's model, recognised by content —
    /// every version built into the binary is there with the same entity version hashes — so a mapping of
    /// another app that happens to name `WordCount` never runs the sample's code. The folder name is checked
    /// first only so that another app's large model is not read twice.
    ///
    /// - Parameter modelPath: The model a project is opened on (nil for a project without one).
    /// - Returns: ``policies`` for the sample's model, an empty registry otherwise (including a model that does
    ///   not load: the project reports that itself when it reads the same path).
    public static func policies(forModelAt modelPath: String?) -> MigrationPolicyRegistry {
        guard let modelPath, URL(fileURLWithPath: modelPath).lastPathComponent == modelName else {
            return MigrationPolicyRegistry()
        }
        let opened: ModelBundle
        do {
            opened = try ModelLoader.load(path: modelPath)
        } catch {
            return MigrationPolicyRegistry()
        }
        guard let sample = builtInBundle, !sample.versions.isEmpty else { return MigrationPolicyRegistry() }
        let given = Set((0..<opened.versions.count).map { opened.entityHashes(ofVersionAt: $0) })
        let isSample = (0..<sample.versions.count).allSatisfy { given.contains(sample.entityHashes(ofVersionAt: $0)) }
        return isSample ? policies : MigrationPolicyRegistry()
    }

    /// The sample's model versions as built into the binary (``files``), read once; nil if one of them does
    /// not read (they are `Examples/` as checked in, kept equal by `SampleAppFilesTests`), so that a partial
    /// sample never recognises a model.
    private static let builtInBundle: ModelBundle? = {
        let prefix = modelName + "/"
        var versions: [ObjectModel] = []
        for file in files where file.path.hasPrefix(prefix) && file.path.hasSuffix(".xcdatamodel/contents") {
            let folder = String(file.path.dropFirst(prefix.count).dropLast("/contents".count))
            do {
                versions.append(
                    try ModelSourceReader.read(
                        Data(file.text.utf8), name: String(folder.dropLast(".xcdatamodel".count)), path: file.path))
            } catch {
                return nil
            }
        }
        return ModelBundle(path: modelName, versions: versions, currentVersionName: versions.last?.name)
    }()
}
