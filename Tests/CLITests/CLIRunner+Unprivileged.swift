import Foundation

extension CLIRunner {
    /// Runs `cdmigrate` as user `nobody` through `setpriv` when the tests run as root (root reads every
    /// file whatever its mode, so permission failures need another user); as is otherwise.
    static func runUnprivileged(_ arguments: [String]) throws -> Result {
        guard getuid() == 0 else { return try run(arguments) }
        return try run(arguments, launcher: ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"])
    }

    /// Whether ``runUnprivileged(_:)`` can work: not root, or root with `setpriv` and a binary that user
    /// `nobody` may reach (every folder above it searchable by others).
    static var canRunUnprivileged: Bool {
        if getuid() != 0 { return true }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { return false }
        var url = URL(fileURLWithPath: binary)
        while url.path != "/" {
            let mode = (try? FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int) ?? 0
            if mode & 0o001 == 0 { return false }
            url.deleteLastPathComponent()
        }
        return true
    }

    /// The top-level keys of a JSON object printed on standard output.
    static func jsonKeys(_ text: String) throws -> Set<String> {
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        return Set(object?.keys ?? [:].keys)
    }
}
