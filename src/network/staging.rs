//! One clinic's records held on disk until its walk has succeeded (`--keep-going`), so that a
//! clinic that fails half-way leaves none of its records in the output. Records are kept as
//! NDJSON in an anonymous temporary file: memory stays flat however large the clinic.

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Seek, SeekFrom, Write};

use crate::record::{RawRecord, Record};

use crate::error::{Error, Result};

pub(crate) struct Staging {
    file: BufWriter<File>,
}

impl Staging {
    pub(crate) fn new() -> Result<Staging> {
        let file = tempfile::tempfile().map_err(|e| staging_error(&e))?;
        Ok(Staging {
            file: BufWriter::new(file),
        })
    }

    /// A record on one line (see [`crate::record::one_line`]).
    pub(crate) fn push(&mut self, record: &RawRecord) -> Result<()> {
        let line = crate::record::one_line(record);
        self.file
            .write_all(line.as_bytes())
            .map_err(|e| staging_error(&e))?;
        self.file.write_all(b"\n").map_err(|e| staging_error(&e))
    }

    /// Hands every record back, in the order they came.
    pub(crate) fn replay(self, mut emit: impl FnMut(Record) -> Result<()>) -> Result<()> {
        let mut file = self
            .file
            .into_inner()
            .map_err(|e| staging_error(e.error()))?;
        file.seek(SeekFrom::Start(0))
            .map_err(|e| staging_error(&e))?;
        for line in BufReader::new(file).lines() {
            let line = line.map_err(|e| staging_error(&e))?;
            emit(RawRecord::from_string(line).map_err(|e| staging_error(&e))?)?;
        }
        Ok(())
    }
}

fn staging_error(e: &dyn std::fmt::Display) -> Error {
    Error::Other(crate::t!("network-staging-failed", reason = e.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{record_of, value_of};
    use serde_json::json;

    #[test]
    fn records_come_back_exactly_and_in_order() {
        let records = [
            json!({"id": 1, "valor": 10582.1, "nota": "linha\nnova \"aspas\""}),
            json!({"id": 2, "itens": [1, {"a": null}]}),
            json!(0.1),
        ];
        let mut staging = Staging::new().unwrap();
        for r in &records {
            staging.push(&record_of(r)).unwrap();
        }
        let mut back = Vec::new();
        staging
            .replay(|r| {
                back.push(value_of(&r).unwrap());
                Ok(())
            })
            .unwrap();
        assert_eq!(back, records);
    }
}
