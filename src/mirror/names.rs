//! The column (or child table) a field of the service takes: whatever names the service sends, no
//! two of them and none of the mirror's own may meet in one table, in SQLite or in PostgreSQL. The
//! rule is one for both engines, since a PostgreSQL database gets the working copy's names as they
//! are:
//!
//! - names are compared with case folded (SQLite's column names ignore ASCII case; a folded compare
//!   also keeps PostgreSQL from holding two columns a reader cannot tell apart), and a column keeps
//!   the case the service first wrote;
//! - the mirror's own columns all start with `_`: a field that starts with `_` (or is empty) is
//!   written with an `x` before it, so `_deleted_at` is `x_deleted_at`;
//! - control characters (NUL among them, which PostgreSQL refuses in a name) become `_`;
//! - a name longer than PostgreSQL's 63 bytes is cut on a character boundary and ends with `_` and
//!   8 hex digits of its hash, as does a name another column (or a money column's centavos) holds.
//!
//! Which column each field took is kept in the mirror (`_fields`), so a field keeps its column for
//! good: a field met later that would take the same name is the one that gets a hash.

use sha2::{Digest, Sha256};

/// Each record's status over time, from the change log: one row per status it held, from the run
/// that set it (`from_run`; null for the status it had when first seen) to the run that changed it
/// (`to_run`; null for the status it has now). At the start of run `r` a record held the status
/// whose `from_run < r <= to_run`. A record whose status never changed has no row: it held its
/// table's status throughout. A record of a table whose IDs are unique across the service
/// (`_tables.ids`) is one record whichever clinic logged its changes, so its history goes on over a
/// change of clinic, under the clinic it is in now (its last change's); elsewhere a record is its
/// clinic and ID. Built on window functions, which both SQLite and PostgreSQL have, so the view
/// reads the same in a mirror file and in a PostgreSQL warehouse.
pub const STATUS_HISTORY: &str = "CREATE VIEW _status_history AS \
WITH c AS (SELECT ch.stream, ch.clinic, ch.id, ch.run, ch.change, ch.field, ch.old, ch.new, \
CASE WHEN t.ids = 'service' THEN NULL ELSE ch.clinic END AS scope \
FROM _changes ch LEFT JOIN _tables t ON t.tbl = ch.stream), \
h AS (SELECT stream, scope, id, run, change, field, old, new, \
FIRST_VALUE(clinic) OVER (PARTITION BY stream, scope, id ORDER BY run DESC) AS home FROM c), \
s AS (SELECT stream, home AS clinic, id, run, old, new, \
ROW_NUMBER() OVER (PARTITION BY stream, scope, id ORDER BY run) AS n, \
LEAD(run) OVER (PARTITION BY stream, scope, id ORDER BY run) AS next_run \
FROM h WHERE change = 'changed' AND field = 'status') \
SELECT stream, clinic, id, new AS status, run AS from_run, next_run AS to_run FROM s \
UNION ALL SELECT stream, clinic, id, old, NULL, run FROM s WHERE n = 1";

/// The column holding, as one JSON object, the fields past the columns a table may have.
pub const OVERFLOW: &str = "_overflow";

/// The longest name PostgreSQL keeps whole (`NAMEDATALEN - 1`), in bytes.
pub const MAX_NAME: usize = 63;

/// A name as the mirror compares it.
pub fn folded(name: &str) -> String {
    name.to_lowercase()
}

/// The name `field` takes, `reserve` bytes kept free at its end (for a money column's `_centavos`),
/// avoiding every name `taken` says is held (it is asked with the name as written).
pub fn name_for(field: &str, reserve: usize, taken: &dyn Fn(&str) -> bool) -> String {
    let mut clean: String = field
        .chars()
        .map(|c| if c.is_control() { '_' } else { c })
        .collect();
    if clean.is_empty() || clean.starts_with('_') {
        clean.insert(0, 'x');
    }
    let limit = MAX_NAME - reserve;
    if clean.len() <= limit && !taken(&clean) {
        return clean;
    }
    for salt in 0u32.. {
        let suffix = format!("_{}", hash8(field, salt));
        let candidate = format!("{}{suffix}", cut(&clean, limit - suffix.len()));
        if !taken(&candidate) {
            return candidate;
        }
    }
    unreachable!("a name is found among 2^32 hashes")
}

/// The first 8 hex digits of the SHA-256 of `field` (and of `salt`, when not 0).
fn hash8(field: &str, salt: u32) -> String {
    let mut hasher = Sha256::new();
    hasher.update(field.as_bytes());
    if salt > 0 {
        hasher.update(salt.to_be_bytes());
    }
    let digest = hasher.finalize();
    digest[..4].iter().map(|b| format!("{b:02x}")).collect()
}

/// `text` cut to at most `bytes` bytes, on a character boundary.
fn cut(text: &str, bytes: usize) -> &str {
    let mut end = bytes.min(text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    /// The names a list of fields take, one after the other, as a table takes them.
    fn names(fields: &[&str], reserve: usize) -> Vec<String> {
        let mut held: HashSet<String> = ["_clinic", "_hash", "_deleted_at", "id"]
            .iter()
            .map(|n| folded(n))
            .collect();
        fields
            .iter()
            .map(|f| {
                let name = name_for(f, reserve, &|c| held.contains(&folded(c)));
                held.insert(folded(&name));
                name
            })
            .collect()
    }

    #[test]
    fn ordinary_names_are_kept_and_odd_ones_never_meet() {
        let long = "a".repeat(70);
        let long2 = format!("{}b", "a".repeat(69));
        let got = names(
            &[
                "valor",
                "Valor",
                "_deleted_at",
                "x_deleted_at",
                "a\0b",
                "",
                &long,
                &long2,
                "dataCadastro",
                "ID",
            ],
            0,
        );
        assert_eq!(got[0], "valor");
        assert!(
            got[1].starts_with("Valor_") && got[1].len() == 14,
            "{got:?}"
        );
        assert_eq!(got[2], "x_deleted_at");
        assert!(got[3].starts_with("x_deleted_at_"), "{got:?}");
        assert_eq!(got[4], "a_b");
        assert_eq!(got[5], "x");
        assert_eq!(got[8], "dataCadastro");
        assert!(got[9].starts_with("ID_"), "{got:?}");
        for name in &got {
            assert!(name.len() <= MAX_NAME, "{name}");
            assert!(!name.starts_with('_') && !name.contains('\0'), "{name:?}");
        }
        assert_ne!(got[6], got[7]);
        let unique: HashSet<String> = got.iter().map(|n| folded(n)).collect();
        assert_eq!(unique.len(), got.len());
        // The same fields in the same order take the same names, run after run.
        assert_eq!(
            names(&["valor", "Valor", &long, &long2], 0),
            [&got[0], &got[1], &got[6], &got[7]].map(String::clone)
        );
    }

    #[test]
    fn a_long_name_is_cut_on_a_character_boundary_leaving_room_for_centavos() {
        let name = names(&[&"ç".repeat(40)], 9).remove(0);
        assert!(name.len() <= MAX_NAME - 9, "{name}");
        assert!(name.starts_with("çç"));
    }
}
