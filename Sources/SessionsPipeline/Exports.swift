// And the modules the package's own front end needs beside the jobs: the fetcher and its HTTP
// policy (the archive jobs take one), the renderers of plans, days and the sun, and the
// operator catalogue, data folder and atomic writes. NextWaveSupport, SessionReports and
// ArchiveFetch declare nothing `public`, so a client outside the package sees no more through
// them; the command-line tool imports the two pipelines and nothing under them (CLI_IMPORTS in
// scripts/check-architecture).
@_exported public import ArchiveFetch
// The modules whose types this product's API names come with it, so that a client depends on
// the product alone (Examples/PipelineClient builds that way): the job contract, the archive,
// the analytics, the session core and its civil time, the rating table and the feed, and the
// data folder's layout (DataLayout), which a client builds its inputs from.
@_exported public import CivilTime
@_exported public import DataFolderLayout
@_exported public import JobContract
@_exported public import NextWaveSupport
@_exported public import ScheduleArchive
@_exported public import SessionAnalytics
@_exported public import SessionCore
@_exported public import SessionReports
@_exported public import ShipRatingTable
@_exported public import WaveFeed
@_exported public import WebFetch
