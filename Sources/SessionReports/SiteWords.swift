package import WaveFeed

/// The words of the site's pages, in the rider's language (``RiderWords``'s four).
package struct SiteWords: Sendable {
    package let words: RiderWords
    package var language: RiderLanguage { words.language }

    package init(_ language: RiderLanguage) { words = RiderWords(language) }

    private func pick(_ en: String, _ de: String, _ fr: String, _ it: String) -> String {
        language.pick(en, de, fr, it)
    }

    /// The language's own name, for the chooser.
    package static func name(of language: RiderLanguage) -> String {
        switch language {
        case .en: "English"
        case .de: "Deutsch"
        case .fr: "Français"
        case .it: "Italiano"
        }
    }

    package var siteTitle: String { "Next Wave" }
    package var tagline: String {
        pick(
            "When the next ferry wave comes, on every Swiss lake",
            "Wann die nächste Schiffswelle kommt, auf jedem Schweizer See",
            "Quand vient la prochaine vague de bateau, sur chaque lac suisse",
            "Quando arriva la prossima onda di battello, su ogni lago svizzero")
    }
    package var allLakes: String { pick("All lakes", "Alle Seen", "Tous les lacs", "Tutti i laghi") }
    package var languages: String { pick("Language", "Sprache", "Langue", "Lingua") }
    package var findStation: String {
        pick(
            "Find a station or a lake", "Station oder See suchen", "Chercher une station ou un lac",
            "Cerca una stazione o un lago")
    }
    package var alsoCalled: String { pick("also", "auch", "aussi", "anche") }
    package var noStations: String {
        pick(
            "No station matches.", "Keine Station passt.", "Aucune station ne correspond.",
            "Nessuna stazione corrisponde.")
    }
    package var stations: String { pick("Stations", "Stationen", "Stations", "Stazioni") }
    package var noDaysYet: String {
        pick(
            "No day of this lake is published yet.", "Für diesen See ist noch kein Tag veröffentlicht.",
            "Aucun jour de ce lac n'est encore publié.", "Nessun giorno di questo lago è ancora pubblicato.")
    }
    package var notFetched: String {
        pick(
            "The last update could not fetch this lake; the days below are the ones fetched before.",
            "Die letzte Aktualisierung konnte diesen See nicht abrufen; unten stehen die zuvor abgerufenen Tage.",
            "La dernière mise à jour n'a pas pu récupérer ce lac ; ci-dessous, les jours récupérés avant.",
            "L'ultimo aggiornamento non ha potuto scaricare questo lago; sotto, i giorni scaricati prima.")
    }
    package var unratedLake: String {
        pick(
            "No rating table covers this lake's ships yet: every wave here is unrated.",
            "Noch keine Bewertungstabelle kennt die Schiffe dieses Sees: jede Welle hier ist unbewertet.",
            "Aucune table de notes ne couvre encore les bateaux de ce lac : chaque vague ici est sans note.",
            "Nessuna tabella di valutazione copre ancora i battelli di questo lago: ogni onda qui è senza voto.")
    }
    package var noDepartures: String {
        pick(
            "No departure this day.", "Keine Abfahrt an diesem Tag.", "Aucun départ ce jour-là.",
            "Nessuna partenza quel giorno.")
    }
    package var bestWindow: String { pick("Best window", "Bestes Fenster", "Meilleure fenêtre", "Finestra migliore") }
    package var score: String { pick("score", "Punkte", "score", "punteggio") }
    package var time: String { pick("Time", "Zeit", "Heure", "Ora") }
    package var ship: String { pick("Ship", "Schiff", "Bateau", "Battello") }
    package var rating: String { pick("Rating", "Bewertung", "Note", "Voto") }
    package var route: String {
        pick(
            "Next stop → destination", "Nächster Halt → Ziel", "Prochain arrêt → destination",
            "Prossima fermata → destinazione")
    }
    package var light: String { pick("Light", "Licht", "Lumière", "Luce") }
    package var wavesAt: String { pick("Waves at", "Waves in", "Waves à", "Wave a") }
    package var predicted: String { pick("predicted", "vorhergesagt", "prévu", "previsto") }
    package var unrated: String { pick("unrated", "unbewertet", "sans note", "senza voto") }
    package var shipUnknown: String { words.shipUnknown }
    package var calendar: String {
        pick(
            "Subscribe to this station's calendar", "Den Kalender dieser Station abonnieren",
            "S'abonner au calendrier de cette station", "Abbonarsi al calendario di questa stazione")
    }
    package var calendarNote: String {
        pick(
            "(the best windows of each day, with an alarm 10 minutes before)",
            "(die besten Fenster jedes Tages, mit einem Alarm 10 Minuten vorher)",
            "(les meilleures fenêtres de chaque jour, avec une alarme 10 minutes avant)",
            "(le finestre migliori di ogni giorno, con un allarme 10 minuti prima)")
    }
    package var dayStrip: String {
        pick(
            "The day's waves over the daylight", "Die Waves des Tages über dem Tageslicht",
            "Les vagues du jour sur la lumière du jour", "Le onde del giorno sulla luce del giorno")
    }
    package var generated: String { pick("Published", "Veröffentlicht", "Publié", "Pubblicato") }
    package var fromFeed: String {
        pick("from the wave feed", "aus dem Wave-Feed", "depuis le flux des vagues", "dal flusso delle onde")
    }

    /// A rating in words, for the text behind its icons: "rating 2 of 3 (riders)".
    package func ratingText(_ rating: Int?, basis: FeedWave.RatingBasis?) -> String {
        guard let rating else { return unrated }
        return pick("rating \(rating) of 3", "Bewertung \(rating) von 3", "note \(rating) sur 3", "voto \(rating) su 3")
            + " (" + self.basis(basis) + ")"
    }

    /// What decided a rating: the riders, a model, or nothing known.
    package func basis(_ basis: FeedWave.RatingBasis?) -> String {
        switch basis {
        case .riders: pick("riders", "Rider", "riders", "rider")
        case .energy, .force, .energyAndForce: pick("legacy model", "altes Modell", "ancien modèle", "vecchio modello")
        case .waveHeightAtRider: pick("wake model", "Wellenmodell", "modèle de sillage", "modello di scia")
        case nil: pick("basis not stated", "Grundlage nicht angegeben", "base non indiquée", "base non indicata")
        }
    }

    /// The daylight phase's name.
    package func phase(_ phase: FeedWave.Daylight) -> String { words.phase(phase) }

    /// What the page's terms mean: predicted, unrated, the ratings' sources.
    package var legend: [(term: String, meaning: String)] {
        [
            (
                predicted,
                pick(
                    "the operator has not published which ship runs this course yet; the ship shown ran it on most archived days of the same timetable period, with its share of those days",
                    "der Betreiber hat noch nicht veröffentlicht, welches Schiff diesen Kurs fährt; gezeigt ist das Schiff, das ihn an den meisten archivierten Tagen derselben Fahrplanperiode fuhr, mit seinem Anteil dieser Tage",
                    "l'exploitant n'a pas encore publié quel bateau assure cette course ; le bateau indiqué l'a assurée la plupart des jours archivés de la même période d'horaire, avec sa part de ces jours",
                    "il gestore non ha ancora pubblicato quale battello effettua questa corsa; il battello indicato l'ha effettuata nella maggior parte dei giorni archiviati dello stesso periodo d'orario, con la sua quota di quei giorni"
                )
            ),
            (
                unrated,
                pick(
                    "the rating table gives this ship no rating (no figures and no riders' rating yet), or the ship is not known",
                    "die Bewertungstabelle gibt diesem Schiff keine Bewertung (noch keine Daten und keine Rider-Bewertung), oder das Schiff ist nicht bekannt",
                    "la table des notes ne donne pas de note à ce bateau (pas encore de données ni de note des riders), ou le bateau n'est pas connu",
                    "la tabella dei voti non dà un voto a questo battello (ancora nessun dato né voto dei rider), o il battello non è noto"
                )
            ),
            (
                pick("Ratings", "Bewertungen", "Notes", "Voti"),
                pick(
                    "1 to 3 waves, from the lake operator's rating table: the riders' own rating where they gave one, else a model of the ship's wake (the legacy model from its length, beam and weight, or the wake model's height at the rider)",
                    "1 bis 3 Waves, aus der Bewertungstabelle des Betreibers: die eigene Bewertung der Rider, wo sie eine gaben, sonst ein Modell der Heckwelle (das alte Modell aus Länge, Breite und Gewicht, oder die Höhe beim Rider nach dem Wellenmodell)",
                    "1 à 3 vagues, selon la table des notes de l'exploitant : la note des riders là où ils en ont donné une, sinon un modèle du sillage (l'ancien modèle d'après la longueur, la largeur et le poids, ou la hauteur chez le rider selon le modèle de sillage)",
                    "da 1 a 3 onde, dalla tabella dei voti del gestore: il voto dei rider dove l'hanno dato, altrimenti un modello della scia (il vecchio modello da lunghezza, larghezza e peso, o l'altezza presso il rider secondo il modello di scia)"
                )
            ),
            (
                light,
                pick(
                    "day between sunrise and sunset, civil twilight before and after it, night otherwise (computed for each station)",
                    "Tag zwischen Sonnenauf- und -untergang, bürgerliche Dämmerung davor und danach, sonst Nacht (für jede Station berechnet)",
                    "jour entre le lever et le coucher du soleil, crépuscule civil avant et après, nuit sinon (calculé pour chaque station)",
                    "giorno tra alba e tramonto, crepuscolo civile prima e dopo, notte altrimenti (calcolato per ogni stazione)"
                )
            ),
        ]
    }
}
