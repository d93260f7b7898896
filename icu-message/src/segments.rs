//! Segments: the branch sentences of a hoisted message, and rebuilding a message from their
//! translations.
//!
//! A segment is the text of one leaf branch with ICU quoting removed. Arguments appear as
//! their ICU text (`{name}`, `{n, number}`, `{d, date, short}`), tags as `<b>`, `</b>`,
//! `<br/>`: these are the placeholders a translation must keep. Selectors left inside a leaf
//! (a message that was not hoisted, or the `{n, plural, offset:N other {#}}` hoisting writes
//! for a detached `#`) appear whole, as one placeholder.
//!
//! # The number and a literal `#`
//!
//! In ICU a `#` directly in a plural branch is the number and a quoted `'#'` is text
//! (`MessagePattern`: `#` is `REPLACE_NUMBER` only in a plural/selectordinal sub-message).
//! Segments are unquoted, so they cannot use `#` for both. The rule:
//!
//! - the number (`#` of the plural) is the placeholder [`NUMBER`], `{#}` — never a real
//!   argument, as `#` is ICU Pattern_Syntax and cannot be an argument name;
//! - a bare `#` in a segment, source or translation, is text: on rebuild it is quoted (`'#'`)
//!   where ICU would read it as the number, so it stays text.
//!
//! So `{n, plural, other {# items in '#'tag}}` has the segment `{#} items in #tag`, and a
//! translation that writes `#` instead of `{#}` is refused (the `{#}` placeholder is missing)
//! rather than silently read as the number.

use crate::ast::{Element, Message, Tag};
use crate::error::IcuError;
use crate::parser::parse;
use crate::plurals::Plurals;
use crate::printer::{print, print_elements};
use crate::validate::{validate, Warning};

/// One branch taken on the way to a segment: `{argument, …}` with key `key` (`one`, `=0`,
/// `female`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    pub argument: String,
    pub key: String,
}

/// One branch sentence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Segment {
    /// The branches leading here, outermost first.
    pub path: Vec<Step>,
    /// The sentence, unquoted, with placeholders.
    pub text: String,
    /// The placeholders in order of first appearance, with how often each appears.
    pub placeholders: Vec<Placeholder>,
}

/// The placeholder for the number (`#` of a plural) in segment text.
pub const NUMBER: &str = "{#}";

/// A placeholder of a segment and its number of occurrences.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placeholder {
    pub token: String,
    pub count: usize,
}

/// The branch sentences of `message`, in order.
///
/// ```
/// use lashon_icu::{parse, segments};
///
/// let m = parse("{g, select, female {<b>{name}</b> liked it} other {They liked it}}").unwrap();
/// let s = segments(&m);
/// assert_eq!(s[0].text, "<b>{name}</b> liked it");
/// assert_eq!(s[0].path[0].key, "female");
/// assert_eq!(s[1].text, "They liked it");
/// ```
pub fn segments(message: &Message) -> Vec<Segment> {
    let mut out = Vec::new();
    let mut path = Vec::new();
    collect(&message.elements, false, &mut path, &mut out);
    out
}

fn collect(elements: &[Element], plural: bool, path: &mut Vec<Step>, out: &mut Vec<Segment>) {
    match elements {
        [Element::Plural(p)] => {
            for b in &p.branches {
                path.push(Step {
                    argument: p.name.clone(),
                    key: b.key.to_key_string(),
                });
                collect(&b.message, true, path, out);
                path.pop();
            }
        }
        [Element::Select(s)] => {
            for b in &s.branches {
                path.push(Step {
                    argument: s.name.clone(),
                    key: b.key.clone(),
                });
                collect(&b.message, false, path, out);
                path.pop();
            }
        }
        leaf => {
            let mut text = String::new();
            let mut placeholders = Vec::new();
            render(leaf, plural, &mut text, &mut placeholders);
            out.push(Segment {
                path: path.clone(),
                text,
                placeholders,
            });
        }
    }
}

fn note(placeholders: &mut Vec<Placeholder>, token: &str) {
    match placeholders.iter_mut().find(|p| p.token == token) {
        Some(p) => p.count += 1,
        None => placeholders.push(Placeholder {
            token: token.into(),
            count: 1,
        }),
    }
}

fn render(
    elements: &[Element],
    plural: bool,
    text: &mut String,
    placeholders: &mut Vec<Placeholder>,
) {
    for e in elements {
        match e {
            Element::Literal(t) => text.push_str(t),
            Element::Pound => {
                text.push_str(NUMBER);
                note(placeholders, NUMBER);
            }
            Element::Tag(Tag { name, children }) => match children {
                None => {
                    let token = format!("<{name}/>");
                    text.push_str(&token);
                    note(placeholders, &token);
                }
                Some(children) => {
                    let open = format!("<{name}>");
                    let close = format!("</{name}>");
                    text.push_str(&open);
                    note(placeholders, &open);
                    render(children, plural, text, placeholders);
                    text.push_str(&close);
                    note(placeholders, &close);
                }
            },
            other => {
                let token = print_elements(std::slice::from_ref(other), plural);
                text.push_str(&token);
                note(placeholders, &token);
            }
        }
    }
}

/// A message rebuilt from translated segments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rebuilt {
    pub message: Message,
    /// The message as ICU text.
    pub text: String,
    /// Validation warnings for the target locale.
    pub warnings: Vec<Warning>,
}

/// Rebuilds `skeleton` (usually a hoisted, rewritten message) with one translated sentence per
/// segment, in [`segments`] order, and re-validates the result for `target`.
///
/// Each translation must keep the segment's placeholders, each as often as the source has it,
/// and add none; the number is `{#}` and a bare `#` stays text (see the module docs).
///
/// ```
/// use lashon_icu::{parse, rebuild, Plurals};
///
/// let he = Plurals::new("he").unwrap();
/// let m = parse("{n, plural, one {# file} two {# files} other {# files}}").unwrap();
/// let r = rebuild(&m, &["קובץ אחד", "שני קבצים", "{#} קבצים"], &he);
/// assert!(r.is_err()); // the first two lost their number
/// let r = rebuild(&m, &["קובץ {#} אחד", "{#} קבצים", "{#} קבצים #1"], &he).unwrap();
/// // A bare `#` is text: it is quoted so ICU does not read it as the number.
/// assert_eq!(r.text, "{n, plural, one {קובץ # אחד} two {# קבצים} other {# קבצים '#'1}}");
/// ```
pub fn rebuild<S: AsRef<str>>(
    skeleton: &Message,
    translations: &[S],
    target: &Plurals,
) -> Result<Rebuilt, IcuError> {
    let expected = segments(skeleton);
    if expected.len() != translations.len() {
        return Err(IcuError::SegmentCount {
            expected: expected.len(),
            found: translations.len(),
        });
    }
    let mut next = 0usize;
    let elements = replace(
        &skeleton.elements,
        false,
        translations,
        &expected,
        &mut next,
    )?;
    let message = Message::new(elements);
    let text = print(&message);
    // Re-validate: the printed text must parse back to the same message.
    let reparsed = parse(&text)?;
    let warnings = validate(&reparsed, target);
    Ok(Rebuilt {
        message: reparsed,
        text,
        warnings,
    })
}

fn replace<S: AsRef<str>>(
    elements: &[Element],
    plural: bool,
    translations: &[S],
    expected: &[Segment],
    next: &mut usize,
) -> Result<Vec<Element>, IcuError> {
    match elements {
        [Element::Plural(p)] => {
            let mut p = p.clone();
            for b in &mut p.branches {
                b.message = replace(&b.message, true, translations, expected, next)?;
            }
            Ok(vec![Element::Plural(p)])
        }
        [Element::Select(s)] => {
            let mut s = s.clone();
            for b in &mut s.branches {
                b.message = replace(&b.message, false, translations, expected, next)?;
            }
            Ok(vec![Element::Select(s)])
        }
        leaf => {
            let index = *next;
            *next += 1;
            let (Some(translation), Some(segment)) = (translations.get(index), expected.get(index))
            else {
                return Err(IcuError::SegmentCount {
                    expected: expected.len(),
                    found: translations.len(),
                });
            };
            read_segment(index, translation.as_ref(), leaf, segment, plural)
        }
    }
}

/// Reads a translated sentence back into elements, matching the source leaf's placeholders.
fn read_segment(
    index: usize,
    text: &str,
    leaf: &[Element],
    segment: &Segment,
    plural: bool,
) -> Result<Vec<Element>, IcuError> {
    // Token → element for everything but tags and `#`, longest token first.
    let mut tokens: Vec<(String, Element)> = Vec::new();
    collect_tokens(leaf, plural, &mut tokens);
    tokens.sort_by_key(|t| std::cmp::Reverse(t.0.len()));
    let tag_names: Vec<&str> = segment
        .placeholders
        .iter()
        .filter_map(|p| p.token.strip_prefix('<'))
        .filter_map(|t| t.strip_suffix('>'))
        .collect();

    let mut found: Vec<Placeholder> = Vec::new();
    // Stack of open tags: (name, elements before it).
    let mut stack: Vec<(String, Vec<Element>)> = Vec::new();
    let mut current: Vec<Element> = Vec::new();
    let mut literal = String::new();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if rest.starts_with(NUMBER) {
            // Always read, so a `{#}` the source does not have is reported, not kept as text.
            flush(&mut current, &mut literal);
            current.push(Element::Pound);
            note(&mut found, NUMBER);
            rest = &rest[NUMBER.len()..];
            continue;
        }
        if c == '{' {
            if let Some((token, element)) =
                tokens.iter().find(|(t, _)| rest.starts_with(t.as_str()))
            {
                flush(&mut current, &mut literal);
                current.push(element.clone());
                note(&mut found, token);
                rest = &rest[token.len()..];
                continue;
            }
        }
        if c == '<' {
            if let Some(inner) = tag_names
                .iter()
                .copied()
                .find(|t| rest[1..].starts_with(t) && rest[1 + t.len()..].starts_with('>'))
            {
                let token = format!("<{inner}>");
                flush(&mut current, &mut literal);
                if let Some(name) = inner.strip_prefix('/') {
                    match stack.pop() {
                        Some((open, mut before)) if open == name => {
                            before.push(Element::Tag(Tag {
                                name: open,
                                children: Some(std::mem::take(&mut current)),
                            }));
                            current = before;
                        }
                        Some((open, _)) => {
                            return Err(IcuError::SegmentTags {
                                segment: index,
                                detail: format!("</{name}> closes <{open}>"),
                            })
                        }
                        None => {
                            return Err(IcuError::SegmentTags {
                                segment: index,
                                detail: format!("</{name}> without <{name}>"),
                            })
                        }
                    }
                } else if let Some(name) = inner.strip_suffix('/') {
                    current.push(Element::Tag(Tag {
                        name: name.into(),
                        children: None,
                    }));
                } else {
                    stack.push((inner.into(), std::mem::take(&mut current)));
                }
                note(&mut found, &token);
                rest = &rest[token.len()..];
                continue;
            }
        }
        literal.push(c);
        rest = &rest[c.len_utf8()..];
    }
    flush(&mut current, &mut literal);
    if let Some((open, _)) = stack.pop() {
        return Err(IcuError::SegmentTags {
            segment: index,
            detail: format!("<{open}> is never closed"),
        });
    }
    // A placeholder the source does not have (only `{#}` can be read without one).
    if let Some(extra) = found
        .iter()
        .find(|f| !segment.placeholders.iter().any(|p| p.token == f.token))
    {
        return Err(IcuError::Placeholder {
            segment: index,
            placeholder: extra.token.clone(),
            expected: 0,
            found: extra.count,
        });
    }
    for p in &segment.placeholders {
        let count = found
            .iter()
            .find(|f| f.token == p.token)
            .map_or(0, |f| f.count);
        if count != p.count {
            return Err(IcuError::Placeholder {
                segment: index,
                placeholder: p.token.clone(),
                expected: p.count,
                found: count,
            });
        }
    }
    Ok(current)
}

fn collect_tokens(elements: &[Element], plural: bool, out: &mut Vec<(String, Element)>) {
    for e in elements {
        match e {
            Element::Literal(_) | Element::Pound => {}
            Element::Tag(Tag { children, .. }) => {
                if let Some(children) = children {
                    collect_tokens(children, plural, out);
                }
            }
            other => {
                let token = print_elements(std::slice::from_ref(other), plural);
                if !out.iter().any(|(t, _)| *t == token) {
                    out.push((token, other.clone()));
                }
            }
        }
    }
}

fn flush(out: &mut Vec<Element>, text: &mut String) {
    if !text.is_empty() {
        out.push(Element::Literal(std::mem::take(text)));
    }
}
