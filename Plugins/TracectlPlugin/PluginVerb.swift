/// What this plugin's verb (`tracectl`) may do.
enum PluginVerb {
    /// Whether the verb declares the permission to write in the package directory: no.
    static let writesFiles = false
    /// The verb to name when a command needs that permission.
    static let writingVerb = "tracectl-write"
}
