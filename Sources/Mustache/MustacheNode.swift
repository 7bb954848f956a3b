import ThemegenCore

/// One node of a parsed template. Templates are parsed once into this tree and rendered from it.
indirect enum MustacheNode: Sendable {
    case text(String)
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}`. An empty path is `{{.}}`.
    case variable(path: [String], escaped: Bool, at: SourceLocation)
    /// `{{#name}}…{{/name}}`, or `{{^name}}…{{/name}}` when inverted.
    case section(path: [String], inverted: Bool, children: [MustacheNode], at: SourceLocation)
    /// `{{>name}}`; `dynamic` for `{{>*name}}`, whose name is looked up in the context.
    /// `indent` is the whitespace before a standalone tag, prepended to every line of the partial.
    case partial(name: String, dynamic: Bool, indent: String, at: SourceLocation)
    /// `{{$name}}default{{/name}}`: a block a child template may override. `indent` is the
    /// whitespace before a standalone block tag (nil when the tag is inline); an override is
    /// re-indented to it, or to its default content's indentation when it is empty.
    case block(name: String, children: [MustacheNode], at: SourceLocation, indent: String?)
    /// `{{<name}}{{$block}}…{{/block}}{{/name}}`: a parent template with overriding blocks.
    case parent(name: String, dynamic: Bool, indent: String, overrides: [String: [MustacheNode]],
                at: SourceLocation)
}
