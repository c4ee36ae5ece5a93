//! heimservice forbids `unsafe` code; setting an option of its allocator needs one call
//! into C, kept here, alone, so the main crate stays free of it.
//!
//! mimalloc gives memory that was freed back to the operating system only after a
//! "purge delay" (1 s in mimalloc 3), and only when some thread calls into the allocator
//! after it. A hot backup frees a gigabyte on a worker thread that then sleeps: the
//! server kept 1,103 MiB after backing up a 2 GB database, enough for a 1 GiB
//! Raspberry Pi to be killed by its own nightly backup. With no delay, freed memory is
//! returned as it is freed.

use libmimalloc_sys::{mi_option_get, mi_option_set, mi_option_t};

/// `mi_option_purge_delay`, by its place in mimalloc 3's `mi_option_e` (mimalloc.h);
/// libmimalloc-sys does not name it.
const PURGE_DELAY: mi_option_t = 15;

/// Makes the allocator return freed memory to the operating system at once. Call it
/// first thing in `main`. Answers the purge delay in force afterwards (0), as mimalloc
/// reports it.
pub fn return_freed_memory_at_once() -> i64 {
    // SAFETY: mi_option_set and mi_option_get only read or write mimalloc's table of
    // options (atomically); PURGE_DELAY is a valid index into it (mimalloc.h, v3).
    #[allow(clippy::useless_conversion)]
    unsafe {
        mi_option_set(PURGE_DELAY, 0);
        i64::from(mi_option_get(PURGE_DELAY))
    }
}
