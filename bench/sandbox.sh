#!/usr/bin/env bash
# Sandbox benchmark: start-up time and memory at a large scale, then the median latency
# of one lista_venda_orcamento page of 100 records (first and last page, unfiltered and
# filtered), each over 200 requests on one kept-alive connection.
#
# Usage: bench/sandbox.sh [SCALE]        (default 1000000; needs cargo and curl)
# Honours CARGO_TARGET_DIR.
set -euo pipefail

scale="${1:-1000000}"
requests=200
per_page=100
source "$(dirname "$0")/lib.sh"

echo "building the release sandbox..." >&2
(cd "$root" && cargo build --quiet --release -p clinic-sandbox --example serve)
binary="$target/release/examples/serve"

now_ns() { date +%s%N; }
rss_mib() { awk '/^VmRSS:/ { printf "%.1f", $2 / 1024 }' "/proc/$1/status"; }

start_ns=$(now_ns)
"$binary" --addr 127.0.0.1:0 --scale "$scale" >"$work/out" 2>"$work/err" &
server_pid=$!
until grep -q '^crm_url=' "$work/out" 2>/dev/null; do
    if ! kill -0 "$server_pid" 2>/dev/null; then
        echo "sandbox exited early:" >&2
        cat "$work/err" >&2
        exit 1
    fi
    sleep 0.005
done
startup_ms=$(( ($(now_ns) - start_ns) / 1000000 ))
rss_start=$(rss_mib "$server_pid")
base_url=$(sed -n 's/^base_url=//p' "$work/out")

token=$(curl -sf -X POST "$base_url/loginApi" -H 'content-type: application/json' \
    -d '{"login":"unidade1","password":"unidade1"}' | sed -n 's/.*"token":"\([^"]*\)".*/\1/p')
[[ -n "$token" ]] || { echo "login failed" >&2; exit 1; }

total_of() {
    curl -sf "$base_url/lista_venda_orcamento?pagina_atual=1&por_pagina=1$1" \
        -H "Authorization: Bearer $token" | grep -o '"total":[0-9]*' | cut -d: -f2
}

# Prints "median p90 min" in milliseconds for $requests GETs of one URL on one connection.
measure() {
    local url="$1" config="$work/curl.cfg"
    : >"$config"
    for _ in $(seq "$requests"); do
        printf 'url = "%s"\noutput = "/dev/null"\n' "$url" >>"$config"
    done
    curl -s -K "$config" -H "Authorization: Bearer $token" -w '%{http_code} %{time_total}\n' >"$work/times"
    if grep -qv '^200 ' "$work/times"; then
        echo "non-200 answers for $url" >&2
        exit 1
    fi
    awk '{ print $2 * 1000 }' "$work/times" | sort -n | awk '
        { v[NR] = $1 }
        END { printf "%.2f %.2f %.2f\n", v[int((NR + 1) / 2)], v[int(NR * 0.9)], v[1] }'
}

printf '\nclinic-sandbox at --scale %s (clinic 1, as user unidade1)\n\n' "$scale"
printf '%-44s %10s %10s %10s\n' "lista_venda_orcamento, page of $per_page" "median ms" "p90 ms" "min ms"
for filter in "" "&status=2"; do
    total=$(total_of "$filter")
    last=$(( (total + per_page - 1) / per_page ))
    for page in 1 "$last"; do
        url="$base_url/lista_venda_orcamento?pagina_atual=$page&por_pagina=$per_page$filter"
        read -r median p90 min < <(measure "$url")
        label="page $page of $last${filter:+ (${filter#&})}, $total records"
        printf '%-44s %10s %10s %10s\n' "$label" "$median" "$p90" "$min"
    done
done
rss_end=$(rss_mib "$server_pid")

printf '\n%-44s %10s\n' "start-up until the key=value lines (ms)" "$startup_ms"
printf '%-44s %10s\n' "RSS after start-up (MiB)" "$rss_start"
printf '%-44s %10s\n' "RSS after the latency runs (MiB)" "$rss_end"

kill -TERM "$server_pid"
if wait "$server_pid"; then
    printf '%-44s %10s\n' "exit status after SIGTERM" "0"
else
    printf '%-44s %10s\n' "exit status after SIGTERM" "$?"
fi
server_pid=""
