# Shared by the benchmark scripts (sourced, not run): where things are, a scratch directory and a
# sandbox process removed on exit, the release build, and a timer that reports a child's peak memory.
# Honours CARGO_TARGET_DIR.

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
target="${CARGO_TARGET_DIR:-$root/target}"
work="$(mktemp -d)"
server_pid=""

cleanup() {
    if [[ -n "$server_pid" ]] && kill -0 "$server_pid" 2>/dev/null; then
        kill "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

# Builds the release client and sets `clinic` to its path.
build_clinic() {
    echo "building the release binary..." >&2
    (cd "$root" && cargo build --quiet --release --bin clinic)
    clinic="$target/release/clinic"
}

# Runs a command and prints "<seconds> <max RSS in MiB>" of that child alone.
measure() {
    python3 - "$@" <<'PY'
import resource, subprocess, sys, time
start = time.perf_counter()
done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
elapsed = time.perf_counter() - start
if done.returncode != 0:
    sys.stderr.write(done.stderr.decode())
    sys.exit(done.returncode)
rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
print(f"{elapsed:.2f} {rss:.1f}")
PY
}
