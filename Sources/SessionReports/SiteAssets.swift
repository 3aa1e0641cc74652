/// The site's style sheet and script, written beside the pages (`site.css`, `site.js`).
///
/// The palette keeps every text at a contrast of at least 4.5:1 on its background (WCAG 2.1,
/// 1.4.3): dark text on white days and blue-grey twilight, light text on navy nights; the browser
/// tests measure it on the rendered pages. The script adds conveniences only: the browser's
/// language on the root page, the search on the index, today marked; every page is complete
/// without it.
enum SiteAssets {
    static let css = """
        :root{--ink:#1a1a1a;--muted:#474747;--link:#0a4f99;--line:#cfd6e2;--twilight:#e3e9f4;--night:#1b2640;
        --night-ink:#f3f5fa;--night-muted:#d3d9e6;--night-link:#b3d1ff;--best:#fff1c2;--note:#fff6dd}
        *{box-sizing:border-box}
        html{-webkit-text-size-adjust:100%}
        body{margin:0 auto;max-width:64rem;padding:0 .75rem 2rem;font:16px/1.45 system-ui,-apple-system,"Segoe UI",
        Roboto,"DejaVu Sans",sans-serif;color:var(--ink);background:#fff}
        a{color:var(--link)}
        header{display:flex;flex-wrap:wrap;justify-content:space-between;align-items:baseline;gap:.25rem 1rem;
        border-bottom:1px solid var(--line);padding:.5rem 0}
        .brand{margin:0;font-weight:700}
        .langs a,.langs span{margin-right:.6rem}
        .langs span{font-weight:700}
        h1{font-size:1.6rem;margin:.8rem 0 .3rem}
        h2{font-size:1.25rem;margin:1.4rem 0 .3rem;border-bottom:2px solid var(--line)}
        h3{font-size:1.05rem;margin:1rem 0 .2rem}
        small{color:var(--muted)}
        .note{background:var(--note);padding:.4rem .6rem;border-left:4px solid #8a6d00}
        .best{margin:.2rem 0 .4rem}
        .best.none{color:var(--muted)}
        .choices,.stations{padding-left:1.2rem}
        .stations{columns:14rem}
        .search input{font:inherit;padding:.3rem;width:100%;max-width:22rem}
        .waves{list-style:none;margin:0 0 .6rem;padding:0;border-top:1px solid var(--line)}
        .waves li{display:grid;grid-template-columns:3.3rem minmax(0,1fr) auto;gap:0 .5rem;padding:.3rem .4rem;
        border-bottom:1px solid var(--line);overflow-wrap:anywhere}
        .waves .s{grid-column:2}
        .waves .r{grid-column:3;text-align:right;white-space:nowrap}
        .waves .t{grid-column:2;font-size:.9rem}
        .waves .l{grid-column:3;text-align:right;font-size:.9rem}
        .waves li.head{display:none}
        .waves li.twilight{background:var(--twilight)}
        .waves li.night{background:var(--night);color:var(--night-ink)}
        .waves li.night small{color:var(--night-muted)}
        .waves li.night a{color:var(--night-link)}
        .waves li.in{box-shadow:inset 5px 0 0 #b07d00}
        .waves li.day.in{background:var(--best)}
        .waves li.next{outline:2px solid var(--link)}
        .u{color:var(--muted)}
        .waves li.night .u{color:var(--night-muted)}
        .w{display:inline-block;height:12px;vertical-align:-1px;margin-right:.3rem;background:url("data:image/svg+xml,\
        %3Csvg xmlns='http://www.w3.org/2000/svg' width='16' height='12'%3E%3Cpath d='M1 8q3-6 7 0t7 0' fill='none' \
        stroke='%230a63c4' stroke-width='2.4'/%3E%3C/svg%3E") left/16px 12px repeat-x}
        .w1{width:16px}.w2{width:32px}.w3{width:48px}
        .wp{opacity:.55}
        .waves li.night .w{filter:brightness(2.2)}
        .sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
        figure{margin:.3rem 0 .5rem}
        .strip{width:100%;max-width:34rem;height:auto;display:block}
        .strip .bn{fill:var(--night)}.strip .bt{fill:#8d9bc0}.strip .bd{fill:#f2d675}
        .strip .bw{fill:#b07d00;fill-opacity:.16;stroke:#b07d00;stroke-width:1.5}
        .strip .wv{stroke:#0a63c4;stroke-width:2.5}.strip .pr{stroke-dasharray:3 2}.strip .ur{stroke:#6b6b6b}
        .strip text{font-size:11px;fill:var(--ink);text-anchor:middle}
        .quiet{color:var(--muted)}
        .day.today h2::after{content:" ●";color:#b07d00}
        footer{margin-top:2rem;border-top:1px solid var(--line);font-size:.9rem}
        footer dt{font-weight:700;margin-top:.4rem}
        footer dd{margin:0 0 0 1rem}
        @media (min-width:44rem){
        .waves li{grid-template-columns:3.3rem minmax(0,13rem) 9rem minmax(0,1fr) 6.5rem}
        .waves .s,.waves .r,.waves .t,.waves .l{grid-column:auto}
        .waves .r{text-align:left}
        .waves li.head{display:grid;font-weight:700;font-size:.85rem;color:var(--muted)}}

        """

    static let js = """
        // Conveniences only: every page is complete without this script.
        (function () {
          "use strict";
          var languages = ["en", "de", "fr", "it"];
          var root = document.documentElement;
          function remembered() {
            try { return window.localStorage.getItem("nextwave-language"); } catch (e) { return null; }
          }
          function remember(language) {
            try { window.localStorage.setItem("nextwave-language", language); } catch (e) { /* private mode */ }
          }
          // The root page opens the language chosen before, else the browser's, else English.
          if (root.getAttribute("data-page") === "root") {
            var wanted = (navigator.languages || [navigator.language || ""]).map(function (tag) {
              return String(tag || "").slice(0, 2).toLowerCase();
            });
            var choice = remembered();
            if (languages.indexOf(choice) < 0) {
              choice = wanted.filter(function (tag) { return languages.indexOf(tag) >= 0; })[0] || "en";
            }
            window.location.replace(choice + "/index.html");
            return;
          }
          Array.prototype.forEach.call(document.querySelectorAll("a[data-lang]"), function (link) {
            link.addEventListener("click", function () { remember(link.getAttribute("data-lang")); });
          });
          // The index: find a station or a lake by any of its names.
          var field = document.getElementById("q");
          if (field) {
            field.parentNode.hidden = false;
            var fold = function (text) {
              return text.normalize("NFD").replace(/[\\u0300-\\u036f]/g, "").toLowerCase()
                .replace(/[^a-z0-9]+/g, " ").trim();
            };
            field.addEventListener("input", function () {
              var query = fold(field.value);
              var shown = 0;
              Array.prototype.forEach.call(document.querySelectorAll("section.lake"), function (lake) {
                var any = false;
                Array.prototype.forEach.call(lake.querySelectorAll("li[data-names]"), function (item) {
                  var match = query === "" || item.getAttribute("data-names").indexOf(query) >= 0;
                  item.hidden = !match;
                  if (match) { any = true; shown += 1; }
                });
                lake.hidden = !any;
              });
              document.getElementById("none").hidden = shown > 0;
            });
          }
          // Today's day marked, and its next wave outlined.
          var now = new Date();
          var today = new Intl.DateTimeFormat("en-CA", { timeZone: document.documentElement.getAttribute("data-zone") || "Europe/Zurich" }).format(now);
          Array.prototype.forEach.call(document.querySelectorAll("section.day[data-date]"), function (day) {
            if (day.getAttribute("data-date") !== today) { return; }
            day.classList.add("today");
            var times = day.querySelectorAll("ol.waves time[datetime]");
            for (var i = 0; i < times.length; i += 1) {
              if (new Date(times[i].getAttribute("datetime")) >= now) {
                times[i].parentNode.classList.add("next");
                break;
              }
            }
          });
        }());

        """
}
