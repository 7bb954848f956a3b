import ThemegenConfig
import ThemegenCore
import ThemegenImage

/// What a producer gets while it runs.
package struct JobContext: Sendable {
    /// The config's folder: inputs and outputs are relative to it.
    package let root: String
    package var console: any Diagnostics
    /// The run's shared work and the models its jobs have made, so a later job (the preview)
    /// need not decode again.
    package let memo: RunMemo
    /// The index of the config section the job comes from, and the config's name, for messages.
    package var section = 0
    package var configName = ConfigDefaults.fileName
    /// Whether the theme pass also makes the preview's thumbnails (the run has a preview).
    package var thumbnails = false
    /// Exports with more pixels are refused before decoding (`run --max-pixels`).
    package var maxPixels = PNGLimits.defaultMaxPixels
    /// The config's themes inputs: the assets' code names the colorsets they write.
    package var themesSections: [ThemesInput] = []

    package init(root: String, console: any Diagnostics, memo: RunMemo = RunMemo()) {
        self.root = root; self.console = console; self.memo = memo
    }

    /// Reports progress as `[37/220] slicing Card@3x.png` (on a terminal only).
    package func progress(_ done: Int, of total: Int, _ what: String) {
        console.progress("[\(done)/\(total)] \(what)")
    }

    func forSection(_ index: Int, of loaded: LoadedConfig, thumbnails: Bool = false) -> JobContext {
        var c = forSection(index)
        c.configName = loaded.fileName ?? ConfigDefaults.fileName
        c.thumbnails = thumbnails
        return c
    }

    /// The same run, for another section of the config.
    func forSection(_ index: Int) -> JobContext {
        var c = self
        c.section = index
        return c
    }

    /// A path relative to the root, made usable by this process.
    package func path(_ relative: String) -> String { OutputWriter.join(root, relative) }
}
