//! Properties: printing any message and parsing it back gives the same tree; the parser,
//! hoisting and rewriting never panic, whatever the input.

use lashon_icu::{
    hoist, parse, print, rebuild, rewrite, segments, Element, Format, Formatted, Message, Plural,
    PluralBranch, PluralKey, PluralKind, Plurals, Select, SelectBranch, Tag,
};
use proptest::prelude::*;
use proptest::sample::subsequence;

thread_local! {
    static LOCALES: (Plurals, Plurals) =
        (Plurals::new("en").expect("en"), Plurals::new("he").expect("he"));
}

fn name() -> impl Strategy<Value = String> {
    prop_oneof![
        "[a-zA-Z_][a-zA-Z0-9_]{0,6}",
        "0|[1-9][0-9]{0,2}",
        Just("שם".to_string()),
        Just("имя".to_string()),
    ]
}

fn literal() -> impl Strategy<Value = String> {
    // Syntax characters on purpose: quoting is what can go wrong.
    "[a-c{}'#<>/ שж🙂\n0-9]{1,10}"
}

fn format() -> impl Strategy<Value = Format> {
    prop_oneof![
        Just(Format::Number),
        Just(Format::Date),
        Just(Format::Time),
        Just(Format::Spellout),
        Just(Format::Ordinal),
        Just(Format::Duration),
    ]
}

fn style() -> impl Strategy<Value = Option<String>> {
    prop_oneof![
        Just(None),
        Just(Some("short".to_string())),
        Just(Some("::currency/ILS".to_string())),
        Just(Some("yyyy.MM.dd 'at' HH:mm".to_string())),
        "[a-z%][a-z:/.#0-9 -]{0,8}[a-z0-9]".prop_map(Some),
    ]
}

fn leaf() -> impl Strategy<Value = Element> {
    prop_oneof![
        3 => literal().prop_map(Element::Literal),
        2 => name().prop_map(Element::Argument),
        1 => (name(), format(), style())
            .prop_map(|(name, format, style)| Element::Formatted(Formatted { name, format, style })),
        2 => Just(Element::Pound),
        1 => "[a-z0-9][a-z0-9-]{0,3}".prop_map(|name| Element::Tag(Tag { name, children: None })),
    ]
}

const PLURAL_KEYS: [&str; 8] = ["=0", "=1", "=-2", "zero", "one", "two", "few", "many"];
const SELECT_KEYS: [&str; 5] = ["male", "female", "x_1", "עם", "one"];

fn element() -> impl Strategy<Value = Element> {
    leaf().prop_recursive(4, 48, 4, |inner| {
        let body = proptest::collection::vec(inner.clone(), 0..4);
        let bodies = proptest::collection::vec(body.clone(), 9);
        prop_oneof![
            (
                name(),
                any::<bool>(),
                0u32..3,
                subsequence(PLURAL_KEYS.to_vec(), 0..4),
                bodies.clone()
            )
                .prop_map(|(name, ordinal, offset, keys, mut bodies)| {
                    let mut branches: Vec<PluralBranch> = keys
                        .iter()
                        .map(|k| PluralBranch {
                            key: match k.strip_prefix('=') {
                                Some(n) => PluralKey::Exact(n.into()),
                                None => PluralKey::Category(
                                    lashon_icu::Category::from_keyword(k)
                                        .unwrap_or(lashon_icu::Category::Other),
                                ),
                            },
                            message: bodies.pop().unwrap_or_default(),
                        })
                        .collect();
                    branches.push(PluralBranch {
                        key: PluralKey::Category(lashon_icu::Category::Other),
                        message: bodies.pop().unwrap_or_default(),
                    });
                    let kind = if ordinal {
                        PluralKind::Ordinal
                    } else {
                        PluralKind::Cardinal
                    };
                    Element::Plural(Plural {
                        name,
                        kind,
                        offset,
                        branches,
                    })
                }),
            (name(), subsequence(SELECT_KEYS.to_vec(), 0..3), bodies).prop_map(
                |(name, keys, mut bodies)| {
                    let mut branches: Vec<SelectBranch> = keys
                        .iter()
                        .map(|k| SelectBranch {
                            key: k.to_string(),
                            message: bodies.pop().unwrap_or_default(),
                        })
                        .collect();
                    branches.push(SelectBranch {
                        key: "other".into(),
                        message: bodies.pop().unwrap_or_default(),
                    });
                    Element::Select(Select { name, branches })
                }
            ),
            ("[a-z0-9][a-z0-9.]{0,3}", body).prop_map(|(name, children)| Element::Tag(Tag {
                name,
                children: Some(children)
            })),
        ]
    })
}

/// `#` only means the number directly in a plural branch: elsewhere make it text, as the
/// parser would read it.
fn fix_pounds(elements: Vec<Element>, plural: bool) -> Vec<Element> {
    elements
        .into_iter()
        .map(|e| match e {
            Element::Pound if !plural => Element::Literal("#".into()),
            Element::Plural(mut p) => {
                for b in &mut p.branches {
                    b.message = fix_pounds(std::mem::take(&mut b.message), true);
                }
                Element::Plural(p)
            }
            Element::Select(mut s) => {
                for b in &mut s.branches {
                    b.message = fix_pounds(std::mem::take(&mut b.message), false);
                }
                Element::Select(s)
            }
            Element::Tag(Tag {
                name,
                children: Some(c),
            }) => Element::Tag(Tag {
                name,
                children: Some(fix_pounds(c, plural)),
            }),
            other => other,
        })
        .collect()
}

/// True when some literal text in `elements` contains one of `chars`.
fn has_literal(elements: &[Element], chars: &[char]) -> bool {
    elements.iter().any(|e| match e {
        Element::Literal(t) => t.contains(chars),
        Element::Plural(p) => p.branches.iter().any(|b| has_literal(&b.message, chars)),
        Element::Select(s) => s.branches.iter().any(|b| has_literal(&b.message, chars)),
        Element::Tag(Tag {
            children: Some(c), ..
        }) => has_literal(c, chars),
        _ => false,
    })
}

/// A small ICU formatter, enough to compare meanings: `=N` keys match the argument, categories
/// match `n - offset` under English rules, `#` is `n - offset` of the nearest plural (ICU
/// `PluralFormat`), select keys match the argument's text or fall back to `other`.
fn format_icu(
    elements: &[Element],
    args: &dyn Fn(&str) -> String,
    pound: Option<i64>,
    en: &Plurals,
) -> String {
    let number = |name: &str| args(name).parse::<i64>().unwrap_or(0);
    let mut out = String::new();
    for e in elements {
        match e {
            Element::Literal(t) => out.push_str(t),
            Element::Argument(name) => out.push_str(&args(name)),
            Element::Formatted(f) if f.format == Format::Number && f.style.is_none() => {
                out.push_str(&number(&f.name).to_string())
            }
            Element::Formatted(f) => {
                out.push_str(&format!("[{}:{}]", f.format.as_str(), args(&f.name)))
            }
            Element::Pound => out.push_str(&pound.map_or("#".to_string(), |n| n.to_string())),
            Element::Plural(p) => {
                let n = number(&p.name);
                let shown = n - i64::from(p.offset);
                let category = en
                    .category_for(p.kind, &shown.to_string())
                    .unwrap_or(lashon_icu::Category::Other);
                let branch = p
                    .branches
                    .iter()
                    .find(|b| b.key == PluralKey::Exact(n.to_string()))
                    .or_else(|| {
                        p.branches
                            .iter()
                            .find(|b| b.key == PluralKey::Category(category))
                    })
                    .or_else(|| {
                        p.branches
                            .iter()
                            .find(|b| b.key == PluralKey::Category(lashon_icu::Category::Other))
                    });
                if let Some(b) = branch {
                    out.push_str(&format_icu(&b.message, args, Some(shown), en));
                }
            }
            Element::Select(s) => {
                let value = args(&s.name);
                let branch = s
                    .branches
                    .iter()
                    .find(|b| b.key == value)
                    .or_else(|| s.branches.iter().find(|b| b.key == "other"));
                if let Some(b) = branch {
                    out.push_str(&format_icu(&b.message, args, None, en));
                }
            }
            Element::Tag(Tag {
                name,
                children: None,
            }) => out.push_str(&format!("<{name}/>")),
            Element::Tag(Tag {
                name,
                children: Some(c),
            }) => out.push_str(&format!(
                "<{name}>{}</{name}>",
                format_icu(c, args, pound, en)
            )),
        }
    }
    out
}

const VALUES: [&str; 9] = ["0", "1", "2", "3", "5", "21", "male", "female", "one"];

fn message() -> impl Strategy<Value = Message> {
    proptest::collection::vec(element(), 0..5)
        .prop_map(|elements| Message::new(fix_pounds(elements, false)))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, ..ProptestConfig::default() })]

    #[test]
    fn print_then_parse_is_identity(m in message()) {
        let text = print(&m);
        let again = parse(&text);
        prop_assert!(again.is_ok(), "{text:?} does not parse: {again:?}");
        prop_assert_eq!(again.ok(), Some(m), "printed: {:?}", text);
    }

    #[test]
    fn hoisted_messages_print_and_parse_back(m in message()) {
        if let Ok(h) = hoist(&m, 64) {
            let text = print(&h);
            let again = parse(&text);
            prop_assert_eq!(again.as_ref().ok(), Some(&h), "printed: {:?}", text);
            // Every selector is at the top: no leaf holds one, except the number-only plural
            // hoisting writes for a `#` of an offset plural that another offset plural's `#`
            // shares a sentence with.
            for s in segments(&h) {
                for p in &s.placeholders {
                    if p.token.contains(", plural,") || p.token.contains(", select,") || p.token.contains(", selectordinal,") {
                        let number_only = matches!(
                            parse(&p.token).map(|m| m.elements),
                            Ok(e) if matches!(e.as_slice(), [Element::Plural(q)] if q.is_number_only() && q.offset > 0)
                        );
                        prop_assert!(number_only, "selector left in a sentence: {}", p.token);
                    }
                }
            }
            // Rebuilding from the segments themselves gives the hoisted message back: a literal
            // `#` stays text and the number stays `#`. (Literal text that looks like a `{…}` or
            // `<…>` placeholder is ambiguous in a segment by design, so it is left out.)
            if !has_literal(&h.elements, &['{', '<']) {
                let texts: Vec<String> = segments(&h).into_iter().map(|s| s.text).collect();
                let rebuilt = LOCALES.with(|(en, _)| rebuild(&h, &texts, en));
                prop_assert_eq!(rebuilt.map(|r| r.message).ok(), Some(h.clone()));
            }
            // Hoisting keeps the meaning: same output for every argument values tried.
            for seed in 0..12usize {
                let args = |name: &str| {
                    let h = name.bytes().fold(seed, |a, b| a.wrapping_mul(31).wrapping_add(usize::from(b)));
                    VALUES[h % VALUES.len()].to_string()
                };
                let (before, after) = LOCALES.with(|(en, _)| {
                    (format_icu(&m.elements, &args, None, en), format_icu(&h.elements, &args, None, en))
                });
                prop_assert_eq!(before, after, "hoisted: {}", text);
            }
            let r = LOCALES.with(|(en, he)| rewrite(&h, en, he));
            prop_assert_eq!(parse(&print(&r.message)).ok(), Some(r.message));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 3000, ..ProptestConfig::default() })]

    #[test]
    fn parser_never_panics_on_syntax_soup(s in "[{}#'<>/,=: a-z0-9\\n]{0,40}|[{}a-z, ]*(plural|select|selectordinal|offset:|other|one|=1|number)[{}a-z#', =:1]*") {
        if let Ok(m) = parse(&s) {
            // Whatever parses prints to something that parses to the same tree.
            prop_assert_eq!(parse(&print(&m)).ok(), Some(m));
        }
    }

    #[test]
    fn parser_never_panics_on_any_string(s in any::<String>()) {
        if let Ok(m) = parse(&s) {
            prop_assert_eq!(parse(&print(&m)).ok(), Some(m));
        }
    }

    #[test]
    fn error_offsets_are_inside_the_input(s in "[{}#'<>/,=: a-zשж🙂]{0,30}") {
        if let Err(e) = parse(&s) {
            prop_assert!(e.byte <= s.len());
            prop_assert!(s.is_char_boundary(e.byte));
            prop_assert_eq!(e.utf16, s[..e.byte].encode_utf16().count());
        }
    }
}
