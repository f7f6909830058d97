import Foundation

/// An Xcode mapping model whose entity mappings name custom policy classes (`NSEntityMigrationPolicy`
/// subclasses) that no registered Swift policy stands for: the step cannot run. Plans show it in full:
/// the step and the classes, what the mapping model does state, and how to proceed without writing Swift
/// (a mapping file written from the mapping model and completed: ``Remedy/writeMappingFile``).
package struct CustomPolicyNeeded: CategorizedError, Sendable, Hashable {
    /// The mapping model (`.xcmappingmodel` folder or `.cdm` file).
    package var path: String
    /// The step's source version.
    package var sourceVersion: String
    /// The step's destination version.
    package var destinationVersion: String
    /// Each entity mapping with a custom policy class, as `PostToPost: MyApp.Post2ToPost3MigrationPolicy`.
    package var classes: [String]
    /// What the mapping model states, one entity mapping per item.
    package var states: [String]
    /// The mapping file to write from the mapping model and complete (beside it, named after it).
    package var scaffoldFile: String
    /// The names a Swift policy could be registered under instead (the class's last part).
    package var policyNames: [String]

    /// A mapping that cannot run is invalid input for the plan.
    package var category: FailureCategory { .invalidInput }
    /// The specific failure.
    package var failureCode: String { "mapping.customPolicyNeeded" }
    /// The front end says how to write the mapping file the message names.
    package var remedy: Remedy? { .writeMappingFile }

    /// One paragraph: step, classes, what is stated, how to proceed.
    package var description: String {
        "step \(sourceVersion) → \(destinationVersion): \(URL(fileURLWithPath: path).lastPathComponent) names the custom policy "
            + "class\(classes.count == 1 ? "" : "es") \(classes.joined(separator: ", ")), whose code cdmigrate cannot run. "
            + "The mapping model states: \(states.joined(separator: "; ")). To proceed: write \(ShellWord.quote(scaffoldFile)) "
            + "from it as a mapping file, replace each "
            + "\(ScaffoldValue.placeholderText) in that file with an expression, and plan again (the file is then used in place of "
            + "the mapping model); or register a Swift MigrationPolicy named "
            + policyNames.map { "\"\($0)\"" }.joined(separator: ", ") + " in your own executable"
    }

    /// The requirement for `mapping` between `source` and `destination`, or nil when `mapping` names no
    /// policy missing from `policies` or does not fit the versions (the step reports that itself).
    static func check(
        _ mapping: MappingModel, file: String, source: ObjectModel, destination: ObjectModel,
        policies: MigrationPolicyRegistry, functions: ExpressionFunctions
    ) -> CustomPolicyNeeded? {
        let missing = mapping.entityMappings.filter { entry in entry.policy.map { policies.policy(named: $0) == nil } ?? false }
        guard !missing.isEmpty else { return nil }
        let scaffold: MappingScaffold
        do {
            scaffold = try MappingScaffolder(source: source, destination: destination, functions: functions)
                .scaffold(mapping, origin: URL(fileURLWithPath: file).lastPathComponent)
        } catch {
            return nil
        }
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent()
        let out = folder.appendingPathComponent(URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent + ".yaml")
            .path
        return CustomPolicyNeeded(
            path: file, sourceVersion: mapping.sourceVersion, destinationVersion: mapping.destinationVersion,
            classes: missing.map { "\($0.name): \($0.policy ?? "")" },
            states: scaffold.mappings.map { summary($0, original: mapping.mapping(named: $0.name)) },
            scaffoldFile: out,
            policyNames: missing.compactMap { $0.policy?.split(separator: ".").last.map(String.init) })
    }

    /// `PostToPost (Post → Post): gives date, postID; leaves color to the policy`.
    private static func summary(_ mapping: ScaffoldMapping, original: EntityMapping?) -> String {
        let entities =
            switch (original?.sourceEntity, original?.destinationEntity) {
            case (let source?, let destination?): "\(source) → \(destination)"
            case (let source?, nil): "remove \(source)"
            case (nil, let destination?): "add \(destination)"
            case (nil, nil): "no entities"
            }
        if original?.kind == .add {
            return "\(mapping.name) (\(entities)): makes no objects by itself (a policy made them)"
        }
        let properties = mapping.attributes + mapping.relationships
        let isGiven = { (property: ScaffoldProperty) in
            switch property.value {
            case .text, .lookup: true
            default: false
            }
        }
        let given = properties.filter(isGiven).map(\.name)
        let left = properties.filter { !isGiven($0) }.map(\.name)
        var parts: [String] = []
        if !given.isEmpty { parts.append("gives \(given.joined(separator: ", "))") }
        if !left.isEmpty { parts.append("leaves \(left.joined(separator: ", ")) to the policy") }
        if parts.isEmpty { parts.append("sets nothing") }
        return "\(mapping.name) (\(entities)): \(parts.joined(separator: "; "))"
    }
}
