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
source "$(dirname "$0")/lib.sh"
build_clinic

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
