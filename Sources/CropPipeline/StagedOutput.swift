import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A scenario's outputs written aside and published as a whole: `run` writes into a hidden
/// folder inside `DIR/<name>/` (`.cropreplay-staged-PID`), and `publish` moves each output
/// into place. `trace.json` marks a complete folder: the old one is moved away first and the
/// new one moved in last, so an interruption while publishing leaves a folder without
/// `trace.json`, never an old animation beside a new trace. Outputs of the old run that the
/// new one does not make (an `animation.gif` from an earlier `--gif`) are removed; files
/// that are not outputs stay. A staged folder that is dropped unpublished (a failure) is
/// removed; one left by a killed process is removed by the next run into the same folder,
/// and an interrupting signal removes it at once (`CleanupOnSignal`).
package final class StagedOutput {
    /// The scenario's output folder, `DIR/<name>`.
    package let folder: String
    /// Where the outputs are written until `publish`.
    package let staged: String
    private var slot: Int32?
    private var done = false
    /// The scenario's folder did not exist before: an unpublished stage removes it (if empty).
    private let createdFolder: Bool

    /// What `run` may write in a scenario's folder: everything `publish` replaces.
    package static let outputs = [
        "snapshots", "crops", "frames", "animation.png", "animation.gif", "animation.webp", "sheet.png",
    ]
    static let prefix = ".cropreplay-staged-"

    package init(folder: String) throws(FileError) {
        self.folder = folder
        if FileIO.exists(folder) && !FileIO.isDirectory(folder) {
            throw FileError(path: folder, message: "is not a folder; a scenario's outputs go into a folder of its name")
        }
        createdFolder = !FileIO.exists(folder)
        try FileIO.makeDirectory(folder)
        StagedOutput.removeLeftovers(in: folder)
        staged = folder + "/" + StagedOutput.prefix + "\(getpid())-\(StagedOutput.next())"
        slot = CleanupOnSignal.register(staged, tree: true)
        try FileIO.makeDirectory(staged)
    }

    deinit { discard() }

    /// Removes the staged folder (nothing is published), and the scenario's folder when this
    /// stage made it and it is empty.
    package func discard() {
        guard !done else { return }
        done = true
        CleanupOnSignal.removeTree(staged)
        CleanupOnSignal.unregister(slot)
        if createdFolder { rmdir(folder) }
    }

    /// Moves the staged outputs into the folder (see the type's comment).
    package func publish() throws(FileError) {
        guard !done else { throw FileError(path: folder, message: "internal error: published twice") }
        defer {
            done = true
            CleanupOnSignal.removeTree(staged)
            CleanupOnSignal.unregister(slot)
        }
        let old = staged + "/.old"
        try FileIO.makeDirectory(old)
        func move(_ from: String, _ to: String) throws(FileError) {
            guard FileIO.exists(from) || FileIO.isSymbolicLink(from) else { return }
            if CleanupOnSignal.changing({ rename(from, to) }) != 0 {
                throw FileError(path: to, message: "cannot be replaced (\(String(cString: strerror(errno))))")
            }
        }
        try move(folder + "/trace.json", old + "/trace.json")
        for name in StagedOutput.outputs {
            try move(folder + "/" + name, old + "/" + name)
            try move(staged + "/" + name, folder + "/" + name)
        }
        try move(staged + "/trace.json", folder + "/trace.json")
    }

    nonisolated(unsafe) private static var counter = 0
    private static let lock = NSLock()
    private static func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        counter += 1
        return counter
    }

    /// Staged folders of processes that no longer run (killed before they could clean up).
    static func removeLeftovers(in folder: String) {
        guard let items = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for item in items where item.hasPrefix(prefix) {
            let pid = item.dropFirst(prefix.count).split(separator: "-").first.flatMap { Int32($0) }
            if let pid, pid == getpid() || (kill(pid, 0) == 0 || errno == EPERM) { continue }
            CleanupOnSignal.removeTree(folder + "/" + item)
        }
    }
}
