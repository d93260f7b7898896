//! The forward pass of the first port (issue 12), kept unchanged as the oracle of the tests:
//! one sequence at a time, the input projections as one GEMM per direction, the recurrence as
//! one vector–matrix product per step over the row-major Keras `U`. The batched pass
//! ([`packed`](super::packed)) must give the same bits.

use super::math::{gemm_bias, sigmoid, tanh};
use super::weights::{KerasLstm as LstmWeights, KerasWeights as Weights, GATES, HEADS, UNITS};

std::thread_local! {
    /// Tests of the portable kernels run this side without FMA too.
    static FORCE_PORTABLE: core::cell::Cell<bool> = const { core::cell::Cell::new(false) };
}

/// `z += h·U` with `U` row-major `h.len() × z.len()`. With `FMA` the multiply-add is fused
/// (one rounding instead of two; only used where the CPU has FMA, else `mul_add` would call the
/// slow software routine).
#[inline(always)]
fn matvec_acc_generic<const FMA: bool>(h: &[f32], u: &[f32], z: &mut [f32], reverse: bool) {
    let n = z.len();
    let fma = |a: f32, b: f32, c: f32| if FMA { a.mul_add(b, c) } else { c + a * b };
    // Four rows at a time: `z` is loaded and stored once per four multiply-adds.
    let mut rows = u.chunks_exact(4 * n);
    let mut hs = h.chunks_exact(4);
    let blocks: &mut dyn Iterator<Item = (&[f32], &[f32])> = if reverse {
        &mut (&mut hs).zip(&mut rows).rev()
    } else {
        &mut (&mut hs).zip(&mut rows)
    };
    for (h4, block) in blocks {
        let (r0, rest) = block.split_at(n);
        let (r1, rest) = rest.split_at(n);
        let (r2, r3) = rest.split_at(n);
        let (h0, h1, h2, h3) = (h4[0], h4[1], h4[2], h4[3]);
        for ((((zj, &a), &b), &c), &d) in z.iter_mut().zip(r0).zip(r1).zip(r2).zip(r3) {
            *zj = fma(h3, d, fma(h2, c, fma(h1, b, fma(h0, a, *zj))));
        }
    }
    for (&hk, row) in hs.remainder().iter().zip(rows.remainder().chunks_exact(n)) {
        for (zj, &uj) in z.iter_mut().zip(row) {
            *zj = fma(hk, uj, *zj);
        }
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,fma")]
unsafe fn matvec_acc_avx2(h: &[f32], u: &[f32], z: &mut [f32], reverse: bool) {
    matvec_acc_generic::<true>(h, u, z, reverse)
}

/// `z += h·U`. `reverse` walks the rows of `U` from the last: alternating it from one step to
/// the next keeps the rows read last (still in the core's L2 cache; `U` is 2.5 MB, a little
/// more than L2) as the rows read first.
fn matvec_acc(h: &[f32], u: &[f32], z: &mut [f32], reverse: bool) {
    #[cfg(target_arch = "x86_64")]
    {
        if !FORCE_PORTABLE.with(|f| f.get())
            && std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("fma")
        {
            // SAFETY: the CPU has AVX2 and FMA.
            return unsafe { matvec_acc_avx2(h, u, z, reverse) };
        }
    }
    matvec_acc_generic::<false>(h, u, z, reverse)
}

/// One LSTM step after `z = x·W + b + h·U`: updates `c` and writes `h`.
#[inline(always)]
fn cell_generic(z: &[f32], c: &mut [f32], h: &mut [f32]) {
    let (zi, rest) = z.split_at(UNITS);
    let (zf, rest) = rest.split_at(UNITS);
    let (zc, zo) = rest.split_at(UNITS);
    let units = zi.iter().zip(zf).zip(zc).zip(zo);
    for ((((&i, &f), &g), &o), (c, h)) in units.zip(c.iter_mut().zip(h.iter_mut())) {
        let cn = sigmoid(f) * *c + sigmoid(i) * tanh(g);
        *c = cn;
        *h = sigmoid(o) * tanh(cn);
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn cell_avx2(z: &[f32], c: &mut [f32], h: &mut [f32]) {
    cell_generic(z, c, h)
}

fn cell(z: &[f32], c: &mut [f32], h: &mut [f32]) {
    #[cfg(target_arch = "x86_64")]
    {
        if std::is_x86_feature_detected!("avx2") {
            // SAFETY: the CPU has AVX2.
            return unsafe { cell_avx2(z, c, h) };
        }
    }
    cell_generic(z, c, h)
}

/// Buffers of one chunk, sized once.
pub struct Workspace {
    steps: usize,
    x: Vec<f32>,      // steps × 400: layer input
    y: Vec<f32>,      // steps × 400: layer output (sum of directions)
    proj: Vec<f32>,   // steps × 1600: x·W + b of one direction
    z: Vec<f32>,      // 1600
    c: Vec<f32>,      // 400
    h: Vec<f32>,      // 400
    logits: Vec<f32>, // steps × 23
}

impl Workspace {
    pub fn new(steps: usize) -> Workspace {
        Workspace {
            steps,
            x: vec![0.0; steps * UNITS],
            y: vec![0.0; steps * UNITS],
            proj: vec![0.0; steps * GATES],
            z: vec![0.0; GATES],
            c: vec![0.0; UNITS],
            h: vec![0.0; UNITS],
            logits: vec![0.0; steps * HEADS],
        }
    }

    /// Logits of the last [`forward`] run: `steps × 23` (N 0..16, D 16..19, S 19..23).
    pub fn logits(&self) -> &[f32] {
        &self.logits
    }
}

/// One direction of one layer over `ws.x`, added into `ws.y`.
fn lstm_direction(w: &LstmWeights, ws: &mut Workspace, backward: bool) {
    let steps = ws.steps;
    gemm_bias(&ws.x, &w.kernel, &w.bias, &mut ws.proj, steps, UNITS, GATES);
    ws.c.fill(0.0);
    ws.h.fill(0.0);
    for s in 0..steps {
        let t = if backward { steps - 1 - s } else { s };
        ws.z.copy_from_slice(&ws.proj[t * GATES..(t + 1) * GATES]);
        matvec_acc(&ws.h, &w.recurrent, &mut ws.z, s % 2 == 1);
        cell(&ws.z, &mut ws.c, &mut ws.h);
        for (y, &h) in ws.y[t * UNITS..(t + 1) * UNITS].iter_mut().zip(&ws.h) {
            *y += h;
        }
    }
}

/// Runs the model over `ids` (input ids, all `< VOCAB`); the logits are left in `ws`.
pub fn forward(w: &Weights, ids: &[u8], ws: &mut Workspace) {
    if ws.steps != ids.len() {
        *ws = Workspace::new(ids.len());
    }
    // Embedding.
    for (row, &id) in ws.x.chunks_exact_mut(UNITS).zip(ids) {
        let id = usize::from(id);
        row.copy_from_slice(&w.embedding[id * UNITS..(id + 1) * UNITS]);
    }
    // Two bidirectional layers, directions summed.
    for layer in &w.lstm {
        ws.y.fill(0.0);
        lstm_direction(&layer[0], ws, false);
        lstm_direction(&layer[1], ws, true);
        core::mem::swap(&mut ws.x, &mut ws.y);
    }
    // Dense (linear) into `y`, then the three heads.
    let steps = ws.steps;
    gemm_bias(
        &ws.x,
        &w.dense_kernel,
        &w.dense_bias,
        &mut ws.y,
        steps,
        UNITS,
        UNITS,
    );
    gemm_bias(
        &ws.y,
        &w.heads_kernel,
        &w.heads_bias,
        &mut ws.logits,
        steps,
        UNITS,
        HEADS,
    );
}

#[cfg(test)]
mod tests {
    use super::super::packed;
    use super::super::threads::Threads;
    use super::super::weights::{KerasLstm, KerasWeights, Weights};
    use super::*;
    use crate::hebrew::nikud::tables::VOCAB;

    /// Deterministic weights of the model's real shapes, scaled like trained ones (gates
    /// neither saturated nor flat).
    fn random_weights(seed: u32) -> KerasWeights {
        let mut state = seed;
        let mut rand = |n: usize, scale: f32| -> Vec<f32> {
            (0..n)
                .map(|_| {
                    state = state.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
                    ((state >> 8) as f32 / (1u32 << 24) as f32 - 0.5) * scale
                })
                .collect()
        };
        let mut lstm = || KerasLstm {
            kernel: rand(UNITS * GATES, 0.2),
            recurrent: rand(UNITS * GATES, 0.2),
            bias: rand(GATES, 0.5),
        };
        let layers = [[lstm(), lstm()], [lstm(), lstm()]];
        KerasWeights {
            embedding: rand(VOCAB * UNITS, 2.0),
            lstm: layers,
            dense_kernel: rand(UNITS * UNITS, 0.2),
            dense_bias: rand(UNITS, 0.2),
            heads_kernel: rand(UNITS * HEADS, 0.5),
            heads_bias: rand(HEADS, 0.5),
        }
    }

    fn sequences() -> Vec<Vec<u8>> {
        // Lengths that exercise every tile shape (3, 2 and 1 rows), rows leaving mid-batch,
        // equal lengths, an empty sequence and a length past a projection block.
        let lens = [
            1, 7, 0, 40, 40, 13, 2, 5, 600, 31, 9, 9, 9, 64, 3, 17, 52, 1,
        ];
        lens.iter()
            .enumerate()
            .map(|(i, &n)| {
                (0..n)
                    .map(|j| ((i * 7 + j * 13 + j / 5) % VOCAB) as u8)
                    .collect()
            })
            .collect()
    }

    fn bits(v: &[f32]) -> Vec<u32> {
        v.iter().map(|x| x.to_bits()).collect()
    }

    fn check_identical(keras: KerasWeights, threads: Threads) {
        let seqs = sequences();
        let want: Vec<Vec<u32>> = seqs
            .iter()
            .map(|ids| {
                let mut ws = Workspace::new(0);
                forward(&keras, ids, &mut ws);
                bits(ws.logits())
            })
            .collect();
        let w = Weights::new(keras);
        let refs: Vec<&[u8]> = seqs.iter().map(Vec::as_slice).collect();
        let batched = packed::logits(&w, &refs, threads);
        for (i, (got, want)) in batched.iter().zip(&want).enumerate() {
            assert_eq!(bits(got), *want, "sequence {i} ({} steps)", seqs[i].len());
        }
        // One at a time through the batched pass: the same bits again.
        for (i, ids) in refs.iter().enumerate() {
            let alone = packed::logits(&w, &[ids], threads);
            assert_eq!(bits(&alone[0]), want[i], "sequence {i} alone");
        }
        // Two at a time (on the pool, a step shared between the threads): the same bits.
        for (i, pair) in refs.windows(2).enumerate() {
            let two = packed::logits(&w, pair, threads);
            assert_eq!(bits(&two[0]), want[i], "sequence {i} of a pair");
            assert_eq!(bits(&two[1]), want[i + 1], "sequence {} of a pair", i + 1);
        }
    }

    #[test]
    fn batched_pass_gives_the_reference_bits() {
        check_identical(random_weights(1), Threads::One);
    }

    #[test]
    fn batched_pass_on_the_pool_gives_the_reference_bits() {
        check_identical(random_weights(2), Threads::Pool);
    }

    /// The portable kernels (wasm, x86-64 without FMA): multiply-then-add on both sides.
    #[test]
    fn portable_kernels_give_the_reference_bits() {
        super::super::recurrent::force_portable(true);
        FORCE_PORTABLE.with(|f| f.set(true));
        check_identical(random_weights(3), Threads::One);
        super::super::recurrent::force_portable(false);
        FORCE_PORTABLE.with(|f| f.set(false));
    }
}
