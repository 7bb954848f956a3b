import ThemegenGradients

/// The pass/fail judgements the preview shows, in one place so the page and its docs agree.
package enum PreviewGrades {
    /// A fit is called good when its worst pixel is at most this far (ΔE2000) from the
    /// recovered gradient. Around 1 is the just-noticeable difference; 1.5 leaves room for
    /// dither and compression noise while still catching a missed stop or a wrong angle.
    package static let goodFitMaxDeltaE = 1.5

    package static func isGoodFit(_ fit: FitQuality) -> Bool { fit.maxDeltaE <= goodFitMaxDeltaE }

    /// WCAG 2.x success criterion 1.4.3 (AA): 4.5:1 for text, 3:1 for large text.
    package static func requiredContrast(large: Bool) -> Double { large ? 3 : 4.5 }

    package static func passesContrast(_ text: TextColor) -> Bool {
        text.contrast >= requiredContrast(large: text.large)
    }
}
