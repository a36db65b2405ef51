/// PNG chunk reading and writing: lengths, types, CRC-32 (the APNG writer
/// assembles its own chunks around libpng-compressed frame data).
package enum PNGChunks {
    package static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    /// CRC-32 state after `bytes`, from `start` (0xFFFFFFFF for a new CRC; the caller
    /// inverts the result), computed by `Checksums`.
    package static func crc32<S: Sequence>(_ bytes: S, start: UInt32 = 0xFFFFFFFF) -> UInt32 where S.Element == UInt8 {
        let data = Array(bytes)
        guard !data.isEmpty else { return start }
        return ~data.withUnsafeBufferPointer { Checksums.crc32($0.baseAddress!, count: data.count, crc: ~start) }
    }

    package static func be32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8((v >> 16) & 255), UInt8((v >> 8) & 255), UInt8(v & 255)]
    }
    package static func be16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 255)] }

    /// Appends one chunk (length, type, data, CRC over type + data).
    package static func append(_ type: String, _ data: [UInt8], to out: inout [UInt8]) {
        let t = Array(type.utf8)
        out += be32(UInt32(data.count))
        out += t
        out += data
        out += be32(crc32(data, start: crc32(t)) ^ 0xFFFFFFFF)
    }

    package struct Chunk: Sendable {
        package var type: String
        package var data: [UInt8]
        package var crcValid: Bool
    }

    /// Splits a PNG into chunks; nil when the signature or a length is wrong.
    package static func parse(_ bytes: [UInt8]) -> [Chunk]? {
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { return nil }
        var chunks: [Chunk] = []
        var i = 8
        while i + 12 <= bytes.count {
            let len = Int(
                UInt32(bytes[i]) << 24 | UInt32(bytes[i + 1]) << 16 | UInt32(bytes[i + 2]) << 8 | UInt32(bytes[i + 3]))
            guard len <= bytes.count - i - 12 else { return nil }
            let type = String(decoding: bytes[(i + 4)..<(i + 8)], as: UTF8.self)
            let data = Array(bytes[(i + 8)..<(i + 8 + len)])
            let stored =
                UInt32(bytes[i + 8 + len]) << 24 | UInt32(bytes[i + 9 + len]) << 16 | UInt32(bytes[i + 10 + len]) << 8
                | UInt32(bytes[i + 11 + len])
            let crc = crc32(data, start: crc32(Array(type.utf8))) ^ 0xFFFFFFFF
            chunks.append(Chunk(type: type, data: data, crcValid: crc == stored))
            i += 12 + len
            if type == "IEND" { break }
        }
        return chunks
    }

    package static func readBE32(_ d: [UInt8], _ at: Int) -> UInt32 {
        UInt32(d[at]) << 24 | UInt32(d[at + 1]) << 16 | UInt32(d[at + 2]) << 8 | UInt32(d[at + 3])
    }
    package static func readBE16(_ d: [UInt8], _ at: Int) -> UInt16 { UInt16(d[at]) << 8 | UInt16(d[at + 1]) }
}
