#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Just enough of ICC profiles to tell which space an embedded profile describes, and to
/// build the Display P3 profile themegen embeds in P3 outputs.
package enum ICCProfile {
    /// The profile's description tag (`desc`, v2 text or v4 `mluc`), if it has one.
    package static func description(of profile: [UInt8]) -> String? {
        guard let (offset, size) = tag("desc", in: profile), size >= 12 else { return nil }
        let type = fourCC(profile, offset)
        if type == "desc" {
            let count = Int(u32(profile, offset + 8))
            let start = offset + 12
            guard count > 0, start + count <= profile.count else { return nil }
            let bytes = profile[start..<(start + count)].prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
        if type == "mluc" {
            let records = Int(u32(profile, offset + 8))
            guard records > 0, offset + 28 <= profile.count else { return nil }
            let length = Int(u32(profile, offset + 20))
            let start = offset + Int(u32(profile, offset + 24))
            guard start + length <= profile.count, length % 2 == 0 else { return nil }
            var units: [UInt16] = []
            for i in stride(from: start, to: start + length, by: 2) {
                units.append(UInt16(profile[i]) << 8 | UInt16(profile[i + 1]))
            }
            return String(String(decoding: units, as: UTF16.self).drop { $0 == "\0" }.reversed().drop { $0 == "\0" }.reversed())
        }
        return nil
    }

    /// The chromaticities (x, y) of the red, green and blue colorants (PCS, D50-adapted).
    package static func colorantChromaticities(of profile: [UInt8]) -> [(Double, Double)]? {
        var result: [(Double, Double)] = []
        for name in ["rXYZ", "gXYZ", "bXYZ"] {
            guard let (offset, size) = tag(name, in: profile), size >= 20,
                  fourCC(profile, offset) == "XYZ " else { return nil }
            let xyz = (0..<3).map { s15Fixed16(profile, offset + 8 + 4 * $0) }
            let sum = xyz[0] + xyz[1] + xyz[2]
            guard sum > 0 else { return nil }
            result.append((xyz[0] / sum, xyz[1] / sum))
        }
        return result
    }

    /// The colour space a profile describes: by its description, falling back to its primaries.
    package static func identify(_ profile: [UInt8], name: String) -> ColorSpace {
        let desc = description(of: profile) ?? ""
        let lowered = desc.lowercased()
        if lowered.contains("display p3") || lowered.contains("displayp3") { return .displayP3 }
        if lowered.hasPrefix("srgb") || lowered.contains("srgb iec61966") { return .sRGB }
        if let c = colorantChromaticities(of: profile) {
            if matches(c, d50Colorants(of: Primaries.sRGB)) { return .sRGB }
            if matches(c, d50Colorants(of: Primaries.displayP3)) { return .displayP3 }
        }
        return .other(desc.isEmpty ? name : desc)
    }

    private static func matches(_ a: [(Double, Double)], _ b: [(Double, Double)]) -> Bool {
        zip(a, b).allSatisfy { abs($0.0 - $1.0) < 0.003 && abs($0.1 - $1.1) < 0.003 }
    }

    // MARK: - The Display P3 profile

    /// An ICC v4 Display P3 profile built from the published primaries (DCI-P3 with a D65
    /// white point) and the sRGB transfer curve. Built in code so it is the same on every machine.
    package static let displayP3: [UInt8] = build(description: "Display P3", primaries: .displayP3)

    static func build(description: String, primaries: Primaries) -> [UInt8] {
        let d50 = d50ColorantXYZ(of: primaries)
        let sRGBCurve = para(g: 2.4, a: 1 / 1.055, b: 0.055 / 1.055, c: 1 / 12.92, d: 0.04045)
        let tags: [(String, [UInt8])] = [
            ("desc", mluc(description)),
            ("cprt", mluc("No copyright, use freely")),
            ("wtpt", xyz(D50.x, D50.y, D50.z)),
            ("rXYZ", xyz(d50[0][0], d50[1][0], d50[2][0])),
            ("gXYZ", xyz(d50[0][1], d50[1][1], d50[2][1])),
            ("bXYZ", xyz(d50[0][2], d50[1][2], d50[2][2])),
            ("rTRC", sRGBCurve), ("gTRC", sRGBCurve), ("bTRC", sRGBCurve),
            ("chad", sf32(bradford(from: primaries.white, to: (D50.x, D50.y, D50.z)).flatMap { $0 })),
        ]
        var table: [UInt8] = []
        var data: [UInt8] = []
        let dataStart = 128 + 4 + 12 * tags.count
        var placed: [[UInt8]: Int] = [:]
        for (sig, body) in tags {
            let offset: Int
            if let shared = placed[body] {
                offset = shared // the three TRCs share one curve, as in Apple's profiles
            } else {
                while data.count % 4 != 0 { data.append(0) }
                offset = dataStart + data.count
                placed[body] = offset
                data += body
            }
            table += Array(sig.utf8) + be32(UInt32(offset)) + be32(UInt32(body.count))
        }
        while data.count % 4 != 0 { data.append(0) }
        let size = dataStart + data.count
        var header = [UInt8](repeating: 0, count: 128)
        func put(_ bytes: [UInt8], at i: Int) { header.replaceSubrange(i..<(i + bytes.count), with: bytes) }
        put(be32(UInt32(size)), at: 0)
        put([0x04, 0x30, 0, 0], at: 8)                         // version 4.3
        put(Array("mntr".utf8), at: 12)
        put(Array("RGB ".utf8), at: 16)
        put(Array("XYZ ".utf8), at: 20)
        put([0x07, 0xEA, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0], at: 24) // a fixed date: 2026-01-01
        put(Array("acsp".utf8), at: 36)
        put(s15(D50.x) + s15(D50.y) + s15(D50.z), at: 68)
        return header + be32(UInt32(tags.count)) + table + data
    }

    // MARK: - Colorimetry

    struct Primaries {
        var red: (Double, Double), green: (Double, Double), blue: (Double, Double), white: (Double, Double)
        static let sRGB = Primaries(red: (0.64, 0.33), green: (0.30, 0.60), blue: (0.15, 0.06), white: (0.3127, 0.3290))
        static let displayP3 = Primaries(red: (0.680, 0.320), green: (0.265, 0.690), blue: (0.150, 0.060), white: (0.3127, 0.3290))
    }

    static let D50 = (x: 0.9642, y: 1.0, z: 0.8249)

    /// RGB→XYZ for the primaries' own white (columns are the colorants).
    static func rgbToXYZ(_ p: Primaries) -> [[Double]] {
        func col(_ c: (Double, Double)) -> [Double] { [c.0 / c.1, 1, (1 - c.0 - c.1) / c.1] }
        let m = [col(p.red), col(p.green), col(p.blue)] // rows = colorants
        let w = col(p.white)
        let mt = transpose(m)
        let s = multiply(invert(mt), w)
        return (0..<3).map { r in (0..<3).map { c in mt[r][c] * s[c] } }
    }

    static func d50ColorantXYZ(of p: Primaries) -> [[Double]] {
        let w = [p.white.0 / p.white.1, 1, (1 - p.white.0 - p.white.1) / p.white.1]
        return matmul(bradford(from: p.white, to: (D50.x, D50.y, D50.z), whiteXYZ: w), rgbToXYZ(p))
    }

    static func d50Colorants(of p: Primaries) -> [(Double, Double)] {
        let m = d50ColorantXYZ(of: p)
        return (0..<3).map { c in
            let s = m[0][c] + m[1][c] + m[2][c]
            return (m[0][c] / s, m[1][c] / s)
        }
    }

    static func bradford(from white: (Double, Double), to dst: (x: Double, y: Double, z: Double),
                         whiteXYZ: [Double]? = nil) -> [[Double]] {
        let src = whiteXYZ ?? [white.0 / white.1, 1, (1 - white.0 - white.1) / white.1]
        let b: [[Double]] = [[0.8951, 0.2664, -0.1614], [-0.7502, 1.7135, 0.0367], [0.0389, -0.0685, 1.0296]]
        let s = multiply(b, src), d = multiply(b, [dst.x, dst.y, dst.z])
        let scale: [[Double]] = (0..<3).map { r in (0..<3).map { c in r == c ? d[r] / s[r] : 0 } }
        return matmul(invert(b), matmul(scale, b))
    }

    // MARK: - Small matrix helpers

    static func transpose(_ m: [[Double]]) -> [[Double]] { (0..<3).map { r in (0..<3).map { c in m[c][r] } } }
    static func multiply(_ m: [[Double]], _ v: [Double]) -> [Double] {
        (0..<3).map { (r: Int) -> Double in
            let x: Double = m[r][0] * v[0] + m[r][1] * v[1]
            return x + m[r][2] * v[2]
        }
    }
    static func matmul(_ a: [[Double]], _ b: [[Double]]) -> [[Double]] {
        (0..<3).map { (r: Int) -> [Double] in
            (0..<3).map { (c: Int) -> Double in
                let x: Double = a[r][0] * b[0][c] + a[r][1] * b[1][c]
                return x + a[r][2] * b[2][c]
            }
        }
    }
    static func invert(_ m: [[Double]]) -> [[Double]] {
        let a = m[0][0], b = m[0][1], c = m[0][2], d = m[1][0], e = m[1][1], f = m[1][2]
        let g = m[2][0], h = m[2][1], i = m[2][2]
        let c00: Double = e * i - f * h, c01: Double = c * h - b * i, c02: Double = b * f - c * e
        let c10: Double = f * g - d * i, c11: Double = a * i - c * g, c12: Double = c * d - a * f
        let c20: Double = d * h - e * g, c21: Double = b * g - a * h, c22: Double = a * e - b * d
        let det: Double = a * c00 + b * c10 + c * c20
        return [[c00 / det, c01 / det, c02 / det], [c10 / det, c11 / det, c12 / det], [c20 / det, c21 / det, c22 / det]]
    }

    // MARK: - Encoding

    private static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
    private static func s15(_ v: Double) -> [UInt8] { be32(UInt32(bitPattern: Int32((v * 65536).rounded()))) }
    private static func xyz(_ x: Double, _ y: Double, _ z: Double) -> [UInt8] {
        Array("XYZ ".utf8) + [0, 0, 0, 0] + s15(x) + s15(y) + s15(z)
    }
    private static func sf32(_ values: [Double]) -> [UInt8] { Array("sf32".utf8) + [0, 0, 0, 0] + values.flatMap(s15) }
    private static func para(g: Double, a: Double, b: Double, c: Double, d: Double) -> [UInt8] {
        Array("para".utf8) + [0, 0, 0, 0] + [0, 3, 0, 0] + s15(g) + s15(a) + s15(b) + s15(c) + s15(d)
    }
    private static func mluc(_ text: String) -> [UInt8] {
        let utf16 = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        return Array("mluc".utf8) + [0, 0, 0, 0] + be32(1) + be32(12) + Array("enUS".utf8)
            + be32(UInt32(utf16.count)) + be32(28) + utf16
    }

    // MARK: - Reading

    private static func tag(_ sig: String, in p: [UInt8]) -> (Int, Int)? {
        guard p.count >= 132 else { return nil }
        let count = Int(u32(p, 128))
        guard count < 1000, 132 + 12 * count <= p.count else { return nil }
        for i in 0..<count {
            let e = 132 + 12 * i
            if fourCC(p, e) == sig {
                let offset = Int(u32(p, e + 4)), size = Int(u32(p, e + 8))
                guard offset + size <= p.count, size >= 8 else { return nil }
                return (offset, size)
            }
        }
        return nil
    }
    private static func u32(_ p: [UInt8], _ i: Int) -> UInt32 {
        guard i + 4 <= p.count else { return 0 }
        return UInt32(p[i]) << 24 | UInt32(p[i + 1]) << 16 | UInt32(p[i + 2]) << 8 | UInt32(p[i + 3])
    }
    private static func fourCC(_ p: [UInt8], _ i: Int) -> String {
        guard i + 4 <= p.count else { return "" }
        return String(decoding: p[i..<(i + 4)], as: UTF8.self)
    }
    private static func s15Fixed16(_ p: [UInt8], _ i: Int) -> Double { Double(Int32(bitPattern: u32(p, i))) / 65536 }
}
