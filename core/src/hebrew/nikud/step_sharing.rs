//! The steps of one direction shared between the calling thread and a partner thread: each
//! step is cut in two halves of the panels of `U` ([`recurrent::HALVES`]); the caller always
//! runs the first, the partner runs the second when it is there to take it.
//!
//! Why. With one or two sequences a step is a matrix–vector product bound by reading `U`
//! (2.56 MB per direction, more than a core's L2). Cut in two, each half (1.3 MB) stays in
//! the L2 of the core that reads it step after step.
//!
//! Why by hand. Steps last tens of microseconds; a pool's `join` per step wakes a sleeping
//! thread more slowly than that, and a barrier per step stalls whenever the other core is
//! busy (the partner descheduled: measured in issue 23 at a third of the speed). Here nothing
//! waits for a half nobody took: the partner *claims* a step's second half before running it,
//! and the caller runs any unclaimed half itself, so with no partner (busy pool, one thread,
//! wasm) the caller simply does all of it. The caller waits only for a half the partner claimed
//! and is running.
//!
//! Protocol (steps `t = 0, 1, …`, one step in flight):
//! 1. the caller writes step `t` into the slot and sets `published = t + 1`;
//! 2. either thread may move `claimed` from `t` to `t + 1` (compare-and-swap), once: the
//!    winner runs the second half; the partner then sets `done = t + 1`;
//! 3. the caller, after its first half, claims the second itself or waits for `done > t`;
//!    only then does it return and later overwrite the slot, so the partner never reads a slot
//!    being written.

use core::cell::UnsafeCell;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use super::recurrent::{self, Shared, Step, HALVES};
use super::threads::{self, Threads};

/// Spins before a waiting thread starts yielding its core.
const SPINS: u32 = 4_000;

struct Sharing<'u> {
    u: &'u [f32],
    published: AtomicUsize,
    claimed: AtomicUsize,
    done: AtomicUsize,
    finished: AtomicBool,
    /// The published step. Written by the caller only while the partner cannot read it
    /// (see the protocol), read by the partner only after claiming it.
    slot: UnsafeCell<Option<Shared<'static>>>,
}

// SAFETY: the slot is accessed as the protocol above says (writes and reads ordered by the
// release/acquire pairs on `published`, `claimed` and `done`); the rest are atomics.
unsafe impl Sync for Sharing<'_> {}

/// The caller's side: runs the steps of one direction in order.
pub struct Caller<'s, 'u> {
    sharing: &'s Sharing<'u>,
    t: usize,
}

impl Caller<'_, '_> {
    /// Runs one step (as [`recurrent::step`] would, the same bits), its second half on the
    /// partner when the partner takes it.
    pub fn step(&mut self, step: Step<'_>) {
        let sharing = self.sharing;
        let t = self.t;
        self.t += 1;
        let shared = Shared::new(sharing.u, step);
        // SAFETY: the step's borrows outlive this call, and the partner reads the slot only
        // between claiming step `t` and setting `done = t + 1`, which this call waits for
        // before it returns (or it ran the half itself, and the partner never claimed it).
        // No other thread reads or writes the slot now: step `t − 1` was finished.
        let shared: Shared<'static> = unsafe { core::mem::transmute(shared) };
        let slot = unsafe { &mut *sharing.slot.get() };
        *slot = Some(shared);
        let Some(s) = slot.as_ref() else {
            unreachable!("written above")
        };
        sharing.published.store(t + 1, Ordering::Release);
        recurrent::step_half(sharing.u, s, &HALVES[0]);
        if sharing
            .claimed
            .compare_exchange(t, t + 1, Ordering::AcqRel, Ordering::Acquire)
            .is_ok()
        {
            recurrent::step_half(sharing.u, s, &HALVES[1]);
        } else {
            wait(|| sharing.done.load(Ordering::Acquire) > t);
        }
    }
}

/// Runs `body` (the steps of one direction, through [`Caller::step`]) with a partner thread
/// from the pool when `threads` allows it. Outputs do not depend on whether the partner came.
pub fn with_partner<R, F>(threads: Threads, u: &[f32], body: F) -> R
where
    F: FnOnce(&mut Caller<'_, '_>) -> R + Send,
    R: Send,
{
    let sharing = Sharing {
        u,
        published: AtomicUsize::new(0),
        claimed: AtomicUsize::new(0),
        done: AtomicUsize::new(0),
        finished: AtomicBool::new(false),
        slot: UnsafeCell::new(None),
    };
    let (r, ()) = threads::join(
        threads,
        || {
            // Set even if `body` panics, so the partner stops and the panic reaches the caller.
            let _finished = Finished(&sharing.finished);
            body(&mut Caller {
                sharing: &sharing,
                t: 0,
            })
        },
        || partner(&sharing),
    );
    r
}

struct Finished<'a>(&'a AtomicBool);

impl Drop for Finished<'_> {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Release);
    }
}

/// The partner's side: takes the second half of each newly published step it can claim,
/// until the caller is finished.
fn partner(sharing: &Sharing<'_>) {
    let mut next = 0;
    let mut idle = 0u32;
    loop {
        let published = sharing.published.load(Ordering::Acquire);
        if published > next {
            let t = published - 1;
            if sharing
                .claimed
                .compare_exchange(t, t + 1, Ordering::AcqRel, Ordering::Acquire)
                .is_ok()
            {
                // SAFETY: step `t` is claimed, so the caller waits for `done > t` before it
                // writes the slot again; it wrote step `t` before publishing it.
                if let Some(s) = unsafe { &*sharing.slot.get() } {
                    recurrent::step_half(sharing.u, s, &HALVES[1]);
                }
                sharing.done.store(t + 1, Ordering::Release);
            }
            next = t + 1;
            idle = 0;
            continue;
        }
        if sharing.finished.load(Ordering::Acquire) {
            return;
        }
        idle = idle.saturating_add(1);
        pause(idle);
    }
}

/// Waits until `ready()`, spinning first, then yielding the core.
fn wait(ready: impl Fn() -> bool) {
    let mut n = 0u32;
    while !ready() {
        n = n.saturating_add(1);
        pause(n);
    }
}

#[inline]
fn pause(n: u32) {
    if n < SPINS {
        core::hint::spin_loop();
    } else {
        std::thread::yield_now();
    }
}
