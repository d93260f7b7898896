//! The `threads` argument of the batched calls: `None` runs the work on rayon's global pool
//! (one thread per core, the model's default), `Some(n)` on a pool of `n` threads made for the
//! call (`Some(1)`: one thread, as a caller that runs its own workers asks).

use lashon_vocab::ServiceError;

/// The most threads a call may ask for.
pub const MAX_THREADS: usize = 256;

/// Runs `work` on the threads `threads` asks for.
pub fn run_on<T: Send>(
    threads: Option<usize>,
    work: impl FnOnce() -> Result<T, ServiceError> + Send,
) -> Result<T, ServiceError> {
    let Some(n) = threads else {
        return work();
    };
    if !(1..=MAX_THREADS).contains(&n) {
        return Err(ServiceError::invalid(format!(
            "threads must be between 1 and {MAX_THREADS}"
        )));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(n)
        .build()
        .map_err(|e| ServiceError::internal(format!("cannot start {n} threads: {e}")))?;
    pool.install(work)
}
