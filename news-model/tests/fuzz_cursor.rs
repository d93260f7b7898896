//! The cursor decoder as a fuzz target (issue 19): whatever a client sends back as `cursor` —
//! random text, a real cursor truncated, with a byte changed, signed with another key or bound
//! to other parameters — is `Ok` only for the real one and otherwise a 400, never a panic.

use chrono::{DateTime, Utc};
use lashon_news::cursor::{Binding, CursorCodec, Endpoint, StoryKey, ThreadKey};
use proptest::prelude::*;

fn codec() -> CursorCodec {
    CursorCodec::new(b"the deployment's cursor key")
}

fn binding(limit: &str) -> Binding {
    Binding::of(Endpoint::Stories, &[("limit", limit.to_string())])
}

fn real() -> (String, StoryKey) {
    let key = StoryKey {
        latest_at: "2026-03-10T09:00:00Z".parse::<DateTime<Utc>>().unwrap(),
        id: 4242,
    };
    (codec().encode(&binding("40"), &key), key)
}

proptest! {

    #[test]
    fn random_text_is_a_400(cursor in "\\PC{0,600}") {
        let got = codec().decode::<StoryKey>(&cursor, &binding("40"));
        prop_assert!(got.is_err());
        prop_assert_eq!(got.unwrap_err().http_status(), 400);
    }

    #[test]
    fn url_safe_base64_noise_is_a_400(cursor in "[A-Za-z0-9_-]{0,700}") {
        prop_assert!(codec().decode::<StoryKey>(&cursor, &binding("40")).is_err());
    }

    #[test]
    fn a_changed_or_cut_cursor_is_a_400(at in 0usize..200, to in any::<u8>(), cut in 0usize..200) {
        let (cursor, _) = real();
        let mut bytes = cursor.clone().into_bytes();
        let i = at % bytes.len();
        let replacement = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"[usize::from(to) % 64];
        prop_assume!(bytes[i] != replacement);
        bytes[i] = replacement;
        let changed = String::from_utf8(bytes).unwrap();
        prop_assert!(codec().decode::<StoryKey>(&changed, &binding("40")).is_err());
        let cut = &cursor[..cut % cursor.len()];
        prop_assert!(codec().decode::<StoryKey>(cut, &binding("40")).is_err());
    }
}

#[test]
fn only_the_real_cursor_with_its_key_binding_and_kind_decodes() {
    let (cursor, key) = real();
    assert_eq!(
        codec().decode::<StoryKey>(&cursor, &binding("40")).unwrap(),
        key
    );
    assert!(CursorCodec::new(b"another key")
        .decode::<StoryKey>(&cursor, &binding("40"))
        .is_err());
    assert!(codec().decode::<StoryKey>(&cursor, &binding("41")).is_err());
    assert!(codec()
        .decode::<ThreadKey>(&cursor, &binding("40"))
        .is_err());
    assert!(codec()
        .decode::<StoryKey>(&"A".repeat(1 << 20), &binding("40"))
        .is_err());
}
