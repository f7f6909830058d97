import Foundation
import MigrationEngine

/// The console's main loop: owns ncurses on the calling thread, hands keys and the results of effects to the
/// pure reducer as actions, runs the effects it asks for (slow ones on threads of their own), and redraws at a
/// bounded rate.
package final class ConsoleApp {
    /// Why the console stopped.
    package enum Exit: Sendable, Equatable {
        /// The user quit.
        case quit
        /// A signal (Ctrl-C, SIGTERM, SIGHUP) stopped it; any run was cancelled first.
        case interrupted(signal: Int32)
        /// The store it was started on could not be read with its model or mappings (``ConsoleState/fatal``).
        case failed(MigrationError)
    }

    /// The most actions taken in one tick, so a flood of progress cannot keep keys from being read.
    static let actionsPerTick = 4096

    var source: any ConsoleDataSource
    var planner: (any ConsolePlanner)?
    var restorer: (any ConsoleRestorer)?
    /// The tools for a store picked in the picker; nil keeps the console's own for every store.
    let toolsForStore: (@Sendable (String) throws -> StoreTools)?
    var state: ConsoleState
    let controller = ConsoleController()
    var renderer = ConsoleRenderer()
    /// Where every effect sends its result, as an action for the reducer.
    let actions = ActionQueue()
    /// The newest run of each effect that can be stopped or replaced; older runs' actions are dropped.
    var tickets = EffectTickets()
    /// Stops or pauses the running migration.
    var cancellation = CancellationFlag()
    let clockStart = ProcessInfo.processInfo.systemUptime

    /// Creates the console for a store, or for the picker over `pickerRoot` when `storePath` is nil.
    /// Without a planner (no model given) the console browses read-only. A `preparation` runs on its own
    /// thread before the store is opened, while the console shows its message. With a `restorer` the
    /// history screen lists the store's backups and restores one. A `notice` (where the model was found)
    /// is the first message. With `toolsForStore` a store opened from the picker gets its own model and
    /// mappings, found for it as the command line would find them.
    package init(
        source: any ConsoleDataSource, planner: (any ConsolePlanner)?, storePath: String?, pickerRoot: String,
        preparation: Preparation? = nil, restorer: (any ConsoleRestorer)? = nil, notice: String? = nil,
        toolsForStore: (@Sendable (String) throws -> StoreTools)? = nil
    ) {
        self.source = source
        self.planner = planner
        self.restorer = restorer
        self.toolsForStore = toolsForStore
        self.preparation = preparation
        state = ConsoleState(screen: storePath == nil ? .picker : .main)
        state.message = notice
        state.preparing = preparation?.message
        if let storePath {
            pendingEffects = [.openStore(storePath)]
        } else {
            // The search runs on its own thread once the console is up: the picker shows at once and fills in.
            state.picker = PickerState(searching: pickerRoot)
            pendingEffects = [.scanStores]
        }
    }

    /// Creates the console for a store, or for the picker over `pickerRoot` when `storePath` is nil, whose
    /// every store's tools (its model and mappings, seconds to read on a long history) are made by
    /// `toolsForStore` off the UI thread: the first frame says what is being read, whatever the model. Tools
    /// that cannot be made for `storePath` (an invalid model) end the console with why
    /// (``Exit/failed(_:)``), as the command line would; for a store picked in the picker they are only shown.
    package convenience init(
        storePath: String?, pickerRoot: String, preparation: Preparation? = nil,
        toolsForStore: @escaping @Sendable (String) throws -> StoreTools
    ) {
        // Nothing is read with these: every store is read with the tools made for it.
        self.init(
            source: EngineDataSource(modelPath: nil), planner: nil, storePath: storePath, pickerRoot: pickerRoot,
            preparation: preparation, toolsForStore: toolsForStore)
        if let storePath { pendingEffects = [.pickStore(storePath)] }
    }

    /// What the console does first, once it is up (after the preparation, if any).
    var pendingEffects: [ConsoleEffect] = []
    let preparation: Preparation?
    /// The picker's search while it runs.
    var scanner: StoreScanner?
    /// Stops the export running off the UI thread, if one is.
    var exportCancellation: CancellationFlag?
    /// Stops the page of rows being read off the UI thread, if one is.
    var rowsCancellation: CancellationFlag?
    /// Where effects do their work: inline until ``run()`` starts the loop that takes their results.
    package var workMode = WorkMode.inline

    /// Seconds since the console started, on a monotonic clock.
    var now: Double { ProcessInfo.processInfo.systemUptime - clockStart }

    /// Runs until the user quits or a signal arrives; the terminal is restored on every way out.
    package func run() -> Exit {
        let backend = NCursesBackend()
        defer { backend.restore() }
        // From here the loop takes the results of slow work, so it runs off the UI thread: the first frame is
        // drawn before the store has been read and planned.
        workMode = .thread
        renderer.glyphs = backend.glyphs
        send(.resized(TerminalSize(width: backend.size.width, height: backend.size.height)))
        if let preparation {
            startPreparation(preparation)
        } else {
            perform(pendingEffects)
        }
        var pacer = FramePacer()
        // ncurses may hold keys it has already read from the terminal, which no wait would report.
        var keysWaiting = false
        while true {
            let signal = TerminalSignals.takePending()
            if signal != 0 {
                stopWorker()
                stopExport()
                stopRows()
                return .interrupted(signal: signal)
            }
            let wasRunning = state.engineRunning
            actions.clearWake()
            if receiveAll(limit: Self.actionsPerTick) { pacer.changed() }
            if let fatal = state.fatal {
                scanner?.stop()
                return .failed(fatal.error ?? MigrationError(fatal))
            }
            // The result screen is drawn as soon as the engine has finished, not a frame later.
            if wasRunning, !state.engineRunning { pacer.changed(promptly: true) }
            let running = (state.screen == .run && state.run?.outcome == nil) || state.preparing != nil
            if pacer.shouldDraw(now: now, animating: running) {
                backend.draw(renderer.render(state, now: now))
                pacer.drew(at: now)
            }
            // Asleep until a key, an action or the next frame due: no poll delays what was asked for.
            if !keysWaiting {
                let wait = actions.count > 0 ? 0 : pacer.wait(now: now, animating: running)
                backend.waitForInput(milliseconds: wait, orReadable: actions.wakeDescriptor)
            }
            guard let key = backend.readKey(timeoutMilliseconds: 0) else {
                keysWaiting = false
                continue
            }
            keysWaiting = true
            pacer.keyTaken()
            if key == .resize {
                send(.resized(TerminalSize(width: backend.size.width, height: backend.size.height)))
                continue
            }
            if send(.key(key)).contains(.quit) {
                scanner?.stop()
                stopWorker()
                stopExport()
                stopRows()
                return .quit
            }
        }
    }
}
