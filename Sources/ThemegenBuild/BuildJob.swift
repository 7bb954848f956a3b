import ThemegenCore

/// One unit of a run: the files it reads, the per-file work it queues, and a closure that turns
/// the results into planned outputs. The run skips the job entirely when the cache vouches that
/// the inputs and the outputs are unchanged since the job last ran.
package struct BuildJob: Sendable {
    /// Names the job in messages and in the cache ("themes[0]", "assets[0]", "preview").
    package var name: String
    /// Every file the job reads, relative to the root: its exports and any template files.
    /// Called on every run (a folder listing, through the run's memo), so added and removed
    /// exports are noticed.
    package var inputs: @Sendable (RunMemo) throws -> [String]
    /// The files and folders (relative to the root) the job writes. When the job fails, what
    /// themegen owns there is left as it was.
    package var outputs: [String]
    /// The job's per-file work, which the run does for all its jobs together on all cores
    /// before any job produces (results go to the context's memo). Errors here are met again,
    /// and reported, by `produce`.
    package var work: @Sendable (JobContext) throws -> [WorkItem]
    /// Produces the job's outputs. May report problems through `context.console` and return
    /// what it could; a job that reported an error writes nothing.
    package var produce: @Sendable (JobContext) throws -> [PlannedFile]

    package init(name: String, inputs: @escaping @Sendable (RunMemo) throws -> [String], outputs: [String] = [],
                work: @escaping @Sendable (JobContext) throws -> [WorkItem] = { _ in [] },
                produce: @escaping @Sendable (JobContext) throws -> [PlannedFile]) {
        self.name = name; self.inputs = inputs; self.outputs = outputs; self.work = work; self.produce = produce
    }
}
