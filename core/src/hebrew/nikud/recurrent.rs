//! One step of one LSTM direction for many sequences at once: `z = z0 + h·U` for every active
//! row (a matrix–matrix product), then the cell, fused: the gates of a unit are finished in
//! registers and turned into its new `c` and `h` before the next unit is started.
//!
//! Layout. `U` (400×1600, gate columns i, f, c, o of 400 units each) is repacked once, at
//! load, into 50 panels of 8 units: panel `p` holds, for each `k`, the 32 values
//! `U[k][g·400 + 8p + l]` (gate `g`, lane `l`) next to each other, so a step reads each panel
//! front to back and the four gates of 8 units sit in four AVX registers.
//!
//! Order of operations (identity of outputs). Each `z[j]` starts from `z0[j]` and adds
//! `h[k]·U[k][j]` for every `k`, fused (one rounding) exactly where the first port used FMA
//! (x86-64 with AVX2 and FMA) and as multiply-then-add elsewhere, in the port's order: `k`
//! ascending on even steps, and on odd steps blocks of four `k` from the last block to the
//! first, ascending inside a block. The port alternated so because the rows of `U` read last
//! were still in cache; here odd steps also walk the panels from the last. Which rows share a
//! tile, how many there are and which panel goes first change no value.

#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::*;

use core::ops::Range;

use super::math::cell8;
use super::weights::{GATES, UNITS};

/// Units per panel: one AVX register of each gate.
const LANES: usize = 8;
/// Columns of a panel (four gates of `LANES` units).
const PANEL: usize = 4 * LANES;
/// Panels of `U`.
const PANELS: usize = UNITS / LANES;

/// `U` (row-major, Keras layout) in panel order.
pub fn pack(u: &[f32]) -> Vec<f32> {
    assert_eq!(u.len(), UNITS * GATES);
    let mut out = Vec::with_capacity(u.len());
    for p in 0..PANELS {
        for k in 0..UNITS {
            for g in 0..4 {
                let col = g * UNITS + p * LANES;
                out.extend_from_slice(&u[k * GATES + col..k * GATES + col + LANES]);
            }
        }
    }
    out
}

/// The rows of one step: row `r` starts from `base[offsets[r]..offsets[r] + 1600]`
/// (`x·W + b` of its current input), its state is row `r` of `h_prev`/`c`, and its new output
/// goes to row `r` of `h_next`.
pub struct Step<'a> {
    pub base: &'a [f32],
    pub offsets: &'a [usize],
    pub h_prev: &'a [f32],
    pub c: &'a mut [f32],
    pub h_next: &'a mut [f32],
    /// The step's parity (its index in the direction's walk is odd): selects the `k` order.
    pub odd: bool,
}

/// Pairs of panels: the unit a step is cut into when it is shared between two threads.
const PAIRS: usize = PANELS / 2;

/// A checked step whose outputs may be written by two threads at once, each over its own
/// panels (its own units of every row), so their writes never overlap.
pub struct Shared<'a> {
    base: &'a [f32],
    offsets: &'a [usize],
    h_prev: &'a [f32],
    c: *mut f32,
    h_next: *mut f32,
    odd: bool,
}

// SAFETY: `c` and `h_next` come from `&mut` slices that outlive the step; the threads sharing
// a step write disjoint panels (units), and nothing reads them until both are done.
unsafe impl Sync for Shared<'_> {}
// SAFETY: as above; the partner thread of `step_sharing` reads a step published to it.
unsafe impl Send for Shared<'_> {}

impl<'a> Shared<'a> {
    /// Checks every bound the kernels rely on (panics on a caller's bug, never on input).
    pub fn new(u: &[f32], step: Step<'a>) -> Shared<'a> {
        let rows = step.offsets.len();
        assert_eq!(u.len(), UNITS * GATES);
        assert!(step.h_prev.len() >= rows * UNITS);
        assert!(step.c.len() >= rows * UNITS && step.h_next.len() >= rows * UNITS);
        assert!(step.offsets.iter().all(|&o| o
            .checked_add(GATES)
            .is_some_and(|end| end <= step.base.len())));
        Shared {
            base: step.base,
            offsets: step.offsets,
            h_prev: step.h_prev,
            c: step.c.as_mut_ptr(),
            h_next: step.h_next.as_mut_ptr(),
            odd: step.odd,
        }
    }

    fn rows(&self) -> usize {
        self.offsets.len()
    }

    /// The `c` and `h` lanes of row `r`, units `unit..unit + 8`.
    ///
    /// # Safety
    /// `r` is a row of the step and `unit + 8 <= UNITS` (checked by `new`), and no other
    /// thread touches these units of this row during the step.
    #[allow(clippy::mut_from_ref)]
    #[inline(always)]
    unsafe fn lanes(&self, r: usize, unit: usize) -> (&mut [f32; LANES], &mut [f32; LANES]) {
        let at = r * UNITS + unit;
        (
            &mut *(self.c.add(at) as *mut [f32; LANES]),
            &mut *(self.h_next.add(at) as *mut [f32; LANES]),
        )
    }
}

/// Runs one step over all rows of `step` with the packed recurrent kernel `u`.
pub fn step(u: &[f32], step: Step<'_>) {
    let shared = Shared::new(u, step);
    run(u, &shared, 0..PAIRS);
}

/// The two halves of a step's panels, for two threads ([`super::step_sharing`]): each half
/// of `U` (1.3 MB) stays in its core's L2 from step to step, where all of it (2.56 MB) does
/// not. Which thread computes a value changes no value.
pub const HALVES: [Range<usize>; 2] = [0..PAIRS.div_ceil(2), PAIRS.div_ceil(2)..PAIRS];

/// Runs `half` of the step `s` (one of [`HALVES`]).
pub fn step_half(u: &[f32], s: &Shared<'_>, half: &Range<usize>) {
    run(u, s, half.clone());
}

/// The kernel for this CPU over the panel pairs `pairs`.
fn run(u: &[f32], s: &Shared<'_>, pairs: Range<usize>) {
    #[cfg(target_arch = "x86_64")]
    {
        if !portable_forced()
            && std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("fma")
        {
            // SAFETY: the CPU has AVX2 and FMA; every index the kernel reaches was checked
            // by `Shared::new` (rows of `h_prev`, `c`, `h_next` and every `z0` row in bounds).
            return unsafe { fma::run(u, s, pairs) };
        }
    }
    generic::run(u, s, pairs)
}

#[cfg(test)]
std::thread_local! {
    static FORCE_PORTABLE: core::cell::Cell<bool> = const { core::cell::Cell::new(false) };
}

/// Tests: run the portable kernel on this thread even where FMA is available.
#[cfg(test)]
pub fn force_portable(on: bool) {
    FORCE_PORTABLE.with(|f| f.set(on));
}

#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn portable_forced() -> bool {
    #[cfg(test)]
    {
        FORCE_PORTABLE.with(|f| f.get())
    }
    #[cfg(not(test))]
    {
        false
    }
}

/// The order of `k` in a step (see the module doc).
#[inline(always)]
fn k_at(i: usize, odd: bool) -> usize {
    if odd {
        let block = UNITS / 4 - 1 - i / 4;
        block * 4 + i % 4
    } else {
        i
    }
}

/// The pair of panels visited `i`-th of `pairs` (odd steps walk from the last).
#[inline(always)]
fn pair_at(pairs: &Range<usize>, i: usize, odd: bool) -> usize {
    if odd {
        pairs.end - 1 - i
    } else {
        pairs.start + i
    }
}

/// Portable kernel: multiply, then add (no fused multiply-add), as the port did everywhere
/// but on x86-64 with FMA. Tiles of up to four rows per panel.
mod generic {
    use super::*;

    const TILE: usize = 4;

    pub fn run(u: &[f32], s: &Shared<'_>, pairs: Range<usize>) {
        let rows = s.rows();
        for i in 0..pairs.len() {
            let pair = pair_at(&pairs, i, s.odd);
            for p in [2 * pair, 2 * pair + 1] {
                let panel = &u[p * UNITS * PANEL..(p + 1) * UNITS * PANEL];
                let mut r0 = 0;
                while r0 < rows {
                    let n = TILE.min(rows - r0);
                    let mut acc = [[0f32; PANEL]; TILE];
                    for (r, acc) in acc.iter_mut().enumerate().take(n) {
                        let z0 = &s.base[s.offsets[r0 + r]..];
                        for g in 0..4 {
                            let col = g * UNITS + p * LANES;
                            acc[g * LANES..(g + 1) * LANES].copy_from_slice(&z0[col..col + LANES]);
                        }
                    }
                    for i in 0..UNITS {
                        let k = k_at(i, s.odd);
                        let uk = &panel[k * PANEL..(k + 1) * PANEL];
                        for (r, acc) in acc.iter_mut().enumerate().take(n) {
                            let hk = s.h_prev[(r0 + r) * UNITS + k];
                            for (z, &w) in acc.iter_mut().zip(uk) {
                                *z += hk * w;
                            }
                        }
                    }
                    for (r, acc) in acc.iter().enumerate().take(n) {
                        // SAFETY: row `r0 + r` of the step, units of panel `p`, which only
                        // this call writes.
                        let (c, h) = unsafe { s.lanes(r0 + r, p * LANES) };
                        cell8(acc, c, h);
                    }
                    r0 += n;
                }
            }
        }
    }
}

/// AVX2 + FMA kernel: tiles of `MR` rows × `NP` panels kept in registers (12 or 8
/// accumulators, enough independent chains to keep both FMA units busy).
#[cfg(target_arch = "x86_64")]
// The register tile is indexed by its coordinates (row, panel, gate); iterators would hide them.
#[allow(clippy::needless_range_loop)]
mod fma {
    use super::*;

    /// Rows of `h` worked on together, so their `h` stays in L2 while the panels stream by.
    const ROW_BLOCK: usize = 48;

    /// # Safety
    /// The CPU has AVX2 and FMA, and the bounds `Shared::new` checks hold.
    #[target_feature(enable = "avx2,fma")]
    pub unsafe fn run(u: &[f32], s: &Shared<'_>, pairs: Range<usize>) {
        let rows = s.rows();
        let mut b0 = 0;
        while b0 < rows {
            let b1 = rows.min(b0 + ROW_BLOCK);
            for i in 0..pairs.len() {
                // Panels in pairs, so one-row tiles can take two panels at once.
                let p = 2 * pair_at(&pairs, i, s.odd);
                let mut r = b0;
                while b1 - r >= 3 {
                    tiles::<3, 1>(u, s, r, p);
                    tiles::<3, 1>(u, s, r, p + 1);
                    r += 3;
                }
                match b1 - r {
                    2 => {
                        tiles::<2, 1>(u, s, r, p);
                        tiles::<2, 1>(u, s, r, p + 1);
                    }
                    1 => tiles::<1, 2>(u, s, r, p),
                    _ => {}
                }
            }
            b0 = b1;
        }
    }

    #[target_feature(enable = "avx2,fma")]
    unsafe fn tiles<const MR: usize, const NP: usize>(
        u: &[f32],
        s: &Shared<'_>,
        r0: usize,
        p0: usize,
    ) {
        if s.odd {
            tile::<MR, NP, true>(u, s, r0, p0)
        } else {
            tile::<MR, NP, false>(u, s, r0, p0)
        }
    }

    /// Rows `r0..r0 + MR`, panels `p0..p0 + NP`.
    #[target_feature(enable = "avx2,fma")]
    unsafe fn tile<const MR: usize, const NP: usize, const ODD: bool>(
        u: &[f32],
        s: &Shared<'_>,
        r0: usize,
        p0: usize,
    ) {
        let mut acc = [[[_mm256_setzero_ps(); 4]; NP]; MR];
        let mut h = [core::ptr::null::<f32>(); MR];
        for r in 0..MR {
            let z0 = s.base.as_ptr().add(s.offsets[r0 + r]);
            for j in 0..NP {
                for g in 0..4 {
                    acc[r][j][g] = _mm256_loadu_ps(z0.add(g * UNITS + (p0 + j) * LANES));
                }
            }
            h[r] = s.h_prev.as_ptr().add((r0 + r) * UNITS);
        }
        let panels = u.as_ptr().add(p0 * UNITS * PANEL);
        for i in 0..UNITS {
            let k = k_at(i, ODD);
            let mut hk = [_mm256_setzero_ps(); MR];
            for r in 0..MR {
                hk[r] = _mm256_broadcast_ss(&*h[r].add(k));
            }
            for j in 0..NP {
                let uk = panels.add(j * UNITS * PANEL + k * PANEL);
                for g in 0..4 {
                    let w = _mm256_loadu_ps(uk.add(g * LANES));
                    for r in 0..MR {
                        acc[r][j][g] = _mm256_fmadd_ps(hk[r], w, acc[r][j][g]);
                    }
                }
            }
        }
        for r in 0..MR {
            for j in 0..NP {
                let mut z = [0f32; PANEL];
                for g in 0..4 {
                    _mm256_storeu_ps(z.as_mut_ptr().add(g * LANES), acc[r][j][g]);
                }
                // SAFETY: row `r0 + r` of the step, units of panel `p0 + j`, which only this
                // call writes.
                let (c, h) = s.lanes(r0 + r, (p0 + j) * LANES);
                cell8(&z, c, h);
            }
        }
    }
}
