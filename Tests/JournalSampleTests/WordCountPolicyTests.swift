import Testing

@testable import JournalSample

@Suite("Sample word count policy")
struct WordCountPolicyTests {
    @Test(
        "words are runs of letters or digits, counted by bytes for ASCII and by characters otherwise",
        arguments: [
            ("", 0), ("one two three", 3), ("  lead and trail  ", 3), ("a\r\nb", 2), ("five, six", 2),
            ("AZaz09", 1), ("@[`{/:", 0), ("x@y[z`w{v/u:t", 7), ("é e\u{301} Straße", 3), ("naïve 42", 2),
            ("\u{0}word\u{0}", 1), ("日本 語", 2),
        ])
    func words(text: String, expected: Int) {
        #expect(WordCountPolicy.words(in: text) == expected)
    }
}
