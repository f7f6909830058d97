import CNCurses
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Ends curses mode; safe to call more than once and from a fatal-signal handler.
private func restoreTerminalNow() {
    if isendwin() == false { endwin() }
}

/// The only code that talks to ncurses: flushes a ``ScreenBuffer`` to the terminal and reads keys.
///
/// Must be used from one thread only (ncurses is not thread-safe). Colours are used when the terminal has
/// them and `NO_COLOR` is unset; otherwise roles become bold/underline/dim so warnings still stand out.
package final class NCursesBackend {
    /// Whether colours are in use.
    package private(set) var usesColor = false
    /// The glyphs the locale can draw: ASCII unless its character set is UTF-8.
    package private(set) var glyphs = Glyphs.unicode
    private var isActive = false

    /// Enters curses mode: no echo, keypad decoding, hidden cursor, short Esc delay.
    package init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        setlocale(LC_ALL, "")
        glyphs = Glyphs.forCodeset(nl_langinfo(nl_item(CODESET)).map { String(cString: $0) } ?? "")
        initscr()
        isActive = true
        TerminalSignals.install(cleanup: { restoreTerminalNow() })
        cbreak()
        noecho()
        nonl()
        keypad(cdm_stdscr(), true)
        curs_set(0)
        set_escdelay(25)
        // Presses and the wheel only, reported at once (no wait to tell a click from a double click).
        mousemask(cdm_button1_pressed() | cdm_button4_pressed() | cdm_button5_pressed(), nil)
        mouseinterval(0)
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        if !noColor, has_colors() {
            start_color()
            use_default_colors()
            let colors: [ColorRole: Int16] = [
                .accent: Int16(COLOR_CYAN), .ok: Int16(COLOR_GREEN), .warning: Int16(COLOR_YELLOW),
                .danger: Int16(COLOR_RED), .dim: -1, .info: Int16(COLOR_BLUE),
            ]
            for (role, color) in colors { init_pair(Int16(role.rawValue), color, -1) }
            usesColor = true
        }
    }

    deinit { restore() }

    /// The terminal's size in columns and rows.
    package var size: (width: Int, height: Int) {
        (Int(cdm_getmaxx(cdm_stdscr())), Int(cdm_getmaxy(cdm_stdscr())))
    }

    /// Draws the buffer; ncurses sends only what changed since the last flush.
    package func draw(_ buffer: ScreenBuffer) {
        let window = cdm_stdscr()
        for y in 0..<buffer.height {
            var x = 0
            while x < buffer.width {
                let style = buffer[x, y].style
                let start = x
                var scalars: [wchar_t] = []
                while x < buffer.width, buffer[x, y].style == style {
                    let cell = buffer[x, y]
                    if !cell.isContinuation {
                        scalars.append(contentsOf: cell.character.unicodeScalars.map { wchar_t(bitPattern: $0.value) })
                    }
                    x += 1
                }
                scalars.append(0)
                cdm_attrset(window, attributes(for: style))
                _ = scalars.withUnsafeBufferPointer { mvwaddwstr(window, Int32(y), Int32(start), $0.baseAddress) }
            }
        }
        cdm_attrset(window, cdm_a_normal())
        wnoutrefresh(window)
        doupdate()
    }

    private func attributes(for style: CellStyle) -> Int32 {
        var value = cdm_a_normal()
        if usesColor {
            if style.color == .dim { value |= cdm_a_dim() } else { value |= cdm_color_pair(Int32(style.color.rawValue)) }
        } else {
            switch style.color {
            case .accent, .warning: value |= cdm_a_bold()
            case .danger: value |= cdm_a_bold() | cdm_a_underline()
            case .dim: value |= cdm_a_dim()
            case .normal, .ok, .info: break
            }
        }
        if style.bold { value |= cdm_a_bold() }
        if style.reverse { value |= cdm_a_reverse() }
        return value
    }

    /// Sleeps until the terminal has input, `other` (the action queue's wake pipe) is readable, or
    /// `milliseconds` have passed. An interrupted wait (a signal) just returns: the loop looks again.
    package func waitForInput(milliseconds: Int, orReadable other: Int32?) {
        var descriptors = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)]
        if let other { descriptors.append(pollfd(fd: other, events: Int16(POLLIN), revents: 0)) }
        _ = poll(&descriptors, nfds_t(descriptors.count), Int32(milliseconds))
    }

    /// Waits up to `milliseconds` for a key; `nil` when none arrived.
    package func readKey(timeoutMilliseconds milliseconds: Int) -> Key? {
        wtimeout(cdm_stdscr(), Int32(milliseconds))
        var code: wint_t = 0
        let result = wget_wch(cdm_stdscr(), &code)
        if result == ERR { return nil }
        if result == cdm_key_code_yes() { return functionKey(Int32(code)) }
        switch code {
        case 10, 13: return .enter
        case 27: return .escape
        case 9: return .tab
        case 8, 127: return .backspace
        default:
            guard let scalar = Unicode.Scalar(UInt32(code)) else { return nil }
            return .character(Character(scalar))
        }
    }

    private func functionKey(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: .up
        case KEY_DOWN: .down
        case KEY_LEFT: .left
        case KEY_RIGHT: .right
        case KEY_PPAGE: .pageUp
        case KEY_NPAGE: .pageDown
        case KEY_HOME: .home
        case KEY_END: .end
        case KEY_ENTER: .enter
        case KEY_BTAB: .backTab
        case KEY_BACKSPACE: .backspace
        case cdm_key_resize(): .resize
        case cdm_key_mouse(): mouseEvent()
        default: nil
        }
    }

    private func mouseEvent() -> Key? {
        var x: Int32 = 0
        var y: Int32 = 0
        var buttons: mmask_t = 0
        guard cdm_getmouse(&x, &y, &buttons) == OK else { return nil }
        let kind: MouseEvent.Kind
        if buttons & cdm_button1_pressed() != 0 {
            kind = .press
        } else if buttons & cdm_button4_pressed() != 0 {
            kind = .wheelUp
        } else if cdm_button5_pressed() != 0, buttons & cdm_button5_pressed() != 0 {
            kind = .wheelDown
        } else {
            return nil
        }
        return .mouse(MouseEvent(x: Int(x), y: Int(y), kind: kind))
    }

    /// Leaves curses mode and gives the terminal back as it was; safe to call more than once.
    package func restore() {
        guard isActive else { return }
        isActive = false
        restoreTerminalNow()
    }
}
