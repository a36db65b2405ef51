import CSignalCleanup

/// Temporary files and staged folders that an interrupting signal (SIGINT, SIGTERM, SIGHUP)
/// removes before the process ends: every `AtomicFile`'s temporary file while it is open, and
/// the staged folder of a `run`. The command line installs the handler once (`install`);
/// without it, registering costs a slot in a static table and nothing else.
///
/// The handler runs on one thread while the others (`--jobs`) run on: every creation or move
/// of a file or folder goes through `changing`, so the handler waits for those under way and
/// any later one waits until the process ends. Nothing is created in a staged folder after
/// the handler removed it (a worker writing `frames/` used to make it again).
package enum CleanupOnSignal {
    /// Installs the handler (idempotent); a signal that is ignored (nohup) stays ignored.
    package static func install() { sc_install() }

    /// Registers a file (or, with `tree`, a folder and everything in it); the slot is for
    /// `unregister`, nil when the table is full.
    @discardableResult
    package static func register(_ path: String, tree: Bool = false) -> Int32? {
        let slot = sc_register(path, tree ? 1 : 0)
        return slot >= 0 ? slot : nil
    }

    package static func unregister(_ slot: Int32?) {
        if let slot { sc_unregister(slot) }
    }

    /// Runs `change`, which creates (a registered path) or moves files or folders, so that the
    /// handler never races it: see the type's comment. Keep `change` to the file system calls.
    package static func changing<T, E: Error>(_ change: () throws(E) -> T) throws(E) -> T {
        sc_enter()
        defer { sc_leave() }
        return try change()
    }

    /// Removes a folder and everything in it (the handler's own removal).
    package static func removeTree(_ path: String) { _ = sc_remove_tree(path) }
}
