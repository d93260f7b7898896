//! How many threads a call may use, and the ways the forward pass uses them: two things side
//! by side ([`join`]: the two directions of a layer, or a step's two halves in
//! `step_sharing`) and independent groups of sequences side by side ([`map`]). Threads come from rayon's pool (the global one, one thread per core, unless
//! the caller runs the call inside a pool of its own with `ThreadPool::install`). In wasm there
//! is no pool: everything runs on the calling thread.

/// How many threads a call may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Threads {
    /// The calling thread only. The default in wasm; the choice of a caller that already runs
    /// one call per core.
    One,
    /// The rayon pool the call runs in: the two directions of each layer, and groups of
    /// sequences, run in parallel. The default on every other target.
    Pool,
}

impl Default for Threads {
    fn default() -> Threads {
        if cfg!(target_arch = "wasm32") {
            Threads::One
        } else {
            Threads::Pool
        }
    }
}

/// Runs `a` and `b`, in parallel when `threads` allows it.
pub fn join<A, B, RA, RB>(threads: Threads, a: A, b: B) -> (RA, RB)
where
    A: FnOnce() -> RA + Send,
    B: FnOnce() -> RB + Send,
    RA: Send,
    RB: Send,
{
    #[cfg(not(target_arch = "wasm32"))]
    if threads == Threads::Pool {
        return rayon::join(a, b);
    }
    let _ = threads;
    (a(), b())
}

/// Runs `f` on a thread of the pool when `threads` allows it (the caller waits), so the
/// `join`s inside it are cheap: one from outside the pool sends its work to the pool and
/// blocks, one from a pool thread offers its second half to the other threads and runs it
/// itself when none takes it.
pub fn in_pool<R, F>(threads: Threads, f: F) -> R
where
    F: FnOnce() -> R + Send,
    R: Send,
{
    #[cfg(not(target_arch = "wasm32"))]
    if threads == Threads::Pool && rayon::current_thread_index().is_none() {
        return rayon::scope(|_| f());
    }
    let _ = threads;
    f()
}

/// `items.iter().map(f)`, in parallel when `threads` allows it; results in order.
pub fn map<T, R, F>(threads: Threads, items: &[T], f: F) -> Vec<R>
where
    T: Sync,
    R: Send,
    F: Fn(&T) -> R + Sync + Send,
{
    #[cfg(not(target_arch = "wasm32"))]
    if threads == Threads::Pool && items.len() > 1 {
        use rayon::prelude::*;
        return items.par_iter().map(f).collect();
    }
    let _ = threads;
    items.iter().map(f).collect()
}
