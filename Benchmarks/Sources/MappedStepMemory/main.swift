// Peak memory of a mapped split (the sample app's Journal 3 → 4: every entry's author becomes an Author,
// merged by name) for 100,000 and 1,000,000 entries, run as a dry run through the engine's facade (snapshot,
// step, validation; everything but the swap). Each size runs in its own child process, which reports
// its peak resident set size (VmHWM) after the step; the parent prints the table and the ratio.
//
//   swift run -c release --package-path Benchmarks MappedStepMemory [sizes…]
import Foundation
import JournalSample
import MigrationEngine

func peakResidentKiB() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
    return Int(line.split(separator: " ").dropFirst().first ?? "") ?? -1
}

func runOne(entries: Int) throws {
    let model = SampleApp.examplesFolder.appendingPathComponent(SampleApp.modelName).path
    let project = try MigrationProject(modelPath: model, policies: SampleApp.policies)
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cdmigrate-bench-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = folder.appendingPathComponent("Journal3.sqlite").path
    let generated = Date()
    try SampleStoreGenerator(model: try project.bundle!.requireVersion(named: "Journal 3"), entries: entries).write(to: source)
    let afterGeneration = peakResidentKiB()
    let planning = try project.plan(store: source, target: "Journal 4")
    let started = Date()
    try project.migrate([planning], options: ExecutionOptions(dryRun: true))
    let seconds = Date().timeIntervalSince(started)
    print(
        "\(entries) \(peakResidentKiB()) \(afterGeneration) \(String(format: "%.1f", seconds)) \(String(format: "%.1f", started.timeIntervalSince(generated)))"
    )
}

let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "--one", let entries = arguments.dropFirst().first.flatMap({ Int($0) }) {
    try runOne(entries: entries)
    exit(0)
}
let sizes = arguments.compactMap { Int($0) }
var results: [(entries: Int, peak: Int, seconds: String)] = []
for size in sizes.isEmpty ? [100_000, 1_000_000] : sizes {
    let child = Process()
    child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    child.arguments = ["--one", String(size)]
    let pipe = Pipe()
    child.standardOutput = pipe
    try child.run()
    child.waitUntilExit()
    let fields = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        .split(whereSeparator: \.isWhitespace)
    guard child.terminationStatus == 0, fields.count == 5, let peak = Int(fields[1]) else {
        print("size \(size): the child process failed (status \(child.terminationStatus))")
        exit(1)
    }
    results.append((size, peak, String(fields[3])))
    print(
        "entries \(size): peak RSS \(peak) KiB (after generating the source: \(fields[2]) KiB), step \(fields[3]) s, generation \(fields[4]) s"
    )
}
if results.count >= 2 {
    let ratio = Double(results[results.count - 1].peak) / Double(results[0].peak)
    let within = ratio <= 1.10
    print(
        "peak RSS ratio \(results.last!.entries) / \(results[0].entries) entries: "
            + String(format: "%.3f", ratio) + " (within 10%: \(within ? "yes" : "no"))")
    // The benchmark is the acceptance check for bounded memory: it fails when the bound does not hold.
    if !within { exit(1) }
}
