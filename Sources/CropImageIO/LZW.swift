/// GIF's variable-width LZW (codes up to 12 bits, clear when the table is full).
package enum LZW {
    package static func encode(_ input: [UInt8], minCodeSize: Int) -> [UInt8] {
        let clear = 1 << minCodeSize
        let eoi = clear + 1
        var out: [UInt8] = []
        out.reserveCapacity(input.count / 2)
        var bitBuffer: UInt32 = 0
        var bitCount = 0
        var codeSize = minCodeSize + 1
        var nextCode = eoi + 1
        // Trie: child[code * 256 + byte] = code + 1 (0 = none); cleared entries tracked.
        var child = [UInt16](repeating: 0, count: 4096 * 256)
        var used: [Int] = []
        used.reserveCapacity(4096)
        func emit(_ code: Int) {
            bitBuffer |= UInt32(code) << UInt32(bitCount)
            bitCount += codeSize
            while bitCount >= 8 {
                out.append(UInt8(bitBuffer & 0xFF))
                bitBuffer >>= 8
                bitCount -= 8
            }
        }
        emit(clear)
        guard var prefix = input.first.map({ Int($0) }) else {
            emit(eoi)
            if bitCount > 0 { out.append(UInt8(bitBuffer & 0xFF)) }
            return out
        }
        var i = 1
        while i < input.count {
            let b = Int(input[i])
            let slot = prefix << 8 | b
            let existing = Int(child[slot])
            if existing != 0 {
                prefix = existing - 1
            } else {
                emit(prefix)
                if nextCode < 4096 {
                    child[slot] = UInt16(nextCode + 1)
                    used.append(slot)
                    if nextCode == (1 << codeSize) && codeSize < 12 { codeSize += 1 }
                    nextCode += 1
                    if nextCode == 4096 {
                        // Table full: clear and start over.
                        emit(clear)
                        for s in used { child[s] = 0 }
                        used.removeAll(keepingCapacity: true)
                        codeSize = minCodeSize + 1
                        nextCode = eoi + 1
                    }
                }
                prefix = b
            }
            i += 1
        }
        emit(prefix)
        emit(eoi)
        if bitCount > 0 { out.append(UInt8(bitBuffer & 0xFF)) }
        return out
    }
}
