import Testing

@testable import ConsoleUI

/// Counts on screen group their digits in threes whatever the locale, negatives and the edges included.
struct NumberTextTests {
    @Test(arguments: [
        (0, "0"), (7, "7"), (999, "999"), (1000, "1,000"), (199_975, "199,975"), (1_000_000, "1,000,000"),
        (-1234, "-1,234"), (Int.min, "-9,223,372,036,854,775,808"),
    ])
    func groupsDigitsInThrees(value: Int, text: String) {
        #expect(NumberText.grouped(value) == text)
    }
}
