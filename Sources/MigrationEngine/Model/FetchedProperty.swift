/// A fetched property: a stored query, not a column. Skipped by version hashes and the schema.
public struct FetchedProperty: Sendable, Hashable, Codable {
    /// The property's name.
    public var name: String
    /// The entity the query fetches.
    public var entity: String?
    /// The query's predicate, as written.
    public var predicate: String?
    /// Whether the property is optional.
    public var isOptional: Bool

    /// Creates a fetched property.
    ///
    /// - Parameters:
    ///   - name: The property's name.
    ///   - entity: The entity the query fetches; nil when the model names none.
    ///   - predicate: The query's predicate, as written; nil for none.
    ///   - isOptional: Whether the property is optional.
    public init(name: String, entity: String? = nil, predicate: String? = nil, isOptional: Bool = true) {
        self.name = name
        self.entity = entity
        self.predicate = predicate
        self.isOptional = isOptional
    }
}

/// A fetch index declared on an entity (`<fetchIndex>`).
public struct FetchIndex: Sendable, Hashable, Codable {
    /// The index's name.
    public var name: String
    /// The indexed properties, in order, each with its direction (`ascending`, `descending`, …).
    public var elements: [Element]

    /// One indexed property of a fetch index.
    public struct Element: Sendable, Hashable, Codable {
        /// The property's name.
        public var property: String
        /// The index type (`Binary` or `R-Tree`).
        public var type: String
        /// Whether the index sorts ascending.
        public var ascending: Bool

        /// Creates an index element.
        ///
        /// - Parameters:
        ///   - property: The indexed property's name.
        ///   - type: The index type (`Binary` or `R-Tree`).
        ///   - ascending: Whether the index sorts ascending.
        public init(property: String, type: String = "Binary", ascending: Bool = true) {
            self.property = property
            self.type = type
            self.ascending = ascending
        }
    }

    /// Creates a fetch index.
    ///
    /// - Parameters:
    ///   - name: The index's name.
    ///   - elements: The indexed properties, in order.
    public init(name: String, elements: [Element]) {
        self.name = name
        self.elements = elements
    }
}

/// A fetch request template stored in the model (`<fetchRequest>`).
public struct FetchRequestTemplate: Sendable, Hashable, Codable {
    /// The template's name.
    public var name: String
    /// The entity it fetches.
    public var entity: String
    /// Its predicate, as written.
    public var predicate: String?

    /// Creates a fetch request template.
    ///
    /// - Parameters:
    ///   - name: The template's name.
    ///   - entity: The entity it fetches.
    ///   - predicate: Its predicate, as written; nil for none.
    public init(name: String, entity: String, predicate: String? = nil) {
        self.name = name
        self.entity = entity
        self.predicate = predicate
    }
}
