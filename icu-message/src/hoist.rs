//! Hoisting: move every plural and select to the top so each branch is a whole sentence.
//!
//! The reference is FormatJS `hoistSelectors`: take the first selector of a sequence, splice
//! the text before and after it into each of its branches, and repeat inside the branches.
//! `I have {n, plural, one {a dog} other {# dogs}}!` becomes
//! `{n, plural, one {I have a dog!} other {I have # dogs!}}`. Unlike FormatJS, a selector
//! inside a tag is hoisted too (the tag is repeated in every branch).
//!
//! Two details keep the meaning:
//! - the number of branch sentences is the product of the selectors' branch counts; above the
//!   limit the message is refused (`message_too_complex`) before anything is built;
//! - a `#` belongs to the plural around it. If hoisting puts a select (or another plural)
//!   between them, `#` would stop meaning the number (ICU reads `#` only directly in a plural
//!   branch), so it is written `{n, number}` — the same output when the offset is 0. With an
//!   offset there is no equivalent and hoisting fails with [`IcuError::PoundDetached`].

use crate::ast::{Element, Format, Formatted, Message, PluralKind, Tag};
use crate::error::IcuError;

/// The default limit on branch sentences (the Cartesian product of nested selectors).
pub const DEFAULT_BRANCH_LIMIT: usize = 64;

/// Hoists all selectors of `message` to the top.
///
/// ```
/// use lashon_icu::{hoist, parse, print};
///
/// let m = parse("{g, select, female {She} other {They}} liked {n, plural, one {# post} other {# posts}}.").unwrap();
/// let h = hoist(&m, 64).unwrap();
/// assert_eq!(
///     print(&h),
///     "{g, select, female {{n, plural, one {She liked # post.} other {She liked # posts.}}} \
///      other {{n, plural, one {They liked # post.} other {They liked # posts.}}}}"
/// );
/// assert!(hoist(&m, 3).is_err());
/// ```
pub fn hoist(message: &Message, limit: usize) -> Result<Message, IcuError> {
    let branches = count_sentences(&message.elements);
    if branches > limit {
        return Err(IcuError::TooComplex { branches, limit });
    }
    let mut owners = Vec::new();
    let marked = mark_pounds(&message.elements, None, &mut owners);
    let hoisted = hoist_elements(marked);
    let restored = restore_pounds(hoisted, None, &owners)?;
    Ok(Message::new(restored))
}

/// How many branch sentences hoisting produces: a product over the sequence, a sum over a
/// selector's branches (saturating, so a hostile message cannot overflow).
pub(crate) fn count_sentences(elements: &[Element]) -> usize {
    elements.iter().fold(1usize, |acc, e| {
        let n = match e {
            Element::Plural(p) => p
                .branches
                .iter()
                .fold(0usize, |s, b| s.saturating_add(count_sentences(&b.message))),
            Element::Select(s) => s
                .branches
                .iter()
                .fold(0usize, |s, b| s.saturating_add(count_sentences(&b.message))),
            Element::Tag(Tag {
                children: Some(children),
                ..
            }) => count_sentences(children),
            _ => 1,
        };
        acc.saturating_mul(n)
    })
}

/// The plural a `#` belongs to.
#[derive(Clone, PartialEq, Eq)]
struct Owner {
    name: String,
    kind: PluralKind,
    offset: u32,
}

/// Marker names cannot come from the parser: `#` is Pattern_Syntax.
const MARK: &str = "#";

/// Replaces each `#` by a marker argument naming its plural (index into `owners`).
fn mark_pounds(
    elements: &[Element],
    owner: Option<usize>,
    owners: &mut Vec<Owner>,
) -> Vec<Element> {
    elements
        .iter()
        .map(|e| match e {
            Element::Pound => match owner {
                Some(i) => Element::Argument(format!("{MARK}{i}")),
                None => Element::Pound,
            },
            Element::Plural(p) => {
                owners.push(Owner {
                    name: p.name.clone(),
                    kind: p.kind,
                    offset: p.offset,
                });
                let me = owners.len() - 1;
                let mut p = p.clone();
                for b in &mut p.branches {
                    b.message = mark_pounds(&b.message, Some(me), owners);
                }
                Element::Plural(p)
            }
            Element::Select(s) => {
                let mut s = s.clone();
                for b in &mut s.branches {
                    b.message = mark_pounds(&b.message, None, owners);
                }
                Element::Select(s)
            }
            Element::Tag(Tag {
                name,
                children: Some(children),
            }) => Element::Tag(Tag {
                name: name.clone(),
                children: Some(mark_pounds(children, owner, owners)),
            }),
            other => other.clone(),
        })
        .collect()
}

fn hoist_elements(mut elements: Vec<Element>) -> Vec<Element> {
    for i in 0..elements.len() {
        if elements[i].is_selector() {
            let suffix = elements.split_off(i + 1);
            let Some(mut selector) = elements.pop() else {
                return elements;
            };
            let prefix = elements;
            let splice = |branch: &mut Vec<Element>| {
                let mut whole = prefix.clone();
                whole.append(branch);
                whole.extend(suffix.iter().cloned());
                *branch = hoist_elements(whole);
            };
            match &mut selector {
                Element::Plural(p) => p.branches.iter_mut().for_each(|b| splice(&mut b.message)),
                Element::Select(s) => s.branches.iter_mut().for_each(|b| splice(&mut b.message)),
                _ => {}
            }
            return vec![selector];
        }
        if elements[i].contains_selector() {
            if let Element::Tag(Tag {
                name,
                children: Some(children),
            }) = &elements[i]
            {
                let mut inner = hoist_elements(children.clone());
                if inner.len() == 1 && inner[0].is_selector() {
                    let wrap = |branch: &mut Vec<Element>| {
                        let content = std::mem::take(branch);
                        branch.push(Element::Tag(Tag {
                            name: name.clone(),
                            children: Some(content),
                        }));
                    };
                    match &mut inner[0] {
                        Element::Plural(p) => {
                            p.branches.iter_mut().for_each(|b| wrap(&mut b.message))
                        }
                        Element::Select(s) => {
                            s.branches.iter_mut().for_each(|b| wrap(&mut b.message))
                        }
                        _ => {}
                    }
                    elements[i] = inner.remove(0);
                    return hoist_elements(elements);
                }
            }
        }
    }
    elements
}

/// Turns markers back into `#` where their plural is the nearest one, else `{n, number}`.
fn restore_pounds(
    elements: Vec<Element>,
    here: Option<&Owner>,
    owners: &[Owner],
) -> Result<Vec<Element>, IcuError> {
    elements
        .into_iter()
        .map(|e| {
            Ok(match e {
                Element::Argument(name) if name.starts_with(MARK) => {
                    let owner = name[MARK.len()..]
                        .parse::<usize>()
                        .ok()
                        .and_then(|i| owners.get(i));
                    match owner {
                        None => Element::Argument(name),
                        Some(o) if Some(o) == here => Element::Pound,
                        Some(o) if o.offset == 0 => Element::Formatted(Formatted {
                            name: o.name.clone(),
                            format: Format::Number,
                            style: None,
                        }),
                        Some(o) => {
                            return Err(IcuError::PoundDetached {
                                argument: o.name.clone(),
                            })
                        }
                    }
                }
                Element::Plural(mut p) => {
                    let me = Owner {
                        name: p.name.clone(),
                        kind: p.kind,
                        offset: p.offset,
                    };
                    for b in &mut p.branches {
                        b.message =
                            restore_pounds(std::mem::take(&mut b.message), Some(&me), owners)?;
                    }
                    Element::Plural(p)
                }
                Element::Select(mut s) => {
                    for b in &mut s.branches {
                        b.message = restore_pounds(std::mem::take(&mut b.message), None, owners)?;
                    }
                    Element::Select(s)
                }
                Element::Tag(Tag {
                    name,
                    children: Some(children),
                }) => Element::Tag(Tag {
                    name,
                    children: Some(restore_pounds(children, here, owners)?),
                }),
                other => other,
            })
        })
        .collect()
}
