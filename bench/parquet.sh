#!/usr/bin/env bash
# Parquet benchmark: a whole network's Ficha Financeira (1,000,000 quotes from 12 clinics by
# default) exported to CSV and to typed Parquet from the same sandbox, with the time and peak
# memory (RSS) of each run and the size of each file. Goals: Parquet within 1.5x of CSV's time,
# peak RSS at most 128 MiB, and a file at most a quarter of the CSV's size. Both files must hold the
# same number of rows. It also times the same export as a dataset partitioned by clinic and month.
# With DuckDB for Python installed (`pip install duckdb`), it also times a
# `GROUP BY clinica` over the Parquet file.
#
# Usage: bench/parquet.sh [RECORDS]    (default: 1000000)
# Needs cargo and python3. Honours CARGO_TARGET_DIR.
set -euo pipefail

records=${1:-1000000}
source "$(dirname "$0")/lib.sh"
build_clinic

serve_sandbox --scale "$records"
token=$(python3 - "$base_url" <<'PY'
import json, sys, urllib.request
request = urllib.request.Request(sys.argv[1] + "/loginApi", method="POST",
    data=json.dumps({"login": "admin", "password": "admin"}).encode(),
    headers={"content-type": "application/json"})
print(json.load(urllib.request.urlopen(request))["token"])
PY
)

export_to() {
    CLINIC_CONFIG_DIR="$work/cfg" CLINIC_BASE_URL="$base_url" CLINIC_TOKEN="$token" TMPDIR="$work" \
        measure "$clinic" --quiet report ficha-financeira --clinic all --per-page 500 -o "$@"
}

read -r csv_s csv_rss < <(export_to "$work/rede.csv")
read -r pq_s pq_rss < <(export_to "$work/rede.parquet")
read -r ds_s ds_rss < <(export_to "$work/dataset/" --format parquet --partition-by clinic,month)
csv_size=$(stat -c %s "$work/rede.csv")
ds_size=$(find "$work/dataset" -name '*.parquet' -printf '%s\n' | awk '{ total += $1 } END { print total }')
ds_files=$(find "$work/dataset" -name '*.parquet' | wc -l)
pq_size=$(stat -c %s "$work/rede.parquet")
csv_rows=$(python3 -c 'import csv, sys; print(sum(1 for _ in csv.reader(open(sys.argv[1], newline="", encoding="utf-8"))) - 1)' "$work/rede.csv")

mib() { python3 -c "print(f'{$1 / 1048576:.1f}')"; }
printf '\n%-38s %9s %13s %11s\n' "$records quotes, 12 clinics" "seconds" "peak RSS MiB" "file MiB"
printf '%-38s %9s %13s %11s\n' "CSV" "$csv_s" "$csv_rss" "$(mib "$csv_size")"
printf '%-38s %9s %13s %11s\n' "Parquet (zstd)" "$pq_s" "$pq_rss" "$(mib "$pq_size")"
printf '%-38s %9s %13s %11s\n' "Parquet by clinic,month ($ds_files files)" "$ds_s" "$ds_rss" "$(mib "$ds_size")"
printf '%-38s %9s %13s %11s\n' "Parquet / CSV" \
    "$(python3 -c "print(f'{$pq_s / $csv_s:.2f}x')")" "" \
    "$(python3 -c "print(f'{$pq_size / $csv_size:.2f}x')")"
echo "goals: time within 1.5x, peak RSS <= 128 MiB, size <= 0.25x; CSV rows: $csv_rows"

python3 - "$work/rede.parquet" "$csv_rows" "$work/dataset" <<'PY'
import sys, time
try:
    import duckdb
except ImportError:
    print("DuckDB is not installed (pip install duckdb): no query timed")
    sys.exit(0)
path, csv_rows, dataset = sys.argv[1], int(sys.argv[2]), sys.argv[3]
con = duckdb.connect()
rows = con.execute(f"select count(*), count(distinct id) from '{path}'").fetchone()
print(f"Parquet rows: {rows[0]}, distinct IDs: {rows[1]} ({'same as CSV' if rows[0] == csv_rows else 'DIFFERENT from CSV'})")
start = time.perf_counter()
groups = con.execute(f"select clinica, count(*), sum(valor) from '{path}' group by clinica order by clinica").fetchall()
print(f"DuckDB GROUP BY clinica over the Parquet file: {time.perf_counter() - start:.3f} s, {len(groups)} clinics")
parts = f"read_parquet('{dataset}/**/*.parquet', hive_partitioning = true)"
rows = con.execute(f"select count(*), count(distinct id) from {parts}").fetchone()
print(f"Dataset rows: {rows[0]}, distinct IDs: {rows[1]} ({'same as CSV' if rows[0] == csv_rows == rows[1] else 'DIFFERENT from CSV'})")
start = time.perf_counter()
groups = con.execute(f"select clinica, count(*), sum(valor) from {parts} group by clinica order by clinica").fetchall()
print(f"DuckDB GROUP BY clinica over the dataset: {time.perf_counter() - start:.3f} s, {len(groups)} clinics")
PY
