import CSignalCleanup

/// Temporary files and staged folders that an interrupting signal (SIGINT, SIGTERM, SIGHUP)
/// removes before the process ends: every `AtomicFile`'s temporary file while it is open, and
/// the staged folder of a `run`. The command line installs the handler once (`install`);
/// without it, registering costs a slot in a static table and nothing else.
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

    /// Removes a folder and everything in it (the handler's own removal).
    package static func removeTree(_ path: String) { _ = sc_remove_tree(path) }
}
