#!/usr/bin/env bash
# The latency-bound part of bench/export.sh alone: a Ficha Financeira of ~RECORDS records, 100 per page,
# every answer held 50 ms by the sandbox, walked into CSV at concurrency 1, 4, 8 and 16, against the
# ideal of (1 + ceil((pages - 1) / C)) rounds of 50 ms (page 1 first, then the rest C at a time).
# Each output is checked byte for byte against concurrency 1's. Beside each concurrency, curl fetches
# the same pages (page 1, then the rest with `--parallel-max C`) and writes nothing: the floor of what
# the sandbox itself can serve on this machine, whose cores it shares with the client.
#
# Usage: bench/latency.sh [RECORDS] [ROUNDS]    (defaults: 10000 records, 3 rounds; the median is printed)
# Honours CARGO_TARGET_DIR.
set -euo pipefail

records=${1:-10000}
rounds=${2:-3}
source "$(dirname "$0")/lib.sh"
build_clinic

scale=$(python3 -c "import math; print(math.ceil($records / 0.15))")
serve_sandbox --scale "$scale" --latency-ms 50 --compression off
token=$(curl -s -X POST "$base_url/loginApi" -H 'content-type: application/json' \
    -d '{"login":"unidade1","password":"unidade1"}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
held=$(curl -s -H "Authorization: Bearer $token" "$base_url/lista_venda_orcamento?pagina_atual=1&por_pagina=1" |
    python3 -c 'import json,sys; print(json.load(sys.stdin)["total"])')
pages=$(( (held + 99) / 100 ))

export_csv() {
    CLINIC_CONFIG_DIR="$work/cfg" CLINIC_BASE_URL="$base_url" CLINIC_TOKEN="$token" \
        measure "$clinic" --quiet report ficha-financeira --all \
        --per-page 100 --concurrency "$1" --format csv -o "$2"
}

echo "latency: $held quotes in $pages pages of 100, 50 ms each, median of $rounds rounds"
echo "load at start: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
# The pages after the first, as a curl config: one URL and one discarded output each.
for ((p = 2; p <= pages; p++)); do
    printf 'url = "%s/lista_venda_orcamento?pagina_atual=%d&por_pagina=100"\noutput = "/dev/null"\n' "$base_url" "$p"
done >"$work/urls"
curl_floor() {
    python3 - "$1" "$base_url" "$token" "$work/urls" <<'PY'
import subprocess, sys, time
c, base, token, urls = sys.argv[1:]
auth = ["-H", f"Authorization: Bearer {token}"]
start = time.perf_counter()
subprocess.run(["curl", "-s", "-o", "/dev/null", *auth, f"{base}/lista_venda_orcamento?pagina_atual=1&por_pagina=100"], check=True)
subprocess.run(["curl", "-s", "--parallel", "--parallel-max", c, *auth, "-K", urls], check=True, stderr=subprocess.DEVNULL)
print(f"{time.perf_counter() - start:.3f}")
PY
}
printf '%-12s | %-8s | %-8s | %-6s | %-14s | %s\n' concurrency seconds ideal ratio 'curl (ratio)' output
read -r _ _ < <(export_csv 1 "$work/ref.csv")
for c in 1 4 8 16; do
    times=()
    floors=()
    for ((i = 0; i < rounds; i++)); do
        read -r secs _ < <(export_csv "$c" "$work/c$c.csv")
        times+=("$secs")
        floors+=("$(curl_floor "$c")")
    done
    python3 - "$c" "$pages" "$(cmp -s "$work/ref.csv" "$work/c$c.csv" && echo identical || echo DIFFERENT)" "${times[*]}" "${floors[*]}" <<'PY'
import math, statistics, sys
c, pages, same = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
secs = statistics.median(float(t) for t in sys.argv[4].split())
floor = statistics.median(float(t) for t in sys.argv[5].split())
ideal = (1 + math.ceil((pages - 1) / c)) * 0.05
curl = f"{floor:.2f} (x{floor / ideal:.2f})"
print(f"{c:<12} | {secs:<8.2f} | {ideal:<8.2f} | x{secs / ideal:<5.2f} | {curl:<14} | {same}")
PY
done
