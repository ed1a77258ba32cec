#!/usr/bin/env bash
# The export a shell script would do: every page of the Ficha Financeira with curl, one after the
# other, each turned into CSV rows by jq (columns of each page's first record; lists and objects as
# compact JSON; quotes only where CSV needs them).
#
# Usage: export_jq.sh BASE_URL TOKEN PER_PAGE OUTPUT
set -euo pipefail
base=$1 token=$2 per_page=$3 output=$4
program='
def q: if test("[\",\n\r]") then "\"" + gsub("\""; "\"\"") + "\"" else . end;
def cell: if . == null then "" elif type == "string" then . elif type == "array" or type == "object" then tojson else tostring end;
.dados as $records
| if ($records | length) == 0 then empty else
    ($records[0] | keys_unsorted) as $columns
    | (if $header then ($columns | map(q) | join(",")) else empty end),
      ($records[] as $r | $columns | map($r[.] | cell | q) | join(","))
  end'
: >"$output"
page=1
header=true
while :; do
    rows=$(curl -sf -H "Authorization: Bearer $token" \
        "$base/lista_venda_orcamento?pagina_atual=$page&por_pagina=$per_page" |
        jq -r --argjson header "$header" "$program")
    [ -z "$rows" ] && break
    printf '%s\n' "$rows" >>"$output"
    header=false
    page=$((page + 1))
done
