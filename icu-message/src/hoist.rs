//! Hoisting: move every plural and select to the top so each branch is a whole sentence.
//!
//! The reference is FormatJS `hoistSelectors` (`@formatjs/icu-messageformat-parser`,
//! `manipulator.ts`): take the first selector of a sequence, splice the text before and after
//! it into each of its branches, and repeat inside the branches.
//! `I have {n, plural, one {a dog} other {# dogs}}!` becomes
//! `{n, plural, one {I have a dog!} other {I have # dogs!}}`. Unlike FormatJS, a selector
//! inside a tag is hoisted too (the tag is repeated in every branch).
//!
//! # What `#` means, and how hoisting keeps it
//!
//! In ICU (`MessagePattern`, `PluralFormat`) a `#` is the number only directly in a
//! `plural`/`selectordinal` sub-message, and it shows `n - offset` formatted as a number;
//! the nearest enclosing plural is the one it refers to. Hoisting can put another selector
//! between a `#` and its plural, so after hoisting:
//!
//! 1. **Offset plurals go below the selectors that would detach their `#`.** When an offset
//!    plural `P` has, at the top of one of its branches, a selector `X` under which some `#` of
//!    `P` sits, `X` is moved above `P`: `P{k: X{j: C}}` becomes `X{j: P{k: C}}`, with `P`'s
//!    other branches copied under every branch of `X`. This is the same idea as FormatJS's
//!    hoisting (the inner selector moves out of the sentence), ordered so each `#` stays
//!    directly under its own plural. The Cartesian product grows (the `=0` branch of `P` is
//!    repeated under each branch of `X`) and is checked against the limit as it grows.
//!    `{guests, plural, offset:1 =0 {No one.} other {# others and {items, plural, one {one dish}
//!    other {# dishes}}}}` becomes `{items, plural, one {{guests, plural, offset:1 =0 {No one.}
//!    other {# others and one dish}}} other {{guests, plural, offset:1 =0 {No one.} other
//!    {# others and {items, number} dishes}}}}`.
//! 2. **A `#` of a plural without offset that ends up under another selector is written
//!    `{n, number}`**: the same output, as FormatJS does since GH #4202
//!    (`replacePoundWithArgument`).
//! 3. **Two offset plurals whose `#`s share one sentence** cannot both be the nearest plural.
//!    The outer one's `#` is written `{n, plural, offset:N other {#}}`, a one-branch plural of
//!    the same argument and offset: ICU selects `other` for every number and prints
//!    `n - offset`, exactly what the `#` showed. It is the only selector hoisting leaves inside
//!    a sentence (a segment shows it as one placeholder, and [`rewrite`](crate::rewrite) keeps
//!    it as is).
//!
//! The number of branch sentences is bounded: the plain product of the selectors' branch
//! counts is checked before anything is built, and each reordering in step 1 is checked again;
//! above the limit the message is refused (`message_too_complex`).

use crate::ast::{
    Element, Format, Formatted, Message, Plural, PluralBranch, PluralKey, PluralKind, Tag,
};
use crate::error::IcuError;
use crate::plurals::Category;

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
///
/// // An offset plural stays directly around its `#`: the select moves above it.
/// let m = parse("{n, plural, offset:1 =0 {nobody} other {{host} and # {g, select, female {women} other {people}}}}").unwrap();
/// assert_eq!(
///     print(&hoist(&m, 64).unwrap()),
///     "{g, select, female {{n, plural, offset:1 =0 {nobody} other {{host} and # women}}} \
///      other {{n, plural, offset:1 =0 {nobody} other {{host} and # people}}}}"
/// );
/// ```
pub fn hoist(message: &Message, limit: usize) -> Result<Message, IcuError> {
    let branches = count_sentences(&message.elements);
    if branches > limit {
        return Err(IcuError::TooComplex { branches, limit });
    }
    let mut owners = Vec::new();
    let marked = mark_pounds(&message.elements, None, &mut owners);
    let hoisted = hoist_elements(marked);
    let settled = settle(hoisted, &owners, limit)?;
    let branches = count_sentences(&settled);
    if branches > limit {
        return Err(IcuError::TooComplex { branches, limit });
    }
    Ok(Message::new(restore_pounds(settled, None, &owners)))
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

impl Owner {
    fn of(p: &Plural) -> Owner {
        Owner {
            name: p.name.clone(),
            kind: p.kind,
            offset: p.offset,
        }
    }
}

/// The owner a marker argument names, if `name` is a marker.
fn marker_owner<'a>(name: &str, owners: &'a [Owner]) -> Option<&'a Owner> {
    name.strip_prefix(MARK)
        .and_then(|i| i.parse::<usize>().ok())
        .and_then(|i| owners.get(i))
}

/// Step 1 of the module docs, on a hoisted tree (a sentence, or one selector whose branches
/// are hoisted trees): moves each offset plural below the selectors that would separate it
/// from its `#`s.
fn settle(
    elements: Vec<Element>,
    owners: &[Owner],
    limit: usize,
) -> Result<Vec<Element>, IcuError> {
    let mut elements = elements;
    if elements.len() != 1 || !elements[0].is_selector() {
        return Ok(elements);
    }
    let Some(selector) = elements.pop() else {
        return Ok(elements);
    };
    match selector {
        Element::Plural(mut p) => {
            if p.offset > 0 {
                let me = Owner::of(&p);
                let inner = p.branches.iter().find_map(|b| match b.message.as_slice() {
                    [x] if x.is_selector()
                        && exposes(std::slice::from_ref(x), &me, owners)
                        && !pinned(x, owners) =>
                    {
                        Some(x.clone())
                    }
                    _ => None,
                });
                if let Some(x) = inner {
                    let swapped = distribute(p, &x);
                    let branches = count_sentences(std::slice::from_ref(&swapped));
                    if branches > limit {
                        return Err(IcuError::TooComplex { branches, limit });
                    }
                    // Terminates: in every copy of `p`, the branch that held `x` now holds
                    // one of `x`'s branches, a shallower tree.
                    return settle(vec![swapped], owners, limit);
                }
            }
            for b in &mut p.branches {
                b.message = settle(std::mem::take(&mut b.message), owners, limit)?;
            }
            Ok(vec![Element::Plural(p)])
        }
        Element::Select(mut s) => {
            for b in &mut s.branches {
                b.message = settle(std::mem::take(&mut b.message), owners, limit)?;
            }
            Ok(vec![Element::Select(s)])
        }
        other => Ok(vec![other]),
    }
}

/// True when a `#` of `owner` sits somewhere in `elements` without a plural of the same
/// argument, kind and offset closer to it.
fn exposes(elements: &[Element], owner: &Owner, owners: &[Owner]) -> bool {
    elements.iter().any(|e| match e {
        Element::Argument(name) => marker_owner(name, owners) == Some(owner),
        Element::Plural(p) if Owner::of(p) == *owner => false,
        Element::Plural(_) | Element::Select(_) => {
            branch_messages(e).any(|m| exposes(m, owner, owners))
        }
        Element::Tag(Tag {
            children: Some(children),
            ..
        }) => exposes(children, owner, owners),
        _ => false,
    })
}

/// An offset plural with `#`s of its own must stay directly above them: nothing is moved
/// above it (its `#`s would lose it, and an offset has no `{n, number}` equivalent).
fn pinned(selector: &Element, owners: &[Owner]) -> bool {
    match selector {
        Element::Plural(p) if p.offset > 0 => {
            let me = Owner::of(p);
            p.branches.iter().any(|b| exposes(&b.message, &me, owners))
        }
        _ => false,
    }
}

/// The branch messages of a plural or select (nothing for other elements).
fn branch_messages(selector: &Element) -> Box<dyn Iterator<Item = &Vec<Element>> + '_> {
    match selector {
        Element::Plural(p) => Box::new(p.branches.iter().map(|b| &b.message)),
        Element::Select(s) => Box::new(s.branches.iter().map(|b| &b.message)),
        _ => Box::new(std::iter::empty()),
    }
}

/// True when `a` and `b` choose their branch the same way: same kind of selector, argument,
/// offset and keys in the same order.
fn same_choice(a: &Element, b: &Element) -> bool {
    match (a, b) {
        (Element::Plural(a), Element::Plural(b)) => {
            Owner::of(a) == Owner::of(b)
                && a.branches.len() == b.branches.len()
                && a.branches
                    .iter()
                    .zip(&b.branches)
                    .all(|(x, y)| x.key == y.key)
        }
        (Element::Select(a), Element::Select(b)) => {
            a.name == b.name
                && a.branches.len() == b.branches.len()
                && a.branches
                    .iter()
                    .zip(&b.branches)
                    .all(|(x, y)| x.key == y.key)
        }
        _ => false,
    }
}

/// `P{k: X{j: C}, k2: B}` → `X{j: P{k: C, k2: B}}`. A branch of `p` led by a selector that
/// chooses like `x` takes that selector's branch `j`; any other branch is copied whole (it
/// already gives the right text whatever `x` chooses).
fn distribute(p: Plural, x: &Element) -> Element {
    let under = |j: usize| -> Vec<Element> {
        let branches = p
            .branches
            .iter()
            .map(|b| PluralBranch {
                key: b.key.clone(),
                message: match b.message.as_slice() {
                    [y] if same_choice(y, x) => branch_messages(y)
                        .nth(j)
                        .cloned()
                        .unwrap_or_else(|| b.message.clone()),
                    _ => b.message.clone(),
                },
            })
            .collect();
        vec![Element::Plural(Plural {
            name: p.name.clone(),
            kind: p.kind,
            offset: p.offset,
            branches,
        })]
    };
    let mut x = x.clone();
    match &mut x {
        Element::Plural(q) => q
            .branches
            .iter_mut()
            .enumerate()
            .for_each(|(j, b)| b.message = under(j)),
        Element::Select(s) => s
            .branches
            .iter_mut()
            .enumerate()
            .for_each(|(j, b)| b.message = under(j)),
        _ => {}
    }
    x
}

/// Turns markers back into `#` where their plural is the nearest one; elsewhere
/// `{n, number}` (no offset) or `{n, plural, offset:N other {#}}` (steps 2 and 3 of the
/// module docs).
fn restore_pounds(elements: Vec<Element>, here: Option<&Owner>, owners: &[Owner]) -> Vec<Element> {
    elements
        .into_iter()
        .map(|e| match e {
            Element::Argument(name) => match marker_owner(&name, owners) {
                None => Element::Argument(name),
                Some(o) if Some(o) == here => Element::Pound,
                Some(o) if o.offset == 0 => Element::Formatted(Formatted {
                    name: o.name.clone(),
                    format: Format::Number,
                    style: None,
                }),
                Some(o) => Element::Plural(Plural {
                    name: o.name.clone(),
                    kind: o.kind,
                    offset: o.offset,
                    branches: vec![PluralBranch {
                        key: PluralKey::Category(Category::Other),
                        message: vec![Element::Pound],
                    }],
                }),
            },
            Element::Plural(mut p) => {
                let me = Owner::of(&p);
                for b in &mut p.branches {
                    b.message = restore_pounds(std::mem::take(&mut b.message), Some(&me), owners);
                }
                Element::Plural(p)
            }
            Element::Select(mut s) => {
                for b in &mut s.branches {
                    b.message = restore_pounds(std::mem::take(&mut b.message), None, owners);
                }
                Element::Select(s)
            }
            Element::Tag(Tag {
                name,
                children: Some(children),
            }) => Element::Tag(Tag {
                name,
                children: Some(restore_pounds(children, here, owners)),
            }),
            other => other,
        })
        .collect()
}
