//! The printer: [`Message`] → ICU text that parses back to the same message.
//!
//! Normal form: single spaces after commas (`{n, plural, one {…} other {…}}`), lowercase
//! argument types, and the least quoting DOUBLE_OPTIONAL needs: `'` becomes `''`; `{`, `}`,
//! `#` (in plural branches) and a `<` that would open a tag are wrapped in `'…'`.

use std::fmt::{self, Write};

use crate::ast::{Element, Message, Plural, Select, Tag};

/// Prints a message as ICU text.
///
/// ```
/// let m = lashon_icu::parse("{n,plural,one{# item}other{# items}}").unwrap();
/// assert_eq!(lashon_icu::print(&m), "{n, plural, one {# item} other {# items}}");
/// ```
pub fn print(message: &Message) -> String {
    let mut out = String::new();
    write_elements(&mut out, &message.elements, false);
    out
}

/// Prints a slice of elements; `plural` says whether they sit directly in a plural branch.
pub(crate) fn print_elements(elements: &[Element], plural: bool) -> String {
    let mut out = String::new();
    write_elements(&mut out, elements, plural);
    out
}

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&print(self))
    }
}

fn write_elements(out: &mut String, elements: &[Element], plural: bool) {
    for element in elements {
        write_element(out, element, plural);
    }
}

pub(crate) fn write_element(out: &mut String, element: &Element, plural: bool) {
    match element {
        Element::Literal(text) => write_literal(out, text, plural),
        Element::Argument(name) => {
            out.push('{');
            out.push_str(name);
            out.push('}');
        }
        Element::Formatted(f) => {
            let _ = write!(out, "{{{}, {}", f.name, f.format.as_str());
            if let Some(style) = &f.style {
                out.push_str(", ");
                out.push_str(style);
            }
            out.push('}');
        }
        Element::Pound => out.push('#'),
        Element::Plural(p) => write_plural(out, p),
        Element::Select(s) => write_select(out, s),
        Element::Tag(t) => write_tag(out, t, plural),
    }
}

fn write_plural(out: &mut String, p: &Plural) {
    let _ = write!(out, "{{{}, {},", p.name, p.kind.keyword());
    if p.offset != 0 {
        let _ = write!(out, " offset:{}", p.offset);
    }
    for branch in &p.branches {
        out.push(' ');
        out.push_str(&branch.key.to_key_string());
        out.push_str(" {");
        write_elements(out, &branch.message, true);
        out.push('}');
    }
    out.push('}');
}

fn write_select(out: &mut String, s: &Select) {
    let _ = write!(out, "{{{}, select,", s.name);
    for branch in &s.branches {
        out.push(' ');
        out.push_str(&branch.key);
        out.push_str(" {");
        write_elements(out, &branch.message, false);
        out.push('}');
    }
    out.push('}');
}

fn write_tag(out: &mut String, t: &Tag, plural: bool) {
    match &t.children {
        None => {
            let _ = write!(out, "<{}/>", t.name);
        }
        Some(children) => {
            let _ = write!(out, "<{}>", t.name);
            write_elements(out, children, plural);
            let _ = write!(out, "</{}>", t.name);
        }
    }
}

/// Writes literal text with DOUBLE_OPTIONAL quoting (see the parser's `apostrophe`).
fn write_literal(out: &mut String, text: &str, plural: bool) {
    let needs_quote = |c: char, next: Option<char>| match c {
        '{' | '}' => true,
        '#' => plural,
        '<' => next.is_some_and(|n| n.is_ascii_alphanumeric() || n == '/'),
        _ => false,
    };
    // Fast path: nothing to quote.
    if !text
        .bytes()
        .any(|b| matches!(b, b'{' | b'}' | b'#' | b'<' | b'\''))
    {
        out.push_str(text);
        return;
    }
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\'' {
            out.push_str("''");
        } else if needs_quote(c, chars.peek().copied()) {
            out.push('\'');
            out.push(c);
            // Extend the run over further syntax characters and apostrophes: inside quotes an
            // apostrophe is `''`, and writing it outside right after the closing `'` would
            // read as `''` inside the run.
            while let Some(&n) = chars.peek() {
                let mut ahead = chars.clone();
                ahead.next();
                if n == '\'' {
                    out.push_str("''");
                    chars.next();
                } else if needs_quote(n, ahead.peek().copied()) {
                    out.push(n);
                    chars.next();
                } else {
                    break;
                }
            }
            out.push('\'');
        } else {
            out.push(c);
        }
    }
}
