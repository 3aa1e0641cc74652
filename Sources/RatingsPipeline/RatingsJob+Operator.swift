package import DataFolderLayout
package import Foundation
import TextFormats

extension RatingsJob.Input {
    /// What the lake operator a run is for decides (``OperatorCatalogue``; a run without one is
    /// for Lake Zurich's, the app's home): the legacy `schiffsdaten.csv` only for an operator
    /// whose pages are scraped, and, when the run publishes (``publish``, set before), a package
    /// per lake for any operator but the home one (``RatingsJob/LakePackage/perLake(of:catalogue:data:into:)``).
    package mutating func serve(
        _ chosen: OperatorCatalogue.Operator, catalogue: OperatorCatalogue, data: DataLayout
    ) {
        legacyCSV = chosen.scrapesPages
        guard let publish, !chosen.isHome else { return }
        lakePackages = RatingsJob.LakePackage.perLake(
            of: chosen, catalogue: catalogue, data: data, into: publish)
    }
}

extension RatingsJob.LakePackage {
    /// One package per lake of `chosen`, in `<DIR>/<lake>/`, each merged with the bundled
    /// tables of the lake's other operators (Data/ratings/<id>.json), so that an app reads one
    /// manifest per lake.
    package static func perLake(
        of chosen: OperatorCatalogue.Operator, catalogue: OperatorCatalogue, data: DataLayout, into directory: URL
    ) -> [Self] {
        chosen.lakes.keys.sorted().map { lake in
            let others = catalogue.operators(onLake: lake).filter { $0.id != chosen.id && !$0.isHome }
                .map { data.currentTable(operatorID: $0.id) }
                .filter { FileManager.default.fileExists(atPath: $0.path) }
            return Self(folder: directory.appendingPathComponent(TextKey.slug(lake)), others: others)
        }
    }
}
