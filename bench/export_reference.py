#!/usr/bin/env python3
"""The export a small script would do: every page of the Ficha Financeira with `requests`, one after
the other, flattened to CSV with the `csv` module under the columns of the first page (nested
objects as dotted columns, lists as compact JSON, null as an empty cell, true/false as words), the
same rules `clinic` follows.

Usage: export_reference.py BASE_URL TOKEN PER_PAGE OUTPUT
"""
import csv
import json
import sys

import requests


def cell(value):
    if value is None:
        return ""
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, (list, dict)):
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return str(value)


def leaves(record, prefix=""):
    for key, value in record.items():
        name = prefix + key
        if isinstance(value, dict) and value:
            yield from leaves(value, name + ".")
        else:
            yield name, value


def main():
    base, token, per_page, output = sys.argv[1:5]
    session = requests.Session()
    session.headers["Authorization"] = f"Bearer {token}"
    # Uncompressed, like the transport floor it is compared with.
    session.headers["Accept-Encoding"] = "identity"
    with open(output, "w", newline="", encoding="utf-8") as out:
        writer = csv.writer(out, lineterminator="\n")
        columns = None
        page = 1
        while True:
            answer = session.get(
                f"{base}/lista_venda_orcamento",
                params={"pagina_atual": page, "por_pagina": per_page},
            )
            answer.raise_for_status()
            records = answer.json()["dados"]
            if not records:
                break
            for record in records:
                cells = dict(leaves(record))
                if columns is None:
                    columns = list(cells)
                    writer.writerow(columns)
                writer.writerow([cell(cells.get(c)) for c in columns])
            page += 1


if __name__ == "__main__":
    main()
