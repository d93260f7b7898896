//! The forward pass of Nakdimon: Embedding(43→400) → BiLSTM(400, merge sum) → BiLSTM(400,
//! merge sum) → Dense(400, linear) → heads N(16), D(3), S(4), linear (`TOOLCHAIN.md`; the
//! Keras model config stored in `Nakdimon.h5`).
//!
//! Keras LSTM (recurrent activation sigmoid, activation tanh, gate order i, f, c, o):
//!   z = x·W + h·U + b;  i = σ(z_i), f = σ(z_f), g = tanh(z_c), o = σ(z_o)
//!   c ← f∘c + i∘g;      h ← o∘tanh(c)
//! The backward direction runs over the reversed sequence and its outputs are put back in
//! order; `merge_mode="sum"` adds the two. The reference pads each chunk to 10,000 steps with
//! id 0 and the embedding masks it (`mask_zero=True`): masked steps leave the state and outputs
//! of the real steps untouched, so running over the real length only gives the same values.
//!
//! Speed: the input projections x·W of a whole chunk are one GEMM (`matrixmultiply::sgemm`,
//! runtime SIMD detection, no threads); the recurrence is one vector–matrix product per step in
//! `axpy` form over contiguous rows, which the compiler vectorizes (with AVX2 when the CPU has
//! it); the workspace is allocated once per chunk, never per step.

use super::weights::{LstmWeights, Weights, GATES, HEADS, UNITS};

/// `c[m×n] = a[m×k]·b[k×n] + bias` (bias broadcast over rows), all row-major.
fn gemm_bias(a: &[f32], b: &[f32], bias: &[f32], c: &mut [f32], m: usize, k: usize, n: usize) {
    assert!(a.len() == m * k && b.len() == k * n && bias.len() == n && c.len() == m * n);
    for row in c.chunks_exact_mut(n) {
        row.copy_from_slice(bias);
    }
    if m == 0 {
        return;
    }
    // SAFETY: the lengths checked above cover every element the strides reach.
    unsafe {
        matrixmultiply::sgemm(
            m,
            k,
            n,
            1.0,
            a.as_ptr(),
            k as isize,
            1,
            b.as_ptr(),
            n as isize,
            1,
            1.0,
            c.as_mut_ptr(),
            n as isize,
            1,
        );
    }
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
        if std::is_x86_feature_detected!("avx2") && std::is_x86_feature_detected!("fma") {
            // SAFETY: the CPU has AVX2 and FMA.
            return unsafe { matvec_acc_avx2(h, u, z, reverse) };
        }
    }
    matvec_acc_generic::<false>(h, u, z, reverse)
}

/// e^x for f32 (Cephes `expf`: range reduction by ln 2, degree-6 polynomial), written without
/// branches so loops over it vectorize. Relative error about 2e-7 on the clamped range.
#[inline(always)]
fn exp(x: f32) -> f32 {
    let x = x.clamp(-87.0, 88.0);
    // n = round(x / ln 2) by the 1.5·2^23 trick (round-to-nearest of the FPU).
    let n = (x * core::f32::consts::LOG2_E + 12_582_912.0) - 12_582_912.0;
    let r = x - n * 0.693_359_4 - n * -2.121_944_4e-4;
    let mut p = 1.987_569_1e-4_f32;
    p = p * r + 1.398_199_9e-3;
    p = p * r + 8.333_452e-3;
    p = p * r + 4.166_579_6e-2;
    p = p * r + 1.666_666_5e-1;
    p = p * r + 0.5;
    let e = p * r * r + r + 1.0;
    e * f32::from_bits(((n as i32 + 127) as u32) << 23)
}

#[inline(always)]
fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + exp(-x))
}

#[inline(always)]
fn tanh(x: f32) -> f32 {
    // tanh x = 2σ(2x) − 1 (absolute error ~1e-7, enough next to float32 LSTM state).
    2.0 * sigmoid(2.0 * x) - 1.0
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
    use super::*;

    #[test]
    fn exp_is_accurate() {
        let mut x = -30.0f32;
        while x < 30.0 {
            let rel = (exp(x) - x.exp()).abs() / x.exp();
            assert!(rel < 1e-6, "exp({x}): {rel}");
            x += 0.013;
        }
        assert!((tanh(0.5) - 0.5f32.tanh()).abs() < 1e-6);
        assert!((sigmoid(-3.0) - 1.0 / (1.0 + 3.0f32.exp())).abs() < 1e-7);
        assert_eq!(exp(-1000.0), exp(-87.0));
    }

    #[test]
    fn gemm_matches_naive() {
        let (m, k, n) = (3, 5, 4);
        let a: Vec<f32> = (0..m * k).map(|i| i as f32 * 0.5 - 2.0).collect();
        let b: Vec<f32> = (0..k * n).map(|i| (i % 7) as f32 - 3.0).collect();
        let bias = [1.0, 2.0, 3.0, 4.0];
        let mut c = vec![0.0; m * n];
        gemm_bias(&a, &b, &bias, &mut c, m, k, n);
        for i in 0..m {
            for j in 0..n {
                let want: f32 = bias[j] + (0..k).map(|l| a[i * k + l] * b[l * n + j]).sum::<f32>();
                assert!((c[i * n + j] - want).abs() < 1e-4);
            }
        }
        for reverse in [false, true] {
            let mut z = vec![1.0; n];
            matvec_acc(&a[..k], &b, &mut z, reverse);
            for j in 0..n {
                let want: f32 = 1.0 + (0..k).map(|l| a[l] * b[l * n + j]).sum::<f32>();
                assert!((z[j] - want).abs() < 1e-4);
            }
        }
    }
}
