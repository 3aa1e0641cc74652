// The modules whose types this product's API names come with it, so that a client depends on
// the product alone (Examples/PipelineClient builds that way): the job contract, the scraper's
// sources, the rating models and their table, the wake models, the calibration and the reports.
@_exported public import FleetScraper
@_exported public import JobContract
@_exported public import RatingsReports
@_exported public import ShipRatingTable
@_exported public import ShipRatings
@_exported public import WakeCalibration
@_exported public import WakeModels
@_exported public import WebFetch
