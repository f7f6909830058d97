/// The "Abort the run?" question: Abort, or Keep going (highlighted first).
package enum AbortDialog {
    /// The dialog; `abortHighlighted` is whether the Abort button is the highlighted one.
    package static func dialog(abortHighlighted: Bool) -> Dialog {
        Dialog(
            title: "Abort the run?",
            lines: [
                StyledText("Stop after the current batch and discard the temporary stores."),
                StyledText("The original store stays untouched.", style: .ok),
            ],
            buttons: ["y Abort", "n Keep going"], selected: abortHighlighted ? 0 : 1, borderStyle: .danger)
    }
}
