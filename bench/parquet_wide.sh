#!/usr/bin/env bash
# Wide Parquet benchmark: two records of N columns each (10,000, 20,000 and 100,000 by default),
# served by a small local HTTP server, written by `clinic api GET … --format parquet` and by CSV,
# with the peak memory (RSS) of each run. Goal: Parquet under 256 MiB at every width it writes;
# past its documented bound of 20,000 columns it refuses at once (exit 1) with a clear error.
#
# Usage: bench/parquet_wide.sh [COLUMNS...]    (default: 10000 20000 100000)
# Needs cargo and python3. Honours CARGO_TARGET_DIR.
set -euo pipefail

source "$(dirname "$0")/lib.sh"
build_clinic
widths=("$@")
[[ ${#widths[@]} -gt 0 ]] || widths=(10000 20000 100000)

for n in "${widths[@]}"; do
    python3 - "$n" "$work/wide$n.json" <<'PY'
import json, sys
n, path = int(sys.argv[1]), sys.argv[2]
records = [{f"campo_{i:06d}": (i if r == 0 else f"texto {i}") for i in range(n)} for r in range(2)]
json.dump({"dados": records}, open(path, "w"))
PY
done

serve_files "$work"

# Prints "<seconds> <peak RSS MiB> <exit status>" of one export ("- - STATUS" when it failed).
export_as() {
    local n=$1 format=$2 status=0 result
    result=$(CLINIC_CONFIG_DIR="$work/cfg" CLINIC_BASE_URL="$base_url" CLINIC_TOKEN=bench \
        measure "$clinic" --quiet api GET "/wide$n.json" --format "$format" \
        -o "$work/out$n.$format" 2>"$work/err") || status=$?
    [[ $status -eq 0 ]] || result="- -"
    echo "$result $status"
}

# A failed run's peak is taken with /usr/bin/time when present (measure reports none for it).
peak_of_failure() {
    local n=$1
    if [[ -x /usr/bin/time ]]; then
        # The run fails on purpose; time writes "Command exited with non-zero status N" first and
        # the peak on its last line.
        CLINIC_CONFIG_DIR="$work/cfg" CLINIC_BASE_URL="$base_url" CLINIC_TOKEN=bench \
            /usr/bin/time -f '%M' -o "$work/refused-time" "$clinic" --quiet api GET "/wide$n.json" \
            --format parquet -o "$work/refused$n.parquet" >/dev/null 2>&1 || true
        tail -1 "$work/refused-time" | python3 -c 'import sys; print(f"{int(sys.stdin.read()) / 1024:.1f}")'
    else
        echo "-"
    fi
}

printf '\n%-22s %14s %14s %10s\n' "2 records of" "CSV RSS MiB" "Parquet RSS" "Parquet"
for n in "${widths[@]}"; do
    read -r _ csv_rss _ < <(export_as "$n" csv)
    read -r _ pq_rss pq_status < <(export_as "$n" parquet)
    outcome="written"
    if [[ $pq_status -ne 0 ]]; then
        pq_rss=$(peak_of_failure "$n")
        outcome="refused ($(grep -o 'more than the [0-9]* a Parquet file' "$work/err" || echo "exit $pq_status"))"
    fi
    printf '%-22s %14s %14s   %s\n' "$n columns" "$csv_rss" "$pq_rss" "$outcome"
done
echo "goal: Parquet peak RSS < 256 MiB at every width; past 20000 columns a clear refusal"
