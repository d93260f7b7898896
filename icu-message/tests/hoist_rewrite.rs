//! Hoisting and plural rewriting between English, Hebrew and Russian.

use lashon_icu::{
    hoist, parse, print, rebuild, rewrite, segments, Category, IcuError, PluralKey, Plurals,
    Rewrite, DEFAULT_BRANCH_LIMIT,
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
fn hoist_offset_plural_goes_below_a_select_around_its_pound() {
    // `#` is `a - 1`: it must stay directly under `a`, so the select moves above it.
    assert_eq!(
        hoisted("{a, plural, offset:1 other {# {g, select, male {m} other {o}}}}"),
        "{g, select, male {{a, plural, offset:1 other {# m}}} \
         other {{a, plural, offset:1 other {# o}}}}"
    );
}

#[test]
fn hoist_offset_plural_with_nested_plural_and_pound_in_both() {
    let source = "{guests, plural, offset:1 =0 {No one came.} =1 {{host} came.} \
                  other {{host} and # others came, bringing {items, plural, one {one dish} other {# dishes}}.}}";
    // `guests` keeps its `#` (the offset plural is innermost); the `#` of `items` (no offset)
    // is written `{items, number}`, as FormatJS does (GH #4202). The product grows: the `=0`
    // and `=1` sentences repeat under each branch of `items`.
    let expected = "{items, plural, \
        one {{guests, plural, offset:1 =0 {No one came.} =1 {{host} came.} \
        other {{host} and # others came, bringing one dish.}}} \
        other {{guests, plural, offset:1 =0 {No one came.} =1 {{host} came.} \
        other {{host} and # others came, bringing {items, number} dishes.}}}}";
    assert_eq!(hoisted(source), expected);
    let h = hoist(&parse(source).unwrap(), DEFAULT_BRANCH_LIMIT).unwrap();
    assert_eq!(segments(&h).len(), 6);
    // Bounded by the branch limit like any other product.
    let err = hoist(&parse(source).unwrap(), 5).unwrap_err();
    assert_eq!(
        err,
        IcuError::TooComplex {
            branches: 6,
            limit: 5
        }
    );

    // en → he: both plurals gain `two`; every `#` is still under `guests`.
    let r = rewritten(source, "en", "he");
    let text = print(&r.message);
    assert!(text.starts_with("{items, plural, one {{guests, plural, offset:1 =0 {No one came.}"));
    assert!(text.contains(
        "two {{guests, plural, offset:1 =0 {No one came.} =1 {{host} came.} \
         one {{host} and # others came, bringing {items, number} dishes.} \
         two {{host} and # others came, bringing {items, number} dishes.}"
    ));
    // en → ru: 4 × (2 exact + 4 categories).
    let r = rewritten(source, "en", "ru");
    assert_eq!(segments(&r.message).len(), 4 * 6);
    assert_eq!(r.plurals[0].argument, "items");
    assert_eq!(r.plurals[1].path[0].argument, "items");
}

#[test]
fn hoist_offset_plural_with_nested_select() {
    let source = "{guests, plural, offset:1 =0 {No one came.} =1 {{host} came.} \
                  other {{host} and # others came with {g, select, female {her} male {his} other {their}} friends.}}";
    assert_eq!(
        hoisted(source),
        "{g, select, \
         female {{guests, plural, offset:1 =0 {No one came.} =1 {{host} came.} other {{host} and # others came with her friends.}}} \
         male {{guests, plural, offset:1 =0 {No one came.} =1 {{host} came.} other {{host} and # others came with his friends.}}} \
         other {{guests, plural, offset:1 =0 {No one came.} =1 {{host} came.} other {{host} and # others came with their friends.}}}}"
    );
    // en → ru keeps the offset and derives the Russian forms for `n - 1`.
    let r = rewritten(source, "en", "ru");
    assert_eq!(r.plurals.len(), 3);
    assert!(r.plurals.iter().all(|p| p.argument == "guests"));
    assert!(print(&r.message).contains(
        "{guests, plural, offset:1 =0 {No one came.} =1 {{host} came.} one {{host} and # others came with her friends.} \
         few {{host} and # others came with her friends.}"
    ));
}

#[test]
fn hoist_selectordinal_with_offset_inside_a_select() {
    let source = "{g, select, \
        female {She took {n, selectordinal, offset:1 =1 {the win} one {the #st runner-up spot} \
        two {the #nd runner-up spot} other {the #th runner-up spot}} in {race, select, sprint {the sprint} other {the marathon}}.} \
        other {They took {n, selectordinal, offset:1 =1 {the win} other {the #th runner-up spot}}.}}";
    let ordinal = |race: &str| {
        format!(
            "{{n, selectordinal, offset:1 =1 {{She took the win in {race}.}} \
             one {{She took the #st runner-up spot in {race}.}} \
             two {{She took the #nd runner-up spot in {race}.}} \
             other {{She took the #th runner-up spot in {race}.}}}}"
        )
    };
    assert_eq!(
        hoisted(source),
        format!(
            "{{g, select, female {{{{race, select, sprint {{{}}} other {{{}}}}}}} \
             other {{{{n, selectordinal, offset:1 =1 {{They took the win.}} other {{They took the #th runner-up spot.}}}}}}}}",
            ordinal("the sprint"),
            ordinal("the marathon")
        )
    );
    // en → he: Hebrew ordinals only have `other`.
    let r = rewritten(source, "en", "he");
    assert!(print(&r.message).contains(
        "{race, select, sprint {{n, selectordinal, offset:1 =1 {She took the win in the sprint.} \
         other {She took the #th runner-up spot in the sprint.}}}"
    ));
    assert_eq!(r.plurals[0].path.len(), 2);
    assert_eq!(r.plurals[0].dropped.len(), 2);
}

#[test]
fn hoist_two_offset_plurals_in_one_sentence_keep_both_numbers() {
    // Only one plural can be nearest to a sentence: the outer `#` becomes a one-branch plural
    // of the same argument and offset, which prints `a - 1` for every `a`.
    let source = "{a, plural, offset:1 other {# and {b, plural, offset:2 other {# more}}}}";
    assert_eq!(
        hoisted(source),
        "{a, plural, offset:1 other {{b, plural, offset:2 other {{a, plural, offset:1 other {#}} and # more}}}}"
    );
    let r = rewritten(source, "en", "he");
    // The number-only plural is not rewritten.
    assert!(print(&r.message).contains("{a, plural, offset:1 other {#}} and # more"));
    assert_eq!(r.plurals.len(), 1 + 3);
    let s = segments(&r.message);
    assert_eq!(s[0].text, "{a, plural, offset:1 other {#}} and {#} more");
}

#[test]
fn hoist_three_levels_with_offset_pound() {
    let source = "{host, select, other {{guests, plural, offset:1 =0 {They stay home} \
                  other {They invite {friend} and # {items, plural, one {person} other {people}}}}}}";
    assert_eq!(
        hoisted(source),
        "{host, select, other {{items, plural, \
         one {{guests, plural, offset:1 =0 {They stay home} other {They invite {friend} and # person}}} \
         other {{guests, plural, offset:1 =0 {They stay home} other {They invite {friend} and # people}}}}}}"
    );
}

#[test]
fn rebuild_keeps_a_literal_hash_as_text() {
    let he = locale("he");
    let m = hoist(
        &parse("Tagged {n, plural, one {# post with '#'rust} other {# posts with '#'rust}}")
            .unwrap(),
        DEFAULT_BRANCH_LIMIT,
    )
    .unwrap();
    let s = segments(&m);
    // The number is `{#}`; the literal `#` is a plain `#`.
    assert_eq!(s[0].text, "Tagged {#} post with #rust");
    assert_eq!(s[0].placeholders[0].token, "{#}");
    // Identity: rebuilding with the segments themselves gives the message back.
    let texts: Vec<&str> = s.iter().map(|s| s.text.as_str()).collect();
    assert_eq!(rebuild(&m, &texts, &he).unwrap().message, m);
    // A bare `#` in a translation is text: quoted on rebuild.
    let r = rebuild(&m, &["פוסט {#} עם #rust", "{#} פוסטים עם #rust"], &he).unwrap();
    assert_eq!(
        r.text,
        "{n, plural, one {פוסט # עם '#'rust} other {# פוסטים עם '#'rust}}"
    );
    assert_eq!(segments(&r.message)[0].text, "פוסט {#} עם #rust");
    // A translation that writes `#` for the number loses the `{#}` placeholder: refused.
    let err = rebuild(&m, &["פוסט # עם #rust", "{#} פוסטים"], &he).unwrap_err();
    assert_eq!(
        err,
        IcuError::Placeholder {
            segment: 0,
            placeholder: "{#}".into(),
            expected: 1,
            found: 0
        }
    );
    // `{#}` where the source has no number (a select branch) is refused too.
    let g = parse("{g, select, other {Item #1}}").unwrap();
    assert_eq!(segments(&g)[0].text, "Item #1");
    let err = rebuild(&g, &["פריט {#}"], &he).unwrap_err();
    assert_eq!(
        err,
        IcuError::Placeholder {
            segment: 0,
            placeholder: "{#}".into(),
            expected: 0,
            found: 1
        }
    );
    assert_eq!(
        rebuild(&g, &["פריט #1"], &he).unwrap().text,
        "{g, select, other {פריט #1}}"
    );
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
