//! The parser: ICU MessageFormat 1 text → [`Message`].
//!
//! It follows ICU4J's `MessagePattern` (apostrophe mode DOUBLE_OPTIONAL) and adds the
//! rich-text tags FormatJS and Lingui use. Comments cite the rule from the `MessagePattern` /
//! `MessageFormat` documentation each branch implements.

use crate::ast::{
    Element, Format, Formatted, Message, Plural, PluralBranch, PluralKey, PluralKind, Select,
    SelectBranch, Tag,
};
use crate::error::{ParseError, ParseErrorKind as K};
use crate::plurals::Category;
use crate::syntax::{is_identifier_char, is_pattern_white_space, is_tag_name_byte};

/// How deep arguments and tags may nest (a plural in a select in a plural is 3). Deeper messages are rejected rather than
/// risking the stack; real catalogs stay under 6.
pub const MAX_DEPTH: usize = 32;

/// Parses an ICU message.
///
/// ```
/// use lashon_icu::{parse, Element};
///
/// let m = parse("Hi {name}!").unwrap();
/// assert_eq!(m.elements[1], Element::Argument("name".into()));
/// let err = parse("Hi {name").unwrap_err();
/// assert_eq!((err.byte, err.utf16), (3, 3));
/// ```
pub fn parse(source: &str) -> Result<Message, ParseError> {
    let mut parser = Parser {
        src: source,
        bytes: source.as_bytes(),
        pos: 0,
    };
    let top = Context {
        braces: 0,
        plural: false,
        tag: false,
        depth: 0,
    };
    let elements = parser.message(top)?;
    Ok(Message { elements })
}

#[derive(Clone, Copy)]
struct Context {
    /// Open `{` around this message text (0 at the top level).
    braces: usize,
    /// Inside a plural/selectordinal branch (not inside a nested select): `#` is the number.
    plural: bool,
    /// Inside a tag of this branch: a closing tag ends the text.
    tag: bool,
    depth: usize,
}

struct Parser<'a> {
    src: &'a str,
    bytes: &'a [u8],
    pos: usize,
}

fn is_text_special(b: u8) -> bool {
    matches!(b, b'{' | b'}' | b'#' | b'\'' | b'<')
}

impl<'a> Parser<'a> {
    fn err(&self, kind: K, byte: usize) -> ParseError {
        ParseError::at(kind, self.src, byte)
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn peek_at(&self, at: usize) -> Option<u8> {
        self.bytes.get(at).copied()
    }

    fn skip_white_space(&mut self) {
        while let Some(c) = self.src[self.pos..].chars().next() {
            if !is_pattern_white_space(c) {
                break;
            }
            self.pos += c.len_utf8();
        }
    }

    /// An ICU identifier: `[^[[:Pattern_Syntax:][:Pattern_White_Space:]]]*`.
    fn identifier(&mut self) -> &'a str {
        let start = self.pos;
        while let Some(&b) = self.bytes.get(self.pos) {
            if b.is_ascii() {
                if !is_identifier_char(b as char) {
                    break;
                }
                self.pos += 1;
            } else {
                match self.src[self.pos..].chars().next() {
                    Some(c) if is_identifier_char(c) => self.pos += c.len_utf8(),
                    _ => break,
                }
            }
        }
        &self.src[start..self.pos]
    }

    /// messageText: literal text, `{arguments}`, `#` in plural branches and tags, up to the
    /// `}` that closes this branch (or the end at the top level).
    fn message(&mut self, cx: Context) -> Result<Vec<Element>, ParseError> {
        let mut out = Vec::new();
        let mut text = String::new();
        loop {
            let run = self.pos;
            while self.pos < self.bytes.len() && !is_text_special(self.bytes[self.pos]) {
                self.pos += 1;
            }
            text.push_str(&self.src[run..self.pos]);
            let Some(b) = self.peek() else { break };
            match b {
                b'{' => {
                    flush(&mut out, &mut text);
                    let element = self.argument(cx)?;
                    out.push(element);
                }
                // ICU: at the top level an unmatched `}` is literal text; inside an argument
                // it ends the sub-message.
                b'}' if cx.braces > 0 => break,
                b'}' => {
                    text.push('}');
                    self.pos += 1;
                }
                // MessageFormat: "in a pluralStyle sub-message, an unquoted # is replaced by
                // the number minus the offset" — only in the branch's own text, not in a
                // nested select (ICU and FormatJS both keep it literal there).
                b'#' if cx.plural => {
                    flush(&mut out, &mut text);
                    out.push(Element::Pound);
                    self.pos += 1;
                }
                b'#' => {
                    text.push('#');
                    self.pos += 1;
                }
                b'\'' => self.apostrophe(cx, &mut text),
                _ => {
                    // `<`: a closing tag, an opening tag, or literal text.
                    if let Some((name, _)) = self.closing_tag_at(self.pos) {
                        if cx.tag {
                            break;
                        }
                        return Err(self.err(K::UnexpectedClosingTag(name.into()), self.pos));
                    }
                    if let Some(tag) = self.tag(cx)? {
                        flush(&mut out, &mut text);
                        out.push(Element::Tag(tag));
                    } else {
                        text.push('<');
                        self.pos += 1;
                    }
                }
            }
        }
        flush(&mut out, &mut text);
        Ok(out)
    }

    /// MessagePattern, ApostropheMode DOUBLE_OPTIONAL: `''` is one apostrophe; a single `'`
    /// starts quoted literal text only when followed by a syntax character (`{`, `}`, `#` in a
    /// plural branch, and FormatJS's `<`); quoted text ends at the next single `'` (inside it,
    /// `''` is an apostrophe) or runs to the end of the message when never closed. Any other
    /// `'` is itself.
    fn apostrophe(&mut self, cx: Context, text: &mut String) {
        let next = self.peek_at(self.pos + 1);
        match next {
            Some(b'\'') => {
                text.push('\'');
                self.pos += 2;
            }
            Some(b'{' | b'}' | b'<') => self.quoted(text),
            Some(b'#') if cx.plural => self.quoted(text),
            _ => {
                text.push('\'');
                self.pos += 1;
            }
        }
    }

    fn quoted(&mut self, text: &mut String) {
        self.pos += 1;
        loop {
            let rest = &self.src[self.pos..];
            match rest.find('\'') {
                None => {
                    text.push_str(rest);
                    self.pos = self.bytes.len();
                    return;
                }
                Some(q) => {
                    text.push_str(&rest[..q]);
                    self.pos += q + 1;
                    if self.peek() == Some(b'\'') {
                        text.push('\'');
                        self.pos += 1;
                    } else {
                        return;
                    }
                }
            }
        }
    }

    /// `</name>` at `at` (optional white space before `>`): its name and end.
    fn closing_tag_at(&self, at: usize) -> Option<(&'a str, usize)> {
        if self.peek_at(at + 1) != Some(b'/') {
            return None;
        }
        let name_start = at + 2;
        let mut i = name_start;
        while self.peek_at(i).is_some_and(is_tag_name_byte) {
            i += 1;
        }
        if i == name_start {
            return None;
        }
        let name = &self.src[name_start..i];
        while self.peek_at(i).is_some_and(|b| b == b' ' || b == b'\t') {
            i += 1;
        }
        (self.peek_at(i) == Some(b'>')).then_some((name, i + 1))
    }

    /// FormatJS tags: `<name>children</name>` or self-closing `<name/>`. Text such as `a<b`
    /// that is not a complete opening tag stays literal (ICU has no tags at all).
    fn tag(&mut self, cx: Context) -> Result<Option<Tag>, ParseError> {
        let start = self.pos;
        let name_start = start + 1;
        let mut i = name_start;
        while self.peek_at(i).is_some_and(is_tag_name_byte) {
            i += 1;
        }
        if i == name_start || !self.bytes[name_start].is_ascii_alphanumeric() {
            return Ok(None);
        }
        let name = &self.src[name_start..i];
        while self.peek_at(i).is_some_and(|b| b == b' ' || b == b'\t') {
            i += 1;
        }
        if self.peek_at(i) == Some(b'/') && self.peek_at(i + 1) == Some(b'>') {
            self.pos = i + 2;
            return Ok(Some(Tag {
                name: name.into(),
                children: None,
            }));
        }
        if self.peek_at(i) != Some(b'>') {
            return Ok(None);
        }
        if cx.depth + 1 > MAX_DEPTH {
            return Err(self.err(K::TooDeep, start));
        }
        self.pos = i + 1;
        let inner = Context {
            tag: true,
            depth: cx.depth + 1,
            ..cx
        };
        let children = self.message(inner)?;
        match self.closing_tag_at(self.pos) {
            Some((close, end)) if close == name => {
                self.pos = end;
                Ok(Some(Tag {
                    name: name.into(),
                    children: Some(children),
                }))
            }
            Some((close, _)) => Err(self.err(
                K::MismatchedClosingTag {
                    open: name.into(),
                    close: close.into(),
                },
                self.pos,
            )),
            None => Err(self.err(K::UnclosedTag(name.into()), start)),
        }
    }

    /// argument = '{' ws argNameOrNumber ws ('}' | ',' ws argType ws (',' style)? '}').
    fn argument(&mut self, cx: Context) -> Result<Element, ParseError> {
        let start = self.pos;
        if cx.depth + 1 > MAX_DEPTH {
            return Err(self.err(K::TooDeep, start));
        }
        self.pos += 1;
        self.skip_white_space();
        match self.peek() {
            None => return Err(self.err(K::UnclosedBrace, start)),
            Some(b'}') => return Err(self.err(K::EmptyArgument, start)),
            _ => {}
        }
        let name_start = self.pos;
        let name = self.identifier();
        if name.is_empty() || !valid_arg_name(name) {
            return Err(self.err(K::InvalidArgumentName, name_start));
        }
        self.skip_white_space();
        match self.peek() {
            None => return Err(self.err(K::UnclosedBrace, start)),
            Some(b'}') => {
                self.pos += 1;
                return Ok(Element::Argument(name.into()));
            }
            Some(b',') => self.pos += 1,
            Some(_) => return Err(self.err(K::ExpectedCommaOrBrace, self.pos)),
        }
        self.skip_white_space();
        let type_start = self.pos;
        let arg_type = self.identifier();
        if arg_type.is_empty() {
            let kind = match self.peek() {
                None => K::UnclosedBrace,
                _ => K::ExpectedArgumentType,
            };
            let at = if kind == K::UnclosedBrace {
                start
            } else {
                self.pos
            };
            return Err(self.err(kind, at));
        }
        // ICU matches argType keywords case-insensitively; the printer writes them lowercase.
        let lower = arg_type.to_ascii_lowercase();
        self.skip_white_space();
        let kind = match lower.as_str() {
            "plural" => Some(PluralKind::Cardinal),
            "selectordinal" => Some(PluralKind::Ordinal),
            "select" => None,
            _ => {
                let Some(format) = Format::from_keyword(&lower) else {
                    return Err(self.err(K::UnknownArgumentType(arg_type.into()), type_start));
                };
                return self.simple(start, name, format);
            }
        };
        match self.peek() {
            None => return Err(self.err(K::UnclosedBrace, start)),
            Some(b',') => self.pos += 1,
            Some(_) => return Err(self.err(K::ExpectedBranches, self.pos)),
        }
        let inner = Context {
            depth: cx.depth + 1,
            ..cx
        };
        self.branches(start, name, kind, inner)
    }

    /// A simple argument's optional style. ICU `parseSimpleStyle`: apostrophes quote (and stay
    /// in the style text), braces nest, the first unmatched `}` ends the argument.
    fn simple(&mut self, start: usize, name: &str, format: Format) -> Result<Element, ParseError> {
        let style = match self.peek() {
            None => return Err(self.err(K::UnclosedBrace, start)),
            Some(b'}') => None,
            Some(b',') => {
                self.pos += 1;
                let style_start = self.pos;
                let mut nested = 0usize;
                loop {
                    match self.peek() {
                        None => return Err(self.err(K::UnclosedBrace, start)),
                        Some(b'\'') => match self.src[self.pos + 1..].find('\'') {
                            None => return Err(self.err(K::UnclosedQuoteInStyle, self.pos)),
                            Some(q) => self.pos += q + 2,
                        },
                        Some(b'{') => {
                            nested += 1;
                            self.pos += 1;
                        }
                        Some(b'}') if nested > 0 => {
                            nested -= 1;
                            self.pos += 1;
                        }
                        Some(b'}') => break,
                        Some(_) => self.pos += 1,
                    }
                }
                let style = self.src[style_start..self.pos].trim_matches(is_pattern_white_space);
                if style.is_empty() {
                    return Err(self.err(K::EmptyStyle, style_start));
                }
                Some(style.to_string())
            }
            Some(_) => return Err(self.err(K::ExpectedCommaOrBrace, self.pos)),
        };
        self.pos += 1;
        Ok(Element::Formatted(Formatted {
            name: name.into(),
            format,
            style,
        }))
    }

    /// pluralStyle = [offsetValue] (selector '{' message '}')+ ;
    /// selectStyle = (selector '{' message '}')+ ; `other` is required (MessagePattern:
    /// "Missing 'other' keyword").
    fn branches(
        &mut self,
        start: usize,
        name: &str,
        kind: Option<PluralKind>,
        cx: Context,
    ) -> Result<Element, ParseError> {
        self.skip_white_space();
        let mut offset = 0u32;
        if self.src[self.pos..].starts_with("offset:") {
            if kind.is_none() {
                return Err(self.err(K::OffsetInSelect, self.pos));
            }
            self.pos += "offset:".len();
            self.skip_white_space();
            let digits_start = self.pos;
            while self.peek().is_some_and(|b| b.is_ascii_digit()) {
                self.pos += 1;
            }
            offset = self.src[digits_start..self.pos]
                .parse()
                .map_err(|_| self.err(K::BadOffset, digits_start))?;
            // The number must end where white space, `=`, or the closing `}` begins.
            let ends_well = match self.src[self.pos..].chars().next() {
                None => true,
                Some(c) => is_pattern_white_space(c) || c == '=' || c == '}',
            };
            if !ends_well {
                return Err(self.err(K::BadOffset, digits_start));
            }
        }
        let mut plural_branches: Vec<PluralBranch> = Vec::new();
        let mut select_branches: Vec<SelectBranch> = Vec::new();
        loop {
            self.skip_white_space();
            let key_start = self.pos;
            match self.peek() {
                None => return Err(self.err(K::UnclosedBrace, start)),
                Some(b'}') => {
                    self.pos += 1;
                    break;
                }
                _ => {}
            }
            let key = if kind.is_some() && self.peek() == Some(b'=') {
                // Explicit value: '=' followed directly by a number (ICU `skipDouble`).
                self.pos += 1;
                let number = self.exact_number();
                if number.is_empty() {
                    return Err(self.err(K::InvalidExactKey, key_start));
                }
                Key::Plural(PluralKey::Exact(number.into()))
            } else {
                let word = self.identifier();
                if word.is_empty() {
                    return Err(self.err(K::ExpectedKey, key_start));
                }
                if word == "offset" && self.peek() == Some(b':') {
                    let kind = if kind.is_some() {
                        K::OffsetNotFirst
                    } else {
                        K::OffsetInSelect
                    };
                    return Err(self.err(kind, key_start));
                }
                match kind {
                    None => Key::Select(word),
                    Some(_) => match Category::from_keyword(word) {
                        Some(c) => Key::Plural(PluralKey::Category(c)),
                        None => {
                            return Err(self.err(K::UnknownPluralKeyword(word.into()), key_start))
                        }
                    },
                }
            };
            let duplicate = match &key {
                Key::Plural(k) => plural_branches.iter().any(|b| b.key == *k),
                Key::Select(k) => select_branches.iter().any(|b| b.key == *k),
            };
            if duplicate {
                return Err(self.err(K::DuplicateKey(key.text()), key_start));
            }
            self.skip_white_space();
            match self.peek() {
                Some(b'{') => {}
                None => return Err(self.err(K::UnclosedBrace, start)),
                Some(_) => return Err(self.err(K::ExpectedBranch(key.text()), self.pos)),
            }
            let branch_start = self.pos;
            self.pos += 1;
            let inner = Context {
                braces: cx.braces + 1,
                plural: kind.is_some(),
                tag: false,
                depth: cx.depth,
            };
            let message = self.message(inner)?;
            if self.peek() != Some(b'}') {
                return Err(self.err(K::UnclosedBrace, branch_start));
            }
            self.pos += 1;
            match key {
                Key::Plural(key) => plural_branches.push(PluralBranch { key, message }),
                Key::Select(key) => select_branches.push(SelectBranch {
                    key: key.into(),
                    message,
                }),
            }
        }
        let element = match kind {
            Some(kind) => {
                let other = PluralKey::Category(Category::Other);
                if !plural_branches.iter().any(|b| b.key == other) {
                    return Err(self.err(K::MissingOther, start));
                }
                Element::Plural(Plural {
                    name: name.into(),
                    kind,
                    offset,
                    branches: plural_branches,
                })
            }
            None => {
                if !select_branches.iter().any(|b| b.key == "other") {
                    return Err(self.err(K::MissingOther, start));
                }
                Element::Select(Select {
                    name: name.into(),
                    branches: select_branches,
                })
            }
        };
        Ok(element)
    }

    /// `-?[0-9]+(\.[0-9]+)?` (the subset of ICU's `skipDouble` real catalogs use).
    fn exact_number(&mut self) -> &'a str {
        let start = self.pos;
        let mut i = self.pos;
        if self.peek_at(i) == Some(b'-') {
            i += 1;
        }
        let digits = i;
        while self.peek_at(i).is_some_and(|b| b.is_ascii_digit()) {
            i += 1;
        }
        if i == digits {
            return "";
        }
        if self.peek_at(i) == Some(b'.') && self.peek_at(i + 1).is_some_and(|b| b.is_ascii_digit())
        {
            i += 1;
            while self.peek_at(i).is_some_and(|b| b.is_ascii_digit()) {
                i += 1;
            }
        }
        if self
            .peek_at(i)
            .is_some_and(|b| !b.is_ascii() || is_identifier_char(b as char))
        {
            return "";
        }
        self.pos = i;
        &self.src[start..i]
    }
}

enum Key<'a> {
    Plural(PluralKey),
    Select(&'a str),
}

impl Key<'_> {
    fn text(&self) -> String {
        match self {
            Key::Plural(k) => k.to_key_string(),
            Key::Select(k) => (*k).into(),
        }
    }
}

/// MessagePattern: an argument that starts with a digit is an argument number — ASCII digits
/// only, no leading zero.
fn valid_arg_name(name: &str) -> bool {
    match name.as_bytes().first() {
        Some(b) if b.is_ascii_digit() => {
            name.bytes().all(|b| b.is_ascii_digit()) && (name.len() == 1 || *b != b'0')
        }
        _ => true,
    }
}

fn flush(out: &mut Vec<Element>, text: &mut String) {
    if !text.is_empty() {
        out.push(Element::Literal(std::mem::take(text)));
    }
}
