//! The limit on files the process may hold open at once. A dataset keeps two files open for each
//! of its partitions until the run ends (the part being written and its rows waiting on disk), and
//! a network partitioned by clinic and month has thousands of partitions, while systems start
//! processes with room for 256 (macOS) or 1024 (many Linux systems). The soft limit is raised as far
//! as the hard limit allows; where even that is too few, the write error says what to do.

/// Raises the soft limit on open files toward the hard limit; a refusal leaves it as it was.
pub fn raise_limit() {
    #[cfg(unix)]
    {
        use nix::sys::resource::{Resource, getrlimit, setrlimit};
        let Ok((soft, hard)) = getrlimit(Resource::RLIMIT_NOFILE) else {
            return;
        };
        // macOS refuses a soft limit above its per-process ceiling even under an unlimited hard
        // limit: smaller steps follow the hard limit itself.
        for wanted in [hard, 1 << 20, 65_536, 24_576, 10_240] {
            if wanted > soft
                && wanted <= hard
                && setrlimit(Resource::RLIMIT_NOFILE, wanted, hard).is_ok()
            {
                return;
            }
        }
    }
}
