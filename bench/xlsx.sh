#!/usr/bin/env bash
# Workbook benchmark: the whole network's Ficha Financeira (`--clinic all --all`, as admin_master)
# from a large sandbox into one xlsx file, reporting rows, seconds, rows per second and the
# client's peak memory (max RSS). The workbook is written in constant-memory mode and rows wait on
# disk for the column list, so memory stays flat while the row count grows.
#
# Usage: bench/xlsx.sh [SCALE...]     (default: 100000 1000000; needs cargo, curl, python3)
# Honours CARGO_TARGET_DIR. Timings are noisy on a shared machine; memory is not.
set -euo pipefail

scales=("$@")
[ $# -eq 0 ] && scales=(100000 1000000)
source "$(dirname "$0")/lib.sh"
build_clinic

# Data rows of every sheet of a workbook (the header rows not counted), read as a stream.
rows() {
    python3 - "$1" <<'PY'
import re, sys, zipfile
book = zipfile.ZipFile(sys.argv[1])
total = 0
for name in book.namelist():
    if re.fullmatch(r"xl/worksheets/sheet\d+\.xml", name):
        count, tail = 0, b""
        with book.open(name) as sheet:
            while chunk := sheet.read(1 << 20):
                data = tail + chunk
                count += data.count(b"<row ")
                tail = data[-5:]
                count -= tail.count(b"<row ")
        count += tail.count(b"<row ")
        total += count - 1
print(total)
PY
}

printf '%-9s %-8s %9s %9s %10s %12s %10s\n' scale clinics rows seconds rows/s "file MiB" "max RSS MiB"
for scale in "${scales[@]}"; do
    "$clinic" sandbox serve --addr 127.0.0.1:0 --scale "$scale" >"$work/out" 2>"$work/err" &
    server_pid=$!
    until grep -q '^crm_url=' "$work/out" 2>/dev/null; do sleep 0.05; done
    base_url=$(sed -n 's/^base_url=//p' "$work/out")
    token=$(curl -s -X POST "$base_url/loginApi" -H 'content-type: application/json' \
        -d '{"login":"admin","password":"admin"}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
    file="$work/rede.xlsx"
    read -r secs rss < <(CLINIC_CONFIG_DIR="$work/cfg" CLINIC_CACHE_DIR="$work/cache" \
        CLINIC_BASE_URL="$base_url" CLINIC_TOKEN="$token" \
        measure "$clinic" --quiet report ficha-financeira --clinic all --all --per-page 500 \
        --format xlsx -o "$file")
    count=$(rows "$file")
    rate=$(python3 -c "print(f'{$count / $secs:.0f}')")
    size=$(python3 -c "import os,sys; print(f'{os.path.getsize(sys.argv[1]) / 1048576:.1f}')" "$file")
    printf '%-9s %-8s %9s %9s %10s %12s %10s\n' "$scale" all "$count" "$secs" "$rate" "$size" "$rss"
    rm -f "$file"
    kill "$server_pid"
    wait "$server_pid" 2>/dev/null || true
    server_pid=""
done
