import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension FileIO {
    /// Removes a folder in one visible step: it is renamed to a hidden name beside it (atomic:
    /// a reader sees the whole folder or none of it), then deleted. A leftover hidden folder
    /// (an interruption between the two steps) is never read as a golden.
    package static func removeFolder(_ path: String) throws(FileError) {
        let parent = PathText.parent(path)
        let name = PathText.lastComponent(path)
        let hidden = (parent.isEmpty ? "" : parent + "/") + ".\(name).removed-\(getpid())"
        guard rename(path, hidden) == 0 else {
            throw FileError(path: path, message: "cannot be removed (\(String(cString: strerror(errno))))")
        }
        do { try FileManager.default.removeItem(atPath: hidden) } catch {
            throw FileError(
                path: hidden, message: "was moved away but cannot be deleted (\(error.localizedDescription))")
        }
    }
}
