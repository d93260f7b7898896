//! Places: where a headline's event happened, read from a gazetteer (`data/places.tsv`,
//! written for this project: localities, neighbourhoods, regions and countries with their
//! Hebrew and English names, an approximate position and how far each extends).
//!
//! Two attacks of one kind on one afternoon are told in the same words (`פיגוע`, `דקירה`,
//! `נפצע`) and differ in their places: a soldier stabbed in Tel Aviv at noon, a woman
//! murdered at the Alon Shvut hitchhiking post in Gush Etzion at five (the labelled blind
//! window of 10 Nov 2014, where the second's coverage joined the first's cluster). A place
//! read as a word weighs like any rare word, and `בתל אביב` is another phrase than `תל
//! אביב`; read as a place, with where it is, it tells the two apart. A headline whose places
//! (read in its lead, [`super::clauses`]) are all far from every place an incident's cluster
//! names does not join it, when two of that cluster's articles and a third of them name a
//! place; two clusters, one of them an incident, that name places far apart do not merge
//! (`conflict`). The rule is about incidents, which happen at a place: a capital also names
//! its government (`וושינגטון מזהירה`), and a funeral or the weather has its own rules.
//! Places near one another (Har Nof in Jerusalem, Alon Shvut in Gush Etzion, Har Dov on the
//! Golan's edge) are never apart, a street named for a town (`דרך חברון`, `רחוב יפו`) is no
//! town, and a country or a wide region (Syria, the Negev) names no place of an event: an
//! alarm on the Golan and the army's strike in Syria in answer are one story.
//!
//! ```
//! use lashon_news::cluster::places::Gazetteer;
//!
//! let g = Gazetteer::builtin();
//! let tel_aviv = g.find("חשד לפיגוע: צעיר נדקר בתל אביב");
//! let alon_shvut = g.find("פיגוע דקירה באלון שבות: שלושה ישראלים נפצעו");
//! let jerusalem = g.find("פיגוע בבית כנסת בירושלים");
//! let har_nof = g.find("הטבח בהר נוף: ארבעה נרצחו");
//! assert!(!tel_aviv.is_empty() && !alon_shvut.is_empty());
//! assert!(g.far(&tel_aviv, &alon_shvut));
//! assert!(!g.far(&jerusalem, &har_nof));
//! ```

use std::fmt;
use std::sync::LazyLock;

use foldhash::{HashMap, HashMapExt};

use super::background::Background;
use crate::search::{form_slices, tokens};

/// The gazetteer shipped with the crate.
pub const BUILTIN_TSV: &str = include_str!("../../data/places.tsv");

/// Two places are apart when their centres are farther than their extents and this margin
/// (at 10 the Golan and Har Dov, on its northern edge, were apart).
const MARGIN_KM: f64 = 15.0;

/// The largest place that tells where an event is (a city, a bloc, the Golan, the Gaza
/// Strip): a country or a wide region (Syria, the Negev) holds the events on both sides of a
/// line (an alarm on the Golan and the army's strike in Syria in answer, one story).
const LOCAL_KM: f64 = 30.0;

/// How much more frequent than the place (in centibels: 50 is a factor of about three) a
/// prefixed token must be to be read as a word of its own ([`Gazetteer::find_in`]).
const WORD_OF_ITS_OWN_CB: u16 = 50;

/// A place's index in its [`Gazetteer`].
pub type PlaceId = u16;

/// A place: its name in the table, its centre and how far it extends.
#[derive(Debug, Clone, PartialEq)]
pub struct Place {
    pub name: String,
    pub lat: f64,
    pub lon: f64,
    pub radius_km: f64,
}

/// A name of a place after its first token: the rest of its tokens, and for an abbreviation
/// written with gershayim (`ת"א`) the abbreviation as headlines write it, for the token
/// alone (`תא`, a cell) is a word too.
#[derive(Debug, Clone)]
struct Form {
    rest: Vec<String>,
    place: PlaceId,
    /// The abbreviation's index among the table's, and its two spellings.
    abbreviation: Option<(usize, String, String)>,
}

/// Words after which a town's name names a street (`דרך חברון`, `רחוב יפו`, `Jaffa Road`
/// reads the word before: `road` is checked after the name).
/// As search tokens, final letters folded (`דרך` is `דרכ`).
const STREET_BEFORE: &[&str] = &["רחוב", "רח", "דרכ", "שדרות", "שד", "כביש", "street"];
const STREET_AFTER: &[&str] = &["road", "street", "st", "rd", "boulevard"];

/// A line of a gazetteer that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlacesError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for PlacesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "places table line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for PlacesError {}

/// Places and their names, by first token.
#[derive(Debug, Clone, Default)]
pub struct Gazetteer {
    places: Vec<Place>,
    by_first: HashMap<String, Vec<Form>>,
    by_name: HashMap<String, PlaceId>,
    abbreviations: usize,
}

impl Gazetteer {
    /// Reads a table of `place<TAB>lat<TAB>lon<TAB>radius_km<TAB>lang<TAB>form` lines; `#`
    /// lines and blank lines are skipped. A place's first line gives its position; another
    /// line of it that gives another is an error.
    pub fn parse(tsv: &str) -> Result<Gazetteer, PlacesError> {
        let mut g = Gazetteer::default();
        let mut ids: HashMap<String, PlaceId> = HashMap::new();
        for (n, line) in tsv.lines().enumerate() {
            let line = line.trim_end_matches('\r');
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let error = |message: &str| PlacesError {
                line: n + 1,
                message: message.to_string(),
            };
            let cols: Vec<&str> = line.split('\t').collect();
            let [name, lat, lon, radius, _lang, form] = cols[..] else {
                return Err(error("expected place, lat, lon, radius_km, lang, form"));
            };
            let number = |s: &str| s.trim().parse::<f64>().ok().filter(|x| x.is_finite());
            let (Some(lat), Some(lon), Some(radius_km)) =
                (number(lat), number(lon), number(radius))
            else {
                return Err(error("lat, lon and radius_km must be numbers"));
            };
            if !(-90.0..=90.0).contains(&lat) || !(-180.0..=180.0).contains(&lon) || radius_km < 0.0
            {
                return Err(error("position out of range"));
            }
            let id = match ids.get(name) {
                Some(id) => {
                    let p = &g.places[usize::from(*id)];
                    if (p.lat, p.lon, p.radius_km) != (lat, lon, radius_km) {
                        return Err(error("another position for a place already listed"));
                    }
                    *id
                }
                None => {
                    let id = PlaceId::try_from(g.places.len())
                        .map_err(|_| error("more places than the table can hold"))?;
                    ids.insert(name.to_string(), id);
                    g.places.push(Place {
                        name: name.to_string(),
                        lat,
                        lon,
                        radius_km,
                    });
                    id
                }
            };
            let mut words = tokens(form).into_iter();
            let Some(first) = words.next() else {
                return Err(error("empty form"));
            };
            let abbreviation = form.contains(['"', '\u{05F4}']).then(|| {
                g.abbreviations += 1;
                (
                    g.abbreviations - 1,
                    form.replace('\u{05F4}', "\""),
                    form.replace('"', "\u{05F4}"),
                )
            });
            g.by_first.entry(first).or_default().push(Form {
                rest: words.collect(),
                place: id,
                abbreviation,
            });
        }
        g.by_name = ids;
        // The longest name first: `רמת הגולן` before `רמת גן`'s first word alone.
        for forms in g.by_first.values_mut() {
            forms.sort_by_key(|f| std::cmp::Reverse(f.rest.len()));
        }
        Ok(g)
    }

    /// The built-in gazetteer.
    pub fn builtin() -> &'static Gazetteer {
        // The table ships with the crate and a test reads it: it parses.
        static BUILTIN: LazyLock<Gazetteer> = LazyLock::new(|| {
            Gazetteer::parse(BUILTIN_TSV).expect("the built-in places table parses")
        });
        &BUILTIN
    }

    /// The place named `name` in the table (as snapshots save places: by name, so that a
    /// table with lines added reads them the same).
    pub fn id(&self, name: &str) -> Option<PlaceId> {
        self.by_name.get(name).copied()
    }

    /// The place of `id`.
    pub fn place(&self, id: PlaceId) -> Option<&Place> {
        self.places.get(usize::from(id))
    }

    /// The places of at most 30 km that `text` names (a city, a bloc, not a country),
    /// sorted, each once (prefix letters read with the built-in background lists).
    pub fn find(&self, text: &str) -> Vec<PlaceId> {
        self.find_in(text, &tokens(text), Background::builtin())
    }

    /// [`Gazetteer::find`] over the search tokens of `text`. A name's first word may carry
    /// prefix letters (`בתל אביב`, `ובגוש עציון`) where the word is not a more frequent word
    /// of its own in `background` than what remains (`כיוון`, a direction, is no `יוון`); the
    /// longest name at a word wins; a name after a street's word (`דרך חברון`) or before one
    /// (`Jaffa Road`) is a street's. Linear in the tokens (each abbreviation is looked for in
    /// `text` once).
    pub fn find_in(&self, text: &str, words: &[String], background: &Background) -> Vec<PlaceId> {
        let mut found: Vec<PlaceId> = self
            .spans_in(text, words, background)
            .into_iter()
            .map(|(place, _)| place)
            .collect();
        found.sort_unstable();
        found.dedup();
        found
    }

    /// [`Gazetteer::find_in`] with the words that name each place, in text order.
    pub fn spans_in(
        &self,
        text: &str,
        words: &[String],
        background: &Background,
    ) -> Vec<(PlaceId, std::ops::Range<usize>)> {
        let mut found = Vec::new();
        // Whether each abbreviation is in `text` as written, once asked.
        let quoted = text.contains(['"', '\u{05F4}']);
        let mut written: Vec<Option<bool>> = Vec::new();
        let street = |list: &[&str], j: usize| {
            words
                .get(j)
                .is_some_and(|w| form_slices(w).any(|f| list.contains(&f)))
        };
        let mut i = 0;
        while i < words.len() {
            let mut best: Option<(usize, PlaceId)> = None;
            // The word's own frequency, asked only of a word one of whose readings begins a
            // place: most words begin none (asked of every word, about 1% of the clusterer's
            // instructions).
            let mut whole: Option<Option<u16>> = None;
            for reading in form_slices(&words[i]) {
                let Some(forms) = self.by_first.get(reading) else {
                    continue;
                };
                // Centibels: the fewer, the more frequent. A prefixed place is often about
                // as frequent as the place (`בפריז` 474, `פריז` 480; `החרמון` 524, `חרמון`
                // 563); a word of its own is far more so (`כיוון` 395, `יוון` 472).
                let prefixed = reading.len() < words[i].len();
                if prefixed
                    && whole
                        .get_or_insert_with(|| background.word(&words[i]))
                        .is_some_and(|w| background.rarity(reading) > w + WORD_OF_ITS_OWN_CB)
                {
                    continue;
                }
                let named = forms.iter().find(|f| {
                    words[i + 1..].starts_with(&f.rest)
                        && f.abbreviation.as_ref().is_none_or(|(k, ascii, hebrew)| {
                            quoted && {
                                if written.is_empty() {
                                    written = vec![None; self.abbreviations];
                                }
                                *written[*k].get_or_insert_with(|| {
                                    text.contains(ascii.as_str()) || text.contains(hebrew.as_str())
                                })
                            }
                        })
                });
                if let Some(f) = named {
                    if best.is_none_or(|(len, _)| 1 + f.rest.len() > len) {
                        best = Some((1 + f.rest.len(), f.place));
                    }
                }
            }
            match best {
                Some((len, place)) => {
                    let on_street =
                        (i > 0 && street(STREET_BEFORE, i - 1)) || street(STREET_AFTER, i + len);
                    if self.places[usize::from(place)].radius_km <= LOCAL_KM && !on_street {
                        found.push((place, i..i + len));
                    }
                    i += len;
                }
                None => i += 1,
            }
        }
        found
    }

    /// Whether places `a` and `b` are apart: farther than their extents and a margin
    /// (`MARGIN_KM`, 15 km).
    pub fn apart(&self, a: PlaceId, b: PlaceId) -> bool {
        match (self.place(a), self.place(b)) {
            (Some(p), Some(q)) => distance_km(p, q) > p.radius_km + q.radius_km + MARGIN_KM,
            _ => false,
        }
    }

    /// Whether every place of `a` is apart from every place of `b` (both named).
    pub fn far(&self, a: &[PlaceId], b: &[PlaceId]) -> bool {
        !a.is_empty() && !b.is_empty() && a.iter().all(|p| b.iter().all(|q| self.apart(*p, *q)))
    }
}

/// The great-circle distance between two places' centres (haversine, a sphere of 6,371 km).
fn distance_km(p: &Place, q: &Place) -> f64 {
    let (la1, la2) = (p.lat.to_radians(), q.lat.to_radians());
    let dla = la2 - la1;
    let dlo = (q.lon - p.lon).to_radians();
    let h = (dla / 2.0).sin().powi(2) + la1.cos() * la2.cos() * (dlo / 2.0).sin().powi(2);
    2.0 * 6371.0 * h.sqrt().min(1.0).asin()
}

/// The places a cluster's articles name: `(place, articles)`, by place.
pub(super) type PlaceCounts = Vec<(PlaceId, u32)>;

/// Adds an article's `places` to a cluster's counts.
pub(super) fn count(counts: &mut PlaceCounts, places: &[PlaceId]) {
    for p in places {
        match counts.binary_search_by_key(p, |x| x.0) {
            Ok(i) => counts[i].1 += 1,
            Err(i) => counts.insert(i, (*p, 1)),
        }
    }
}

/// Adds a cluster's counts to another's.
pub(super) fn add_counts(counts: &mut PlaceCounts, other: &PlaceCounts) {
    for (p, n) in other {
        match counts.binary_search_by_key(p, |x| x.0) {
            Ok(i) => counts[i].1 += n,
            Err(i) => counts.insert(i, (*p, *n)),
        }
    }
}

/// Whether a cluster of `size` articles holds its place: one article alone names its own;
/// a larger cluster needs a place that two of its articles and a third of them name.
fn claims(counts: &PlaceCounts, size: u32) -> bool {
    counts
        .iter()
        .any(|(_, n)| size <= 1 || (*n >= 2 && 3 * n >= size))
}

/// Whether two clusters (or an article, as a cluster of one) tell events in places apart:
/// each holds a place, and every place the one names is apart from every place the other
/// names.
pub(super) fn conflict(
    g: &Gazetteer,
    a: &PlaceCounts,
    a_size: u32,
    b: &PlaceCounts,
    b_size: u32,
) -> bool {
    claims(a, a_size)
        && claims(b, b_size)
        && a.iter()
            .all(|(p, _)| b.iter().all(|(q, _)| g.apart(*p, *q)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(g: &Gazetteer, text: &str) -> Vec<String> {
        g.find(text)
            .into_iter()
            .map(|p| g.place(p).unwrap().name.clone())
            .collect()
    }

    #[test]
    fn the_builtin_table_reads() {
        assert!(Gazetteer::parse(BUILTIN_TSV).is_ok());
        assert!(Gazetteer::builtin().places.len() > 100);
    }

    #[test]
    fn a_place_is_read_with_its_prefix_letters_and_in_its_forms() {
        let g = Gazetteer::builtin();
        let ta = names(g, "פיגוע בתל אביב");
        assert_eq!(ta.len(), 1);
        assert_eq!(names(g, "פיגוע בת\"א: חייל נדקר"), ta);
        assert_eq!(names(g, "Stabbing attack in Tel Aviv"), ta);
        // `תא` without gershayim is a cell, not Tel Aviv.
        assert!(names(g, "נחשף תא טרור של חמאס").is_empty());
        // A word of its own is read with prefix letters only where it is not far more
        // frequent than the place: `בפריז` is in Paris, `כיוון` (a direction) is no `יוון`.
        assert!(!names(g, "פיגוע בפריז").is_empty());
        assert!(!names(g, "שלג בחרמון").is_empty());
        assert!(names(g, "שינוי כיוון בממשלה").is_empty());
        assert!(!names(g, "נפילה בזיקים").is_empty());
        assert!(names(g, "ריסוס נגד מזיקים בשדות").is_empty());
        assert!(!names(g, "פיגוע דקירה ובגוש עציון").is_empty());
        assert!(names(g, "הממשלה אישרה את התקציב").is_empty());
    }

    #[test]
    fn places_near_or_inside_one_another_are_not_apart() {
        let g = Gazetteer::builtin();
        let of = |t: &str| {
            let found = g.find(t);
            assert!(!found.is_empty(), "{t}");
            found
        };
        assert!(g.far(&of("בתל אביב"), &of("באלון שבות")));
        assert!(g.far(&of("בסידני"), &of("בפשאוור")));
        // A country names no place of an event: its events are on both sides of its borders.
        assert!(g.find("צה\"ל תקף בסוריה").is_empty());
        assert!(!g.far(&of("בירושלים"), &of("בהר נוף")));
        assert!(!g.far(&of("בגוש עציון"), &of("באלון שבות")));
        assert!(!g.far(&of("בפריז"), &of("בפריז ובסביבתה")));
        // Nothing named: nothing apart.
        assert!(!g.far(&of("בתל אביב"), &[]));
    }

    #[test]
    fn a_street_named_for_a_town_is_no_town() {
        let g = Gazetteer::builtin();
        assert!(!g.find("פיגוע בחברון").is_empty());
        assert!(g.find("תאונה קשה בדרך חברון").is_empty());
        assert!(g.find("Stabbing on Jaffa Road").is_empty());
        assert!(!g.find("Stabbing in Jaffa").is_empty());
    }

    #[test]
    fn a_cluster_holds_a_place_most_of_its_articles_name() {
        let g = Gazetteer::builtin();
        let ta = g.find("בתל אביב");
        let gush = g.find("בגוש עציון");
        let mut cluster = PlaceCounts::new();
        for _ in 0..5 {
            count(&mut cluster, &ta);
        }
        let mut article = PlaceCounts::new();
        count(&mut article, &gush);
        assert!(conflict(g, &article, 1, &cluster, 12));
        // A cluster of twenty whose articles name Tel Aviv five times holds no place.
        assert!(!conflict(g, &article, 1, &cluster, 20));
        // An article that names no place, or both places, is no conflict.
        assert!(!conflict(g, &PlaceCounts::new(), 1, &cluster, 12));
        count(&mut article, &ta);
        assert!(!conflict(g, &article, 1, &cluster, 12));
    }

    /// An afternoon written for this test: a stabbing attack in Tel Aviv at noon, told by
    /// four outlets, and another at the Alon Shvut junction five hours later. Returns the
    /// clusters of the articles.
    fn two_attacks(places: bool) -> Vec<i64> {
        use crate::cluster::eval::cluster_written;
        use crate::cluster::Params;
        use chrono::{TimeZone, Utc};
        let p = Params {
            places,
            another_incidents: false,
            ..Params::default()
        };
        let t = Utc.with_ymd_and_hms(2026, 3, 1, 10, 0, 0).unwrap();
        let headlines = [
            (0, "a", "חשד לפיגוע: צעיר נדקר בתל אביב, מצבו קשה"),
            (15, "b", "פיגוע דקירה בתל אביב: חייל נפצע קשה"),
            (30, "c", "פיגוע בת\"א: חייל נדקר בתחנת הרכבת, מצבו קשה"),
            (45, "d", "פיגוע דקירה בתל אביב: החייל נפצע באורח קשה"),
            (300, "b", "פיגוע דקירה באלון שבות: שלושה נפצעו"),
            (310, "a", "פיגוע דקירה בצומת הגוש: צעירה נפצעה קשה"),
            (320, "c", "פיגוע דקירה בגוש עציון: צעירה נדקרה, מצבה קשה"),
        ];
        cluster_written(p, t, &headlines)
    }

    #[test]
    fn an_attack_elsewhere_is_another_story() {
        let got = two_attacks(true);
        assert!(got[..4].iter().all(|c| *c == got[0]), "{got:?}");
        assert!(got[4..].iter().all(|c| *c != got[0]), "{got:?}");
        // Read as words, the second attack joins the first.
        let got = two_attacks(false);
        assert!(got[4..].iter().any(|c| *c == got[0]), "{got:?}");
    }

    #[test]
    fn bad_lines_are_typed_errors() {
        assert_eq!(Gazetteer::parse("x\t1\t2\n").unwrap_err().line, 1);
        assert!(Gazetteer::parse("x\tnorth\t2\t1\the\tמקום\n").is_err());
        assert!(Gazetteer::parse("x\t95\t2\t1\the\tמקום\n").is_err());
        assert!(Gazetteer::parse("# comment\n\nx\t31\t35\t1\ten\tSomewhere\n").is_ok());
    }
}
