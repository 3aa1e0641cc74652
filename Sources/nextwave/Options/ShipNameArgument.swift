import ArgumentParser
import RatingsPipeline

/// A ship's name given on the command line, held to the fleet file's rules (``ShipNameRules``)
/// before anything is read: a look-alike or overlong name is a command-line error (64).
enum ShipNameArgument {
    static func check(_ name: String, option: String) throws {
        if let problem = ShipNameRules.problem(name) {
            throw ValidationError("\(option) \"\(VisibleText.excerpt(name))\": \(problem)")
        }
    }
}
