import Foundation
import MigrationEngine

/// The readers the harness feeds, chosen by `CDM_FUZZ_TARGET`. Each takes the input bytes the way the
/// engine receives such a file and ignores the errors it reports: only a crash, a hang or a sanitizer
/// report counts as a finding.
enum FuzzTarget: String, CaseIterable {
    case modelXML = "model-xml"
    case metadataPlist = "metadata-plist"
    case modelCache = "model-cache"
    case mapping
    case expression
    case xcodeMapping = "xcode-mapping"
    case cdm

    /// The target named by the environment (exits with a message when it names none).
    static let selected: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["CDM_FUZZ_TARGET"] ?? ""
        guard let target = FuzzTarget(rawValue: name) else {
            FileHandle.standardError.write(
                Data("CDM_FUZZ_TARGET must be one of: \(allCases.map(\.rawValue).joined(separator: ", "))\n".utf8))
            exit(2)
        }
        return target
    }()

    func run(_ data: Data) {
        switch self {
        case .modelXML:
            _ = try? ModelSourceReader.read(data, name: "fuzz", path: "fuzz/contents")
        case .metadataPlist:
            guard let plist = try? BinaryPropertyList.read(data), let entries = plist.dictionary else { return }
            let metadata = StoreMetadata(uuid: "FUZZ", plist: entries)
            _ = (metadata.versionHashes, metadata.versionIdentifiers, metadata.hashesVersion, metadata.checksum)
        case .modelCache:
            _ = try? ModelCacheDecoder.decode(data, path: "fuzz.sqlite")
        case .mapping:
            let text = String(decoding: data, as: UTF8.self)
            _ = try? MappingFileReader.read(text, path: text.first == "{" ? "fuzz.json" : "fuzz.yaml")
        case .expression:
            let text = String(decoding: data, as: UTF8.self)
            guard let parsed = try? MappingExpression(parsing: text) else { return }
            _ = parsed.expression.description
            _ = try? ExpressionEvaluator.evaluate(
                parsed.expression, in: StaticExpressionEnvironment(variables: ["source": .integer(1)]))
        case .xcodeMapping:
            _ = try? XcodeMappingImporter.read(data, file: "fuzz/xcmapping.xml")
        case .cdm:
            CompiledMappingWalk.run(data)
        }
    }
}
