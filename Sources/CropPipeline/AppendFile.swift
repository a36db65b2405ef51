import Foundation

extension FileIO {
    /// Appends text to a file another program owns (created when absent), e.g. a CI job's
    /// summary page: appended, not replaced, since earlier steps wrote there too.
    package static func append(_ path: String, _ text: String) throws(FileError) {
        if !exists(path) && !FileManager.default.createFile(atPath: path, contents: nil) {
            throw FileError(path: path, message: "cannot be created for appending")
        }
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw FileError(path: path, message: "cannot be opened for appending")
        }
        defer { try? handle.close() }
        do {
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(text.utf8))
        } catch {
            throw FileError(path: path, message: "cannot be appended to (\(error.localizedDescription))")
        }
    }
}
