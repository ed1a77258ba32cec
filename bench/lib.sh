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

# Starts `clinic sandbox serve` with the given options in the background, waits until it listens,
# and sets base_url (and server_pid, for cleanup).
serve_sandbox() {
    "$clinic" sandbox serve --addr 127.0.0.1:0 "$@" >"$work/out" 2>"$work/err" &
    server_pid=$!
    until grep -q '^crm_url=' "$work/out" 2>/dev/null; do
        kill -0 "$server_pid" 2>/dev/null || { cat "$work/err" >&2; exit 1; }
        sleep 0.05
    done
    base_url=$(sed -n 's/^base_url=//p' "$work/out")
}

# Serves the files of a directory over HTTP on loopback in the background (a stand-in for a server
# whose answers the sandbox cannot shape), and sets base_url (and server_pid, for cleanup).
serve_files() {
    python3 -u - "$1" >"$work/files-server" 2>/dev/null <<'PY' &
import functools, http.server, sys
handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
print(server.server_address[1])
server.serve_forever()
PY
    server_pid=$!
    until [[ -s "$work/files-server" ]]; do sleep 0.05; done
    base_url="http://127.0.0.1:$(head -1 "$work/files-server")"
}

# Runs a command and prints "<seconds> <max RSS in MiB>" of that child alone; with MEASURE_DIR set,
# also the most bytes that directory held while the command ran, counting files the command
# created there and unlinked but holds open (sampled every 20 ms).
measure() {
    python3 - "$@" <<'PY'
import os, subprocess, sys, tempfile, threading, time
watched = os.environ.get("MEASURE_DIR")
peak = 0
def size(path, pid):
    # Named files under the directory, and the unnamed (already unlinked) ones the child holds open.
    total = 0
    for folder, _, files in os.walk(path):
        for name in files:
            try:
                total += os.lstat(os.path.join(folder, name)).st_blocks * 512
            except OSError:
                pass
    try:
        for fd in os.listdir(f"/proc/{pid}/fd"):
            link = f"/proc/{pid}/fd/{fd}"
            try:
                if os.readlink(link).startswith(path) and os.readlink(link).endswith("(deleted)"):
                    total += os.stat(link).st_blocks * 512
            except OSError:
                pass
    except OSError:
        pass
    return total
start = time.perf_counter()
err = tempfile.TemporaryFile()
child = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=err)
done = threading.Event()
def sample():
    global peak
    while not done.is_set():
        peak = max(peak, size(watched, child.pid))
        time.sleep(0.02)
if watched:
    sampler = threading.Thread(target=sample)
    sampler.start()
# The child's own peak, from wait4: the tally of all children (RUSAGE_CHILDREN) also holds whatever
# ran under this process before it became Python, such as a version manager's shell script.
_, status, usage = os.wait4(child.pid, 0)
elapsed = time.perf_counter() - start
done.set()
if watched:
    sampler.join()
code = os.waitstatus_to_exitcode(status)
if code != 0:
    err.seek(0)
    sys.stderr.write(err.read().decode(errors="replace"))
    sys.exit(code)
rss = usage.ru_maxrss / 1024
print(f"{elapsed:.2f} {rss:.1f}" + (f" {peak}" if watched else ""))
PY
}
