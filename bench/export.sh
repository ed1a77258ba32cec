#!/usr/bin/env bash
# Export benchmark: how fast `clinic` walks a large Ficha Financeira into CSV, side by side with what
# else one could run, all against the same sandbox on this machine. It prints one table:
#
# - CPU-bound: ~100k records, 500 per page, no network delay and no compression: clinic against curl
#   fetching the same pages (the transport floor), a bash curl+jq loop writing the same CSV, and a
#   single-threaded Python requests+csv script (bench/export_reference.py);
# - latency-bound: ~10k records, 100 per page, 50 ms per answer, at concurrency 1, 4, 8 and 16,
#   against the ideal of (1 + ceil((pages - 1) / C)) rounds of 50 ms;
# - peak memory (RSS) and temporary disk at ~100k and ~1M records;
# - a ~100k-record export over a 20 Mbit/s link, compressed and not.
#
# Every clinic output is checked byte for byte against the reference export (concurrency 1); the
# Python export must be identical too; jq writes numbers its own way (3120.0 as 3120), so its CSV is
# compared as data.
#
# Usage: bench/export.sh [RECORDS_CPU] [RECORDS_BIG]    (defaults: 100000 1000000)
# Needs cargo, curl, jq and python3 with requests. Honours CARGO_TARGET_DIR. A quiet machine gives
# steadier figures: the sandbox and the client share its cores.
set -euo pipefail

cpu_records=${1:-100000}
big_records=${2:-1000000}
source "$(dirname "$0")/lib.sh"
build_clinic
here="$root/bench"

# Clinic 1 holds about 15% of the sandbox's quotes: the scale that gives it `records`.
scale_for() { python3 -c "import math; print(math.ceil($1 / 0.15))"; }

# Starts a sandbox with the given options; sets base_url and token (the clinic user's).
start_sandbox() {
    serve_sandbox "$@"
    token=$(curl -s -X POST "$base_url/loginApi" -H 'content-type: application/json' \
        -d '{"login":"unidade1","password":"unidade1"}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
}

stop_sandbox() {
    kill "$server_pid"
    wait "$server_pid" 2>/dev/null || true
    server_pid=""
}

total_records() {
    curl -s -H "Authorization: Bearer $token" "$base_url/lista_venda_orcamento?pagina_atual=1&por_pagina=1" |
        python3 -c 'import json,sys; print(json.load(sys.stdin)["total"])'
}

# clinic's CSV export: prints "<seconds> <max RSS MiB> <peak temp bytes>".
export_csv() {
    local per_page=$1 concurrency=$2 file=$3
    mkdir -p "$work/tmp"
    CLINIC_CONFIG_DIR="$work/cfg" CLINIC_BASE_URL="$base_url" CLINIC_TOKEN="$token" TMPDIR="$work/tmp" \
        MEASURE_DIR="$work/tmp" measure "$clinic" --quiet report ficha-financeira --all \
        --per-page "$per_page" --concurrency "$concurrency" --format csv -o "$file"
}

seconds() { python3 - "$@" <<'PY'
import subprocess, sys, time
start = time.perf_counter()
subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
print(f"{time.perf_counter() - start:.2f}")
PY
}

same() { cmp -s "$1" "$2" && echo identical || echo DIFFERENT; }

same_data() { python3 - "$1" "$2" <<'PY'
import csv, json, sys
def norm(cell):
    # Numbers compare as numbers (jq writes 3120.0 as 3120), JSON cells as their values.
    try:
        return json.dumps(json.loads(cell, parse_int=float), sort_keys=True)
    except ValueError:
        return cell
rows = [[[norm(c) for c in row] for row in csv.reader(open(p, newline="", encoding="utf-8"))] for p in sys.argv[1:]]
print("same data" if rows[0] == rows[1] else "DIFFERENT DATA")
PY
}

ratio() { python3 -c "print(f'{$1 / $2:.2f}')"; }
row() { printf '%-58s %10s %10s  %s\n' "$@"; }

echo
row "measure" "seconds" "ratio" "check"

# --- CPU-bound -------------------------------------------------------------------------------------
start_sandbox --scale "$(scale_for "$cpu_records")" --compression off
n=$(total_records)
pages=$(( (n + 499) / 500 ))
url="$base_url/lista_venda_orcamento?pagina_atual=[1-$pages]&por_pagina=500"
curl_1=$(seconds curl -sf -H "Authorization: Bearer $token" "$url")
curl_4=$(seconds curl -sf --parallel --parallel-max 4 -H "Authorization: Bearer $token" "$url")
read -r c1 rss1 _ < <(export_csv 500 1 "$work/ref.csv")
read -r c4 rss4 tmp4 < <(export_csv 500 4 "$work/c4.csv")
jq_s=$(seconds "$here/export_jq.sh" "$base_url" "$token" 500 "$work/jq.csv")
py_s=$(seconds python3 "$here/export_reference.py" "$base_url" "$token" 500 "$work/py.csv")
row "$n records, $pages pages of 500: curl, one connection" "$curl_1" "" ""
row "  curl, 4 in parallel" "$curl_4" "" ""
row "  clinic csv, concurrency 1 (share of 1-connection curl)" "$c1" "$(ratio "$curl_1" "$c1")" "reference"
row "  clinic csv, concurrency 4 (share of 1-connection curl)" "$c4" "$(ratio "$curl_1" "$c4")" "$(same "$work/ref.csv" "$work/c4.csv")"
row "  clinic csv, concurrency 4 (share of 4-parallel curl)" "$c4" "$(ratio "$curl_4" "$c4")" ""
row "  bash curl+jq loop (clinic c=4 is N times faster)" "$jq_s" "$(ratio "$jq_s" "$c4")" "$(same_data "$work/ref.csv" "$work/jq.csv")"
row "  python requests+csv (clinic c=4 is N times faster)" "$py_s" "$(ratio "$py_s" "$c4")" "$(same "$work/ref.csv" "$work/py.csv")"
for format in ndjson json; do
    read -r secs _ < <(CLINIC_CONFIG_DIR="$work/cfg" CLINIC_BASE_URL="$base_url" CLINIC_TOKEN="$token" \
        measure "$clinic" --quiet report ficha-financeira --all --per-page 500 --format "$format" -o "$work/out.$format")
    row "  clinic $format, concurrency 4 (share of 1-connection curl)" "$secs" "$(ratio "$curl_1" "$secs")" ""
done
stop_sandbox
rm -f "$work"/*.csv "$work"/out.*

# --- Latency-bound ---------------------------------------------------------------------------------
start_sandbox --scale "$(scale_for 10000)" --latency-ms 50 --compression off
n=$(total_records)
pages=$(( (n + 99) / 100 ))
read -r _ _ _ < <(export_csv 100 1 "$work/lat-ref.csv")
for c in 1 4 8 16; do
    read -r secs _ _ < <(export_csv 100 "$c" "$work/lat-$c.csv")
    ideal=$(python3 -c "import math; print(f'{(1 + math.ceil(($pages - 1) / $c)) * 0.05:.2f}')")
    row "$n records, $pages pages, 50 ms each, concurrency $c (ideal ${ideal}s)" "$secs" "$(ratio "$secs" "$ideal")" "$(same "$work/lat-ref.csv" "$work/lat-$c.csv")"
done
stop_sandbox
rm -f "$work"/lat-*.csv

# --- Memory and temporary disk ---------------------------------------------------------------------
row "peak RSS / temp disk, $cpu_records records (above)" "" "" "${rss4} MiB / ${tmp4} bytes"
start_sandbox --scale "$(scale_for "$big_records")" --compression off
n=$(total_records)
read -r secs rss tmp < <(export_csv 500 4 "$work/big.csv")
size=$(stat -c %s "$work/big.csv")
row "peak RSS / temp disk, $n records (CSV of $((size / 1048576)) MiB)" "$secs" "" "${rss} MiB / ${tmp} bytes"
stop_sandbox
rm -f "$work/big.csv"

# --- A 20 Mbit/s link ------------------------------------------------------------------------------
for compression in on off; do
    start_sandbox --scale "$(scale_for "$cpu_records")" --bandwidth 20000 --compression "$compression"
    n=$(total_records)
    read -r secs _ _ < <(export_csv 500 4 "$work/link-$compression.csv")
    wire=$(curl -s -o /dev/null -w '%{size_download}' --compressed -H "Authorization: Bearer $token" \
        "$base_url/lista_venda_orcamento?pagina_atual=1&por_pagina=500")
    row "$n records over 20 Mbit/s, compression $compression (page 1: $((wire / 1024)) KiB)" "$secs" "" \
        "$(same "$work/link-on.csv" "$work/link-$compression.csv")"
    stop_sandbox
done
