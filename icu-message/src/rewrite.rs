//! Plural rewriting: give each plural the branch set of the target language.
//!
//! Exact keys (`=0`) and select keys are kept. For each CLDR category the target uses, the new
//! branch copies the source branch that the target category's first sample number falls in
//! under the source rules (falling back to `other`): English → Hebrew `two` takes English
//! `other` (n = 2); Russian → English `other` takes Russian `many` (n = 0). Source categories
//! no target category maps to (Hebrew `many`, Russian `few` into English) are dropped and
//! reported. The copied text is still in the source language: the pipeline translates each
//! branch sentence for its target category, using the samples to ask for the right form.
//!
//! With `offset:N`, categories and samples are about `n - N` (what `#` shows).
//!
//! A plural whose only branch is `other {#}` ([`Plural::is_number_only`], what hoisting writes
//! for a `#` separated from its offset plural) just shows the number in every language: it is
//! kept as is and not reported.

use crate::ast::{Element, Message, Plural, PluralBranch, PluralKey, PluralKind};
use crate::plurals::{Category, Plurals};
use crate::segments::Step;

/// A rewritten message and, for each plural in it, where its branches came from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rewrite {
    pub message: Message,
    /// One entry per plural/selectordinal, in message order (outer before inner).
    pub plurals: Vec<PluralRewrite>,
}

/// How one plural's branches were rewritten.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PluralRewrite {
    pub argument: String,
    pub kind: PluralKind,
    /// The branches enclosing this plural (empty at the top).
    pub path: Vec<Step>,
    /// The target branches, in order: exact keys first, then categories in CLDR order.
    pub branches: Vec<BranchOrigin>,
    /// Source branches no target branch derives from.
    pub dropped: Vec<PluralKey>,
}

/// Where one target branch comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BranchOrigin {
    /// The key in the target message.
    pub key: PluralKey,
    /// The source branch whose text it starts from.
    pub from: PluralKey,
    /// Numbers (of `n - offset`) that select this branch in the target language, so a
    /// translator can be asked for the right form (`["2"]` for Hebrew `two`). For an exact key,
    /// the key's number.
    pub samples: Vec<String>,
}

/// Rewrites every plural and selectordinal of `message` from `source` to `target` rules.
///
/// ```
/// use lashon_icu::{parse, print, rewrite, Plurals};
///
/// let ru = Plurals::new("ru").unwrap();
/// let en = Plurals::new("en").unwrap();
/// let m = parse("{n, plural, =0 {нет} one {# файл} few {# файла} many {# файлов} other {# файла}}").unwrap();
/// let r = rewrite(&m, &ru, &en);
/// assert_eq!(print(&r.message), "{n, plural, =0 {нет} one {# файл} other {# файлов}}");
/// ```
pub fn rewrite(message: &Message, source: &Plurals, target: &Plurals) -> Rewrite {
    let mut plurals = Vec::new();
    let mut path = Vec::new();
    let elements = rewrite_elements(&message.elements, source, target, &mut path, &mut plurals);
    Rewrite {
        message: Message::new(elements),
        plurals,
    }
}

fn rewrite_elements(
    elements: &[Element],
    source: &Plurals,
    target: &Plurals,
    path: &mut Vec<Step>,
    out: &mut Vec<PluralRewrite>,
) -> Vec<Element> {
    elements
        .iter()
        .map(|e| match e {
            Element::Plural(p) if p.is_number_only() => Element::Plural(p.clone()),
            Element::Plural(p) => Element::Plural(rewrite_plural(p, source, target, path, out)),
            Element::Select(s) => {
                let mut s = s.clone();
                for b in &mut s.branches {
                    path.push(Step {
                        argument: s.name.clone(),
                        key: b.key.clone(),
                    });
                    b.message = rewrite_elements(&b.message, source, target, path, out);
                    path.pop();
                }
                Element::Select(s)
            }
            Element::Tag(t) => {
                let mut t = t.clone();
                if let Some(children) = &t.children {
                    t.children = Some(rewrite_elements(children, source, target, path, out));
                }
                Element::Tag(t)
            }
            other => other.clone(),
        })
        .collect()
}

fn rewrite_plural(
    p: &Plural,
    source: &Plurals,
    target: &Plurals,
    path: &mut Vec<Step>,
    out: &mut Vec<PluralRewrite>,
) -> Plural {
    // Report this plural before the ones inside it.
    let slot = out.len();
    out.push(PluralRewrite {
        argument: p.name.clone(),
        kind: p.kind,
        path: path.clone(),
        branches: Vec::new(),
        dropped: Vec::new(),
    });
    let mut chosen: Vec<(PluralKey, &PluralBranch, Vec<String>)> = Vec::new();
    for b in &p.branches {
        if let PluralKey::Exact(n) = &b.key {
            chosen.push((b.key.clone(), b, vec![n.clone()]));
        }
    }
    for &category in target.categories(p.kind) {
        let samples = target.samples(p.kind, category).to_vec();
        let wanted = samples
            .first()
            .and_then(|s| source.category_for(p.kind, s))
            .unwrap_or(Category::Other);
        let branch = find(p, wanted).or_else(|| find(p, Category::Other));
        if let Some(branch) = branch {
            chosen.push((PluralKey::Category(category), branch, samples));
        }
    }
    let mut branches = Vec::with_capacity(chosen.len());
    let mut origins = Vec::with_capacity(chosen.len());
    for (key, from, samples) in &chosen {
        path.push(Step {
            argument: p.name.clone(),
            key: key.to_key_string(),
        });
        let message = rewrite_elements(&from.message, source, target, path, out);
        path.pop();
        branches.push(PluralBranch {
            key: key.clone(),
            message,
        });
        origins.push(BranchOrigin {
            key: key.clone(),
            from: from.key.clone(),
            samples: samples.clone(),
        });
    }
    let dropped = p
        .branches
        .iter()
        .filter(|b| !chosen.iter().any(|(_, from, _)| from.key == b.key))
        .map(|b| b.key.clone())
        .collect();
    if let Some(entry) = out.get_mut(slot) {
        entry.branches = origins;
        entry.dropped = dropped;
    }
    Plural {
        name: p.name.clone(),
        kind: p.kind,
        offset: p.offset,
        branches,
    }
}

fn find(p: &Plural, category: Category) -> Option<&PluralBranch> {
    p.branches
        .iter()
        .find(|b| b.key == PluralKey::Category(category))
}
