//! Transliteration both ways (issue 12, scopes 2 and 3).
//!
//! - [`modern`]: Hebrew → Latin, the Academy of the Hebrew Language's simplified rules, for
//!   names, places and UI strings; unvocalized input is vocalized by the nikud model when one is
//!   given, else read with a consonant-and-matres heuristic (the `scheme` says which).
//! - [`sbl`]: Hebrew → Latin, the SBL academic scheme (a library option; the HTTP request has no
//!   scheme field).
//! - [`latin`]: Latin → Hebrew letters as the Israeli press writes foreign names and brands.
//! - [`cluster`]: the letter-and-marks reading both Hebrew → Latin schemes share.

pub mod cluster;
pub mod latin;
pub mod modern;
pub mod sbl;

use super::nikud::Nakdimon;
use super::strip::has_points;

/// Hebrew → Latin with the modern scheme; returns the transliteration and the scheme used:
/// [`modern::SCHEME`] for vocalized input, [`modern::SCHEME_VOCALIZED_BY_MODEL`] when `model`
/// vocalized unpointed input first, [`modern::SCHEME_UNVOCALIZED`] when the heuristic read
/// unpointed Hebrew words.
///
/// ```
/// use lashon_core::hebrew::translit::he_to_latin;
///
/// assert_eq!(he_to_latin("יְרוּשָׁלַיִם", None), ("yerushalayim".into(), "academy-simplified"));
/// assert_eq!(he_to_latin("שלום", None), ("shlom".into(), "academy-simplified-unvocalized"));
/// ```
pub fn he_to_latin(text: &str, model: Option<&Nakdimon>) -> (String, &'static str) {
    if let Some(model) = model {
        if !has_points(text) && text.chars().any(cluster::is_letter) {
            let (out, _) = modern::transliterate(&model.vocalize(text));
            return (out, modern::SCHEME_VOCALIZED_BY_MODEL);
        }
    }
    let (out, any_bare) = modern::transliterate(text);
    let scheme = if any_bare {
        modern::SCHEME_UNVOCALIZED
    } else {
        modern::SCHEME
    };
    (out, scheme)
}
