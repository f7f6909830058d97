// PolicyExample: the small migration tool an app team builds on the engine when a mapping needs Swift.
//
// The sample app's step Journal 4 → 5 names the policy `WordCount` (Examples/Mappings/journal-4-to-5.yaml);
// this tool registers the Swift type behind that name, finds the mappings beside the model, plans the
// chain for a store and runs it under the engine's safety contract (snapshot, validation, backup, swap).
//
//   swift run PolicyExample STORE                 migrate STORE (a Journal store) to the current version
//   swift run PolicyExample STORE --generate N    first write a Journal 1 store with N entries at STORE
import Foundation
import MigrationEngine

let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let arguments = Array(CommandLine.arguments.dropFirst())
guard let store = arguments.first else {
    FileHandle.standardError.write(Data("usage: PolicyExample STORE [--generate ENTRIES]\n".utf8))
    exit(2)
}

do {
    let bundle = try ModelLoader.load(path: examples.appendingPathComponent("Journal.xcdatamodeld").path)
    if let flag = arguments.firstIndex(of: "--generate"), flag + 1 < arguments.count, let entries = Int(arguments[flag + 1]) {
        try SampleStoreGenerator(model: bundle.version(named: "Journal 1")!, entries: entries).write(to: store)
        print("wrote \(entries) entries at Journal 1 to \(store)")
    }

    // 1. The app's own Swift code, registered under the names its mappings use.
    var policies = MigrationPolicyRegistry()
    policies.register(WordCountPolicy(), named: "WordCount")

    // 2. The project's settings (version order, mapping folders) and the explicit mappings in them.
    let settings = try ProjectFile.load(path: examples.appendingPathComponent("cdmigrate.yaml").path)
    let reader = MappingDirectoryReader(policies: policies)
    let explicit = try settings.mappingDirectories.flatMap { try reader.candidates(in: $0, bundle: bundle) }

    // 3. The chain from the store's version to the current one: inferred steps where Core Data could infer
    //    them, the mapping files where it could not.
    let planning = try StorePlanning(
        storePath: store, bundle: bundle, settings: settings, explicit: explicit, inference: InferredStepProvider(),
        target: nil)
    print("\(planning.storeVersion) → \(planning.targetVersion): \(planning.plan)")

    // 4. Run it; the original is replaced only after every step succeeded and the result was validated.
    let executor = ChainExecutor { event in
        switch event {
        case .stepStarted(let index, let step): print("step \(index + 1): \(step.from) → \(step.to) (\(step.kind.rawValue))")
        case .stepValidated(_, let seconds): print(String(format: "  done in %.2f s", seconds))
        case .committed(let backup, _): print("migrated; backup at \(backup ?? "-")")
        case .failed(let reason): print("failed: \(reason)")
        default: break
        }
    }
    try executor.run([MigrationJob(storePath: store, plan: planning.plan)])
} catch {
    FileHandle.standardError.write(Data("PolicyExample: error: \(error)\n".utf8))
    exit(1)
}
