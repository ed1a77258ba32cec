//! How the process's memory allocator is set up, once, before any thread starts.

/// One heap for every thread, where the C library's allocator would give each new thread its own
/// (up to eight per core). A walk allocates a page's records on the runtime's worker threads and
/// frees them on the thread that writes them, so each thread's heap kept the memory the others had
/// freed into it: one shared heap keeps the peak of an export 1.5–5 MiB lower, with the CPU time
/// of NDJSON, CSV and JSON unchanged and Parquet's (whose encoder thread allocates while the
/// workers do) a few percent higher. A `GLIBC_TUNABLES` that sets the number of heaps itself is
/// obeyed.
///
/// Must be called before the first thread is started: the setting is read when a thread first
/// allocates.
pub fn one_heap() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        let tuned = std::env::var_os("GLIBC_TUNABLES")
            .is_some_and(|t| t.to_string_lossy().contains("malloc.arena_max"));
        if !tuned {
            // SAFETY: `mallopt` only sets a parameter of the allocator; no thread allocates yet.
            unsafe {
                libc::mallopt(libc::M_ARENA_MAX, 1);
            }
        }
    }
}
