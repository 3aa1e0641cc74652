/// The operator's deployment page in its flat-span layout (docs/SCIENCE.md §9): MS Forch with
/// courses 2533 (Wädenswil 14:31, Stäfa 14:44) and 2535, MS Linth with course 106. Shared by the
/// page reader's tests and the archive fetcher's, which serve it over HTTP.
public enum DeploymentPageFixture {
    public static let flatSpans = """
        <html><body>
          <a class="title" href="/schiff/ms-forch">MS Forch</a>
          <span class="disposition"><span class="prefix">Kurs</span> <span class="cruise">2533</span>
            <span class="station first"><span>14:31</span><span>Wädenswil</span></span>
            <span class="station"><span>14:44</span><span>Stäfa</span></span></span>
          <span class="disposition"><span class="prefix">Kurs</span> <span class="cruise">2535</span></span>
          <a class="title" href="/schiff/ms-linth">MS Linth</a>
          <span class="disposition"><span class="prefix">Kurs</span> <span class="cruise">106</span></span>
        </body></html>
        """
}
