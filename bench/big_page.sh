#!/usr/bin/env bash
# Large-page benchmark: one successful page of N MB (200 and 40 by default), served by a small local
# HTTP server, read by `clinic api GET … --format csv` with the default settings, with the peak
# memory (RSS) of each run. Goal: every run under 300 MiB — a page past the default
# --max-answer-size (48 MiB) refused at once with exit 5, a page under it read and written whole.
#
# Usage: bench/big_page.sh [MB...]    (default: 200 40)
# Needs cargo, python3 and /usr/bin/time. Honours CARGO_TARGET_DIR.
set -euo pipefail

source "$(dirname "$0")/lib.sh"
build_clinic
sizes=("$@")
[[ ${#sizes[@]} -gt 0 ]] || sizes=(200 40)

for mb in "${sizes[@]}"; do
    python3 - "$mb" "$work/page$mb.json" <<'PY'
import json, sys
mb, path = int(sys.argv[1]), sys.argv[2]
record = {"id": 0, "nome": "Fulano de Tal da Silva", "valor": 123.45, "data": "2026-01-01", "obs": "x" * 300}
count = mb * 1_000_000 // len(json.dumps(record))
with open(path, "w") as out:
    out.write('{"dados": [')
    out.write(", ".join(json.dumps(dict(record, id=i)) for i in range(count)))
    out.write("]}")
PY
done
serve_files "$work"

printf '\n%-12s %12s %14s %s\n' "page" "seconds" "peak RSS MiB" "outcome"
for mb in "${sizes[@]}"; do
    status=0
    CLINIC_CONFIG_DIR="$work/cfg" CLINIC_BASE_URL="$base_url" CLINIC_TOKEN=bench \
        /usr/bin/time -f '%e %M' -o "$work/time" \
        "$clinic" --quiet api GET "/page$mb.json" --format csv -o "$work/page$mb.csv" \
        2>"$work/err" || status=$?
    # A failed run's time file starts with "Command exited with non-zero status N".
    read -r seconds kib < <(tail -1 "$work/time")
    outcome="written"
    [[ $status -eq 0 ]] || outcome="exit $status: $(sed 's/^error: //' "$work/err" | head -1)"
    printf '%-12s %12s %14s %s\n' "$mb MB" "$seconds" "$(python3 -c "print(f'{$kib / 1024:.1f}')")" "$outcome"
done
echo "goal: peak RSS < 300 MiB for every page"
