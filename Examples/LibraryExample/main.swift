import MigrationEngine

/// Your Swift policy, for a mapping that says `policy: WordCount`: the object the mapping describes, plus a
/// value only Swift computes.
struct WordCountPolicy: MigrationPolicy {
    func createDestinationInstances(
        for source: ObjectReference, mapping: EntityMapping, context: some MigrationPolicyContext
    ) throws {
        guard let entry = try context.createDefaultDestinationInstance(for: source, mapping: mapping) else { return }
        let text = try context.value("text", of: source)
        let words = text.isNull ? 0 : text.text.split(whereSeparator: \.isWhitespace).count
        try context.update(entry, values: ["wordCount": .integer(Int64(words))])
    }
}

var policies = MigrationPolicyRegistry()
policies.register(WordCountPolicy(), named: "WordCount")

let project = try MigrationProject(modelPath: "App.xcdatamodeld", policies: policies)
let report = try project.inspect(store: "App.sqlite") // version, entities, hashes
print("App.sqlite is at", report.compatibility?.compatibleVersion ?? "no version of the model")
let planning = try project.plan(store: "App.sqlite", checksIntegrity: false) // the run checks it, beside its steps
try project.migrate([planning], options: ExecutionOptions(dryRun: false)) { event in
    // .planReady, .stageStarted, .stepStarted, .stepRows, .entityProgress, .stepValidated, .recovered, .log,
    // .committed, .failed
}
let verified = try project.verify(store: "App.sqlite") // integrity and conformance
print("now at", verified.version, verified.valid ? "(valid)" : "(not valid)")
