/// Words of a shell command shown to a person, quoted so that pasting the command works.
enum ShellWord {
    /// `word` as is when the shell reads it unchanged, else in single quotes.
    static func quote(_ word: String) -> String {
        let plain = !word.isEmpty && word.allSatisfy { $0.isLetter || $0.isNumber || "-_./=:,+@%".contains($0) }
        return plain ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
