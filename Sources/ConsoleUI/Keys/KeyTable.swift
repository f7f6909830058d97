/// The one table of key bindings: key handling, the hint bar and the help overlay all read it.
package struct KeyTable: Sendable {
    /// Bindings in the order help lists them.
    package var bindings: [KeyBinding]

    /// Creates a table.
    package init(_ bindings: [KeyBinding]) {
        self.bindings = bindings
    }

    /// The action a key triggers in a context, if any.
    package func action(for key: Key, in context: KeyContext) -> Action? {
        bindings.first { $0.contexts.contains(context) && $0.keys.contains(key) }?.action
    }

    /// The table without the bindings of `actions`.
    package func without(_ actions: Set<Action>) -> KeyTable {
        KeyTable(bindings.filter { !actions.contains($0.action) })
    }

    /// The bindings that apply in a context, in table order.
    package func bindings(in context: KeyContext) -> [KeyBinding] {
        bindings.filter { $0.contexts.contains(context) }
    }

    /// Where moving, paging and jumping work: every list and every scrolling text.
    static let scrolling: Set<KeyContext> = [.panes, .browser, .record, .picker, .history, .help, .details]

    /// The console's bindings.
    package static let standard = KeyTable([
        KeyBinding(
            .moveUp, keys: [.up, .character("k")], label: "↑↓/jk", hint: "move",
            help: "Move the selection (or scroll the text) up with ↑ or k, down with ↓ or j.", contexts: scrolling),
        KeyBinding(
            .moveDown, keys: [.down, .character("j")], label: "↓/j", hint: "down",
            help: "Move the selection down.", contexts: scrolling, inHintBar: false, inHelp: false),
        KeyBinding(
            .pageUp, keys: [.pageUp, .character("b"), .character("\u{02}")], label: "PgUp/b/^B", hint: "page up",
            help: "Scroll up one page.", contexts: scrolling, inHintBar: false),
        KeyBinding(
            .pageDown, keys: [.pageDown, .character(" "), .character("f"), .character("\u{06}")], label: "PgDn/Space/f/^F",
            hint: "page", help: "Scroll down one page.", contexts: scrolling, inHintBar: false),
        KeyBinding(
            .halfPageUp, keys: [.character("\u{15}")], label: "^U", hint: "half page up",
            help: "Scroll up half a page.", contexts: scrolling, inHintBar: false),
        KeyBinding(
            .halfPageDown, keys: [.character("\u{04}")], label: "^D", hint: "half page down",
            help: "Scroll down half a page.", contexts: scrolling, inHintBar: false),
        KeyBinding(
            .top, keys: [.home, .character("g")], label: "Home/g", hint: "top",
            help: "Jump to the first row.", contexts: scrolling, inHintBar: false),
        KeyBinding(
            .bottom, keys: [.end, .character("G")], label: "End/G", hint: "bottom",
            help: "Jump to the last row.", contexts: scrolling, inHintBar: false),
        KeyBinding(
            .scrollLeft, keys: [.left, .character("h")], label: "←→/hl", hint: "columns",
            help: "Scroll the columns left with ← or h, right with → or l.", contexts: [.browser]),
        KeyBinding(
            .scrollRight, keys: [.right, .character("l")], label: "→/l", hint: "right",
            help: "Scroll the columns right.", contexts: [.browser], inHintBar: false, inHelp: false),
        KeyBinding(
            .nextPane, keys: [.tab, .right, .character("l")], label: "Tab/→/l", hint: "pane",
            help: "Focus the next pane (in a dialog: the next button).",
            contexts: [.panes, .confirm, .salvage, .abortPrompt, .restoreConfirm, .retargetConfirm]),
        KeyBinding(
            .previousPane, keys: [.backTab, .left, .character("h")], label: "S-Tab/←/h", hint: "previous",
            help: "Focus the previous pane (in a dialog: the previous button).",
            contexts: [.panes, .confirm, .salvage, .abortPrompt, .restoreConfirm, .retargetConfirm], inHintBar: false),
        KeyBinding(
            .open, keys: [.enter], hint: "open",
            help: "Open: browse the entity, show the row in full, follow a relationship, apply a filter, pick a "
                + "store, press the highlighted button; on a Plan pane without a plan, show why.",
            contexts: [
                .panes, .browser, .record, .filter, .find, .palette, .export, .seed, .picker, .pickerFilter, .history, .confirm,
                .salvage, .abortPrompt, .restoreConfirm, .retargetConfirm,
            ]),
        KeyBinding(
            .showHistory, keys: [.character("H")], hint: "history",
            help: "History: the store's backups and runs; Enter on a backup restores it, after a question.",
            contexts: [.panes, .result], inHintBar: false),
        KeyBinding(
            .search, keys: [.character("/")], hint: "filter",
            help: "Filter: rows where some value holds the text (Enter applies it); in the picker, stores whose path "
                + "holds every word, as you type. Esc clears it.",
            contexts: [.browser, .picker]),
        KeyBinding(
            .sort, keys: [.character("s")], hint: "sort",
            help: "Sort by the first column after pk (scroll with ← →): ascending, then descending, then by key.",
            contexts: [.browser], inHintBar: false),
        KeyBinding(
            .sortNext, keys: [.character("S")], hint: "sort next",
            help: "Sort by the next column, ascending (after the last one: key order again); it is scrolled into "
                + "view first, where s flips its direction.",
            contexts: [.browser], inHintBar: false),
        KeyBinding(
            .export, keys: [.character("e")], hint: "export",
            help: "Export the entity on screen to a file (asked; beside the store by default); .csv or .jsonl choose "
                + "the format, else JSON; an existing file is replaced only after a second Enter.",
            contexts: [.browser]),
        KeyBinding(
            .erase, keys: [.backspace], hint: "erase",
            help: "Erase the character before the cursor in the filter or the path; ← → Home End move the cursor, "
                + "Ctrl-U erases to the start, Ctrl-W the word before the cursor, Ctrl-K to the end.",
            contexts: [.filter, .find, .palette, .export, .seed, .pickerFilter], inHintBar: false),
        KeyBinding(
            .setTarget, keys: [.character("t")], hint: "target",
            help: "In the Versions pane: make the selected version the migration target; the plan is redrawn.",
            contexts: [.panes]),
        KeyBinding(
            .zoom, keys: [.character("z")], hint: "zoom",
            help: "Zoom: the focused pane fills the screen (Tab moves the zoom to the next pane); z or Esc shows all four.",
            contexts: [.panes], inHintBar: false),
        KeyBinding(
            .migrate, keys: [.character("m")], hint: "migrate",
            help: "Migrate to the target: opens the Migrate / Dry run / Cancel dialog (Cancel is highlighted "
                + "when a step loses data).",
            contexts: [.panes]),
        KeyBinding(
            .seed, keys: [.character("N")], hint: "seed",
            help: "Seed a fixture store of the model: asks the version, objects of each entity, seed and file, then "
                + "writes a new store of synthetic objects.",
            contexts: [.panes], inHintBar: false),
        KeyBinding(
            .abort, keys: [.character("a")], hint: "abort",
            help: "Abort the run after confirmation (the run pauses at its next batch while asked); the original store "
                + "stays untouched.", contexts: [.run]),
        KeyBinding(
            .yes, keys: [.character("y")], hint: "yes, abort", help: "Yes: abort the run.",
            contexts: [.abortPrompt]),
        KeyBinding(
            .no, keys: [.character("n"), .escape], label: "n/Esc", hint: "no, keep going",
            help: "No: the paused run resumes.", contexts: [.abortPrompt]),
        KeyBinding(
            .yes, keys: [.character("y"), .character("t")], label: "y/t", hint: "retarget",
            help: "Yes: make the version the target; the plan is redrawn for it.", contexts: [.retargetConfirm]),
        KeyBinding(
            .no, keys: [.character("n"), .escape], label: "n/Esc", hint: "keep the target",
            help: "No: the target stays as it was.", contexts: [.retargetConfirm]),
        KeyBinding(
            .search, keys: [.character("/")], hint: "search",
            help: "Search the pane, help or details: the selection goes to the first match as you type; Enter keeps "
                + "it for n and N, Esc goes back.",
            contexts: [.panes, .help, .details], inHintBar: false),
        KeyBinding(
            .findNext, keys: [.character("n")], hint: "next match",
            help: "The next match of the search (in the picker: the next store the filter keeps), round the end.",
            contexts: [.panes, .help, .details, .picker], inHintBar: false),
        KeyBinding(
            .findPrevious, keys: [.character("N")], hint: "previous match",
            help: "The previous match of the search, round the end (on the main screen once a search is kept; "
                + "Esc there drops it, and N seeds again).",
            contexts: [.help, .details, .picker], inHintBar: false),
        KeyBinding(
            .palette, keys: [.character(":")], hint: "commands",
            help: "Commands: every command of where you are, narrowed as you type; ↑↓ select, Enter runs it.",
            contexts: [.panes, .browser, .record, .picker, .history, .result], inHintBar: false),
        KeyBinding(
            .details, keys: [.character("d")], hint: "details",
            help: "Details: every error, warning and plan problem in full, wrapped and scrollable; d again closes.",
            contexts: [.panes, .browser, .record, .picker, .run, .result, .history, .details], inHintBar: false),
        KeyBinding(
            .refresh, keys: [.character("r"), .character("\u{0C}")], label: "r/^L", hint: "reload",
            help: "Read the store again and redraw the screen (in the browser: the rows too; in the picker: search again).",
            contexts: [.panes, .browser, .picker], inHintBar: false),
        KeyBinding(
            .back, keys: [.escape], hint: "back",
            help: "Back out: clear the browser's filter, then close the browser; go back one record; close the "
                + "dialog, details, help or result screen; stop typing a filter or an export path.",
            contexts: [
                .browser, .record, .filter, .find, .palette, .export, .seed, .pickerFilter, .confirm, .salvage, .result, .history,
                .restoreConfirm, .help, .details,
            ]),
        KeyBinding(
            .back, keys: [.escape], hint: "stop search",
            help: "Stop searching for stores (the stores found so far stay listed); then clear the filter.",
            contexts: [.picker]),
        KeyBinding(
            .back, keys: [.escape], hint: "picker", help: "Back to the store picker, when the store was opened from it.",
            contexts: [.panes], inHintBar: false),
        KeyBinding(
            .help, keys: [.character("?")], hint: "help", help: "Show or hide this help.",
            contexts: Set(KeyContext.allCases).subtracting([.filter, .find, .palette, .export, .seed])),
        KeyBinding(
            .back, keys: [.character("q")], hint: "close",
            help: "Over help or details, q closes them, as in less and man: it never quits from under an overlay.",
            contexts: [.help, .details]),
        KeyBinding(
            .quit, keys: [.character("q")], hint: "quit",
            help: "Quit; the terminal is restored. During a run, q asks to abort first.",
            contexts: [.panes, .browser, .record, .picker, .result, .history, .run]),
    ])
}
