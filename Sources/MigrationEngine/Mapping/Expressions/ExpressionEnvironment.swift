/// What an expression can see while it is evaluated: variables, the objects' values, and the
/// migration's record of which destination objects were made from which source objects.
package protocol ExpressionEnvironment {
    /// The functions callable by name.
    var functions: ExpressionFunctions { get }
    /// The value of `$name` (`source`, `destination`, `manager`, `entityPolicy`, …), or `nil` if undefined.
    func variable(named name: String) -> ExpressionValue?
    /// An attribute (a value), to-one relationship (an object or `nil`) or to-many relationship (a list) of an object.
    func value(forKey key: String, of object: ObjectReference) throws -> ExpressionValue
    /// The destination objects that the entity mapping `mapping` made from `sources`
    /// (`destinationInstancesForEntityMappingNamed:sourceInstances:`).
    func destinationInstances(mapping: String, sources: [ObjectReference]) throws -> [ObjectReference]
    /// The destination objects made from `sources`, by whichever mappings take the destination entity of the
    /// current source entity's relationship `relationship` (`destinationInstancesForSourceRelationshipNamed:…`).
    func destinationInstances(sourceRelationship relationship: String, sources: [ObjectReference]) throws
        -> [ObjectReference]
}

/// A plain environment with only variables and functions; object keys and mapping lookups fail.
///
/// Useful for evaluating constant expressions and for tests of the language itself.
package struct StaticExpressionEnvironment: ExpressionEnvironment {
    /// The variables, by name without `$`.
    package var variables: [String: ExpressionValue]
    /// The callable functions.
    package var functions: ExpressionFunctions

    /// Creates an environment.
    package init(variables: [String: ExpressionValue] = [:], functions: ExpressionFunctions = .standard) {
        self.variables = variables
        self.functions = functions
    }

    /// The variable's value.
    package func variable(named name: String) -> ExpressionValue? { variables[name] }

    /// Always fails: there are no stores behind this environment.
    package func value(forKey key: String, of object: ObjectReference) throws -> ExpressionValue {
        throw ExpressionEvaluationError("cannot read \(key) of \(object): no store is open")
    }

    /// Always fails: there is no migration behind this environment.
    package func destinationInstances(mapping: String, sources: [ObjectReference]) throws -> [ObjectReference] {
        throw ExpressionEvaluationError("no migration is running to resolve mapping \(mapping)")
    }

    /// Always fails: there is no migration behind this environment.
    package func destinationInstances(sourceRelationship relationship: String, sources: [ObjectReference]) throws
        -> [ObjectReference]
    {
        throw ExpressionEvaluationError("no migration is running to resolve relationship \(relationship)")
    }
}
