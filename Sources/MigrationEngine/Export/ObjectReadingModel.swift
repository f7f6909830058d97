/// The model a store's objects are read by (`export`, `rows`, the console's data browser).
///
/// The version of the project's model whose hashes the store matches, when there is one. Otherwise the store's
/// own cached model (`Z_MODELCACHE`): it describes the tables Core Data wrote, so a store at no version of an
/// edited model (Apple's `Recipes` sample beside a redrawn model, wire's `store2-65-0`) is still read whole,
/// as a store handed over without its model is. Reading changes nothing, so no version match is needed.
///
/// Either model is scoped to the store's own entities: a store holding one configuration's entities numbers and
/// lays out only those (`ObjectModel.scoped(toStoreEntities:)`, as validation and inferred steps read it), so
/// reading it by the whole model would look for the other configurations' tables and number its entities
/// wrongly.
public struct ObjectReadingModel: Sendable {
    /// Where the model came from.
    public enum Source: Sendable, Hashable {
        /// The version of the project's model with this name.
        case version(String)
        /// The store's own cached model.
        case storeCache
    }

    /// The model the objects are read by.
    public let model: ObjectModel
    /// Where ``model`` came from.
    public let source: Source
    /// One line for people when the cache is read although a model was given: which model matched nothing,
    /// and what is read instead. Nil when the store is read as asked.
    public let notice: String?

    /// Chooses the model for `contents` (read from `store`).
    ///
    /// - Throws: ``ExportError`` for a store that neither matches a version of `bundle` nor has a cache, or
    ///   whose cache cannot be decoded when nothing else describes it.
    package static func choose(bundle: ModelBundle?, contents: StoreContents, store: String) throws(ExportError)
        -> ObjectReadingModel
    {
        if let bundle, let name = CompatibilityCheck.compatibleVersion(in: bundle, metadata: contents.metadata),
            let version = bundle.version(named: name)
        {
            return ObjectReadingModel(model: scoped(version, contents), source: .version(name), notice: nil)
        }
        let cached: ObjectModel?
        do {
            cached = try contents.cachedModel()
        } catch {
            throw ExportError(
                store: store, message: "model cache is unreadable: \(error.message)", category: .damaged, remedy: .giveModel)
        }
        guard let cached else {
            let message =
                bundle.map { "the store matches no version of \($0.path) and has no model cache to read it by" }
                ?? "the store has no model cache"
            throw ExportError(
                store: store, message: message, category: bundle == nil ? .invalidInput : .unknownStoreVersion,
                remedy: bundle == nil ? .giveModel : nil)
        }
        let notice = bundle.map {
            "\(store): matches no version of \($0.path); reading it through its own cached model (Z_MODELCACHE)"
        }
        return ObjectReadingModel(model: scoped(cached, contents), source: .storeCache, notice: notice)
    }

    /// `model` restricted to the configuration whose entities are the store's `Z_PRIMARYKEY` entries, or whole.
    private static func scoped(_ model: ObjectModel, _ contents: StoreContents) -> ObjectModel {
        model.scoped(toStoreEntries: contents.primaryKeys)
    }
}
