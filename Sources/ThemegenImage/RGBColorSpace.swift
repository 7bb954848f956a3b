/// A 3-vector of doubles, for colour math without arrays (no allocation in hot paths).
package struct Vec3: Sendable, Hashable {
    package var x: Double, y: Double, z: Double
    @inline(__always) package init(_ x: Double, _ y: Double, _ z: Double) { self.x = x; self.y = y; self.z = z }
}

/// A 3×3 matrix, row-major.
package struct Mat3: Sendable, Hashable {
    package var r0: Vec3, r1: Vec3, r2: Vec3
    package init(_ r0: Vec3, _ r1: Vec3, _ r2: Vec3) { self.r0 = r0; self.r1 = r1; self.r2 = r2 }

    @inline(__always)
    package func apply(_ v: Vec3) -> Vec3 {
        Vec3(r0.x * v.x + r0.y * v.y + r0.z * v.z,
             r1.x * v.x + r1.y * v.y + r1.z * v.z,
             r2.x * v.x + r2.y * v.y + r2.z * v.z)
    }
}

/// The two RGB spaces themegen computes in. Both use the sRGB transfer curve and a D65 white;
/// they differ only in their primaries.
package enum RGBSpace: Sendable, Hashable {
    case sRGB
    case displayP3

    /// The space whose numbers an image's samples are, or nil for `.other`.
    package init?(_ colorSpace: ColorSpace) {
        switch colorSpace {
        case .sRGB: self = .sRGB
        case .displayP3: self = .displayP3
        case .other: return nil
        }
    }

    package var colorSpace: ColorSpace { self == .sRGB ? .sRGB : .displayP3 }

    /// Linear RGB to CIE XYZ (D65, Y of white = 1).
    package var toXYZ: Mat3 {
        switch self {
        case .sRGB:
            return Mat3(Vec3(0.4123907992659595, 0.3575843393838780, 0.1804807884018343),
                        Vec3(0.2126390058715104, 0.7151686787677559, 0.0721923153607337),
                        Vec3(0.0193308187155918, 0.1191947797946259, 0.9505321522496608))
        case .displayP3:
            return Mat3(Vec3(0.4865709486482162, 0.2656676931690929, 0.1982172852343625),
                        Vec3(0.2289745640697488, 0.6917385218365062, 0.0792869140937450),
                        Vec3(0.0000000000000000, 0.0451133818589026, 1.0439443689009760))
        }
    }

    /// CIE XYZ (D65) to linear RGB.
    package var fromXYZ: Mat3 {
        switch self {
        case .sRGB:
            return Mat3(Vec3(3.2409699419045213, -1.5373831775700935, -0.4986107602930033),
                        Vec3(-0.9692436362808798, 1.8759675015077206, 0.0415550574071756),
                        Vec3(0.0556300796969936, -0.2039769588889765, 1.0569715142428784))
        case .displayP3:
            return Mat3(Vec3(2.4934969119414254, -0.9313836179191239, -0.4027107844507168),
                        Vec3(-0.8294889695615747, 1.7626640603183463, 0.0236246858419436),
                        Vec3(0.0358458302437845, -0.0761723892680418, 0.9568845240076872))
        }
    }

    /// Encoded RGB (0…1) to XYZ.
    @inline(__always)
    package func xyz(_ rgb: Vec3) -> Vec3 {
        toXYZ.apply(Vec3(TransferFunction.toLinear(rgb.x), TransferFunction.toLinear(rgb.y), TransferFunction.toLinear(rgb.z)))
    }

    /// XYZ to encoded RGB (unclamped: out-of-gamut colours come back below 0 or above 1).
    @inline(__always)
    package func rgb(fromXYZ v: Vec3) -> Vec3 {
        let l = fromXYZ.apply(v)
        return Vec3(TransferFunction.toEncoded(l.x), TransferFunction.toEncoded(l.y), TransferFunction.toEncoded(l.z))
    }

    /// Converts encoded RGB in this space to encoded RGB in `target`, unclamped.
    package func convert(_ rgb: Vec3, to target: RGBSpace) -> Vec3 {
        if target == self { return rgb }
        return target.rgb(fromXYZ: xyz(rgb))
    }
}

package extension RGBA {
    /// This colour's components as given in `from`, expressed in `to` (clamped to 0…1, alpha kept).
    func converted(from: RGBSpace, to: RGBSpace) -> RGBA {
        let v = from.convert(Vec3(red, green, blue), to: to)
        func c(_ x: Double) -> Double { min(1, max(0, x)) }
        return RGBA(red: c(v.x), green: c(v.y), blue: c(v.z), alpha: alpha)
    }
}
