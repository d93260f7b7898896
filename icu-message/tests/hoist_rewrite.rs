//! Hoisting and plural rewriting between English, Hebrew and Russian.

use lashon_icu::{
    hoist, parse, print, rewrite, Category, IcuError, PluralKey, Plurals, Rewrite,
    DEFAULT_BRANCH_LIMIT,
};

fn locale(tag: &str) -> Plurals {
    Plurals::new(tag).expect("built-in locale")
}

fn hoisted(source: &str) -> String {
    let m = parse(source).expect("valid message");
    let h = hoist(&m, DEFAULT_BRANCH_LIMIT).expect("hoistable");
    let text = print(&h);
    assert_eq!(
        parse(&text).expect("hoisted output parses"),
        h,
        "round trip of {text}"
    );
    text
}

fn rewritten(source: &str, from: &str, to: &str) -> Rewrite {
    let m = parse(source).expect("valid message");
    let h = hoist(&m, DEFAULT_BRANCH_LIMIT).expect("hoistable");
    let r = rewrite(&h, &locale(from), &locale(to));
    let text = print(&r.message);
    assert_eq!(parse(&text).expect("rewritten output parses"), r.message);
    r
}

fn origins(r: &Rewrite, plural: usize) -> Vec<(String, String, Vec<String>)> {
    r.plurals[plural]
        .branches
        .iter()
        .map(|b| {
            (
                b.key.to_key_string(),
                b.from.to_key_string(),
                b.samples.clone(),
            )
        })
        .collect()
}

fn strs(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

#[test]
fn hoist_moves_plural_to_the_top() {
    assert_eq!(
        hoisted("You have {n, plural, =0 {no messages} one {# message} other {# messages}}."),
        "{n, plural, =0 {You have no messages.} one {You have # message.} other {You have # messages.}}"
    );
}

#[test]
fn hoist_keeps_flat_messages() {
    assert_eq!(hoisted("Hello {name}"), "Hello {name}");
    assert_eq!(hoisted(""), "");
}

#[test]
fn hoist_two_selectors_in_document_order() {
    assert_eq!(
        hoisted("{g, select, female {She} other {They}} sent you {n, plural, one {a gift} other {# gifts}}."),
        "{g, select, female {{n, plural, one {She sent you a gift.} other {She sent you # gifts.}}} \
         other {{n, plural, one {They sent you a gift.} other {They sent you # gifts.}}}}"
    );
}

#[test]
fn hoist_through_tags() {
    assert_eq!(
        hoisted("<b>{n, plural, one {# item} other {# items}}</b> left"),
        "{n, plural, one {<b># item</b> left} other {<b># items</b> left}}"
    );
}

#[test]
fn hoist_nested_plural_in_select_in_plural() {
    // `#` of `a` ends up under the select: it becomes `{a, number}` (offset 0, same output).
    assert_eq!(
        hoisted("{a, plural, one {# x {g, select, male {m} other {o}}} other {# y}}"),
        "{a, plural, one {{g, select, male {{a, number} x m} other {{a, number} x o}}} other {# y}}"
    );
}

#[test]
fn hoist_literal_hash_gets_quoted_under_plural() {
    // In the select, `#1` is text; hoisted under the plural it must be quoted to stay text.
    assert_eq!(
        hoisted("{g, select, other {#1 {n, plural, other {# fans}}}}"),
        "{g, select, other {{n, plural, other {'#'1 # fans}}}}"
    );
}

#[test]
fn hoist_pound_with_offset_under_select_is_refused() {
    let m = parse("{a, plural, offset:1 other {# {g, select, male {m} other {o}}}}").unwrap();
    let err = hoist(&m, DEFAULT_BRANCH_LIMIT).unwrap_err();
    assert!(matches!(err, IcuError::PoundDetached { .. }));
    let service: lashon_vocab::ServiceError = err.into();
    assert_eq!(service.code.as_str(), "message_too_complex");
}

#[test]
fn hoist_limit_gives_message_too_complex() {
    let five = |n: &str| format!("{{{n}, select, a {{a}} b {{b}} c {{c}} d {{d}} other {{e}}}}");
    let source = format!("{} {} {}", five("x"), five("y"), five("z"));
    let m = parse(&source).unwrap();
    let err = hoist(&m, DEFAULT_BRANCH_LIMIT).unwrap_err();
    assert_eq!(
        err,
        IcuError::TooComplex {
            branches: 125,
            limit: 64
        }
    );
    let service: lashon_vocab::ServiceError = err.into();
    assert_eq!(service.code.as_str(), "message_too_complex");
    assert_eq!(service.http_status(), 400);
    assert!(hoist(&m, 125).is_ok());
}

#[test]
fn en_to_he_adds_two_from_other() {
    let r = rewritten(
        "You have {n, plural, =0 {no messages} one {# message} other {# messages}}.",
        "en",
        "he",
    );
    assert_eq!(
        print(&r.message),
        "{n, plural, =0 {You have no messages.} one {You have # message.} \
         two {You have # messages.} other {You have # messages.}}"
    );
    assert_eq!(
        origins(&r, 0),
        vec![
            ("=0".into(), "=0".into(), strs(&["0"])),
            ("one".into(), "one".into(), strs(&["1"])),
            ("two".into(), "other".into(), strs(&["2"])),
            ("other".into(), "other".into(), strs(&["0", "3", "4", "5"])),
        ]
    );
    assert!(r.plurals[0].dropped.is_empty());
}

#[test]
fn en_to_ru_one_few_many_other() {
    let r = rewritten("{n, plural, one {# file} other {# files}}", "en", "ru");
    assert_eq!(
        print(&r.message),
        "{n, plural, one {# file} few {# files} many {# files} other {# files}}"
    );
    assert_eq!(
        origins(&r, 0),
        vec![
            ("one".into(), "one".into(), strs(&["1", "21", "31", "41"])),
            ("few".into(), "other".into(), strs(&["2", "3", "4", "22"])),
            ("many".into(), "other".into(), strs(&["0", "5", "6", "7"])),
            ("other".into(), "other".into(), strs(&["0.5"])),
        ]
    );
}

#[test]
fn he_to_en_drops_two_and_many() {
    let r = rewritten(
        "{n, plural, =0 {אין שנים} one {שנה} two {שנתיים} many {# שנה} other {# שנים}}",
        "he",
        "en",
    );
    assert_eq!(
        print(&r.message),
        "{n, plural, =0 {אין שנים} one {שנה} other {# שנים}}"
    );
    assert_eq!(
        r.plurals[0].dropped,
        vec![
            PluralKey::Category(Category::Two),
            PluralKey::Category(Category::Many)
        ]
    );
}

#[test]
fn ru_to_en_with_offset_takes_many_for_other() {
    let r = rewritten(
        "{n, plural, offset:1 =0 {Никого} =1 {{host}} one {{host} и ещё # гость} \
         few {{host} и ещё # гостя} many {{host} и ещё # гостей} other {{host} и ещё # гостя}}",
        "ru",
        "en",
    );
    assert_eq!(
        print(&r.message),
        "{n, plural, offset:1 =0 {Никого} =1 {{host}} one {{host} и ещё # гость} \
         other {{host} и ещё # гостей}}"
    );
    let o = origins(&r, 0);
    assert_eq!(o[3].1, "many");
    assert_eq!(
        r.plurals[0].dropped,
        vec![
            PluralKey::Category(Category::Few),
            PluralKey::Category(Category::Other)
        ]
    );
}

#[test]
fn en_to_he_selectordinal_keeps_only_other() {
    let r = rewritten(
        "Finished {n, selectordinal, =1 {first} one {#st} two {#nd} few {#rd} other {#th}}!",
        "en",
        "he",
    );
    assert_eq!(
        print(&r.message),
        "{n, selectordinal, =1 {Finished first!} other {Finished #th!}}"
    );
    assert_eq!(r.plurals[0].dropped.len(), 3);
}

#[test]
fn he_to_en_selectordinal_gains_english_ordinals() {
    let r = rewritten("{n, selectordinal, other {המקום ה-#}}", "he", "en");
    assert_eq!(
        print(&r.message),
        "{n, selectordinal, one {המקום ה-#} two {המקום ה-#} few {המקום ה-#} other {המקום ה-#}}"
    );
    assert_eq!(
        origins(&r, 0)[1],
        ("two".into(), "other".into(), strs(&["2", "22", "32", "42"]))
    );
}

#[test]
fn ru_to_en_selectordinal() {
    let r = rewritten("{n, selectordinal, other {#-й}}", "ru", "en");
    assert_eq!(r.plurals[0].branches.len(), 4);
}

#[test]
fn en_to_ru_selectordinal() {
    let r = rewritten(
        "{n, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}",
        "en",
        "ru",
    );
    assert_eq!(print(&r.message), "{n, selectordinal, other {#th}}");
}

#[test]
fn en_to_he_nested_select_and_plural() {
    let r = rewritten(
        "{g, select, female {She} other {They}} sent you {n, plural, =0 {nothing} one {a gift} other {# gifts}}.",
        "en",
        "he",
    );
    assert_eq!(r.plurals.len(), 2);
    assert_eq!(r.plurals[1].path[0].argument, "g");
    assert_eq!(r.plurals[1].path[0].key, "other");
    assert_eq!(
        print(&r.message),
        "{g, select, female {{n, plural, =0 {She sent you nothing.} one {She sent you a gift.} \
         two {She sent you # gifts.} other {She sent you # gifts.}}} \
         other {{n, plural, =0 {They sent you nothing.} one {They sent you a gift.} \
         two {They sent you # gifts.} other {They sent you # gifts.}}}}"
    );
}

#[test]
fn three_levels_en_to_ru() {
    let source = "{host, select, female {{guests, plural, =0 {She stays home} \
                  other {She invites {friend} and # {items, plural, one {person} other {people}}}}} \
                  other {{guests, plural, =0 {They stay home} \
                  other {They invite {friend} and # {items, plural, one {person} other {people}}}}}}";
    let r = rewritten(source, "en", "ru");
    // select (2) × guests (=0, or four categories each holding items' four categories).
    let h = parse(&print(&r.message)).unwrap();
    assert_eq!(lashon_icu::segments(&h).len(), 2 * (1 + 4 * 4));
    // The `#` of `guests` now sits under `items`: it is written `{guests, number}`.
    assert!(print(&r.message).contains("She invites {friend} and {guests, number} people"));
    assert_eq!(r.plurals.len(), 2 + 2 * 4);
}

#[test]
fn three_levels_with_offset_pound_cannot_be_hoisted() {
    let source = "{host, select, other {{guests, plural, offset:1 =0 {They stay home} \
                  other {They invite {friend} and # {items, plural, one {person} other {people}}}}}}";
    let err = hoist(&parse(source).unwrap(), DEFAULT_BRANCH_LIMIT).unwrap_err();
    assert_eq!(
        err,
        IcuError::PoundDetached {
            argument: "guests".into()
        }
    );
}

#[test]
fn he_to_ru_and_back_keeps_exact_keys() {
    let r = rewritten(
        "{n, plural, =2 {זוג} one {אחד} two {שניים} other {#}}",
        "he",
        "ru",
    );
    assert_eq!(r.plurals[0].branches[0].key, PluralKey::Exact("2".into()));
    let back = rewrite(&r.message, &locale("ru"), &locale("he"));
    assert_eq!(back.plurals[0].branches.len(), 4);
}
