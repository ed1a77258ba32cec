#!/usr/bin/env bash
# Export benchmark: a full Ficha Financeira walk (`--all`) from a large sandbox into a file, per format
# and concurrency, reporting records per second and the client's peak memory (max RSS). Run at two
# scales to see that memory stays flat while the record count grows tenfold.
#
# Usage: bench/export.sh [SCALE...]     (default: 100000 1000000; needs cargo, curl, python3)
# Honours CARGO_TARGET_DIR.
set -euo pipefail

scales=("${@:-100000 1000000}")
[ $# -eq 0 ] && scales=(100000 1000000)
root="$(cd "$(dirname "$0")/.." && pwd)"
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

echo "building the release binary..." >&2
(cd "$root" && cargo build --quiet --release --bin clinic)
clinic="$target/release/clinic"

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

printf '%-9s %-7s %-11s %9s %9s %12s %10s\n' scale format concurrency records seconds records/s "max RSS MiB"
for scale in "${scales[@]}"; do
    "$clinic" sandbox serve --addr 127.0.0.1:0 --scale "$scale" >"$work/out" 2>"$work/err" &
    server_pid=$!
    until grep -q '^crm_url=' "$work/out" 2>/dev/null; do sleep 0.05; done
    base_url=$(sed -n 's/^base_url=//p' "$work/out")
    token=$(curl -s -X POST "$base_url/loginApi" -H 'content-type: application/json' \
        -d '{"login":"unidade1","password":"unidade1"}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
    for format in csv ndjson json; do
        for concurrency in 1 4; do
            file="$work/ficha.$format"
            read -r secs rss < <(CLINIC_CONFIG_DIR="$work/cfg" CLINIC_BASE_URL="$base_url" CLINIC_TOKEN="$token" \
                measure "$clinic" --quiet report ficha-financeira --all --per-page 500 \
                --concurrency "$concurrency" --format "$format" -o "$file")
            case "$format" in
                csv) records=$(python3 -c 'import csv,sys; print(sum(1 for _ in csv.reader(open(sys.argv[1], newline=""))) - 1)' "$file") ;;
                ndjson) records=$(wc -l <"$file") ;;
                json) records=$(python3 -c 'import json,sys; print(len(json.load(open(sys.argv[1]))))' "$file") ;;
            esac
            rate=$(python3 -c "print(f'{$records / $secs:.0f}')")
            printf '%-9s %-7s %-11s %9s %9s %12s %10s\n' "$scale" "$format" "$concurrency" "$records" "$secs" "$rate" "$rss"
        done
    done
    kill "$server_pid"
    wait "$server_pid" 2>/dev/null || true
    server_pid=""
done
