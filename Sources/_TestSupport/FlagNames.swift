/// Whether `text` names a command-line flag: `--word` at the start or after a space, a backtick,
/// a bracket or a parenthesis (what a library's report must not hold; scripts/check-architecture
/// rule 17 applies the same idea to the libraries' string literals).
package func namesAFlag(_ text: String) -> Bool {
    text.contains(/(^|[\s`(\[])--[a-z]/)
}
