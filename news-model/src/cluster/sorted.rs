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
pub(crate) fn shared_at<'v, A, B>(
    a: &'v [(u32, A)],
    b: &'v [(u32, B)],
) -> impl Iterator<Item = (u32, &'v A, usize)> {
    let (mut i, mut j) = (0, 0);
    std::iter::from_fn(move || {
        while i < a.len() && j < b.len() {
            match a[i].0.cmp(&b[j].0) {
                std::cmp::Ordering::Less => i += 1,
                std::cmp::Ordering::Greater => j += 1,
                std::cmp::Ordering::Equal => {
                    let hit = (a[i].0, &a[i].1, j);
                    i += 1;
                    j += 1;
                    return Some(hit);
                }
            }
        }
        None
    })
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

/// The cosine of two sparse vectors (0 when either is all zeros).
pub(crate) fn cosine<A: Copy + Into<f64>, B: Copy + Into<f64>>(
    a: &[(u32, A)],
    b: &[(u32, B)],
) -> f64 {
    let d: f64 = shared(a, b)
        .map(|(_, x, y)| (*x).into() * (*y).into())
        .sum();
    let n = norm(a) * norm(b);
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
