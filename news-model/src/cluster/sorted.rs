//! Sparse vectors as `(feature id, value)` lists sorted by id, the form the clusterer, its
//! merges and thread linking compare: two are compared by walking both once.

/// The entries of `a` and `b` with the same id, in id order: `(id, a's value, b's value)`.
pub(crate) fn shared<'v, A, B>(
    a: &'v [(u32, A)],
    b: &'v [(u32, B)],
) -> impl Iterator<Item = (u32, &'v A, &'v B)> {
    shared_at(a, b).map(move |(f, x, j)| (f, x, &b[j].1))
}

/// The entries of `a` whose id `b` has too, in id order: `(id, a's value, index in b)`.
///
/// An article of thirty features meets centroids of hundreds: where `b` is the longer by
/// far, its entries are skipped by galloping (doubling steps, then halving) rather than
/// one at a time, so the walk costs about `|a|·log(|b|/|a|)` rather than `|a| + |b|`.
pub(crate) fn shared_at<'v, A, B>(
    a: &'v [(u32, A)],
    b: &'v [(u32, B)],
) -> impl Iterator<Item = (u32, &'v A, usize)> {
    let gallop = b.len() > GALLOP_RATIO * a.len();
    let (mut i, mut j) = (0, 0);
    std::iter::from_fn(move || {
        while i < a.len() && j < b.len() {
            let f = a[i].0;
            if gallop && b[j].0 < f {
                j = first_not_below(b, j, f);
                if j == b.len() {
                    return None;
                }
            }
            match f.cmp(&b[j].0) {
                std::cmp::Ordering::Less => i += 1,
                std::cmp::Ordering::Greater => j += 1,
                std::cmp::Ordering::Equal => {
                    let hit = (f, &a[i].1, j);
                    i += 1;
                    j += 1;
                    return Some(hit);
                }
            }
        }
        None
    })
}

/// How much longer `b` is than `a` before [`shared_at`] gallops through it.
const GALLOP_RATIO: usize = 4;

/// The first index from `from` whose id is not below `f` (`b.len()` when none is), `b[from]`
/// being below it: steps of 1, 2, 4, ... find a range, a binary search the place in it.
fn first_not_below<B>(b: &[(u32, B)], from: usize, f: u32) -> usize {
    let (mut below, mut step) = (from, 1);
    while below + step < b.len() && b[below + step].0 < f {
        below += step;
        step *= 2;
    }
    let end = (below + step).min(b.len());
    below + 1 + b[below + 1..end].partition_point(|(g, _)| *g < f)
}

/// The Euclidean norm of a sparse vector.
pub(crate) fn norm<A: Copy + Into<f64>>(v: &[(u32, A)]) -> f64 {
    v.iter()
        .map(|(_, w)| {
            let w: f64 = (*w).into();
            w * w
        })
        .sum::<f64>()
        .sqrt()
}

/// The cosine of two sparse vectors (0 when either is all zeros). The clusterer asks
/// [`cosine_with_norm`], one vector against many; the tests ask this.
#[cfg(test)]
pub(crate) fn cosine<A: Copy + Into<f64>, B: Copy + Into<f64>>(
    a: &[(u32, A)],
    b: &[(u32, B)],
) -> f64 {
    cosine_with_norm(a, norm(a), b)
}

/// The cosine of two sparse vectors with the norm of `a` given: one vector against many.
pub(crate) fn cosine_with_norm<A: Copy + Into<f64>, B: Copy + Into<f64>>(
    a: &[(u32, A)],
    a_norm: f64,
    b: &[(u32, B)],
) -> f64 {
    let d: f64 = shared(a, b)
        .map(|(_, x, y)| (*x).into() * (*y).into())
        .sum();
    let n = a_norm * norm(b);
    if n == 0.0 {
        0.0
    } else {
        d / n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_common_ids_in_order() {
        let a = [(1u32, 'a'), (3, 'b'), (7, 'c'), (9, 'd')];
        let b = [(0u32, 10), (3, 30), (8, 80), (9, 90)];
        let got: Vec<(u32, char, i32)> = shared(&a, &b).map(|(f, x, y)| (f, *x, *y)).collect();
        assert_eq!(got, vec![(3, 'b', 30), (9, 'd', 90)]);
        assert_eq!(shared(&a, &[] as &[(u32, i32)]).count(), 0);
        let at: Vec<(u32, char, usize)> = shared_at(&a, &b).map(|(f, x, j)| (f, *x, j)).collect();
        assert_eq!(at, vec![(3, 'b', 1), (9, 'd', 3)]);
    }

    #[test]
    fn galloping_finds_what_walking_finds() {
        // Against every long list, short lists of every spacing: the galloping walk and a
        // plain search agree on the shared entries, in order.
        let long: Vec<(u32, ())> = (0..500).map(|k| (k * 3 + k % 3, ())).collect();
        for step in [1u32, 2, 5, 17, 101, 499, 2000] {
            for start in [0u32, 1, 2, 1490, 1600] {
                let short: Vec<(u32, ())> = (0..20).map(|k| (start + k * step, ())).collect();
                let got: Vec<(u32, usize)> =
                    shared_at(&short, &long).map(|(f, _, j)| (f, j)).collect();
                let want: Vec<(u32, usize)> = short
                    .iter()
                    .filter_map(|(f, _)| {
                        long.binary_search_by_key(f, |(g, _)| *g)
                            .ok()
                            .map(|j| (*f, j))
                    })
                    .collect();
                assert_eq!(got, want, "step {step} from {start}");
            }
        }
        assert_eq!(first_not_below(&long, 0, 10_000), long.len());
    }

    #[test]
    fn cosine_of_sparse_vectors() {
        let a = [(1u32, 3.0f32), (2, 4.0)];
        let b = [(2u32, 2.0f64), (5, 1.0)];
        assert_eq!(norm(&a), 5.0);
        // Shared: id 2, 4·2 = 8, over 5·√5.
        assert!((cosine(&a, &b) - 8.0 / (5.0 * 5f64.sqrt())).abs() < 1e-12);
        assert_eq!(cosine(&a, &[] as &[(u32, f64)]), 0.0);
        assert!((cosine(&a, &a) - 1.0).abs() < 1e-12);
    }
}
