// The modules whose types this product's API names come with it, so that a client depends on
// the product alone (Examples/PipelineClient builds that way): the job contract, the archive,
// the analytics, the session core and its civil time, the rating table and the feed, and the
// data folder's layout (DataLayout), which a client builds its inputs from.
//
// And the modules the package's own front end needs beside the jobs: the fetcher and its HTTP
// policy (the archive jobs take one), the renderers of plans, days and the sun, safe files, text
// formats, the CSV and JSON writers and the thread tools. SessionReports, ArchiveFetch and the
// support modules declare nothing `public`, so a client outside the package sees no more through
// them; the command-line tool imports the two pipelines and nothing under them (CLI_IMPORTS in
// scripts/check-architecture).
@_exported public import ArchiveFetch
@_exported public import CSVText
@_exported public import CivilTime
@_exported public import DataFolderLayout
@_exported public import JSONText
@_exported public import JobContract
@_exported public import SafeFiles
@_exported public import ScheduleArchive
@_exported public import SessionAnalytics
@_exported public import SessionCore
@_exported public import SessionReports
@_exported public import ShipRatingTable
@_exported public import TextFormats
@_exported public import ThreadTools
@_exported public import WaveFeed
@_exported public import WebFetch
