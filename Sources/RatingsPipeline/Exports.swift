// The modules whose types this product's API names come with it, so that a client depends on
// the product alone (Examples/PipelineClient builds that way): the job contract, the scraper's
// sources, the rating models and their table, the wake models, the calibration and the reports,
// and the data folder's layout (DataLayout: which file holds what), which a client builds its
// inputs from as the command line does.
@_exported public import DataFolderLayout
@_exported public import FleetScraper
@_exported public import JobContract
// And the modules the package's own front end needs beside the jobs: the operator catalogue,
// the data folder, atomic writes and text tables (NextWaveSupport, which declares nothing
// `public`, so a client outside the package sees no more through it), and the page snapshots
// (WebPages, whose one public name, `PageSource`, the HTTP client already names). The
// command-line tool imports the two pipelines and nothing under them (CLI_IMPORTS in
// scripts/check-architecture).
@_exported public import NextWaveSupport
@_exported public import RatingsReports
@_exported public import ShipRatingTable
@_exported public import ShipRatings
@_exported public import WakeCalibration
@_exported public import WakeModels
@_exported public import WebFetch
@_exported public import WebPages
