//! Locale validation, segments and rebuilding, and the mapping to the service errors.

use lashon_icu::{
    check, hoist, parse, print, rebuild, rewrite, segments, validate, Category, IcuError,
    PluralKind, Plurals, Warning, DEFAULT_BRANCH_LIMIT,
};
use lashon_vocab::ServiceError;

fn locale(tag: &str) -> Plurals {
    Plurals::new(tag).expect("built-in locale")
}

#[test]
fn cldr_categories_for_he_en_ru() {
    use Category::*;
    assert_eq!(
        locale("he").categories(PluralKind::Cardinal),
        &[One, Two, Other]
    );
    assert_eq!(
        locale("ru").categories(PluralKind::Cardinal),
        &[One, Few, Many, Other]
    );
    assert_eq!(locale("en").categories(PluralKind::Cardinal), &[One, Other]);
    assert_eq!(
        locale("en-US").categories(PluralKind::Ordinal),
        &[One, Two, Few, Other]
    );
    assert_eq!(locale("he").categories(PluralKind::Ordinal), &[Other]);
    assert_eq!(locale("ru").categories(PluralKind::Ordinal), &[Other]);
    assert_eq!(
        locale("ru").category_for(PluralKind::Cardinal, "1.5"),
        Some(Other)
    );
    assert_eq!(
        locale("ru").category_for(PluralKind::Cardinal, "11"),
        Some(Many)
    );
    assert_eq!(locale("he").category_for(PluralKind::Cardinal, "abc"), None);
    assert!(matches!(
        Plurals::new("not a tag!"),
        Err(IcuError::InvalidLocale(_))
    ));
}

#[test]
fn hebrew_many_is_a_warning_not_an_error() {
    let (_, warnings) = check(
        "{n, plural, one {a} two {b} many {c} other {d}}",
        &locale("he"),
    )
    .unwrap();
    assert_eq!(
        warnings,
        vec![Warning::UnusedCategory {
            argument: "n".into(),
            kind: PluralKind::Cardinal,
            category: Category::Many,
            locale: "he".into(),
        }]
    );
    assert!(warnings[0]
        .to_string()
        .contains("'many' is never selected in he"));
}

#[test]
fn missing_categories_are_warnings() {
    let he = locale("he");
    let w = validate(&parse("{n, plural, one {a} other {b}}").unwrap(), &he);
    assert!(matches!(
        &w[..],
        [Warning::MissingCategory {
            category: Category::Two,
            ..
        }]
    ));
    // `=2` covers Hebrew `two` (which is exactly 2).
    let w = validate(
        &parse("{n, plural, one {a} =2 {b} other {c}}").unwrap(),
        &he,
    );
    assert!(w.is_empty(), "{w:?}");
    let ru = locale("ru");
    let w = validate(&parse("{n, plural, one {a} other {b}}").unwrap(), &ru);
    assert_eq!(w.len(), 2);
    let w = validate(
        &parse("{n, selectordinal, one {#st} other {#th}}").unwrap(),
        &locale("en"),
    );
    assert_eq!(w.len(), 2); // two and few missing
    let w = validate(
        &parse("{n, selectordinal, one {#st} other {#th}}").unwrap(),
        &he,
    );
    assert!(matches!(
        &w[..],
        [Warning::UnusedCategory {
            kind: PluralKind::Ordinal,
            ..
        }]
    ));
}

#[test]
fn nested_plurals_are_validated_too() {
    let w = validate(
        &parse("{g, select, other {<b>{n, plural, zero {z} one {o} two {t} other {x}}</b>}}")
            .unwrap(),
        &locale("he"),
    );
    assert!(matches!(
        &w[..],
        [Warning::UnusedCategory {
            category: Category::Zero,
            ..
        }]
    ));
}

#[test]
fn invalid_message_maps_to_invalid_message_format() {
    let err = check("{n, plural, one {x}}", &locale("en")).unwrap_err();
    let service: ServiceError = err.into();
    assert_eq!(service.code.as_str(), "invalid_message_format");
    assert_eq!(service.http_status(), 400);
    assert!(
        service.message.contains("missing the 'other' branch"),
        "{}",
        service.message
    );
    assert!(service.message.contains("at offset 0"));
    let parse_err = parse("{n, plural, lots {x} other {y}}").unwrap_err();
    let service: ServiceError = parse_err.into();
    assert!(service.message.contains("unknown plural keyword 'lots'"));
}

#[test]
fn segments_list_every_branch_sentence_in_order() {
    let m = parse(
        "{g, select, female {{n, plural, =0 {She has no <b>files</b>} other {She has {n, number} files in {dir}}}} \
         other {They have {n, plural, one {a file} other {# files}}}}",
    )
    .unwrap();
    let h = hoist(&m, DEFAULT_BRANCH_LIMIT).unwrap();
    let s = segments(&h);
    let texts: Vec<&str> = s.iter().map(|s| s.text.as_str()).collect();
    assert_eq!(
        texts,
        [
            "She has no <b>files</b>",
            "She has {n, number} files in {dir}",
            "They have a file",
            "They have {#} files"
        ]
    );
    let path: Vec<(&str, &str)> = s[3]
        .path
        .iter()
        .map(|p| (p.argument.as_str(), p.key.as_str()))
        .collect();
    assert_eq!(path, [("g", "other"), ("n", "other")]);
    let tokens: Vec<&str> = s[1].placeholders.iter().map(|p| p.token.as_str()).collect();
    assert_eq!(tokens, ["{n, number}", "{dir}"]);
}

#[test]
fn segments_unquote_text() {
    let s = segments(&parse("It''s '{'literal'}' {x}").unwrap());
    assert_eq!(s[0].text, "It's {literal} {x}");
}

#[test]
fn full_pipeline_en_to_he() {
    let en = locale("en");
    let he = locale("he");
    let m = parse("You have {n, plural, =0 {no <b>new</b> messages} one {# new message} other {# new messages}} from {name}.").unwrap();
    let r = rewrite(&hoist(&m, DEFAULT_BRANCH_LIMIT).unwrap(), &en, &he);
    let s = segments(&r.message);
    assert_eq!(s.len(), 4);
    let translated = [
        "אין לך הודעות <b>חדשות</b> מ-{name}.",
        "יש לך הודעה חדשה {#} מ-{name}.",
        "יש לך {#} הודעות חדשות מ-{name}.",
        "יש לך {#} הודעות חדשות מ-{name}.",
    ];
    let rebuilt = rebuild(&r.message, &translated, &he).unwrap();
    assert_eq!(
        rebuilt.text,
        "{n, plural, =0 {אין לך הודעות <b>חדשות</b> מ-{name}.} one {יש לך הודעה חדשה # מ-{name}.} \
         two {יש לך # הודעות חדשות מ-{name}.} other {יש לך # הודעות חדשות מ-{name}.}}"
    );
    assert!(rebuilt.warnings.is_empty());
    assert_eq!(parse(&rebuilt.text).unwrap(), rebuilt.message);
}

#[test]
fn rebuild_quotes_translated_syntax_characters() {
    let he = locale("he");
    let m = parse("{n, plural, one {# item} other {# items}}").unwrap();
    let r = rebuild(&m, &["פריט {#}, {אחד}", "it's {#} '<b>'"], &he).unwrap();
    assert_eq!(
        r.text,
        "{n, plural, one {פריט #, '{'אחד'}'} other {it''s # '''<'b>''}}"
    );
    assert_eq!(segments(&r.message)[1].text, "it's {#} '<b>'");
}

#[test]
fn rebuild_checks_placeholders_and_tags() {
    let he = locale("he");
    let m = parse("{g, select, female {<b>{name}</b> liked it} other {{name} liked it}}").unwrap();
    assert_eq!(
        rebuild(&m, &["only one"], &he).unwrap_err(),
        IcuError::SegmentCount {
            expected: 2,
            found: 1
        }
    );
    let err = rebuild(&m, &["<b>היא</b> אהבה", "{name} אהב"], &he).unwrap_err();
    assert_eq!(
        err,
        IcuError::Placeholder {
            segment: 0,
            placeholder: "{name}".into(),
            expected: 1,
            found: 0
        }
    );
    let err = rebuild(&m, &["<b>{name} אהבה", "{name} אהב"], &he).unwrap_err();
    assert!(matches!(err, IcuError::SegmentTags { segment: 0, .. }));
    let err = rebuild(&m, &["</b>{name}<b> אהבה", "{name} אהב"], &he).unwrap_err();
    assert!(matches!(err, IcuError::SegmentTags { segment: 0, .. }));
    let err = rebuild(&m, &["<b>{name}</b> אהבה", "{name} {name} אהב"], &he).unwrap_err();
    assert!(matches!(
        err,
        IcuError::Placeholder {
            segment: 1,
            found: 2,
            ..
        }
    ));
    let service: ServiceError = err.into();
    assert_eq!(service.code.as_str(), "invalid_message_format");
    let ok = rebuild(&m, &["<b>{name}</b> אהבה את זה", "{name} אהב את זה"], &he).unwrap();
    assert_eq!(print(&ok.message), ok.text);
}
