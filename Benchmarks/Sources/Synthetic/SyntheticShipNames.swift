/// The fleet names the generators assign (the ZSG fleet as the rating table writes it).
public let syntheticShipNames = [
    "MS Panta Rhei", "DS Stadt Rapperswil", "MS Helvetia", "MS Linth", "MS Limmat", "MS Säntis", "MS Albis",
    "EMS Pfannenstiel", "EMS Uetliberg", "MS Bachtel", "DS Stadt Zürich", "MS Wädenswil", "MS Zimmerberg",
    "MS Forch", "EMS Fluvius", "EMS Navalis", "EMS Pontus",
]
