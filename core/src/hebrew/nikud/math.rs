//! The arithmetic every path of the forward pass shares: the GEMM of the input projections
//! and the dense layers, and the LSTM cell with its activations.
//!
//! Identity of outputs depends on these being the only definitions: the batched pass
//! (`packed`) and the single-sequence reference (the port as first written, kept in
//! `reference` for the tests) call the same functions, so each value is computed by the same
//! operations in the same order whatever the batch.

/// `c[m×n] = a[m×k]·b[k×n] + bias` (bias broadcast over rows), all row-major.
///
/// `matrixmultiply` computes every element of `c` by the same operations whatever `m` and
/// whatever the row's place in `a` (its blocking splits `k` by a constant, never by `m`), so a
/// row gives the same bits alone, in a batch, or as a row of a precomputed table.
pub fn gemm_bias(a: &[f32], b: &[f32], bias: &[f32], c: &mut [f32], m: usize, k: usize, n: usize) {
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

/// e^x for f32 (Cephes `expf`: range reduction by ln 2, degree-6 polynomial), written without
/// branches so loops over it vectorize. Relative error about 2e-7 on the clamped range.
#[inline(always)]
pub fn exp(x: f32) -> f32 {
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
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + exp(-x))
}

#[inline(always)]
pub fn tanh(x: f32) -> f32 {
    // tanh x = 2σ(2x) − 1 (absolute error ~1e-7, enough next to float32 LSTM state).
    2.0 * sigmoid(2.0 * x) - 1.0
}

/// One LSTM cell update (Keras: i = σ(z_i), f = σ(z_f), g = tanh(z_c), o = σ(z_o);
/// c ← f∘c + i∘g; h ← o∘tanh(c)) for the 8 units of one register of each gate: `z` holds the
/// gates i, f, c, o of those units, 8 values each; `c` is updated in place and `h` written.
/// Elementwise, so a unit's result does not depend on its neighbours; on arrays of known
/// length so the compiler turns the loop into vector instructions.
#[inline(always)]
pub fn cell8(z: &[f32; 32], c: &mut [f32; 8], h: &mut [f32; 8]) {
    for l in 0..8 {
        let cn = sigmoid(z[8 + l]) * c[l] + sigmoid(z[l]) * tanh(z[16 + l]);
        c[l] = cn;
        h[l] = sigmoid(z[24 + l]) * tanh(cn);
    }
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
    }

    /// The property the batched pass relies on: a row's result does not depend on the other
    /// rows of the call nor on where the row sits (every size of the kernel's row blocks and
    /// their ragged edges).
    #[test]
    fn gemm_rows_do_not_depend_on_the_batch() {
        let (k, n) = (400, 1600);
        let mut seed = 7u32;
        let mut rand = move || {
            seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            (seed >> 8) as f32 / (1u32 << 24) as f32 - 0.5
        };
        let b: Vec<f32> = (0..k * n).map(|_| rand()).collect();
        let bias: Vec<f32> = (0..n).map(|_| rand()).collect();
        let m = 37;
        let a: Vec<f32> = (0..m * k).map(|_| rand()).collect();
        let mut all = vec![0.0; m * n];
        gemm_bias(&a, &b, &bias, &mut all, m, k, n);
        for (start, len) in [(0, 1), (5, 1), (3, 8), (17, 20), (36, 1), (1, 9)] {
            let mut part = vec![0.0; len * n];
            gemm_bias(
                &a[start * k..(start + len) * k],
                &b,
                &bias,
                &mut part,
                len,
                k,
                n,
            );
            let same = part
                .iter()
                .zip(&all[start * n..(start + len) * n])
                .all(|(x, y)| x.to_bits() == y.to_bits());
            assert!(same, "rows {start}..{} differ", start + len);
        }
    }
}
