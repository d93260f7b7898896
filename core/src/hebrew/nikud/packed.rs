//! The forward pass over many sequences at once (issue 23).
//!
//! Sequences are sorted longest first and cut into groups of at most [`GROUP_CHARS`]
//! characters. In a group, step `t` of a direction advances every sequence longer than `t`
//! (always a prefix of the sorted list), so the recurrent products are matrix–matrix products
//! over those rows and no padding is computed (the packed-sequence scheme of cuDNN and
//! PyTorch). The backward direction walks each sequence from its own last character: at step
//! `t`, sequence `i` is at position `len_i − 1 − t`.
//!
//! Per layer the two directions run side by side (each writes its own output), or, for a group
//! of one or two sequences, one after the other with each step shared by two threads
//! ([`step_sharing`]); groups run side by side, as [`Threads`] allows. Buffers are sized per group and per direction, never
//! per step.
//!
//! Identity of outputs: every value goes through the functions the single-sequence port used
//! ([`math`](super::math)), in the same order ([`recurrent`](super::recurrent) says how);
//! the layer outputs are summed as the port summed them (`(0 + forward) + backward`), and layer
//! 1's input projection is read from a table computed by the same GEMM.

use super::math::gemm_bias;
use super::recurrent::{self, Step};
use super::step_sharing;
use super::threads::{self, Threads};
use super::weights::{LstmWeights, Weights, GATES, HEADS, UNITS};

/// Characters per group: bounds the activations a group holds (about 5 KB per character).
pub const GROUP_CHARS: usize = 8_192;
/// Rows of one input-projection GEMM in layer 2 (steps are projected a block at a time).
const BLOCK_ROWS: usize = 512;
/// Up to this many sequences in a group, the threads share each step (half the panels of `U`
/// each, [`step_sharing`]) and the two directions run one after the other; above it,
/// the directions run side by side. With one or two rows a step is a matrix–vector product
/// bound by reading `U` (2.56 MB per direction): a half stays in a core's L2 from one step to
/// the next, all of it does not.
const SPLIT_ROWS: usize = 2;

/// Logits (`len × 23`) of every sequence of input ids, in the order given.
pub fn logits(w: &Weights, seqs: &[&[u8]], threads: Threads) -> Vec<Vec<f32>> {
    let mut order: Vec<usize> = (0..seqs.len()).filter(|&i| !seqs[i].is_empty()).collect();
    order.sort_by_key(|&i| core::cmp::Reverse(seqs[i].len()));
    let mut groups: Vec<Vec<usize>> = Vec::new();
    let mut chars = 0;
    for &i in &order {
        match groups.last_mut() {
            Some(g) if chars + seqs[i].len() <= GROUP_CHARS => g.push(i),
            _ => {
                groups.push(vec![i]);
                chars = 0;
            }
        }
        chars += seqs[i].len();
    }
    let results = threads::in_pool(threads, || {
        threads::map(threads, &groups, |g| {
            let members: Vec<&[u8]> = g.iter().map(|&i| seqs[i]).collect();
            group_logits(w, &members, threads)
        })
    });
    let mut out = vec![Vec::new(); seqs.len()];
    for (g, logits) in groups.iter().zip(results) {
        let mut rest = logits.as_slice();
        for &i in g {
            let (mine, tail) = rest.split_at(seqs[i].len() * HEADS);
            out[i] = mine.to_vec();
            rest = tail;
        }
    }
    out
}

/// Where each sequence of a group sits and which are still running at each step.
struct Schedule {
    /// First row of each sequence in the group's activations (sequences back to back).
    starts: Vec<usize>,
    /// Lengths, longest first.
    lens: Vec<usize>,
    /// Sequences still running at each step (the first `active[t]`).
    active: Vec<usize>,
}

impl Schedule {
    fn new(seqs: &[&[u8]]) -> Schedule {
        let lens: Vec<usize> = seqs.iter().map(|s| s.len()).collect();
        let starts = lens
            .iter()
            .scan(0, |row, &len| {
                let start = *row;
                *row += len;
                Some(start)
            })
            .collect();
        let steps = lens.first().copied().unwrap_or(0);
        let mut active = Vec::with_capacity(steps);
        let mut running = lens.len();
        for t in 0..steps {
            while running > 0 && lens[running - 1] <= t {
                running -= 1;
            }
            active.push(running);
        }
        Schedule {
            starts,
            lens,
            active,
        }
    }

    fn rows(&self) -> usize {
        self.lens.iter().sum()
    }

    /// The row of sequence `r` at step `t` of a direction.
    fn row(&self, r: usize, t: usize, backward: bool) -> usize {
        self.starts[r] + if backward { self.lens[r] - 1 - t } else { t }
    }
}

/// What a layer reads: input ids (layer 1, through the projection table) or the previous
/// layer's output rows.
#[derive(Clone, Copy)]
enum Input<'a> {
    Ids(&'a [u8]),
    Rows(&'a [f32]),
}

/// The forward pass of one group of sequences sorted longest first: logits of their rows.
fn group_logits(w: &Weights, seqs: &[&[u8]], threads: Threads) -> Vec<f32> {
    let plan = Schedule::new(seqs);
    let rows = plan.rows();
    let ids: Vec<u8> = seqs.concat();
    let mut x = vec![0.0; rows * UNITS];
    let mut fw = vec![0.0; rows * UNITS];
    let mut bw = vec![0.0; rows * UNITS];
    for (layer, weights) in w.lstm.iter().enumerate() {
        let input = if layer == 0 {
            Input::Ids(&ids)
        } else {
            Input::Rows(&x)
        };
        let tables = [&w.input_table[0][..], &w.input_table[1][..]];
        let plan = &plan;
        if threads == Threads::Pool && plan.lens.len() <= SPLIT_ROWS {
            direction(&weights[0], tables[0], input, plan, &mut fw, false, threads);
            direction(&weights[1], tables[1], input, plan, &mut bw, true, threads);
        } else {
            let one = Threads::One;
            threads::join(
                threads,
                || direction(&weights[0], tables[0], input, plan, &mut fw, false, one),
                || direction(&weights[1], tables[1], input, plan, &mut bw, true, one),
            );
        }
        // merge_mode="sum", added as the port added them: (0 + forward) + backward.
        for ((x, &f), &b) in x.iter_mut().zip(&fw).zip(&bw) {
            *x = 0.0 + f + b;
        }
    }
    // Dense (linear) into `fw`, then the three heads.
    let mut logits = vec![0.0; rows * HEADS];
    gemm_rows(
        threads,
        &x,
        &w.dense_kernel,
        &w.dense_bias,
        &mut fw,
        UNITS,
        UNITS,
    );
    gemm_rows(
        threads,
        &fw,
        &w.heads_kernel,
        &w.heads_bias,
        &mut logits,
        UNITS,
        HEADS,
    );
    logits
}

/// `gemm_bias` over all rows of `a`, the rows split in two halves run side by side when
/// `threads` allows it (a row's result does not depend on the split).
fn gemm_rows(
    threads: Threads,
    a: &[f32],
    b: &[f32],
    bias: &[f32],
    c: &mut [f32],
    k: usize,
    n: usize,
) {
    let m = a.len() / k;
    if threads == Threads::One || m < 64 {
        return gemm_bias(a, b, bias, c, m, k, n);
    }
    let half = m / 2;
    let (a0, a1) = a.split_at(half * k);
    let (c0, c1) = c.split_at_mut(half * n);
    threads::join(
        threads,
        || gemm_bias(a0, b, bias, c0, half, k, n),
        || gemm_bias(a1, b, bias, c1, m - half, k, n),
    );
}

/// One direction of one layer over every sequence of the group; its outputs go to `out`
/// (row-major, rows as in the schedule). `step_threads`: whether each step is shared between
/// the calling thread and a partner ([`step_sharing`]).
fn direction(
    w: &LstmWeights,
    table: &[f32],
    input: Input<'_>,
    plan: &Schedule,
    out: &mut [f32],
    backward: bool,
    step_threads: Threads,
) {
    match step_threads {
        Threads::One => sweep(w, table, input, plan, out, backward, &mut |step| {
            recurrent::step(&w.recurrent, step)
        }),
        Threads::Pool => step_sharing::with_partner(step_threads, &w.recurrent, |caller| {
            sweep(w, table, input, plan, out, backward, &mut |step| {
                caller.step(step)
            })
        }),
    }
}

/// The walk of [`direction`] over its steps, each step run by `run_step`.
fn sweep(
    w: &LstmWeights,
    table: &[f32],
    input: Input<'_>,
    plan: &Schedule,
    out: &mut [f32],
    backward: bool,
    run_step: &mut dyn FnMut(Step<'_>),
) {
    let width = plan.lens.len();
    let steps = plan.active.len();
    let mut h_prev = vec![0.0; width * UNITS];
    let mut h_next = vec![0.0; width * UNITS];
    let mut c = vec![0.0; width * UNITS];
    let mut offsets: Vec<usize> = Vec::with_capacity(width);
    // Layer 2: the input projections of a block of steps, one GEMM.
    // (No larger than the group: a short line does not clear megabytes it never uses.)
    let block_rows = match input {
        Input::Ids(_) => 0,
        Input::Rows(_) => BLOCK_ROWS.max(width).min(plan.rows()),
    };
    let mut gathered = vec![0.0; block_rows * UNITS];
    let mut proj = vec![0.0; block_rows * GATES];

    let mut t0 = 0;
    while t0 < steps {
        // Steps t0..t1 of this block.
        let mut t1 = t0;
        let mut block = 0;
        match input {
            Input::Ids(_) => t1 = steps,
            Input::Rows(x) => {
                while t1 < steps && (t1 == t0 || block + plan.active[t1] <= block_rows) {
                    for r in 0..plan.active[t1] {
                        let row = plan.row(r, t1, backward);
                        gathered[(block + r) * UNITS..(block + r + 1) * UNITS]
                            .copy_from_slice(&x[row * UNITS..(row + 1) * UNITS]);
                    }
                    block += plan.active[t1];
                    t1 += 1;
                }
                gemm_bias(
                    &gathered[..block * UNITS],
                    &w.kernel,
                    &w.bias,
                    &mut proj[..block * GATES],
                    block,
                    UNITS,
                    GATES,
                );
            }
        }
        let mut block_row = 0;
        for t in t0..t1 {
            let active = plan.active[t];
            offsets.clear();
            let base = match input {
                Input::Ids(ids) => {
                    let id = |r| usize::from(ids[plan.row(r, t, backward)]);
                    offsets.extend((0..active).map(|r| id(r) * GATES));
                    table
                }
                Input::Rows(_) => {
                    offsets.extend((block_row..block_row + active).map(|r| r * GATES));
                    &proj[..]
                }
            };
            block_row += active;
            let step = Step {
                base,
                offsets: &offsets,
                h_prev: &h_prev,
                c: &mut c,
                h_next: &mut h_next,
                odd: t % 2 == 1,
            };
            run_step(step);
            for r in 0..active {
                let row = plan.row(r, t, backward);
                out[row * UNITS..(row + 1) * UNITS]
                    .copy_from_slice(&h_next[r * UNITS..(r + 1) * UNITS]);
            }
            core::mem::swap(&mut h_prev, &mut h_next);
        }
        t0 = t1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn schedule_packs_longest_first() {
        let a = [1u8; 5];
        let b = [2u8; 3];
        let c = [3u8; 3];
        let d = [4u8; 1];
        let plan = Schedule::new(&[&a, &b, &c, &d]);
        assert_eq!(plan.starts, [0, 5, 8, 11]);
        assert_eq!(plan.active, [4, 3, 3, 1, 1]);
        assert_eq!(plan.rows(), 12);
        // Backward: each sequence starts at its own last character.
        assert_eq!(plan.row(1, 0, true), 7);
        assert_eq!(plan.row(1, 2, true), 5);
        assert_eq!(plan.row(0, 4, true), 0);
        assert_eq!(plan.row(3, 0, false), 11);
    }
}
