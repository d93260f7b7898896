//! Any input: parsing never panics; what parses prints back to the same tree; hoisting,
//! rewriting and segments never panic either.
#![no_main]

use lashon_icu::{hoist, parse, print, rewrite, segments, Plurals};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(message) = parse(text) else {
        return;
    };
    let printed = print(&message);
    assert_eq!(parse(&printed).ok().as_ref(), Some(&message), "{printed:?}");
    if let Ok(hoisted) = hoist(&message, 64) {
        let _ = segments(&hoisted);
        if let (Ok(en), Ok(he)) = (Plurals::new("en"), Plurals::new("he")) {
            let r = rewrite(&hoisted, &en, &he);
            assert_eq!(parse(&print(&r.message)).ok(), Some(r.message));
        }
    }
});
