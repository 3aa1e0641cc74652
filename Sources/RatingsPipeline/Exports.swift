// The modules whose types this product's API names come with it, so that a client depends on
// the product alone (Examples/PipelineClient builds that way): the job contract, the scraper's
// sources, the rating models and their table, the wake models, the calibration and the reports,
// and the data folder's layout (DataLayout: which file holds what), which a client builds its
// inputs from as the command line does.
//
// And the modules the package's own front end needs beside the jobs: safe files (atomic writes,
// bounded reads, locks), text formats (numbers, names, tables), the CSV and JSON writers and the
// thread tools, which declare nothing `public`, so a client outside the package sees no more
// through them; and the page snapshots (WebPages, whose one public name, `PageSource`, the HTTP
// client already names). The command-line tool imports the two pipelines and nothing under
// them (CLI_IMPORTS in scripts/check-architecture).
@_exported public import CSVText
@_exported public import DataFolderLayout
@_exported public import FleetScraper
@_exported public import JSONText
@_exported public import JobContract
@_exported public import RatingsReports
@_exported public import SafeFiles
@_exported public import ShipRatingTable
@_exported public import ShipRatings
@_exported public import TextFormats
@_exported public import ThreadTools
@_exported public import WakeCalibration
@_exported public import WakeModels
@_exported public import WebFetch
@_exported public import WebPages
