#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A CIELAB colour (D65 reference white, as both of themegen's RGB spaces use).
package struct Lab: Sendable, Hashable {
    package var l: Double, a: Double, b: Double
    package init(l: Double, a: Double, b: Double) { self.l = l; self.a = a; self.b = b }

    /// The D65 white of both RGB spaces (their matrices map RGB white here exactly, so greys have a = b = 0).
    package static let whiteD65 = Vec3(0.9504559270516716, 1.0, 1.0890577507598784)

    package init(xyz: Vec3) {
        @inline(__always) func f(_ t: Double) -> Double {
            // CIE's exact constants (ε = 216/24389, κ = 24389/27).
            t > 216.0 / 24389.0 ? Lab.cubeRoot(t) : (24389.0 / 27.0 * t + 16) / 116
        }
        let fx = f(xyz.x / Lab.whiteD65.x), fy = f(xyz.y / Lab.whiteD65.y), fz = f(xyz.z / Lab.whiteD65.z)
        self.init(l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz))
    }

    /// The cube root of a positive normal number, within 2 ulp of libm's `cbrt` at a fifth of
    /// its cost (the fitter converts thousands of colours per artboard): a first guess from the
    /// exponent divided by 3 (within 3.3%), then three Halley steps, each cubing the error.
    @inline(__always)
    static func cubeRoot(_ x: Double) -> Double {
        var y = Double(bitPattern: x.bitPattern / 3 &+ 0x2A9F_7893_0000_0000)
        for _ in 0..<3 {
            let y3 = y * y * y
            y *= (y3 + 2 * x) / (2 * y3 + x)
        }
        return y
    }

    /// Encoded RGB components (0…1) in `space`.
    package init(rgb: Vec3, in space: RGBSpace) {
        self.init(xyz: space.xyz(rgb))
    }

    /// 8-bit-scale encoded RGB components (0…255) in `space`; decodes through a table, since
    /// the fitter converts tens of thousands of cell means per artboard.
    @inline(__always)
    package init(r255 r: Double, g: Double, b: Double, in space: RGBSpace) {
        let lin = Vec3(LinearTable.linear(r), LinearTable.linear(g), LinearTable.linear(b))
        self.init(xyz: space.toXYZ.apply(lin))
    }
}

/// The transfer curve sampled on the 8-bit scale, interpolated linearly between 16 samples per
/// level (error below 2e-7, far under any ΔE that matters).
enum LinearTable {
    static let steps = 16
    static let table: [Double] = (0...(255 * steps + 1)).map { TransferFunction.toLinear(Double($0) / Double(255 * steps)) }

    @inline(__always)
    static func linear(_ v255: Double) -> Double {
        let x = v255 * Double(steps)
        // The table's last entry is exactly 1, so 255 itself needs no fallback.
        guard x >= 0 && x <= Double(255 * steps) else { return TransferFunction.toLinear(v255 / 255) }
        let i = Int(x), f = x - Double(i)
        return table.withUnsafeBufferPointer { t in t[i] + (t[i + 1] - t[i]) * f }
    }
}
