import Foundation
import MigrationEngine

/// The readers the fuzzing harness (`Fuzz/`, run by `Scripts/fuzz.sh`) feeds, one per kind of file the engine
/// reads from outside. Each takes the input bytes the way the engine receives such a file and ignores the
/// errors it reports: only a crash, a hang or a sanitizer report counts as a finding.
///
/// A library of the main package, so the readers it calls may stay `package` to the engine; the harness is a
/// package of its own (only it is built with `-sanitize=fuzzer`) and reaches them through this type.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// A model version's `contents` XML (`ModelSourceReader`).
    case modelXML = "model-xml"
    /// A store's metadata: a binary property list read as `StoreMetadata`.
    case metadataPlist = "metadata-plist"
    /// A store's `Z_MODELCACHE` content (`ModelCacheDecoder`).
    case modelCache = "model-cache"
    /// A YAML or JSON mapping file (JSON when it starts with `{`).
    case mapping
    /// One mapping expression, parsed and evaluated.
    case expression
    /// An Xcode mapping model's `xcmapping.xml` (`XcodeMappingImporter`).
    case xcodeMapping = "xcode-mapping"
    /// A compiled mapping model (`.cdm`): a keyed archive and its archived expressions.
    case cdm

    /// Feeds `data` to the target's reader, ignoring the error it reports for input it refuses.
    /// - Parameter data: One input.
    public func run(_ data: Data) {
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
