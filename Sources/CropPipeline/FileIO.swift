import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failure to read or write a file: one line naming the path.
public struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file's path, as given.
    public var path: String
    /// What went wrong.
    public var message: String
    /// `path: message`.
    public var description: String { "\(path): \(message)" }
}

/// File access for the pipeline. Every output goes through `AtomicFile`: a regular file is
/// written to a temporary file in the target's folder and renamed into place, so no reader
/// ever sees half a file; a device is written in place (`outputTarget`).
package enum FileIO {
    /// Reads a regular file of at most `limit` bytes. The file is checked before anything
    /// is read (a folder, a FIFO, a device or a socket is refused at once, never waited on)
    /// and at most `limit + 1` bytes are ever read, so a huge or endless file costs nothing.
    package static func read(_ path: String, limit: Int) throws(FileError) -> [UInt8] {
        guard !path.isEmpty else { throw FileError(path: path, message: "expected a file path, got an empty one") }
        guard !path.utf8.contains(0) else { throw FileError(path: path, message: "the path contains a NUL byte") }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw FileError(path: path, message: "no such file") }
            throw FileError(path: path, message: "cannot be opened for reading (\(String(cString: strerror(code))))")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileError(path: path, message: "cannot be read (fstat failed)") }
        let type = Int(info.st_mode) & Int(S_IFMT)
        switch type {
        case Int(S_IFREG): break
        case Int(S_IFDIR): throw FileError(path: path, message: "is a folder, expected a file")
        case Int(S_IFIFO): throw FileError(path: path, message: "is a pipe (FIFO), expected a regular file")
        case Int(S_IFCHR), Int(S_IFBLK): throw FileError(path: path, message: "is a device, expected a regular file")
        default: throw FileError(path: path, message: "is not a regular file")
        }
        let size = Int(info.st_size)
        if size > limit { throw FileError(path: path, message: "is larger than \(limit) bytes") }
        var out = [UInt8](repeating: 0, count: min(size, limit) + 1)
        var count = 0
        while true {
            if count == out.count {
                // The file grew after fstat: read on, but never past limit + 1 bytes.
                if count > limit { break }
                out.append(contentsOf: repeatElement(0, count: min(out.count, limit + 1 - out.count)))
            }
            let n = out.withUnsafeMutableBytes { raw -> Int in
                guard let base = raw.baseAddress else { return 0 }
                return Foundation.read(fd, base + count, raw.count - count)
            }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError(path: path, message: "cannot be read (\(String(cString: strerror(errno))))")
            }
            if n == 0 { break }
            count += n
        }
        if count > limit { throw FileError(path: path, message: "is larger than \(limit) bytes") }
        out.removeSubrange(count...)
        return out
    }

    package static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    /// Whether `path` is a symbolic link (dangling or not).
    package static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && Int(info.st_mode) & Int(S_IFMT) == Int(S_IFLNK)
    }

    package static func isDirectory(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
    }

    /// Creates a folder and its missing parents; an error says why in the environment's words.
    package static func makeDirectory(_ path: String) throws(FileError) {
        guard !path.isEmpty, !isDirectory(path) else { return }
        let parent = PathText.parent(path)
        if !parent.isEmpty && parent != path { try makeDirectory(parent) }
        if CleanupOnSignal.changing({ mkdir(path, 0o755) }) != 0 {
            let code = errno
            if code == EEXIST && isDirectory(path) { return }
            if code == EEXIST {
                throw FileError(path: path, message: "cannot create folder: a file of that name exists")
            }
            throw FileError(path: path, message: "cannot create folder: " + reason(code))
        }
    }

    nonisolated(unsafe) private static var counter = 0
    private static let counterLock = NSLock()

    /// A hidden temporary name beside `path`, unique in this process.
    package static func temporaryName(for path: String) -> String {
        let dir = PathText.parent(path)
        counterLock.lock()
        counter += 1
        let n = counter
        counterLock.unlock()
        let name = PathText.lastComponent(path)
        return (dir.isEmpty ? "" : dir + "/") + ".\(name).tmp-\(getpid())-\(n)"
    }

    /// Where an output written to `path` goes.
    package enum OutputTarget: Equatable, Sendable {
        /// A regular file (or a new one) at this path, replaced atomically: `path` itself, or
        /// the file a symbolic link points to.
        case file(String)
        /// A character or block device, or a pipe (FIFO) with a reader: written in place.
        case device
    }

    /// Decides how `path` is written, before anything is: a new path or a regular file is
    /// replaced atomically, a link to a file replaces that file (the link stays), a device is
    /// written in place, and so is a pipe; a dangling link, a folder or a socket is refused.
    package static func outputTarget(_ path: String) throws(FileError) -> OutputTarget {
        guard !path.isEmpty else { throw FileError(path: path, message: "expected a file path, got an empty one") }
        guard !path.utf8.contains(0) else { throw FileError(path: path, message: "the path contains a NUL byte") }
        var link = stat()
        guard lstat(path, &link) == 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return .file(path) }
            throw FileError(path: path, message: "cannot be written (\(String(cString: strerror(code))))")
        }
        var info = link
        var target = path
        if Int(link.st_mode) & Int(S_IFMT) == Int(S_IFLNK) {
            guard stat(path, &info) == 0 else {
                let pointee = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
                throw FileError(
                    path: path,
                    message:
                        "is a symbolic link to \(pointee), which does not exist; expected a file, a folder"
                        + " to write in or a device"
                )
            }
            guard let real = realpath(path, nil) else {
                throw FileError(path: path, message: "is a symbolic link that cannot be resolved")
            }
            target = String(cString: real)
            free(real)
        }
        switch Int(info.st_mode) & Int(S_IFMT) {
        case Int(S_IFREG): return .file(target)
        case Int(S_IFCHR), Int(S_IFBLK): return .device
        case Int(S_IFDIR): throw FileError(path: path, message: "is a folder, expected a file")
        case Int(S_IFIFO): return .device
        default: throw FileError(path: path, message: "is not a regular file or a device")
        }
    }

    /// The words for a failed write: the environment's problem, said plainly.
    package static func writeFailure(_ code: Int32) -> String { "cannot be written: " + reason(code) }

    /// What an errno means, in the words of the one-line errors.
    package static func reason(_ code: Int32) -> String {
        switch code {
        case ENOSPC: return "no space left on the device"
        case EROFS: return "the file system is read-only"
        case EACCES, EPERM: return "permission denied"
        case EDQUOT: return "the disk quota is exceeded"
        case ENOTDIR: return "a part of the path is not a folder"
        default: return String(cString: strerror(code))
        }
    }

    /// Writes `bytes` atomically: a temporary file beside `path`, then rename (`AtomicFile`).
    package static func writeAtomically(_ path: String, _ bytes: [UInt8]) throws(FileError) {
        let file = try AtomicFile(path)
        try file.append(bytes)
        try file.commit()
    }

    package static func writeAtomically(_ path: String, _ text: String) throws(FileError) {
        try writeAtomically(path, Array(text.utf8))
    }

    /// Folders `check`/`record` never look into: goldens, outputs, hidden and build folders.
    package static let skippedFolders: Set<String> = ["golden", "out", "node_modules", "Packages"]
    /// JSON files that are outputs, not scenarios (and recorded traces, `*.recorded.json`).
    package static let skippedFiles: Set<String> = ["schema.json", "trace.json", "metrics.json", "Package.resolved"]

    /// Every `*.json` scenario under `path` (a file is itself), sorted: never inside `golden/`,
    /// `out/` or hidden folders, and never a trace, metrics or `schema.json`.
    package static func scenarioFiles(_ path: String) throws(FileError) -> [String] {
        if !isDirectory(path) {
            guard exists(path) else { throw FileError(path: path, message: "no such file or folder") }
            return [path]
        }
        guard let enumerator = FileManager.default.enumerator(atPath: path) else {
            throw FileError(path: path, message: "cannot be listed")
        }
        var out: [String] = []
        while let item = enumerator.nextObject() as? String {
            let name = PathText.lastComponent(item)
            let full = path.hasSuffix("/") ? path + item : path + "/" + item
            if isDirectory(full) {
                if name.hasPrefix(".") || skippedFolders.contains(name) || name.hasSuffix("-compare") {
                    enumerator.skipDescendants()
                }
                continue
            }
            if name.hasSuffix(".json") && !skippedFiles.contains(name) && !name.hasPrefix(".")
                && !name.hasSuffix(".recorded.json")
            {
                out.append(full)
            }
        }
        return out.sorted()
    }

    /// Whether `path` is `folder` or lies inside it (both resolved against the working
    /// directory, `.` and `..` and symbolic links followed).
    package static func isInside(_ path: String, folder: String) -> Bool {
        func resolved(_ p: String) -> [String] {
            let absolute = p.hasPrefix("/") ? p : FileManager.default.currentDirectoryPath + "/" + p
            let url = URL(fileURLWithPath: absolute).standardizedFileURL
            // Resolve links through the longest existing ancestor.
            var parts = url.pathComponents
            var tail: [String] = []
            while !parts.isEmpty {
                let candidate = parts.joined(separator: "/").replacingOccurrences(of: "//", with: "/")
                if FileManager.default.fileExists(atPath: candidate) {
                    let real = URL(fileURLWithPath: candidate).resolvingSymlinksInPath().pathComponents
                    return real + tail.reversed()
                }
                tail.append(parts.removeLast())
            }
            return url.pathComponents
        }
        let p = resolved(path)
        let f = resolved(folder)
        return p.count >= f.count && Array(p.prefix(f.count)) == f
    }

    /// Removes a file if it exists.
    package static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }
}

extension FileIO {
    /// Replaces the folder `path` as a whole by one holding exactly `files`: they are written
    /// into a hidden folder beside it, which then takes its place (the old one is renamed away
    /// first and removed last). An interruption leaves either the old folder, the new one, or
    /// none (never a mix), plus a hidden leftover that the next call removes.
    package static func replaceFolder(_ path: String, with files: [(name: String, bytes: [UInt8])]) throws(FileError) {
        let parent = PathText.parent(path)
        let name = PathText.lastComponent(path)
        let base = (parent.isEmpty ? "" : parent + "/")
        try makeDirectory(parent.isEmpty ? "." : parent)
        // Leftovers of an interrupted earlier call.
        if let items = try? FileManager.default.contentsOfDirectory(atPath: parent.isEmpty ? "." : parent) {
            for item in items where item.hasPrefix(".\(name).staged-") || item.hasPrefix(".\(name).old-") {
                try? FileManager.default.removeItem(atPath: base + item)
            }
        }
        let staged = base + ".\(name).staged-\(getpid())"
        let old = base + ".\(name).old-\(getpid())"
        // Errors name the folder being replaced, never the hidden staged one.
        func shown(_ e: FileError) -> FileError {
            let rest = e.path.hasPrefix(staged) ? String(e.path.dropFirst(staged.count)) : ""
            return FileError(path: path + (rest.isEmpty ? "/" : rest), message: e.message)
        }
        let slot = CleanupOnSignal.register(staged, tree: true)
        defer { CleanupOnSignal.unregister(slot) }
        do {
            try makeDirectory(staged)
            for file in files { try writeAtomically(staged + "/" + file.name, file.bytes) }
        } catch {
            CleanupOnSignal.removeTree(staged)
            throw shown(error)
        }
        if exists(path), rename(path, old) != 0 {
            let code = errno
            CleanupOnSignal.removeTree(staged)
            throw FileError(path: path + "/", message: "cannot be replaced (\(String(cString: strerror(code))))")
        }
        if rename(staged, path) != 0 {
            let code = errno
            _ = rename(old, path)
            CleanupOnSignal.removeTree(staged)
            throw FileError(path: path + "/", message: "cannot be replaced (\(String(cString: strerror(code))))")
        }
        try? FileManager.default.removeItem(atPath: old)
    }
}
