/// Where a streaming encoder writes: bytes appended in order, a few of them patched at the
/// end (the APNG frame count). The pipeline writes to a temporary file renamed into place
/// when the encoder finishes; `ByteBuffer` keeps the bytes in memory.
package protocol ByteSink: AnyObject {
    /// Bytes written so far.
    var count: Int { get }
    func write(_ bytes: [UInt8]) throws
    /// Replaces bytes already written, from `offset` on.
    func overwrite(at offset: Int, _ bytes: [UInt8]) throws
}

/// A sink in memory.
package final class ByteBuffer: ByteSink {
    package private(set) var bytes: [UInt8] = []
    package init() {}
    package var count: Int { bytes.count }
    package func write(_ more: [UInt8]) { bytes += more }
    package func overwrite(at offset: Int, _ more: [UInt8]) {
        bytes.replaceSubrange(offset..<(offset + more.count), with: more)
    }
}
