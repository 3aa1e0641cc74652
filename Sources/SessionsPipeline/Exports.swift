// The modules whose types this product's API names come with it, so that a client depends on
// the product alone (Examples/PipelineClient builds that way): the job contract, the archive,
// the analytics, the session core and its civil time, the rating table and the feed.
@_exported public import CivilTime
@_exported public import JobContract
@_exported public import ScheduleArchive
@_exported public import SessionAnalytics
@_exported public import SessionCore
@_exported public import ShipRatingTable
@_exported public import WaveFeed
