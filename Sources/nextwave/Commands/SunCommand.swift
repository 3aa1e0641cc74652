import ArgumentParser
import CivilTime
import SessionsPipeline
import Solar

struct SunCommand: NextWaveCommand {
    static let configuration = CommandConfiguration(
        commandName: "sun",
        abstract: "Sunrise, sunset and civil twilight of a place and date, in Europe/Zurich time.",
        usage: """
            nextwave sun --station <STATION> [--date <DATE>] [--json]
            nextwave sun --lat <DEG> --lon <DEG> [--anywhere] [--date <DATE>]
            """,
        discussion: """
            NOAA's solar calculator method (Meeus): rise and set when the sun's centre is
            0.833° below the horizon, civil twilight at 6°. Within a minute of NOAA for
            latitudes within ±72° and years 1901–2099. When the sun does not cross an
            altitude that day (polar day or night) the time is absent and the reason is
            printed (JSON: null, plus "daylight" and "twilight" states).

            A place is a station (--station) or coordinates; coordinates outside
            Switzerland are refused (swapped latitude and longitude are the usual slip)
            unless --anywhere. Text shows local HH:MM; --json gives ISO-8601 with the
            offset.

            Examples:
              nextwave sun --station wadenswil
              nextwave sun --lat 47.3657 --lon 8.5410 --date 2026-06-21
              nextwave sun --lat 69.6492 --lon 18.9553 --date 2026-06-21 --anywhere --json
            """)

    @Option(help: ArgumentHelp("A station by name or UIC id (its coordinates).", valueName: "STATION"))
    var station: String?

    @Option(help: ArgumentHelp("Latitude, degrees north (−90…90).", valueName: "DEG"))
    var lat: Double?

    @Option(help: ArgumentHelp("Longitude, degrees east (−180…180).", valueName: "DEG"))
    var lon: Double?

    @Flag(help: "Accept coordinates outside Switzerland.")
    var anywhere = false

    @OptionGroup var data: DataOptions

    @Option(
        help: ArgumentHelp(
            "The day, YYYY-MM-DD, today or tomorrow (default: today in Europe/Zurich).", valueName: "DATE"),
        transform: DateArgument.parse)
    var date: LocalDate?

    @Flag(help: "Print JSON (keys sunrise, sunset, civilTwilightBegin, civilTwilightEnd: ISO-8601 with offset).")
    var json = false

    /// Switzerland's extent with a margin, degrees (45.82–47.81 N, 5.96–10.49 E).
    static let swissLatitudes = 45.7...47.9
    static let swissLongitudes = 5.8...10.6

    func validate() throws {
        if station != nil && (lat != nil || lon != nil) {
            throw ValidationError("give --station or --lat/--lon, not both")
        }
        if station == nil {
            guard let lat, let lon else { throw ValidationError("give --station NAME, or --lat and --lon") }
            guard (-90...90).contains(lat) else { throw ValidationError("--lat must lie in −90…90") }
            guard (-180...180).contains(lon) else { throw ValidationError("--lon must lie in −180…180") }
            if !anywhere && !(Self.swissLatitudes.contains(lat) && Self.swissLongitudes.contains(lon)) {
                let swapped = Self.swissLatitudes.contains(lon) && Self.swissLongitudes.contains(lat)
                throw ValidationError(
                    "\(SunReport.coordinates(latitude: lat, longitude: lon)) lies outside Switzerland"
                        + (swapped ? "; latitude and longitude look swapped (try --lat \(lon) --lon \(lat))" : "")
                        + "; add --anywhere for a place abroad")
            }
        }
    }

    func execute(_ terminal: Terminal) async throws {
        let clock = ZoneClock.zurich
        let day = date ?? clock.today()
        var (lat, lon, place) = (self.lat ?? 0, self.lon ?? 0, "")
        if let station {
            let catalogue = try data.stationCatalogue()
            let found = try catalogue.resolve(all: [station])[0]
            (lat, lon, place) = (found.latitude, found.longitude, "\(found.name), ")
        }
        let sun = try SunTimes(latitude: lat, longitude: lon, date: day)
        print(
            json
                ? SunReport.json(sun, date: day, latitude: lat, longitude: lon)
                : SunReport.text(sun, date: day, latitude: lat, longitude: lon, place: place))
    }
}
