//! One clinic's records held on disk until its walk has succeeded (`--keep-going`), so that a
//! clinic that fails half-way leaves none of its records in the output. Records are kept as
//! NDJSON in an anonymous temporary file: memory stays flat however large the clinic.

use std::fs::File;
use std::io::{BufRead, BufReader, BufWriter, Seek, SeekFrom, Write};

use serde_json::Value;

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

    pub(crate) fn push(&mut self, record: &Value) -> Result<()> {
        serde_json::to_writer(&mut self.file, record).map_err(|e| staging_error(&e))?;
        self.file.write_all(b"\n").map_err(|e| staging_error(&e))
    }

    /// Hands every record back, in the order they came.
    pub(crate) fn replay(self, mut emit: impl FnMut(Value) -> Result<()>) -> Result<()> {
        let mut file = self
            .file
            .into_inner()
            .map_err(|e| staging_error(e.error()))?;
        file.seek(SeekFrom::Start(0))
            .map_err(|e| staging_error(&e))?;
        for line in BufReader::new(file).lines() {
            let line = line.map_err(|e| staging_error(&e))?;
            emit(serde_json::from_str(&line).map_err(|e| staging_error(&e))?)?;
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
            staging.push(r).unwrap();
        }
        let mut back = Vec::new();
        staging
            .replay(|r| {
                back.push(r);
                Ok(())
            })
            .unwrap();
        assert_eq!(back, records);
    }
}
