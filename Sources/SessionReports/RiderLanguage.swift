package import CivilTime
import Foundation
package import SessionCore
package import WaveFeed

/// The languages riders read the plan, today's departures and the calendar in: the app's four.
/// The app keeps "Wave(s)" and "Session" as loanwords in German, French and Italian ("Waves
/// geritten", "Waves surfées", "Wave cavalcate"), and so do these texts.
package enum RiderLanguage: String, Sendable, CaseIterable {
    case en, de, fr, it

    /// The language of a POSIX locale environment (`LC_ALL`, then `LC_MESSAGES`, then `LANG`:
    /// "de_CH.UTF-8" → German); English for anything else.
    package static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment)
        -> RiderLanguage
    {
        for key in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            guard let value = environment[key], !value.isEmpty else { continue }
            return RiderLanguage(rawValue: String(value.prefix(2)).lowercased()) ?? .en
        }
        return .en
    }

    /// The text in this language, of the four given in the order English, German, French,
    /// Italian.
    package func pick(_ en: String, _ de: String, _ fr: String, _ it: String) -> String {
        switch self {
        case .en: en
        case .de: de
        case .fr: fr
        case .it: it
        }
    }
}

/// Every word and number format a rider reads, in one language.
package struct RiderWords: Sendable {
    package let language: RiderLanguage

    package init(_ language: RiderLanguage) { self.language = language }

    package static let english = RiderWords(.en)

    private func pick(_ en: String, _ de: String, _ fr: String, _ it: String) -> String {
        language.pick(en, de, fr, it)
    }

    // MARK: Numbers and dates

    /// A number with `digits` decimals and the language's decimal mark ("0.09", "0,09").
    package func decimal(_ x: Double, _ digits: Int) -> String {
        let text = String(format: "%.\(digits)f", x)
        return language == .en ? text : text.replacingOccurrences(of: ".", with: ",")
    }

    /// A height at the rider: "0.09 m", "0,09 m".
    package func metres(_ x: Double) -> String { decimal(x, 2) + " m" }

    /// "Wed 23 Sep 2026", "Mi 23. Sept. 2026", "mer. 23 sept. 2026", "mer 23 set 2026".
    package func day(_ date: LocalDate) -> String {
        let weekday = date.isoWeekday - 1  // Monday 0
        switch language {
        case .en:
            let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
            return "\(date.weekdayName.prefix(3)) \(date.day) \(months[date.month - 1]) \(date.year)"
        case .de:
            let days = ["Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"]
            let months = [
                "Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sept.", "Okt.", "Nov.", "Dez.",
            ]
            return "\(days[weekday]) \(date.day). \(months[date.month - 1]) \(date.year)"
        case .fr:
            let days = ["lun.", "mar.", "mer.", "jeu.", "ven.", "sam.", "dim."]
            let months = [
                "janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc.",
            ]
            return "\(days[weekday]) \(date.day) \(months[date.month - 1]) \(date.year)"
        case .it:
            let days = ["lun", "mar", "mer", "gio", "ven", "sab", "dom"]
            let months = ["gen", "feb", "mar", "apr", "mag", "giu", "lug", "ago", "set", "ott", "nov", "dic"]
            return "\(days[weekday]) \(date.day) \(months[date.month - 1]) \(date.year)"
        }
    }

    // MARK: Words

    /// "3 waves", "1 Wave", "3 Wave".
    package func waves(_ n: Int) -> String {
        switch language {
        case .en: n == 1 ? "1 wave" : "\(n) waves"
        case .de, .fr: n == 1 ? "1 Wave" : "\(n) Waves"
        case .it: "\(n) Wave"
        }
    }

    package var course: String { pick("course", "Kurs", "course", "corsa") }
    package var shipUnknown: String {
        pick("ship unknown", "Schiff unbekannt", "bateau inconnu", "battello sconosciuto")
    }
    package var unknown: String { pick("unknown", "unbekannt", "inconnu", "sconosciuto") }
    package var noSession: String { pick("no session", "keine Session", "pas de session", "nessuna sessione") }
    package var noSessionLead: String {
        pick("No session: ", "Keine Session: ", "Pas de session : ", "Nessuna sessione: ")
    }
    package var noDeparturesHere: String {
        pick(
            "no departures at the chosen stations", "keine Abfahrten an den gewählten Stationen",
            "aucun départ aux stations choisies", "nessuna partenza alle stazioni scelte")
    }
    package var noDeparturesThatDay: String {
        pick(
            "No departures that day: ", "Keine Abfahrten an diesem Tag: ", "Aucun départ ce jour-là : ",
            "Nessuna partenza quel giorno: ")
    }
    package var noDeparturesInRange: String {
        pick(
            "No departures in the archive on these days: ", "Keine Abfahrten im Archiv an diesen Tagen: ",
            "Aucun départ dans l'archive ces jours-là : ", "Nessuna partenza nell'archivio in questi giorni: ")
    }
    package var bestOnLake: String {
        pick("Best on the lake: ", "Am besten auf dem See: ", "Le meilleur sur le lac : ", "Il migliore sul lago: ")
    }

    /// The mark of a day whose archive files could not all be read.
    package var incomplete: String {
        pick(
            "incomplete: an archive file of this day could not be read (see the warnings)",
            "unvollständig: eine Archivdatei dieses Tages ist nicht lesbar (siehe die Warnungen)",
            "incomplet : un fichier de l'archive de ce jour est illisible (voir les avertissements)",
            "incompleto: un file dell'archivio di questo giorno non è leggibile (vedi gli avvisi)")
    }

    /// "not in the archive (it starts 2026-09-22)": a day before the archive's first.
    package func beforeArchive(startsOn start: LocalDate) -> String {
        switch language {
        case .en: "not in the archive (it starts \(start))"
        case .de: "nicht im Archiv (es beginnt am \(day(start)))"
        case .fr: "pas dans l'archive (elle commence le \(day(start)))"
        case .it: "non nell'archivio (inizia il \(day(start)))"
        }
    }

    /// "not in the archive yet (it ends 2026-10-01); fetch it first".
    package func notInArchive(endsOn end: LocalDate) -> String {
        switch language {
        case .en: "not in the archive yet (it ends \(end)); fetch it first"
        case .de: "noch nicht im Archiv (es endet am \(day(end))); zuerst abrufen"
        case .fr: "pas encore dans l'archive (elle s'arrête le \(day(end))) ; la récupérer d'abord"
        case .it: "non ancora nell'archivio (termina il \(day(end))); scaricalo prima"
        }
    }

    /// "no departures at Wädenswil (See)".
    package func noDepartures(at station: String) -> String {
        pick("no departures at ", "keine Abfahrten in ", "aucun départ à ", "nessuna partenza a ") + station
    }

    /// "waves at 12:09, 15:00: ".
    package func wavesAt(_ times: [String]) -> String {
        pick("waves at ", "Waves um ", "Waves à ", "Wave alle ") + times.joined(separator: ", ")
            + (language == .fr ? " : " : ": ")
    }

    /// The daylight phase of a time: day, twilight or night.
    package func phase(_ phase: FeedWave.Daylight) -> String {
        switch phase {
        case .day: pick("day", "Tag", "jour", "giorno")
        case .twilight: pick("twilight", "Dämmerung", "crépuscule", "crepuscolo")
        case .night: pick("night", "Nacht", "nuit", "notte")
        }
    }

    /// The column heads of `today`: time, course, rating, light, windows, ship.
    package var todayColumns: [String] {
        switch language {
        case .en: ["Time", "Course", "Rating", "Light", "Windows", "Ship"]
        case .de: ["Zeit", "Kurs", "Rating", "Licht", "Fenster", "Schiff"]
        case .fr: ["Heure", "Course", "Note", "Lumière", "Fenêtres", "Bateau"]
        case .it: ["Ora", "Corsa", "Voto", "Luce", "Finestre", "Battello"]
        }
    }

    /// "sunrise 07:12, sunset 19:23; civil twilight 06:41–19:54".
    package func sun(sunrise: String, sunset: String, dawn: String, dusk: String) -> String {
        switch language {
        case .en: "sunrise \(sunrise), sunset \(sunset); civil twilight \(dawn)–\(dusk)"
        case .de: "Sonnenaufgang \(sunrise), Sonnenuntergang \(sunset); bürgerliche Dämmerung \(dawn)–\(dusk)"
        case .fr: "lever du soleil \(sunrise), coucher du soleil \(sunset) ; crépuscule civil \(dawn)–\(dusk)"
        case .it: "alba \(sunrise), tramonto \(sunset); crepuscolo civile \(dawn)–\(dusk)"
        }
    }

    /// "Window 1: 14:32–16:24, 4 waves, 1 × ★★★".
    package func window(_ rank: Int, _ span: String, _ summary: String) -> String {
        pick("Window", "Fenster", "Fenêtre", "Finestra") + " \(rank)" + (language == .fr ? " : " : ": ") + span + ", "
            + summary
    }

    /// The calendar alarm: "Waves at Wädenswil (See) in 10 min".
    package func alarm(at station: String, minutes: Int) -> String {
        switch language {
        case .en: "Waves at \(station) in \(minutes) min"
        case .de: "Waves in \(station) in \(minutes) Min."
        case .fr: "Waves à \(station) dans \(minutes) min"
        case .it: "Wave a \(station) tra \(minutes) min"
        }
    }

    /// Why a day has no session, with its numbers (docs/SCIENCE.md §2's rules in words).
    package func reason(_ reason: NoSessionReason) -> String {
        func minutes(_ s: Int64) -> Int64 { s / 60 }
        switch (language, reason) {
        case (.en, _): return reason.description
        case (.de, .fewerThanThreeWaves(let n)): return "\(waves(n)) den ganzen Tag (eine Session braucht 3)"
        case (.de, .spanTooShort(let w, let span)):
            return "\(waves(w)) innert \(minutes(span)) Min. (eine Session dauert mindestens 60 Min.)"
        case (.de, .wavesTooFarApart(let w, let run, let runSpan, let gap)):
            return "\(waves(w)), aber nie 3 innert 2 h über 1 h ohne Lücke über 1 h (bestenfalls \(waves(run)) "
                + "über \(minutes(runSpan)) Min.; längste Lücke \(minutes(gap)) Min.)"
        case (.de, .timesOutOfRange(let w)): return "\(waves(w)) zu Zeiten ausserhalb des Bereichs der Regeln"
        case (.fr, .timesOutOfRange(let w)): return "\(waves(w)) à des heures hors du domaine des règles"
        case (.it, .timesOutOfRange(let w)): return "\(waves(w)) a orari fuori dall'intervallo delle regole"
        case (.de, .onlyInDarkness(let k)):
            return "nur im Dunkeln: \(k) Fenster mit 3+ Waves, alle vor der bürgerlichen Morgendämmerung oder "
                + "nach der Abenddämmerung"
        case (.fr, .fewerThanThreeWaves(let n)): return "\(waves(n)) de toute la journée (une session en demande 3)"
        case (.fr, .spanTooShort(let w, let span)):
            return "\(waves(w)) en \(minutes(span)) min (une session dure au moins 60 min)"
        case (.fr, .wavesTooFarApart(let w, let run, let runSpan, let gap)):
            return "\(waves(w)), mais jamais 3 en 2 h sur 1 h sans trou de plus d'1 h (au mieux \(waves(run)) "
                + "sur \(minutes(runSpan)) min ; plus long trou \(minutes(gap)) min)"
        case (.fr, .onlyInDarkness(let k)):
            return "seulement dans l'obscurité : \(k) fenêtre\(k == 1 ? "" : "s") de 3 Waves ou plus, toutes "
                + "avant l'aube civile ou après le crépuscule civil"
        case (.it, .fewerThanThreeWaves(let n)): return "\(waves(n)) in tutto il giorno (una sessione ne richiede 3)"
        case (.it, .spanTooShort(let w, let span)):
            return "\(waves(w)) in \(minutes(span)) min (una sessione dura almeno 60 min)"
        case (.it, .wavesTooFarApart(let w, let run, let runSpan, let gap)):
            return "\(waves(w)), ma mai 3 entro 2 h su 1 h senza pause oltre 1 h (al massimo \(waves(run)) "
                + "in \(minutes(runSpan)) min; pausa più lunga \(minutes(gap)) min)"
        case (.it, .onlyInDarkness(let k)):
            return "solo al buio: \(k) finestr\(k == 1 ? "a" : "e") di 3+ Wave, tutte prima dell'alba civile o "
                + "dopo il crepuscolo civile"
        }
    }
}
