import Foundation

/// The sample app laid out as a support engineer is handed one: its model and its mappings in a folder,
/// with no project file (so only discovery can find the mappings).
public enum ModelLocatorFixture {
    /// Copies the sample model as `Journal.xcdatamodeld` (and its mappings as `mappingsName`) into `folder`.
    public static func place(in folder: URL, mappingsName: String? = "mappings") throws {
        try FileManager.default.copyItem(
            atPath: JournalFixture.modelPath, toPath: folder.appendingPathComponent("Journal.xcdatamodeld").path)
        if let mappingsName {
            try FileManager.default.copyItem(
                atPath: JournalFixture.mappingsPath, toPath: folder.appendingPathComponent(mappingsName).path)
        }
    }
}
