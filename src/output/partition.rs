//! Partitioned datasets: `-o DIR/ --partition-by clinic,month` writes Hive-style folders
//! (`DIR/clinica=12/mes=2026-11/part-<run>.parquet`) that DuckDB, Spark, pandas and BigQuery read
//! as one table with `clinica` and `mes` as columns. Each run writes files of its own (its run ID
//! is in their names), each one atomically; a run that fails leaves none of them, and files of
//! earlier runs are never touched. A `_manifest-<run>.json` written last lists the run's files,
//! their rows and the run's command: a run without its manifest did not complete.

use std::collections::BTreeMap;
use std::io;
use std::path::{Path, PathBuf};

use serde_json::value::RawValue;
use serde_json::{Value, json};

use super::numbers::{When, when};
use super::single::Single;
use super::spec::{Format, OutputSpec, Partitioning, Shape, Unplaced};
use crate::error::OutputError;
use crate::unfinished::{self, Unfinished};

/// Rows each partition keeps in memory before its rows go to disk: there may be hundreds of
/// partitions open at once.
const PART_MEMORY_ROWS: usize = 64;
/// The folder of records whose key is missing, as Hive names it.
const NO_VALUE: &str = "__HIVE_DEFAULT_PARTITION__";
/// Fields that hold a record's main date, in the order they are looked for.
const MAIN_DATES: &[&str] = &["data", "data_agendamento", "criado_em"];

pub(crate) struct Partitioned {
    dir: PathBuf,
    run: String,
    spec: OutputSpec,
    by: Partitioning,
    parts: BTreeMap<String, (Single, u64)>,
    started: String,
    /// What the caller adds to the manifest (which clinics finished, for `--resume`).
    notes: serde_json::Map<String, Value>,
    /// Records that went to a key's default folder, having no value for it.
    unplaced: Unplaced,
    /// Partition folders this run made, outermost first, and the parts it has renamed onto their
    /// names: what a run that does not complete takes back (see the `Drop`).
    created: Vec<PathBuf>,
    persisted: Vec<(PathBuf, Unfinished)>,
    /// The manifest is written: the run is whole and keeps its files.
    complete: bool,
}

impl Partitioned {
    pub(crate) fn open(spec: &OutputSpec, by: &Partitioning) -> Result<Partitioned, OutputError> {
        let dir = check(spec)?;
        // Each partition holds files open until the run ends.
        crate::open_files::raise_limit();
        std::fs::create_dir_all(&dir).map_err(|source| OutputError::File {
            path: dir.clone(),
            source,
        })?;
        let now = chrono::Local::now();
        Ok(Partitioned {
            run: format!("{}-{}", now.format("%Y%m%dT%H%M%S"), std::process::id()),
            started: now.to_rfc3339(),
            dir,
            spec: spec.clone(),
            by: by.clone(),
            parts: BTreeMap::new(),
            notes: serde_json::Map::new(),
            unplaced: Unplaced::default(),
            created: Vec::new(),
            persisted: Vec::new(),
            complete: false,
        })
    }

    /// Adds `key` to the run's manifest.
    pub(crate) fn annotate(&mut self, key: &str, value: Value) {
        self.notes.insert(key.to_string(), value);
    }

    /// The record's folder under the dataset: `clinica=12/mes=2026-11`.
    fn folder(&mut self, record: &Value) -> String {
        let mut parts = Vec::new();
        if self.by.clinic {
            // Whichever field the deployment names the clinic with, and holds a value.
            let clinic = crate::record::CLINIC_FIELDS
                .iter()
                .filter_map(|f| record.get(*f))
                .map(key_text)
                .find(|key| key != NO_VALUE)
                .unwrap_or_else(|| NO_VALUE.into());
            self.unplaced.clinic += u64::from(clinic == NO_VALUE);
            parts.push(format!("clinica={clinic}"));
        }
        if let Some(field) = &self.by.month {
            let date = match field {
                Some(field) => record.get(field),
                None => MAIN_DATES.iter().find_map(|f| record.get(*f)),
            };
            let month = date
                .and_then(Value::as_str)
                .and_then(when)
                .map(|w| match w {
                    When::Date(d) => d.format("%Y-%m").to_string(),
                    When::DateTime(t) => t.format("%Y-%m").to_string(),
                });
            if month.is_none() {
                self.unplaced.month += 1;
                if self.unplaced.month_fields.is_empty() {
                    self.unplaced.month_fields = match field {
                        Some(field) => vec![field.clone()],
                        None => MAIN_DATES.iter().map(|f| f.to_string()).collect(),
                    };
                }
            }
            parts.push(format!("mes={}", month.unwrap_or_else(|| NO_VALUE.into())));
        }
        parts.join("/")
    }

    pub(crate) fn write(&mut self, record: &Value) -> Result<(), OutputError> {
        self.part(record)?.write(record)
    }

    /// A record given as JSON text: read whole to find its partition, then written from its text
    /// as a single file's writer takes it.
    pub(crate) fn write_raw(&mut self, record: &RawValue) -> Result<(), OutputError> {
        let value = crate::record::value_of(record)?;
        self.part(&value)?.write_raw(record)
    }

    /// The file of the record's partition, opened on its first record and counted.
    fn part(&mut self, record: &Value) -> Result<&mut Single, OutputError> {
        let folder = self.folder(record);
        if !self.parts.contains_key(&folder) {
            let dir = self.dir.join(&folder);
            let missing: Vec<PathBuf> = dir
                .ancestors()
                .take_while(|d| *d != self.dir && !d.exists())
                .map(Path::to_path_buf)
                .collect();
            let made = std::fs::create_dir_all(&dir);
            // Even when it failed partway: what it made is this run's to take back.
            self.created.extend(missing.into_iter().rev());
            made.map_err(|source| OutputError::File {
                path: dir.clone(),
                source,
            })?;
            let mut spec = self.spec.clone();
            spec.path = Some(dir.join(format!("part-{}.{}", self.run, extension(spec.format))));
            spec.partition = None;
            let part = Single::open(
                &spec,
                Shape::List,
                Box::new(io::sink()),
                None,
                PART_MEMORY_ROWS,
            )?;
            self.parts.insert(folder.clone(), (part, 0));
        }
        let (part, rows) = self.parts.get_mut(&folder).expect("opened above");
        *rows += 1;
        Ok(part)
    }

    /// Finishes every file (each renamed onto its name), then writes the run's manifest. Returns the
    /// rows written and the records that had no value for a key.
    pub(crate) fn finish(mut self) -> Result<(u64, Unplaced), OutputError> {
        let mut files = Vec::new();
        let mut total = 0;
        for (folder, (part, rows)) in std::mem::take(&mut self.parts) {
            let name = format!("{folder}/part-{}.{}", self.run, extension(self.spec.format));
            part.finish()?;
            // Until the manifest is written, a stop (Ctrl-C) removes the part too.
            let path = self.dir.join(&name);
            let pending = unfinished::register(&path);
            self.persisted.push((path, pending));
            total += rows;
            files.push(json!({ "path": name, "rows": rows }));
        }
        let mut manifest = json!({
            "run": self.run,
            "started": self.started,
            "finished": chrono::Local::now().to_rfc3339(),
            "format": self.spec.format.name(),
            "partition_by": partition_names(&self.by),
            "command": self.spec.command,
            "rows": total,
            "files": files,
        });
        if let Value::Object(map) = &mut manifest {
            map.extend(std::mem::take(&mut self.notes));
        }
        let path = self.dir.join(format!("_manifest-{}.json", self.run));
        let bytes = serde_json::to_vec_pretty(&manifest).map_err(|e| OutputError::Io(e.into()))?;
        // The parts stop being removable on a stop just before the manifest appears, never after:
        // a manifest always lists files that are there.
        let pending: Vec<_> = self.persisted.drain(..).collect();
        let paths: Vec<PathBuf> = pending.into_iter().map(|(path, _)| path).collect();
        if let Err(e) = write_atomically(&path, &bytes) {
            for path in paths {
                let _ = std::fs::remove_file(path);
            }
            return Err(e);
        }
        self.complete = true;
        Ok((total, std::mem::take(&mut self.unplaced)))
    }
}

impl Drop for Partitioned {
    /// A run that did not complete takes back what it wrote: the parts it had already renamed onto
    /// their names, then the folders it made that are left empty. Parts not finished remove their
    /// own temporary files as they drop, first.
    fn drop(&mut self) {
        if self.complete {
            return;
        }
        self.parts.clear();
        for (path, _) in &self.persisted {
            let _ = std::fs::remove_file(path);
        }
        for dir in self.created.iter().rev() {
            let _ = std::fs::remove_dir(dir);
        }
    }
}

/// The dataset's folder, when `spec` can write a dataset: a format of files that can be many, and a
/// folder (or a name free for one). Checked before anything is sent.
pub(crate) fn check(spec: &OutputSpec) -> Result<PathBuf, OutputError> {
    if !matches!(
        spec.format,
        Format::Parquet | Format::Csv | Format::Tsv | Format::Ndjson
    ) {
        return Err(OutputError::Refused(crate::t!(
            "output-partition-format",
            format = spec.format.name()
        )));
    }
    let dir = spec
        .path
        .clone()
        .filter(|p| p.as_os_str() != "-")
        .ok_or_else(|| OutputError::Refused(crate::t!("output-partition-needs-dir")))?;
    if dir.exists() && !dir.is_dir() {
        return Err(OutputError::Refused(crate::t!(
            "output-partition-not-a-dir",
            path = dir.display().to_string()
        )));
    }
    Ok(dir)
}

/// The clinics the newest run of the dataset at `spec`'s folder finished (its manifest's
/// `clinics.finished`); an error when no run there says so.
pub(crate) fn finished_clinics(spec: &OutputSpec) -> Result<Vec<u64>, OutputError> {
    let dir = check(spec)?;
    let refused = || {
        OutputError::Refused(crate::t!(
            "output-resume-nothing",
            path = dir.display().to_string()
        ))
    };
    let newest = std::fs::read_dir(&dir)
        .map_err(|_| refused())?
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|name| name.starts_with("_manifest-") && name.ends_with(".json"))
        .max()
        .ok_or_else(refused)?;
    let bytes = std::fs::read(dir.join(&newest)).map_err(|source| OutputError::File {
        path: dir.join(&newest),
        source,
    })?;
    let manifest: Value =
        serde_json::from_slice(crate::text::bom::strip_bytes(&bytes)).map_err(|_| refused())?;
    manifest["clinics"]["finished"]
        .as_array()
        .ok_or_else(refused)?
        .iter()
        .map(|id| id.as_u64().ok_or_else(refused))
        .collect()
}

/// The names of `--partition-by`, as the manifest records them.
fn partition_names(by: &Partitioning) -> Vec<String> {
    let mut names = Vec::new();
    if by.clinic {
        names.push("clinic".to_string());
    }
    match &by.month {
        Some(Some(field)) => names.push(format!("month:{field}")),
        Some(None) => names.push("month".to_string()),
        None => {}
    }
    names
}

/// A partition key's text: numbers and strings as they are, safe as a folder name.
fn key_text(value: &Value) -> String {
    let text = match value {
        Value::Null => return NO_VALUE.into(),
        Value::String(s) if s.is_empty() => return NO_VALUE.into(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    text.chars()
        .map(|c| {
            if c.is_alphanumeric() || "-_.".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect()
}

fn extension(format: Format) -> &'static str {
    match format {
        Format::Parquet => "parquet",
        Format::Tsv => "tsv",
        Format::Ndjson => "ndjson",
        _ => "csv",
    }
}

fn write_atomically(path: &Path, bytes: &[u8]) -> Result<(), OutputError> {
    let failed = |source: io::Error| OutputError::File {
        path: path.to_owned(),
        source,
    };
    let dir = path.parent().unwrap_or(Path::new("."));
    let mut temp = tempfile::NamedTempFile::new_in(dir).map_err(failed)?;
    io::Write::write_all(&mut temp, bytes).map_err(failed)?;
    temp.persist(path).map_err(|e| failed(e.error))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_safe_folder_names() {
        assert_eq!(key_text(&json!(12)), "12");
        assert_eq!(key_text(&json!("São Paulo/Centro")), "São_Paulo_Centro");
        assert_eq!(key_text(&json!("")), NO_VALUE);
        assert_eq!(key_text(&json!("..")), "..");
    }

    /// The clinic is the first clinic field that holds one; a record with none is counted, and so
    /// is one whose field is there but empty.
    #[test]
    fn records_go_by_the_first_clinic_field_with_a_value_and_the_rest_are_counted() {
        let dir = tempfile::tempdir().unwrap();
        let spec = OutputSpec {
            path: Some(dir.path().join("set")),
            ..OutputSpec::plain(Format::Ndjson)
        };
        let by = Partitioning {
            clinic: true,
            month: None,
        };
        let mut set = Partitioned::open(&spec, &by).unwrap();
        for (record, folder) in [
            (json!({"clinica": 3}), "clinica=3"),
            (json!({"clinica": null, "clinica_id": 12}), "clinica=12"),
            (json!({"id_clinica": "", "clinic": "SP"}), "clinica=SP"),
            (json!({"clinica": ""}), "clinica=__HIVE_DEFAULT_PARTITION__"),
            (json!({"nome": "x"}), "clinica=__HIVE_DEFAULT_PARTITION__"),
        ] {
            assert_eq!(set.folder(&record), folder, "{record}");
        }
        assert_eq!(set.unplaced.clinic, 2);
    }
}
