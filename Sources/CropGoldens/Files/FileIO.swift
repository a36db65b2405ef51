#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A failure to read or write a file: one line naming the path.
public struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String
    public var description: String { "\(path): \(message)" }
}

/// File access for the pipeline. Every write goes to a temporary file in the
/// target's folder and is renamed into place, so no reader ever sees half a file.
public enum FileIO {
    public static func read(_ path: String, limit: Int = 512 * 1024 * 1024) throws(FileError) -> [UInt8] {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
            throw FileError(path: path, message: "no such file")
        }
        if isDir.boolValue { throw FileError(path: path, message: "is a folder, expected a file") }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw FileError(path: path, message: "cannot be opened for reading") }
        defer { try? handle.close() }
        do {
            let data = try handle.readToEnd() ?? Data()
            if data.count > limit { throw FileError(path: path, message: "is larger than \(limit) bytes") }
            return [UInt8](data)
        } catch let e as FileError {
            throw e
        } catch {
            throw FileError(path: path, message: "cannot be read (\(error.localizedDescription))")
        }
    }

    public static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    public static func isDirectory(_ path: String) -> Bool {
        var isDir: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDir) && isDir.boolValue
    }

    public static func makeDirectory(_ path: String) throws(FileError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw FileError(path: path, message: "cannot create folder")
        }
    }

    nonisolated(unsafe) private static var counter = 0
    private static let counterLock = NSLock()

    /// Writes `bytes` atomically: a temporary file beside `path`, then rename.
    public static func writeAtomically(_ path: String, _ bytes: [UInt8]) throws(FileError) {
        let dir = (path as NSString).deletingLastPathComponent
        if !dir.isEmpty { try makeDirectory(dir) }
        counterLock.lock()
        counter += 1
        let n = counter
        counterLock.unlock()
        let name = (path as NSString).lastPathComponent
        let temp = (dir.isEmpty ? "" : dir + "/") + ".\(name).tmp-\(getpid())-\(n)"
        let fd = open(temp, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw FileError(path: path, message: "cannot be written (\(String(cString: strerror(errno))))") }
        var written = 0
        let ok: Bool = bytes.withUnsafeBytes { raw in
            while written < raw.count {
                let r = write(fd, raw.baseAddress! + written, raw.count - written)
                if r <= 0 { return false }
                written += r
            }
            return true
        }
        close(fd)
        guard ok else {
            unlink(temp)
            throw FileError(path: path, message: "cannot be written (disk full?)")
        }
        if rename(temp, path) != 0 {
            unlink(temp)
            throw FileError(path: path, message: "cannot be renamed into place")
        }
    }

    public static func writeAtomically(_ path: String, _ text: String) throws(FileError) {
        try writeAtomically(path, Array(text.utf8))
    }

    /// Every `*.json` scenario under `path` (a file is itself), sorted, skipping `schema.json`.
    public static func scenarioFiles(_ path: String) throws(FileError) -> [String] {
        if !isDirectory(path) {
            guard exists(path) else { throw FileError(path: path, message: "no such file or folder") }
            return [path]
        }
        guard let enumerator = FileManager.default.enumerator(atPath: path) else {
            throw FileError(path: path, message: "cannot be listed")
        }
        var out: [String] = []
        while let item = enumerator.nextObject() as? String {
            let name = (item as NSString).lastPathComponent
            if name.hasSuffix(".json") && name != "schema.json" && !name.hasPrefix(".") {
                out.append(path.hasSuffix("/") ? path + item : path + "/" + item)
            }
        }
        return out.sorted()
    }

    /// Removes a file if it exists.
    public static func remove(_ path: String) {
        try? FileManager.default.removeItem(atPath: path)
    }
}
