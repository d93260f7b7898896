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
}
