// PolicyExample: the small migration tool an app team builds on the engine when a mapping needs Swift.
//
// The sample app's step Journal 4 → 5 names the policy `WordCount` (Examples/Mappings/journal-4-to-5.yaml);
// this tool registers the Swift type behind that name, finds the mappings beside the model, plans the
// chain for a store and runs it under the engine's safety contract (snapshot, validation, backup, swap).
//
//   swift run PolicyExample STORE                 migrate STORE (a Journal store) to the current version
//   swift run PolicyExample STORE --generate N    first write a Journal 1 store with N entries at STORE
import Foundation
import JournalSample
import MigrationEngine

let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let arguments = Array(CommandLine.arguments.dropFirst())
guard let store = arguments.first else {
    FileHandle.standardError.write(Data("usage: PolicyExample STORE [--generate ENTRIES]\n".utf8))
    exit(2)
}

do {
    let model = examples.appendingPathComponent("Journal.xcdatamodeld").path

    // 1. The app's own Swift code, registered under the names its mappings use.
    var policies = MigrationPolicyRegistry()
    policies.register(WordCountPolicy(), named: WordCountPolicy.name)

    // 2. The project: the model, the settings beside it (`cdmigrate.yaml`: version order, mapping folders),
    //    the explicit mappings in those folders, and the policies they name.
    let project = try MigrationProject(modelPath: model, policies: policies)
    if let flag = arguments.firstIndex(of: "--generate"), flag + 1 < arguments.count, let entries = Int(arguments[flag + 1]) {
        let oldest = try project.bundle!.requireVersion(named: SampleApp.oldestVersion)
        try SampleStoreGenerator(model: oldest, entries: entries).write(to: store)
        print("wrote \(entries) entries at \(oldest.name) to \(store)")
    }

    // 3. The chain from the store's version to the current one: inferred steps where Core Data could infer
    //    them, the mapping files where it could not.
    // The run checks the store (quick_check) beside its steps, so planning need not read every page first.
    let planning = try project.plan(store: store, checksIntegrity: false)
    print("\(planning.storeVersion) → \(planning.targetVersion): \(planning.plan)")

    // 4. Run it; the original is replaced only after every step succeeded and the result was validated.
    try project.migrate([planning]) { event in
        switch event {
        case .stepStarted(let index, let step): print("step \(index + 1): \(step.from) → \(step.to) (\(step.kind.rawValue))")
        case .stepValidated(_, let seconds): print(String(format: "  done in %.2f s", seconds))
        case .committed(let backup, _): print("migrated; backup at \(backup ?? "-")")
        case .failed(let reason): print("failed: \(reason)")
        default: break
        }
    }
} catch {
    FileHandle.standardError.write(Data("PolicyExample: error: \(error)\n".utf8))
    exit(1)
}
