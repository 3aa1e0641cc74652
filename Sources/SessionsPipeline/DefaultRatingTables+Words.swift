package import JobContract

extension DefaultRatingTables {
    /// No rating table where a run looks for one. The error states the fact; a front end adds
    /// what to do in its own words (the command line: which command makes one, which option
    /// names another).
    package struct NoTable: KindedError, Equatable {
        /// Where the run looked.
        package enum Scope: Sendable, Equatable {
            /// The data folder's current tables: none for any lake.
            case dataFolder
            /// The table the user named.
            case given
            /// Lake Zurich's current table (`current`: how messages cite it), which a feed needs.
            case lakeZurich(current: String)
        }

        package var path: String
        package var scope: Scope

        package init(path: String, scope: Scope) {
            self.path = path
            self.scope = scope
        }

        package var kind: ProblemKind { .missingInput }
        package var location: String? { path }

        package var description: String {
            switch scope {
            case .dataFolder: "\(path): no rating table in the data folder"
            case .given: "\(path): no rating table"
            case .lakeZurich: "\(path): no rating table for Lake Zurich"
            }
        }
    }

    /// What a person does to rate with a table the run can see but does not use.
    package enum Use: Sendable, Equatable {
        /// Leave out the table given: the run then rates with this one, the current table.
        case leaveOutGiven
        /// Name it as the table to rate with, or make it the current table; `argument` is how the
        /// person named it.
        case pass(argument: String)
    }

    /// A table the run can see that rates a ship the run's own table rates too, and was
    /// generated after it: said, never silent.
    package struct NewerTable: Sendable, Equatable, CustomStringConvertible {
        /// How messages name the newer table.
        package var name: String
        package var generatedAt: String
        /// How messages name the table the run rates with.
        package var used: String
        package var usedGeneratedAt: String
        /// What to do to rate with the newer one.
        package var use: Use

        package init(name: String, generatedAt: String, used: String, usedGeneratedAt: String, use: Use) {
            self.name = name
            self.generatedAt = generatedAt
            self.used = used
            self.usedGeneratedAt = usedGeneratedAt
            self.use = use
        }

        /// The fact, to the minute: "reports/ship-ratings.json (generated 2026-12-05T08:00) is
        /// newer than Data/ratings/zsg.json (generated 2026-11-27T00:00), which this run rates with".
        package var description: String {
            "\(name) (generated \(generatedAt.prefix(16))) is newer than \(used) (generated "
                + "\(usedGeneratedAt.prefix(16))), which this run rates with"
        }
    }
}
