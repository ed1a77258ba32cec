#!/usr/bin/env bash
# Pairs the client of the working tree with the client of an earlier revision, on one sandbox and in
# alternated rounds, so that a change to the walk, the readers or the writers shows what it costs
# before it lands. For each of NDJSON, CSV, JSON and Parquet exports of clinic 1's Ficha Financeira, and
# a first `clinic sync` of its quotes, it prints the median of the rounds for each side: the client's
# own CPU seconds (user + system), wall seconds and peak RSS, then the ratios (working tree / REV),
# last. Every output of the working tree is checked against REV's: the same bytes (Parquet: the same
# rows and schema, read by duckdb, installed once into a virtual environment when the system's
# Python lacks it), or the line says DIFFERENT.
#
# Usage: bench/compare.sh REV [QUOTES] [ROUNDS]    (defaults: 30000 quotes in clinic 1, 5 rounds)
#        COMPARE_ONLY="csv ndjson" bench/compare.sh REV 1000000 1    (some measures only)
#
# REV is built once into a target folder of its own (`$CARGO_TARGET_DIR/compare/<commit>`), kept for
# the next run. The sandbox is the working tree's, with `--latency-ms 0`, 500 records a page. The
# sandbox and the client share the machine's cores: a quiet machine gives steadier figures, and the
# load at the start is printed with them.
set -euo pipefail

rev=${1:?usage: bench/compare.sh REV [QUOTES] [ROUNDS]}
quotes=${2:-30000}
rounds=${3:-5}
source "$(dirname "$0")/lib.sh"

commit=$(git -C "$root" rev-parse --verify "$rev^{commit}")
short=${commit:0:10}
old_target="$target/compare/$commit"
old="$old_target/release/clinic"
if [[ ! -x "$old" ]]; then
    echo "building $short into $old_target (once)..." >&2
    src="$work/rev-src"
    mkdir -p "$src"
    git -C "$root" archive "$commit" | tar -x -C "$src"
    (cd "$src" && CARGO_TARGET_DIR="$old_target" cargo build --quiet --release --locked --bin clinic)
fi
build_clinic
# Measured as people download them, without symbol tables (the release profile strips them; a build
# that keeps them for profiling would otherwise carry megabytes more into memory than REV's).
cp "$old" "$work/old-clinic"
cp "$clinic" "$work/new-clinic"
if command -v strip >/dev/null; then
    strip "$work/old-clinic" "$work/new-clinic"
fi
old="$work/old-clinic"
new="$work/new-clinic"

# Clinic 1 holds about 15% of the sandbox's quotes: the scale that gives it `quotes`.
scale=$(python3 -c "import math; print(math.ceil($quotes / 0.15))")
serve_sandbox --scale "$scale" --latency-ms 0 --compression off
token=$(curl -s -X POST "$base_url/loginApi" -H 'content-type: application/json' \
    -d '{"login":"unidade1","password":"unidade1"}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
answer_mb=$(curl -s -H "Authorization: Bearer $token" \
    "$base_url/lista_venda_orcamento?pagina_atual=1&por_pagina=500" | wc -c)
held=$(curl -s -H "Authorization: Bearer $token" "$base_url/lista_venda_orcamento?pagina_atual=1&por_pagina=1" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["total"])')
pages=$(( (held + 499) / 500 ))

# Runs one client with the given arguments; prints "<cpu s> <wall s> <max RSS MiB>" of that child.
# The figures are the ones `wait4` gives for the child itself: the Python process's own tally of its
# children (RUSAGE_CHILDREN) also holds whatever ran before it under the same process, such as the
# commands a `python3` that is a version manager's shell script runs before it becomes Python (0.04
# CPU-seconds a run on one machine, a third of an NDJSON export).
run() {
    local bin=$1 side=$2
    shift 2
    rm -rf "$work/$side-data"
    CLINIC_CONFIG_DIR="$work/$side-cfg" CLINIC_DATA_DIR="$work/$side-data" CLINIC_BASE_URL="$base_url" \
        CLINIC_TOKEN="$token" python3 - "$bin" --quiet "$@" <<'PY'
import os, subprocess, sys, tempfile, time
with tempfile.TemporaryFile() as err:
    start = time.perf_counter()
    child = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=err)
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        err.seek(0)
        sys.stderr.write(err.read().decode(errors="replace"))
        sys.exit(code)
print(f"{usage.ru_utime + usage.ru_stime:.3f} {wall:.3f} {usage.ru_maxrss / 1024:.1f}")
PY
}

# The command of each measure, writing into FILE.
command_of() {
    local what=$1 file=$2
    case $what in
        sync) echo "sync --streams quotes --per-page 500 --to $file" ;;
        *) echo "report ficha-financeira --all --per-page 500 --format $what -o $file" ;;
    esac
}

extension() { case $1 in sync) echo sqlite ;; *) echo "$1" ;; esac; }

# A Python that reads Parquet: the system's when it has duckdb, else a virtual environment made once
# beside the builds (two writers may encode the same rows differently, so sizes or bytes prove
# nothing; the rows and the schema are what must match).
parquet_python() {
    if python3 -c 'import duckdb' 2>/dev/null; then
        echo python3
        return
    fi
    local venv="$target/bench-python"
    if [[ ! -x "$venv/bin/python" ]] || ! "$venv/bin/python" -c 'import duckdb' 2>/dev/null; then
        python3 -m venv "$venv" >&2
        "$venv/bin/python" -m pip install --quiet --disable-pip-version-check duckdb >&2
    fi
    echo "$venv/bin/python"
}

# Whether two outputs hold the same: bytes, Parquet rows and schema, or a mirror's quotes.
same_output() {
    local what=$1 a=$2 b=$3
    case $what in
        parquet) "$(parquet_python)" - "$a" "$b" <<'PY'
import sys
import duckdb
rows = [duckdb.sql(f"SELECT * FROM '{p}' ORDER BY id").fetchall() for p in sys.argv[1:]]
schemas = [duckdb.sql(f"DESCRIBE SELECT * FROM '{p}'").fetchall() for p in sys.argv[1:]]
print("identical rows" if rows[0] == rows[1] and schemas[0] == schemas[1] else "DIFFERENT")
PY
        ;;
        sync) python3 - "$a" "$b" <<'PY'
import sqlite3, sys
rows = [sqlite3.connect(p).execute("SELECT id, valor_centavos FROM quotes ORDER BY id").fetchall() for p in sys.argv[1:]]
print("identical quotes" if rows[0] == rows[1] else "DIFFERENT")
PY
        ;;
        *) cmp -s "$a" "$b" && echo identical || echo DIFFERENT ;;
    esac
}

median() { python3 -c 'import statistics,sys; print(f"{statistics.median(float(x) for x in sys.argv[1:]):.3f}")' "$@"; }

echo "compare: working tree against $short ($rev), $held quotes in $pages pages of 500" \
    "($((answer_mb * pages / 1048576)) MiB of answer), $rounds alternated rounds"
echo "load at start: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
printf '\n%-8s | %-22s | %-22s | %s\n' "" "$short cpu/wall/rss" "tree cpu/wall/rss" "output"
ratios=()
for what in ${COMPARE_ONLY:-ndjson csv json parquet sync}; do
    # A revision from before a command (`sync`) has nothing to pair with it.
    # shellcheck disable=SC2046
    if ! "$old" $(command_of "$what" x | cut -d' ' -f1) --help >/dev/null 2>&1; then
        printf '%-8s | %-22s | %-22s | %s\n' "$what" "(no such command)" "" ""
        continue
    fi
    declare -a oc=() ow=() orss=() nc=() nw=() nrss=()
    for ((i = 0; i < rounds; i++)); do
        # Alternated, so that a drift of the machine's speed weighs on both sides alike.
        for side in old new; do
            [[ $((i % 2)) -eq 1 ]] && side=$([[ $side == old ]] && echo new || echo old)
            bin=$([[ $side == old ]] && echo "$old" || echo "$new")
            file="$work/$side.$(extension "$what")"
            rm -f "$file"
            # shellcheck disable=SC2046
            read -r c w r < <(run "$bin" "$side" $(command_of "$what" "$file"))
            if [[ $side == old ]]; then oc+=("$c"); ow+=("$w"); orss+=("$r"); else nc+=("$c"); nw+=("$w"); nrss+=("$r"); fi
        done
    done
    verdict=$(same_output "$what" "$work/old.$(extension "$what")" "$work/new.$(extension "$what")")
    o="$(median "${oc[@]}")/$(median "${ow[@]}")/$(median "${orss[@]}")"
    n="$(median "${nc[@]}")/$(median "${nw[@]}")/$(median "${nrss[@]}")"
    printf '%-8s | %-22s | %-22s | %s\n' "$what" "$o" "$n" "$verdict"
    ratios+=("$(python3 -c "
o_c, o_w, o_r = $(median "${oc[@]}"), $(median "${ow[@]}"), $(median "${orss[@]}")
n_c, n_w, n_r = $(median "${nc[@]}"), $(median "${nw[@]}"), $(median "${nrss[@]}")
mb = $answer_mb * $pages / 1e6
print(f'$what: cpu x{n_c / o_c:.2f}, wall x{n_w / o_w:.2f}, rss x{n_r / o_r:.2f} ({mb / n_c:.0f} MB of answer per CPU-second, {mb / o_c:.0f} at $short)')
")")
    unset oc ow orss nc nw nrss
done
echo
echo "ratios (working tree / $short):"
printf '  %s\n' "${ratios[@]}"
