/// SHA-256 (FIPS 180-4). Used for the ownership manifest and the incremental cache; written
/// here because themegen takes no package dependencies and Foundation has no digest on Linux.
package struct SHA256: Sendable {
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) =
        (0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19)
    private var pending: [UInt8] = []
    private var length: UInt64 = 0

    package init() { pending.reserveCapacity(64) }

    /// The digest of `bytes` as 64 lowercase hex digits.
    package static func hex(_ bytes: [UInt8]) -> String {
        hexString(hash(bytes))
    }

    /// The 32-byte digest of `bytes`.
    package static func hash(_ bytes: [UInt8]) -> [UInt8] {
        var h = SHA256()
        h.update(bytes)
        return h.finalize()
    }

    package static func hexString(_ digest: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(digest.count * 2)
        for b in digest {
            out.append(digits[Int(b >> 4)])
            out.append(digits[Int(b & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    package mutating func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { update(UnsafeRawBufferPointer($0)) }
    }

    package mutating func update(_ buffer: UnsafeRawBufferPointer) {
        length &+= UInt64(buffer.count)
        var offset = 0
        if !pending.isEmpty {
            let take = min(64 - pending.count, buffer.count)
            pending.append(contentsOf: buffer[0..<take])
            offset = take
            if pending.count == 64 {
                pending.withUnsafeBytes { compress($0.baseAddress!, blocks: 1) }
                pending.removeAll(keepingCapacity: true)
            }
        }
        let whole = (buffer.count - offset) / 64
        if whole > 0 {
            compress(buffer.baseAddress! + offset, blocks: whole)
            offset += whole * 64
        }
        if offset < buffer.count {
            pending.append(contentsOf: buffer[offset...])
        }
    }

    package mutating func finalize() -> [UInt8] {
        let bitLength = length &* 8
        var tail = pending
        tail.append(0x80)
        while tail.count % 64 != 56 { tail.append(0) }
        for i in (0..<8).reversed() { tail.append(UInt8(truncatingIfNeeded: bitLength >> (UInt64(i) * 8))) }
        tail.withUnsafeBytes { raw in compress(raw.baseAddress!, blocks: raw.count / 64) }
        pending.removeAll()
        var out = [UInt8]()
        out.reserveCapacity(32)
        for word in [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7] {
            out.append(UInt8(word >> 24)); out.append(UInt8((word >> 16) & 0xff))
            out.append(UInt8((word >> 8) & 0xff)); out.append(UInt8(word & 0xff))
        }
        return out
    }

    private static let k: [UInt32] = [
        0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
        0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
        0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
        0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
        0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
        0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
        0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
        0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
    ]

    /// Masking shifts: the plain ones check for over-shifting on every call.
    @inline(__always) private static func rotr(_ x: UInt32, _ n: UInt32) -> UInt32 { (x &>> n) | (x &<< (32 &- n)) }

    /// `blocks` consecutive 64-byte blocks. The schedule and the constants are set up once per
    /// call, not per block, and live on the stack: no allocation in the loop.
    private mutating func compress(_ data: UnsafeRawPointer, blocks: Int) {
        var (h0, h1, h2, h3, h4, h5, h6, h7) = state
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { w in
            SHA256.k.withUnsafeBufferPointer { k in
                for block in 0..<blocks {
                    let p = data + block * 64
                    for i in 0..<16 {
                        w[i] = UInt32(bigEndian: p.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self))
                    }
                    for i in 16..<64 {
                        let a = w[i - 15], b = w[i - 2]
                        let s0 = SHA256.rotr(a, 7) ^ SHA256.rotr(a, 18) ^ (a &>> 3)
                        let s1 = SHA256.rotr(b, 17) ^ SHA256.rotr(b, 19) ^ (b &>> 10)
                        w[i] = w[i - 16] &+ s0 &+ w[i - 7] &+ s1
                    }
                    var (a, b, c, d, e, f, g, h) = (h0, h1, h2, h3, h4, h5, h6, h7)
                    for i in 0..<64 {
                        let s1 = SHA256.rotr(e, 6) ^ SHA256.rotr(e, 11) ^ SHA256.rotr(e, 25)
                        let ch = (e & f) ^ (~e & g)
                        let t1 = h &+ s1 &+ ch &+ k[i] &+ w[i]
                        let s0 = SHA256.rotr(a, 2) ^ SHA256.rotr(a, 13) ^ SHA256.rotr(a, 22)
                        let maj = (a & b) ^ (a & c) ^ (b & c)
                        h = g; g = f; f = e; e = d &+ t1
                        d = c; c = b; b = a; a = t1 &+ s0 &+ maj
                    }
                    h0 &+= a; h1 &+= b; h2 &+= c; h3 &+= d; h4 &+= e; h5 &+= f; h6 &+= g; h7 &+= h
                }
            }
        }
        state = (h0, h1, h2, h3, h4, h5, h6, h7)
    }
}
