#!/usr/bin/env bash
# Mirror benchmark: `clinic sync` of the whole network's quotes into SQLite, side by side with the
# CSV export of the same data from the same sandbox, then an incremental run after 1% of the quotes
# changed, then `clinic sql` summing money by clinic. Prints one table (seconds, peak RSS) and checks
# that the mirror's money sum equals the CSV export's to the centavo (Python's sqlite3 reads it).
#
# Goals: first sync <= 1.5x the CSV export at <= 128 MiB; incremental <= 10% of the first sync;
# the sum over every quote in < 2 s.
#
# With CLINIC_BENCH_POSTGRES=postgres://user@host:port/db (a server where the bench may create the
# database `clinic_bench`, with psql on the PATH), the same two syncs go to PostgreSQL too, and its
# sum is checked against the file's.
#
# Usage: bench/sync.sh [QUOTES]    (default: 1000000)
# Needs cargo, curl and python3. Honours CARGO_TARGET_DIR.
set -euo pipefail

quotes=${1:-1000000}
source "$(dirname "$0")/lib.sh"
build_clinic

serve_sandbox --scale "$quotes"
token=$(curl -s -X POST "$base_url/loginApi" -H 'content-type: application/json' \
    -d '{"login":"admin","password":"admin"}' | python3 -c 'import json,sys; print(json.load(sys.stdin)["token"])')
sandbox_root=${base_url%/rest/v1}
run() {
    CLINIC_CONFIG_DIR="$work/cfg" CLINIC_DATA_DIR="$work/data" CLINIC_BASE_URL="$base_url" \
        CLINIC_TOKEN="$token" measure "$clinic" --quiet "$@"
}

csv=$(run report ficha-financeira --clinic all --all --per-page 500 -o "$work/ficha.csv")
first=$(run sync --streams quotes --clinic all --per-page 500 --to "$work/mirror.sqlite")
pg=""
if [ -n "${CLINIC_BENCH_POSTGRES:-}" ]; then
    psql "$CLINIC_BENCH_POSTGRES" -qc "DROP DATABASE IF EXISTS clinic_bench WITH (FORCE)" -c "CREATE DATABASE clinic_bench"
    pg=$(python3 -c 'import sys, urllib.parse as u; p = u.urlsplit(sys.argv[1]); print(u.urlunsplit(p._replace(path="/clinic_bench")))' "$CLINIC_BENCH_POSTGRES")
    pg_first=$(run sync --streams quotes --clinic all --per-page 500 --to "$pg")
fi
# The first mirror against the export of the same data, before anything changes.
check=$(python3 - "$work/mirror.sqlite" "$work/ficha.csv" <<'PY'
import csv, sqlite3, sys
from decimal import Decimal
db = sqlite3.connect(sys.argv[1])
mirror = db.execute("SELECT SUM(valor_centavos), COUNT(*) FROM quotes").fetchone()
total, rows = Decimal(0), 0
with open(sys.argv[2], encoding="utf-8") as f:
    for r in csv.DictReader(f):
        total += Decimal(r["valor"]); rows += 1
print("equal" if (mirror[0], mirror[1]) == (int(total * 100), rows) else f"DIFFERENT {mirror} {total} {rows}")
PY
)
# 1% of the quotes change.
python3 - "$sandbox_root" "$quotes" <<'PY'
import random, sys, urllib.request
root, total = sys.argv[1], int(sys.argv[2])
ids = random.Random(7).sample(range(1, total + 1), max(1, total // 100))
for start in range(0, len(ids), 1000):
    chunk = ",".join(map(str, ids[start:start + 1000]))
    urllib.request.urlopen(urllib.request.Request(f"{root}/__sandbox/quotes?change={chunk}", method="POST"))
PY
incremental=$(run sync --streams quotes --clinic all --per-page 500 --to "$work/mirror.sqlite")
if [ -n "$pg" ]; then
    pg_incremental=$(run sync --streams quotes --clinic all --per-page 500 --to "$pg")
    money='SELECT COUNT(*) AS n, SUM(valor_centavos) AS s FROM quotes WHERE _deleted_at IS NULL'
    run sql --to "$work/mirror.sqlite" --format csv -o "$work/file-sum.csv" "$money" >/dev/null
    pg_sum=$(run sql --to "$pg" --format csv -o "$work/pg-sum.csv" "$money")
    pg_check=$(cmp -s "$work/file-sum.csv" "$work/pg-sum.csv" && echo equal || echo DIFFERENT)
fi
# Into a file: `measure` gives the child a read-write /dev/null as stdout, which clinic takes for a
# closed one.
sum=$(run sql --to "$work/mirror.sqlite" -o "$work/by-clinic.csv" \
    "SELECT clinica, SUM(valor_centavos) FROM quotes WHERE _deleted_at IS NULL GROUP BY clinica")


read -r csv_s csv_mb _ <<<"$csv"
read -r first_s first_mb _ <<<"$first"
read -r inc_s inc_mb _ <<<"$incremental"
read -r sum_s sum_mb _ <<<"$sum"
printf '%-44s %10s %10s\n' "$quotes quotes" seconds "peak MiB"
printf '%-44s %10s %10s\n' "CSV export (report ficha-financeira --all)" "$csv_s" "$csv_mb"
printf '%-44s %10s %10s\n' "first sync" "$first_s" "$first_mb"
printf '%-44s %10s %10s\n' "incremental sync after 1% changed" "$inc_s" "$inc_mb"
printf '%-44s %10s %10s\n' "clinic sql: money by clinic" "$sum_s" "$sum_mb"
if [ -n "$pg" ]; then
    read -r s mb _ <<<"$pg_first"; printf '%-44s %10s %10s\n' "first sync to PostgreSQL" "$s" "$mb"
    read -r s mb _ <<<"$pg_incremental"; printf '%-44s %10s %10s\n' "incremental sync to PostgreSQL" "$s" "$mb"
    read -r s mb _ <<<"$pg_sum"; printf '%-44s %10s %10s\n' "clinic sql on PostgreSQL: count and sum" "$s" "$mb"
    echo "PostgreSQL count and sum against the file's: $pg_check"
fi
python3 - "$csv_s" "$first_s" "$inc_s" <<'PY'
import sys
csv_s, first, inc = map(float, sys.argv[1:])
print(f"first sync / CSV export: {first / csv_s:.2f}x (goal <= 1.5x); incremental / first: {inc / first:.1%} (goal <= 10%)")
PY
echo "mirror sum and count against the CSV export: $check"
