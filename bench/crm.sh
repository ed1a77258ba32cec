#!/usr/bin/env bash
# CRM benchmark against a sandbox CRM that allows 2 requests a second (Bitrix24's quota):
# - the time to read N contacts by ID, one `crm contact get ID` call per contact against one
#   `crm contact get --ids-from FILE`, which reads them 50 per `batch` request. Goal: batch at least
#   20x faster. Both outputs must hold the same records.
# - the time to list every contact: one `crm contact list --page P` call per page against
#   `crm contact list --all` (pages after the first 50 to a `batch` request) and `--all --keyset`
#   (pages chained inside `batch` requests). All three must hold the same records.
#
# Usage: bench/crm.sh [N]    (default: 1000; the one-call-per-ID walk takes about N/2 seconds)
# Needs cargo and python3. Honours CARGO_TARGET_DIR.
set -euo pipefail

count=${1:-1000}
source "$(dirname "$0")/lib.sh"
build_clinic

serve_sandbox --crm-rate-limit 2 --crm-contacts "$(( count > 600 ? count : 600 ))"
crm_url=$(sed -n 's/^crm_url=//p' "$work/out")
export CLINIC_CONFIG_DIR="$work/cfg" CLINIC_CRM_URL="$crm_url"

"$clinic" --quiet crm contact list --all --limit "$count" --format csv --columns ID -o "$work/ids.csv"
tail -n +2 "$work/ids.csv" >"$work/ids.txt"
have=$(wc -l <"$work/ids.txt")
if [[ "$have" -lt "$count" ]]; then
    echo "the sandbox CRM holds $have contacts, fewer than $count" >&2
    exit 1
fi

seconds() { python3 -c 'import sys, time; print(f"{time.time():.3f}")'; }

start=$(seconds)
while read -r id; do
    "$clinic" --quiet crm contact get "$id" --format ndjson
done <"$work/ids.txt" >"$work/one.ndjson"
one=$(python3 -c "print(f'{$(seconds) - $start:.1f}')")

start=$(seconds)
"$clinic" --quiet crm contact get --ids-from "$work/ids.txt" --format ndjson >"$work/batch.ndjson"
batched=$(python3 -c "print(f'{$(seconds) - $start:.1f}')")

same=$(python3 - "$work/one.ndjson" "$work/batch.ndjson" <<'PY'
import json, sys
a, b = ([json.loads(l) for l in open(p, encoding="utf-8")] for p in sys.argv[1:])
print("identical records" if a == b and len(a) > 0 else "DIFFERENT records")
PY
)
ratio=$(python3 -c "print(f'{$one / max($batched, 0.001):.1f}')")
printf '\n%-48s %9s\n' "read $count contacts by ID, CRM at 2 requests/s" "seconds"
printf '%-48s %9s\n' "one call per ID ($count requests)" "$one"
printf '%-48s %9s\n' "batch, 50 per request ($(( (count + 49) / 50 )) requests)" "$batched"
printf '%-48s %9s  (goal: 20x; %s)\n' "batch is N times faster" "$ratio" "$same"

pages=$(( (have + 49) / 50 ))
start=$(seconds)
for (( p = 1; p <= pages; p++ )); do
    "$clinic" --quiet crm contact list --page "$p" --format ndjson
done >"$work/pages.ndjson"
paged=$(python3 -c "print(f'{$(seconds) - $start:.1f}')")
start=$(seconds)
"$clinic" --quiet crm contact list --all --format ndjson >"$work/all.ndjson"
walked=$(python3 -c "print(f'{$(seconds) - $start:.1f}')")
start=$(seconds)
"$clinic" --quiet crm contact list --all --keyset --format ndjson >"$work/keyset.ndjson"
keyset=$(python3 -c "print(f'{$(seconds) - $start:.1f}')")
same=$(python3 - "$work/pages.ndjson" "$work/all.ndjson" "$work/keyset.ndjson" <<'PY'
import json, sys
a, b, c = ([json.loads(l) for l in open(p, encoding="utf-8")] for p in sys.argv[1:])
print("identical records" if a == b == c and len(a) > 0 else "DIFFERENT records")
PY
)
printf '\n%-48s %9s\n' "list all $have contacts, CRM at 2 requests/s" "seconds"
printf '%-48s %9s\n' "one call per page ($pages requests)" "$paged"
printf '%-48s %9s\n' "--all: first page, then batch requests" "$walked"
printf '%-48s %9s  (%s)\n' "--all --keyset: pages chained in batch" "$keyset" "$same"
