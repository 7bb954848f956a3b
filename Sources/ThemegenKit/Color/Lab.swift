import Foundation

/// A CIELAB colour (D65 reference white, as both of themegen's RGB spaces use).
public struct Lab: Sendable, Hashable {
    public var l: Double, a: Double, b: Double
    public init(l: Double, a: Double, b: Double) { self.l = l; self.a = a; self.b = b }

    /// The D65 white of both RGB spaces (their matrices map RGB white here exactly, so greys have a = b = 0).
    public static let whiteD65 = Vec3(0.9504559270516716, 1.0, 1.0890577507598784)

    public init(xyz: Vec3) {
        @inline(__always) func f(_ t: Double) -> Double {
            // CIE's exact constants (ε = 216/24389, κ = 24389/27).
            t > 216.0 / 24389.0 ? cbrt(t) : (24389.0 / 27.0 * t + 16) / 116
        }
        let fx = f(xyz.x / Lab.whiteD65.x), fy = f(xyz.y / Lab.whiteD65.y), fz = f(xyz.z / Lab.whiteD65.z)
        self.init(l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz))
    }

    /// Encoded RGB components (0…1) in `space`.
    public init(rgb: Vec3, in space: RGBSpace) {
        self.init(xyz: space.xyz(rgb))
    }

    /// 8-bit-scale encoded RGB components (0…255) in `space`.
    @inline(__always)
    public init(r255 r: Double, g: Double, b: Double, in space: RGBSpace) {
        self.init(rgb: Vec3(r / 255, g / 255, b / 255), in: space)
    }
}
