/// What this plugin's verb (`tracectl-write`) may do.
enum PluginVerb {
    /// Whether the verb declares the permission to write in the package directory: yes.
    static let writesFiles = true
    /// The verb to name when a command needs that permission: this one.
    static let writingVerb = "tracectl-write"
}
