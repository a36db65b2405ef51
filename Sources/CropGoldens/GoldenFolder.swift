import CropEngine
import CropJSON
import CropPipeline
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a golden folder is: the folder `record` writes for one scenario, `<name>/trace.json`
/// (a trace CropReplay wrote, for the scenario `<name>`) and the snapshot images that trace
/// names (`<snapshot>.png`, `frame-<n>.png`), nothing else. Only such a folder is removed by
/// `record --prune`, and only a folder that holds nothing else is replaced by `record`.
package enum GoldenFolder {
    /// Whether `path` is a folder itself (not a link to one).
    static func isFolder(_ path: String) -> Bool { kind(path) == Int(S_IFDIR) }

    /// The file type of `path` itself (`lstat`: a link is a link), nil when it does not exist.
    static func kind(_ path: String) -> Int? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return Int(info.st_mode) & Int(S_IFMT)
    }

    /// Files a file manager leaves in any folder it shows (macOS Finder's `.DS_Store`): not the
    /// user's content, so they do not make a golden folder foreign.
    static let managerFiles: Set<String> = [".DS_Store"]

    /// Why a scenario's golden may not be written into `folder` (one line, after the scenario's
    /// file): it exists and holds something `record` does not write. Nil when it may (it does
    /// not exist, or holds only a golden's files). `record` and `review`'s Accept both ask.
    package static func replaceRefusal(_ folder: String) -> String? {
        guard FileIO.exists(folder) || FileIO.isSymbolicLink(folder), let problem = foreignContent(folder) else {
            return nil
        }
        return "the golden folder \(folder)/ \(problem); record replaces only golden folders: move it, or record into"
            + " another --golden"
    }

    /// Why `path` holds something `record` does not write (a link, a subfolder, another kind of
    /// file, a file not named `trace.json` or `*.png`, `managerFiles` aside), or nil when it
    /// holds only such files. `record` replaces an existing folder only when this is nil (a
    /// damaged golden is still replaced: its trace need not decode).
    package static func foreignContent(_ path: String) -> String? {
        switch kind(path) {
        case Int(S_IFDIR)?: break
        case Int(S_IFLNK)?: return "is a symbolic link"
        default: return "is not a folder"
        }
        guard let items = try? FileManager.default.contentsOfDirectory(atPath: path) else {
            return "cannot be listed"
        }
        for item in items.sorted() where !managerFiles.contains(item) {
            guard kind(path + "/" + item) == Int(S_IFREG) else {
                return "holds \(Echo.cap(item)), which is not a file record writes"
            }
            guard item == "trace.json" || (item.hasSuffix(".png") && !item.hasPrefix(".")) else {
                return "holds \(Echo.cap(item)), which is not a file record writes"
            }
        }
        return nil
    }

    /// Why `path` is not a golden folder, or nil when it is one: it holds only what
    /// `foreignContent` allows, its `trace.json` decodes as a trace recorded for the scenario
    /// named like the folder, and every image is one of that trace's snapshots.
    package static func problem(_ path: String) -> String? {
        if let foreign = foreignContent(path) { return foreign }
        let store = GoldenStore(root: PathText.parent(path), name: PathText.lastComponent(path))
        guard kind(store.tracePath) == Int(S_IFREG) else { return "holds no trace.json" }
        let trace: TraceFile
        do { trace = try store.trace() } catch { return "holds a trace.json that is not a trace CropReplay wrote" }
        guard trace.scenario == store.name else {
            return "holds a trace.json recorded for the scenario \"\(Echo.cap(trace.scenario))\", not"
                + " \"\(Echo.cap(store.name))\""
        }
        let snapshots = Set(trace.snapshots.map { "\($0.name).png" })
        func isFrameImage(_ item: String) -> Bool {
            guard item.hasPrefix("frame-"), item.hasSuffix(".png"),
                let n = Int(item.dropFirst("frame-".count).dropLast(".png".count))
            else { return false }
            return trace.frames.indices.contains(n) && item == "frame-\(n).png"
        }
        let items = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        for item in items.sorted()
        where item != "trace.json" && !snapshots.contains(item) && !isFrameImage(item) && !managerFiles.contains(item) {
            return "holds \(Echo.cap(item)), which is not a snapshot of its trace"
        }
        return nil
    }
}
