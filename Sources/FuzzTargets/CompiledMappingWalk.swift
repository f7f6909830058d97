import Foundation
import MigrationEngine

/// A compiled mapping model (`.cdm`) is a keyed archive of `NSMappingModel`; the engine's readers for it are
/// the binary plist, the keyed archive and the archived `NSExpression`/`NSPredicate` decoders. The walk
/// decodes every expression object the archive holds and reads every object's class and fields.
enum CompiledMappingWalk {
    static func run(_ data: Data) {
        guard let archive = try? KeyedArchive(data: data) else { return }
        _ = try? archive.root()
        for index in archive.objects.indices {
            guard let object = archive.resolve(.uid(UInt64(index))) else { continue }
            _ = (
                object.className, object.keys, object.string, object.elements?.count, object.dictionary?.count, object.date,
                object.uuid
            )
            if object.isKind(of: "NSExpression") {
                if let expression = try? ArchivedExpressionDecoder.decode(object) { _ = expression.description }
            }
        }
    }
}
