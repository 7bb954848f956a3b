import ThemegenConfig

/// The build-tool plugin's mode (`themegen run --swift-only`): a run that writes only the
/// generated Swift. Asset catalogs, colorsets, the preview and non-Swift templates stay a
/// `themegen run` step, since a SwiftPM build can only use Swift sources it declared.
extension ThemegenConfig {
    /// Whether an output is generated Swift.
    package static func isSwift(_ path: String) -> Bool { path.hasSuffix(".swift") }

    /// The config with every output that is not Swift taken out, and sections left with none
    /// dropped (they would decode exports for nothing).
    package var swiftOnly: ThemegenConfig {
        var c = self
        c.themes = themes.compactMap { t in
            var t = t
            t.outputs = t.outputs.filter { Self.isSwift($0.output) }
            t.colorsets = nil
            return t.outputs.isEmpty ? nil : t
        }
        c.assets = assets.compactMap { a in
            var a = a
            a.outputs = a.outputs.filter { Self.isSwift($0.output) }
            return a.outputs.isEmpty ? nil : a
        }
        c.preview = nil
        return c
    }

    /// The Swift files a `--swift-only` run writes, in config order.
    package var swiftOutputs: [String] {
        let c = swiftOnly
        return c.themes.flatMap { $0.outputs.map(\.output) } + c.assets.flatMap { $0.outputs.map(\.output) }
    }
}

extension BuildJob {
    /// The job with its planned files cut down to Swift (an assets job also plans its catalog).
    package var swiftOnly: BuildJob {
        let produce = self.produce
        return BuildJob(name: name, inputs: inputs, outputs: outputs.filter(ThemegenConfig.isSwift), work: work, produce: { ctx in
            try produce(ctx).filter { ThemegenConfig.isSwift($0.path) }
        })
    }
}
