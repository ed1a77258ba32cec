//! Partitioned datasets: `-o DIR/ --partition-by clinic,month` writes Hive-style folders
//! (`DIR/clinica=12/mes=2026-11/part-<run>.parquet`) that DuckDB, Spark, pandas and BigQuery read
//! as one table with `clinica` and `mes` as columns. Each run writes files of its own (its run ID
//! is in their names), staged where no reader looks until the `_manifest-<run>.json` that lists
//! them, their rows and the run's command is written (see `dataset`): a run without its manifest
//! did not complete, and left nothing a reader sees.

use std::collections::BTreeMap;
use std::io;
use std::path::PathBuf;

use crate::record::RawRecord;
use serde_json::{Value, json};

use super::dataset::{self, Folder, write_atomically};
use super::folder_names::{self, Names};
use super::numbers::{When, when};
use super::single::Single;
use super::spec::{Format, Misplaced, OutputSpec, Partitioning, Shape, Unplaced};
use crate::error::OutputError;

/// Rows each partition keeps in memory before its rows go to disk: there may be hundreds of
/// partitions open at once.
const PART_MEMORY_ROWS: usize = 64;
/// The folder of records whose key is missing, as Hive names it.
const NO_VALUE: &str = "__HIVE_DEFAULT_PARTITION__";
/// Fields that hold a record's main date, in the order they are looked for.
const MAIN_DATES: &[&str] = &["data", "data_agendamento", "criado_em"];

pub(crate) struct Partitioned {
    /// The folder, held by this run.
    folder: Folder,
    run: String,
    spec: OutputSpec,
    /// The parts' extension, from the format (checked to have one before anything is sent).
    extension: &'static str,
    by: Partitioning,
    parts: BTreeMap<String, (Single, u64)>,
    /// Each partition folder's values, by folder.
    values: BTreeMap<String, serde_json::Map<String, Value>>,
    /// The folders' names.
    names: Names,
    /// Partition folders that could not be made, and where their records went instead (an index
    /// into `unplaced.misplaced`).
    moved: std::collections::HashMap<String, usize>,
    started: String,
    /// What the caller adds to the manifest (which clinics finished, for `--resume`).
    notes: serde_json::Map<String, Value>,
    /// Records that went to a key's default folder, having no value for it.
    unplaced: Unplaced,
    /// The manifest is written: the run is whole and keeps its files.
    complete: bool,
}

impl Partitioned {
    pub(crate) fn open(spec: &OutputSpec, by: &Partitioning) -> Result<Partitioned, OutputError> {
        let dir = check(spec)?;
        let extension = part_extension(spec.format)?;
        // Each partition holds files open until the run ends.
        crate::open_files::raise_limit();
        let folder = Folder::open(&dir)?;
        Ok(Partitioned {
            run: folder.run(),
            started: chrono::Local::now().to_rfc3339(),
            folder,
            spec: spec.clone(),
            extension,
            by: by.clone(),
            parts: BTreeMap::new(),
            values: BTreeMap::new(),
            names: Names::default(),
            moved: Default::default(),
            notes: serde_json::Map::new(),
            unplaced: Unplaced::default(),
            complete: false,
        })
    }

    /// Adds `key` to the run's manifest.
    pub(crate) fn annotate(&mut self, key: &str, value: Value) {
        self.notes.insert(key.to_string(), value);
    }

    /// The record's partition: each key with its value (`("clinica", "12"), ("mes", "2026-11")`).
    fn values(&mut self, record: &Value) -> Vec<(&'static str, String)> {
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
            parts.push(("clinica", clinic));
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
                    // The month it was written in: the folder name holds no zone.
                    When::Instant(t) => t.format("%Y-%m").to_string(),
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
            parts.push(("mes", month.unwrap_or_else(|| NO_VALUE.into())));
        }
        parts
    }

    /// The folder under the dataset of the partition `values`: `clinica=12/mes=2026-11`.
    fn folder(&mut self, values: &[(&'static str, String)]) -> String {
        let mut path = String::new();
        for (key, value) in values {
            let name = self.names.of(&self.folder.dir, &path, key, value);
            if !path.is_empty() {
                path.push('/');
            }
            path.push_str(&name);
        }
        path
    }

    pub(crate) fn write(&mut self, record: &Value) -> Result<(), OutputError> {
        self.part(record)?.write(record)
    }

    /// A record given as JSON text: read whole to find its partition, then written from its text
    /// as a single file's writer takes it.
    pub(crate) fn write_raw(&mut self, record: &RawRecord) -> Result<(), OutputError> {
        let value = crate::record::value_of(record)?;
        self.part(&value)?.write_raw(record)
    }

    /// The file of the record's partition, opened on its first record and counted. It is written
    /// in the run's staging folder, and renamed in only once the manifest is written. A partition
    /// whose folder cannot be made (a name the file system refuses, a path too long) goes to a
    /// folder named by its values' hashes instead, and the run says so: that record fails alone.
    fn part(&mut self, record: &Value) -> Result<&mut Single, OutputError> {
        let values = self.values(record);
        let mut folder = self.folder(&values);
        if let Some(&at) = self.moved.get(&folder) {
            let moved = &mut self.unplaced.misplaced[at];
            moved.records += 1;
            folder = moved.instead.clone();
        }
        if !self.parts.contains_key(&folder) {
            let part = match self.open_part(&folder) {
                Ok(part) => part,
                Err(refused) => {
                    let instead = values
                        .iter()
                        .map(|(key, value)| format!("{key}=~{}", folder_names::hash(value)))
                        .collect::<Vec<_>>()
                        .join("/");
                    // Where even that fails, the file system refuses more than a name: the run fails.
                    let Ok(part) = self.open_part(&instead) else {
                        return Err(refused);
                    };
                    self.moved
                        .insert(folder.clone(), self.unplaced.misplaced.len());
                    self.unplaced.misplaced.push(Misplaced {
                        values: values
                            .iter()
                            .map(|(key, value)| format!("{key} {value:?}"))
                            .collect::<Vec<_>>()
                            .join(", "),
                        wanted: folder,
                        instead: instead.clone(),
                        reason: refused.to_string(),
                        records: 1,
                    });
                    folder = instead;
                    part
                }
            };
            let values: serde_json::Map<String, Value> = values
                .into_iter()
                .map(|(key, value)| (key.to_string(), Value::String(value)))
                .collect();
            self.values.insert(folder.clone(), values);
            self.parts.insert(folder.clone(), (part, 0));
        }
        let (part, rows) = self.parts.get_mut(&folder).expect("opened above");
        *rows += 1;
        Ok(part)
    }

    /// Opens the part of the partition folder `folder`, in the staging folder.
    fn open_part(&self, folder: &str) -> Result<Single, OutputError> {
        let name = self.part_name(folder);
        let path = dataset::staged(&self.folder.staging(), &name);
        let dir = path.parent().expect("under the staging folder");
        std::fs::create_dir_all(dir).map_err(|source| OutputError::File {
            path: dir.to_owned(),
            source,
        })?;
        let mut spec = self.spec.clone();
        spec.path = Some(path);
        spec.partition = None;
        Single::open(
            &spec,
            Shape::List,
            Box::new(io::sink()),
            None,
            PART_MEMORY_ROWS,
        )
    }

    /// A part's path under the dataset: `clinica=12/part-r00000007.parquet`.
    fn part_name(&self, folder: &str) -> String {
        format!("{folder}/part-{}.{}", self.run, self.extension)
    }

    /// Finishes every file (each into the staging folder), writes the run's manifest, then renames
    /// the files in. Returns the rows written and the records that had no value for a key.
    pub(crate) fn finish(mut self) -> Result<(u64, Unplaced), OutputError> {
        let mut files = Vec::new();
        let mut names = Vec::new();
        let mut total = 0;
        for (folder, (part, rows)) in std::mem::take(&mut self.parts) {
            let name = self.part_name(&folder);
            part.finish()?;
            total += rows;
            // The values, which the folder's name may hold only shortened.
            let values = self.values.remove(&folder).unwrap_or_default();
            files.push(json!({ "path": name, "rows": rows, "partition": values }));
            names.push(name);
        }
        let mut manifest = json!({
            "run": self.run,
            "sequence": self.folder.sequence,
            "started": self.started,
            "finished": chrono::Local::now().to_rfc3339(),
            "format": self.spec.format.name(),
            "partition_by": partition_names(&self.by),
            "command": self.spec.command,
            "rows": total,
            "files": files,
        });
        let mut notes = std::mem::take(&mut self.notes);
        if let Some(command) = notes.remove("identity") {
            notes.insert("identity".into(), identity(&self.spec, &command));
        }
        if let Value::Object(map) = &mut manifest {
            map.extend(notes);
        }
        let path = self.folder.dir.join(format!("_manifest-{}.json", self.run));
        let bytes = serde_json::to_vec_pretty(&manifest).map_err(|e| OutputError::Io(e.into()))?;
        // The manifest is the run's commit: before it, its parts are staged where no reader looks;
        // after it, they are renamed in, by this run or, should it be killed first, by the next.
        self.folder.count()?;
        write_atomically(&path, &bytes)?;
        self.complete = true;
        dataset::publish(&self.folder.dir, &self.folder.staging(), &names)?;
        Ok((total, std::mem::take(&mut self.unplaced)))
    }
}

impl Drop for Partitioned {
    /// A run that did not complete takes back its staging folder; nothing of it was ever in the
    /// dataset's own folders. Parts not finished remove their own temporary files as they drop.
    fn drop(&mut self) {
        if self.complete {
            return;
        }
        self.parts.clear();
        let _ = std::fs::remove_dir_all(self.folder.staging());
    }
}

/// The dataset's folder, when `spec` can write a dataset: a format of files that can be many, and a
/// folder (or a name free for one). Checked before anything is sent.
pub(crate) fn check(spec: &OutputSpec) -> Result<PathBuf, OutputError> {
    part_extension(spec.format)?;
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

/// Whether the dataset at `spec`'s folder holds a run that `--resume` could take up: checked before
/// anything is sent, while which run it is ([`finished_clinics`]) is known once the clinics are.
pub(crate) fn check_resumable(spec: &OutputSpec) -> Result<(), OutputError> {
    let dir = check(spec)?;
    match dataset::manifests(&dir)
        .iter()
        .any(|(_, m)| m["identity"].is_object())
    {
        true => Ok(()),
        false => Err(OutputError::Refused(crate::t!(
            "output-resume-nothing",
            path = dir.display().to_string()
        ))),
    }
}

/// The clinics already in the dataset at `spec`'s folder for the export `command` names (see
/// [`identity`]): those of the latest run of that same export, by the folder's run counter, when that
/// run did not complete. Runs of other exports are never read.
pub(crate) fn finished_clinics(
    spec: &OutputSpec,
    command: &Value,
) -> Result<Vec<u64>, OutputError> {
    let dir = check(spec)?;
    let path = dir.display().to_string();
    let wanted = identity(spec, command);
    let latest = dataset::manifests(&dir)
        .into_iter()
        .filter(|(_, m)| m["identity"] == wanted)
        .filter_map(|(_, m)| dataset::sequence(&m).map(|n| (n, m)))
        .max_by_key(|(n, _)| *n)
        .map(|(_, m)| m)
        .ok_or_else(|| {
            OutputError::Refused(crate::t!("output-resume-other-runs", path = path.as_str()))
        })?;
    if latest["complete"] == Value::Bool(true) {
        return Err(OutputError::Refused(crate::t!(
            "output-resume-complete",
            path = path.as_str()
        )));
    }
    let clinics = &latest["clinics"];
    let mut done: Vec<u64> = ["earlier", "finished"]
        .iter()
        .flat_map(|key| clinics[key].as_array().into_iter().flatten())
        .filter_map(Value::as_u64)
        .collect();
    done.sort_unstable();
    done.dedup();
    Ok(done)
}

/// What makes two runs the same export, canonically: the command's own part (`command`: the report
/// and each clinic's filters, see `network`), the format, the columns and the partitioning. JSON
/// objects compare whatever their keys' order.
fn identity(spec: &OutputSpec, command: &Value) -> Value {
    json!({
        "command": command,
        "format": spec.format.name(),
        "columns": spec.columns,
        "excel": spec.excel,
        "partition_by": spec.partition.as_ref().map(partition_names),
    })
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

/// A partition key's text: numbers and strings as they are (their folder's name escapes them).
fn key_text(value: &Value) -> String {
    match value {
        Value::Null => NO_VALUE.into(),
        Value::String(s) if s.is_empty() => NO_VALUE.into(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// The extension of a dataset's parts: only formats whose files can be many and read as one table
/// make a dataset, each named by its own extension.
fn part_extension(format: Format) -> Result<&'static str, OutputError> {
    let refused =
        || OutputError::Refused(crate::t!("output-partition-format", format = format.name()));
    match format {
        Format::Parquet | Format::Csv | Format::Tsv | Format::Ndjson => {
            format.extension().ok_or_else(refused)
        }
        Format::Table | Format::Json | Format::Xlsx => Err(refused()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_their_values_text() {
        assert_eq!(key_text(&json!(12)), "12");
        assert_eq!(key_text(&json!("São Paulo/Centro")), "São Paulo/Centro");
        assert_eq!(key_text(&json!("")), NO_VALUE);
        assert_eq!(key_text(&json!(null)), NO_VALUE);
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
            let values = set.values(&record);
            assert_eq!(set.folder(&values), folder, "{record}");
        }
        assert_eq!(set.unplaced.clinic, 2);
    }
}
