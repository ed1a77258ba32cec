#!/usr/bin/env bash
# Retry benchmark: how a walk holds up against a flaky server. A Ficha Financeira of about 205 pages
# of 50 is exported to CSV against sandboxes that fail a share of answers at random (half 500, half
# 503), and the time is compared with the clean walk's. Goals: at an error rate of 0.1 the walk takes
# at most 2x the clean time, at 0.2 at most 3x; every export is byte-identical to the clean one.
# A last line times `--clinic all` against a network where one clinic always fails: the run must
# give up on that clinic after its own budget, not after the whole --max-wait.
#
# Usage: bench/retries.sh [RECORDS]    (default: 10250, 205 pages of 50)
# Needs cargo, curl and python3. Honours CARGO_TARGET_DIR.
set -euo pipefail

records=${1:-10250}
source "$(dirname "$0")/lib.sh"
build_clinic

# Clinic 1 holds about 15% of the sandbox's quotes: the scale that gives it `records`.
scale=$(python3 -c "import math; print(math.ceil($records / 0.15))")

start_sandbox() {
    serve_sandbox --scale "$scale" "$@"
}

stop_sandbox() {
    kill "$server_pid"
    wait "$server_pid" 2>/dev/null || true
    server_pid=""
}

# The login is retried here too: the flaky sandbox fails it as often as anything else.
token_of() {
    local answer
    for _ in $(seq 50); do
        answer=$(curl -s -X POST "$base_url/loginApi" -H 'content-type: application/json' \
            -d "{\"login\":\"$1\",\"password\":\"$1\"}")
        if python3 -c 'import json,sys; print(json.loads(sys.argv[1])["token"])' "$answer" 2>/dev/null; then
            return
        fi
    done
    echo "no token from $base_url" >&2
    exit 1
}

# Records in a CSV file (cells may hold line breaks).
records_in() { python3 -c 'import csv,sys; print(sum(1 for _ in csv.reader(open(sys.argv[1], newline="", encoding="utf-8"))) - 1)' "$1"; }

# Runs clinic against the sandbox as `login`; prints "<seconds> <exit status>".
timed() {
    local login=$1
    shift
    local token
    token=$(token_of "$login")
    python3 - "$@" <<PY
import os, subprocess, sys, time
env = dict(os.environ, CLINIC_CONFIG_DIR="$work/cfg", CLINIC_BASE_URL="$base_url", CLINIC_TOKEN="$token")
start = time.perf_counter()
code = subprocess.run(["$clinic"] + sys.argv[1:], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode
print(f"{time.perf_counter() - start:.2f} {code}")
PY
}

row() { printf '%-52s %9s %8s %8s  %s\n' "$@"; }
echo
row "walk" "seconds" "ratio" "goal" "check"

clean=""
for rate in 0 0.1 0.2; do
    start_sandbox --error-rate "$rate"
    read -r secs code < <(timed unidade1 --quiet report ficha-financeira --per-page 50 --format csv -o "$work/$rate.csv")
    stop_sandbox
    pages=$(( ($(records_in "$work/$rate.csv") + 49) / 50 ))
    if [[ -z "$clean" ]]; then
        clean=$secs
        check="reference, exit $code"
        goal=""
    else
        check="exit $code, $(cmp -s "$work/0.csv" "$work/$rate.csv" && echo identical || echo DIFFERENT)"
        goal=$(python3 -c "print({'0.1': '2.00', '0.2': '3.00'}['$rate'])")
    fi
    ratio=$(python3 -c "print(f'{$secs / $clean:.2f}')")
    row "$pages pages of 50, error rate $rate" "$secs" "$ratio" "$goal" "$check"
done

start_sandbox --failing-clinic 3
read -r secs code < <(timed admin --quiet report ficha-financeira --clinic all --per-page 50 --format csv -o "$work/all.csv")
stop_sandbox
row "--clinic all, clinic 3 always failing (5m max-wait)" "$secs" "" "" "exit $code (5 expected), $( [[ -e "$work/all.csv" ]] && echo 'FILE LEFT' || echo 'no file')"
