/// An attribute of an entity, as declared in a model version.
public struct Attribute: Sendable, Hashable, Codable {
    /// The attribute's name.
    public var name: String
    /// The attribute's value type.
    public var type: AttributeType
    /// Whether a value may be missing.
    public var isOptional: Bool
    /// Whether the value is kept in memory only (transient attributes have no column and no hash part).
    public var isTransient: Bool
    /// Whether the attribute is read-only (a hashed flag; rarely set in model sources).
    public var isReadOnly: Bool
    /// Whether the value is derived from other properties by `derivationExpression`.
    public var isDerived: Bool
    /// The derivation expression of a derived attribute.
    public var derivationExpression: String?
    /// The default value as text: as written in the model source (`defaultValueString`), except that a
    /// Date's is seconds since 2001-01-01 UTC (`defaultDateTimeInterval`, e.g. `388411200.0`), the form a
    /// compiled model holds and a Date column stores, so source and compiled models read alike.
    public var defaultValue: String?
    /// The minimum value or length constraint, as written (a Date's as seconds, like ``defaultValue``).
    public var minValue: String?
    /// The maximum value or length constraint, as written (a Date's as seconds, like ``defaultValue``).
    public var maxValue: String?
    /// Whether large values may be stored outside the SQLite file.
    public var allowsExternalBinaryDataStorage: Bool
    /// Whether the value is kept in persistent history after its object is deleted.
    public var preservesValueInHistoryOnDeletion: Bool
    /// The value transformer of a transformable attribute.
    public var valueTransformerName: String?
    /// The custom class name of a transformable attribute.
    public var customClassName: String?
    /// The renaming identifier (`elementID` in Xcode's XML): the name this attribute had before.
    public var renamingIdentifier: String?
    /// The version hash modifier, which changes the hash without changing the schema.
    public var versionHashModifier: String?
    /// Whether the attribute is indexed (older model format flag).
    public var isIndexed: Bool
    /// Free-form user info.
    public var userInfo: [String: String]

    /// Creates an attribute; every flag defaults to Core Data's default.
    ///
    /// - Parameters:
    ///   - name: The attribute's name.
    ///   - type: The attribute's value type.
    ///   - isOptional: Whether a value may be missing.
    ///   - isTransient: Whether the value is kept in memory only (no column, no hash part).
    ///   - isReadOnly: Whether the attribute is read-only.
    ///   - isDerived: Whether the value is derived by `derivationExpression`.
    ///   - derivationExpression: The derivation expression of a derived attribute.
    ///   - defaultValue: The default value as text; a Date's as seconds since 2001-01-01 UTC.
    ///   - minValue: The minimum value or length constraint, as written.
    ///   - maxValue: The maximum value or length constraint, as written.
    ///   - allowsExternalBinaryDataStorage: Whether large values may be stored outside the SQLite file.
    ///   - preservesValueInHistoryOnDeletion: Whether the value stays in persistent history after a delete.
    ///   - valueTransformerName: The value transformer of a transformable attribute.
    ///   - customClassName: The custom class name of a transformable attribute.
    ///   - renamingIdentifier: The name this attribute had before; nil when not renamed.
    ///   - versionHashModifier: Changes the version hash without changing the schema.
    ///   - isIndexed: Whether the attribute is indexed (older model format flag).
    ///   - userInfo: Free-form user info.
    public init(
        name: String, type: AttributeType, isOptional: Bool = true, isTransient: Bool = false,
        isReadOnly: Bool = false, isDerived: Bool = false, derivationExpression: String? = nil,
        defaultValue: String? = nil, minValue: String? = nil, maxValue: String? = nil,
        allowsExternalBinaryDataStorage: Bool = false, preservesValueInHistoryOnDeletion: Bool = false,
        valueTransformerName: String? = nil, customClassName: String? = nil,
        renamingIdentifier: String? = nil, versionHashModifier: String? = nil,
        isIndexed: Bool = false, userInfo: [String: String] = [:]
    ) {
        self.name = name
        self.type = type
        self.isOptional = isOptional
        self.isTransient = isTransient
        self.isReadOnly = isReadOnly
        self.isDerived = isDerived
        self.derivationExpression = derivationExpression
        self.defaultValue = defaultValue
        self.minValue = minValue
        self.maxValue = maxValue
        self.allowsExternalBinaryDataStorage = allowsExternalBinaryDataStorage
        self.preservesValueInHistoryOnDeletion = preservesValueInHistoryOnDeletion
        self.valueTransformerName = valueTransformerName
        self.customClassName = customClassName
        self.renamingIdentifier = renamingIdentifier
        self.versionHashModifier = versionHashModifier
        self.isIndexed = isIndexed
        self.userInfo = userInfo
    }
}
