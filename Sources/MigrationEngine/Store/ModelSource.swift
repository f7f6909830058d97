/// The model a store was compared with: the store's own cached model, or a model file. In JSON it is the
/// string scripts already read: `cache`, or the model's path.
public enum ModelSource: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The store's own `Z_MODELCACHE`.
    case storeCache
    /// The model file at this path.
    case file(String)

    /// Decodes `cache` or a path.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: The decoder's `DecodingError` when the value is not a string.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        self = text == "cache" ? .storeCache : .file(text)
    }

    /// Encodes `cache` or the path.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: The encoder's `EncodingError`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// `cache`, or the model's path.
    public var description: String {
        switch self {
        case .storeCache: "cache"
        case .file(let path): path
        }
    }
}
