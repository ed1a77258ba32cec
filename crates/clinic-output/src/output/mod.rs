//! Formatting records into bytes: table, JSON, NDJSON, CSV, TSV and xlsx workbooks, into stdout or
//! an atomically replaced file.
//!
//! This is the bottom of the data flow: records (`serde_json::Value`) come in, bytes go out, and
//! nothing here knows about the API. Memory stays flat however many records pass: JSON streams,
//! and formats that need every column before the first row (csv, tsv, xlsx, table without
//! `--columns`) keep rows on disk beyond a small bound.

pub mod bars;
pub mod chart;
mod collect;
mod columns;
mod dataset;
mod delimited;
mod display;
mod escaping;
mod fit;
mod flatten;
mod folder_names;
mod json;
mod numbers;
mod packed;
mod parquet;
mod partition;
mod raw_leaves;
mod reindent;
mod single;
mod sink;
mod spec;
mod spill;
mod streamed;
mod table;
mod tabular;
mod titles;
mod xlsx;

use std::io::Write;

pub use crate::format::{Format, UnknownFormat};

use crate::error::OutputError;

use crate::record::RawRecord;
use serde_json::Value;

use sink::Sink;

pub use fit::wrap;
pub use flatten::{Scalar, cell_text, column_of_key};
// A database mirror types its columns as a Parquet file does.
pub use numbers::{When, filter_day, moment_in, utc_day, when};
pub use parquet::Kind as ColumnType;
pub use parquet::{decimal_of, kind_of};
use partition::Partitioned;
use single::{Single, screen};
use spec::MEMORY_ROWS;
pub use spec::{Finished, OutputSpec, Partitioning, Shape, Unplaced};

/// A formatter bound to its sink. Records go in one at a time with [`Output::write`];
/// [`Output::finish`] completes the output.
///
/// What an empty list gives: `[]` for json, nothing for ndjson, a header only for csv/tsv with
/// `--columns` or `OutputSpec::empty_columns` (xlsx and Parquet get those columns too) and nothing
/// without, and **nothing at all for table** — the caller says
/// "no records" on stderr itself.
///
/// Dropping an `Output` without `finish` leaves no file under the `-o` name (the temporary file is
/// removed and a pre-existing file is untouched); bytes already sent to stdout stay sent. With
/// `--partition-by`, `-o` is a dataset's folder and each partition gets a file of its own (see
/// `partition`).
pub struct Output(Inner);

enum Inner {
    One(Box<Single>),
    Parts(Box<Partitioned>),
}

impl Output {
    /// Whether `spec` can be written, as far as can be told before anything is fetched (a dataset's
    /// folder and format).
    pub fn check(spec: &OutputSpec) -> Result<(), OutputError> {
        match spec.partition {
            Some(_) => partition::check(spec).map(|_| ()),
            None => Ok(()),
        }
    }

    /// Opens the sink: `stdout` unless `spec.path` is set, in which case a temporary file is
    /// created beside it now (so an unwritable directory fails before any request is made).
    pub fn open(
        spec: &OutputSpec,
        shape: Shape,
        stdout: Box<dyn Write + Send>,
    ) -> Result<Output, OutputError> {
        Self::open_preferring(spec, shape, stdout, None)
    }

    /// [`Output::open`] for a list whose records are too wide for a terminal: a table on a terminal
    /// (a `width`, no `--columns`, no file) shows only the `preferred` columns the records have —
    /// when at least two of them are there — and [`Finished::hidden_columns`] counts the rest. Every
    /// other format and destination still gets every column.
    pub fn open_preferring(
        spec: &OutputSpec,
        shape: Shape,
        stdout: Box<dyn Write + Send>,
        preferred: Option<&[&str]>,
    ) -> Result<Output, OutputError> {
        if let Some(by) = spec.partition.as_ref().filter(|_| shape == Shape::List) {
            return Ok(Output(Inner::Parts(Box::new(Partitioned::open(spec, by)?))));
        }
        Single::open(spec, shape, stdout, preferred, MEMORY_ROWS)
            .map(|s| Output(Inner::One(Box::new(s))))
    }

    /// Adds `key` to a dataset's manifest; nothing for any other output.
    pub fn annotate(&mut self, key: &str, value: Value) {
        if let Inner::Parts(parts) = &mut self.0 {
            parts.annotate(key, value);
        }
    }

    /// Whether the dataset in `spec`'s folder holds a run `--resume` could take up.
    pub fn check_resumable(spec: &OutputSpec) -> Result<(), OutputError> {
        partition::check_resumable(spec)
    }

    /// The clinics already in the dataset in `spec`'s folder for the export `command` names, for
    /// `--resume` (see `partition::finished_clinics`).
    pub fn finished_clinics(spec: &OutputSpec, command: &Value) -> Result<Vec<u64>, OutputError> {
        partition::finished_clinics(spec, command)
    }

    pub fn write(&mut self, record: &Value) -> Result<(), OutputError> {
        match &mut self.0 {
            Inner::One(one) => one.write(record),
            Inner::Parts(parts) => parts.write(record),
        }
    }

    /// Sends the records written so far on to stdout or the file (a dataset's parts are whole only
    /// at the end, and wait for it).
    pub fn flush(&mut self) -> Result<(), OutputError> {
        match &mut self.0 {
            Inner::One(one) => one.flush().map_err(OutputError::Io),
            Inner::Parts(_) => Ok(()),
        }
    }

    /// Writes a record given as JSON text. NDJSON without `--columns` copies the text as it is (a
    /// record spread over several lines is re-encoded on one); every other format reads it first.
    pub fn write_raw(&mut self, record: &RawRecord) -> Result<(), OutputError> {
        match &mut self.0 {
            Inner::One(one) => one.write_raw(record),
            Inner::Parts(parts) => parts.write_raw(record),
        }
    }

    /// Writes what only the end can write (closing `]`, discovered columns, last table block),
    /// flushes, and for `-o` renames the temporary file onto the final name (for a dataset, every
    /// file, then its manifest). Returns how many records were written.
    pub fn finish(self) -> Result<u64, OutputError> {
        self.finish_counted().map(|f| f.written)
    }

    /// [`Output::finish`], also telling how many columns a narrowed table left out.
    pub fn finish_counted(self) -> Result<Finished, OutputError> {
        match self.0 {
            Inner::One(one) => one.finish_counted(),
            Inner::Parts(parts) => parts.finish().map(|(written, unplaced)| Finished {
                written,
                unplaced,
                ..Finished::default()
            }),
        }
    }
}

/// Writes a body that is not JSON (e.g. a `text/plain` answer) as it is, by the same sink rules:
/// stdout, or `spec.path` replaced atomically. The format options do not apply.
pub fn write_raw(
    spec: &OutputSpec,
    bytes: &[u8],
    stdout: Box<dyn Write + Send>,
) -> Result<(), OutputError> {
    let mut sink = Sink::open(spec.path.as_deref(), screen(spec, stdout))?;
    sink.writer().write_all(bytes).map_err(|e| sink.error(e))?;
    sink.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;
    use std::io;
    use std::sync::{Arc, Mutex};

    /// Stdout stand-in whose bytes stay readable after the `Output` that owned it is gone.
    #[derive(Clone, Default)]
    struct SharedBuf(Arc<Mutex<Vec<u8>>>);

    impl Write for SharedBuf {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    impl SharedBuf {
        fn text(&self) -> String {
            String::from_utf8(self.0.lock().unwrap().clone()).unwrap()
        }
    }

    fn spec(format: Format) -> OutputSpec {
        OutputSpec::plain(format)
    }

    fn with_columns(format: Format, columns: &[&str]) -> OutputSpec {
        OutputSpec {
            columns: Some(columns.iter().map(|c| c.to_string()).collect()),
            ..spec(format)
        }
    }

    fn render(spec: &OutputSpec, shape: Shape, records: &[Value]) -> String {
        let stdout = SharedBuf::default();
        let mut output = Output::open(spec, shape, Box::new(stdout.clone())).unwrap();
        for record in records {
            output.write(record).unwrap();
        }
        assert_eq!(output.finish().unwrap(), records.len() as u64);
        stdout.text()
    }

    /// Differing key sets, nesting, arrays, nulls, a bare value and hostile text.
    fn records() -> Vec<Value> {
        vec![
            json!({"id": 1, "nome": "José \"Zé\", da Silva", "endereco": {"cidade": "São Paulo", "geo": {"lat": -23.5}}, "tags": ["vip", "novo"]}),
            json!({"id": 2, "nome": "=HYPERLINK(\"x\")", "obs": "linha 1\nlinha 2\ttab", "endereco": null, "ativo": false}),
            json!({"nome": "@user", "extra": {"a": null}, "saldo": "-10,50", "cmd": "+1-1", "menos": "-x"}),
            json!(42),
        ]
    }

    #[test]
    fn csv_columns_are_the_union_in_first_seen_order_with_flattened_cells() {
        let text = render(&spec(Format::Csv), Shape::List, &records());
        assert_eq!(
            text,
            "id,nome,endereco.cidade,endereco.geo.lat,tags,obs,endereco,ativo,extra.a,saldo,cmd,menos,value\n\
             1,\"José \"\"Zé\"\", da Silva\",São Paulo,-23.5,\"[\"\"vip\"\",\"\"novo\"\"]\",,,,,,,,\n\
             2,\"=HYPERLINK(\"\"x\"\")\",,,,\"linha 1\nlinha 2\ttab\",,false,,,,,\n\
             ,@user,,,,,,,,\"-10,50\",+1-1,-x,\n\
             ,,,,,,,,,,,,42\n"
        );
    }

    #[test]
    fn csv_for_excel_has_bom_semicolons_and_guards_every_risky_cell() {
        let spec = OutputSpec {
            excel: true,
            ..with_columns(
                Format::Csv,
                &["nome", "saldo", "cmd", "menos", "endereco.geo.lat"],
            )
        };
        let text = render(&spec, Shape::List, &records());
        assert_eq!(
            text,
            "\u{feff}nome;saldo;cmd;menos;endereco.geo.lat\n\
             \"José \"\"Zé\"\", da Silva\";;;;-23,5\n\
             \"'=HYPERLINK(\"\"x\"\")\";;;;\n\
             '@user;-10,50;'+1-1;'-x;\n\
             ;;;;\n"
        );
    }

    #[test]
    fn tsv_keeps_every_record_on_one_line() {
        let spec = with_columns(Format::Tsv, &["id", "obs", "tags"]);
        let text = render(&spec, Shape::List, &records());
        assert_eq!(
            text,
            "id\tobs\ttags\n1\t\t[\"vip\",\"novo\"]\n2\tlinha 1\\nlinha 2\\ttab\t\n\t\t\n\t\t\n"
        );
    }

    #[test]
    fn columns_select_and_order_including_dotted_and_whole_objects() {
        let spec = with_columns(Format::Csv, &["endereco.cidade", "id", "extra", "value"]);
        let text = render(&spec, Shape::List, &records());
        assert_eq!(
            text,
            "endereco.cidade,id,extra,value\nSão Paulo,1,,\n,2,,\n,,\"{\"\"a\"\":null}\",\n,,,42\n"
        );
    }

    #[test]
    fn an_empty_list_gives_a_header_only_with_columns_and_nothing_without() {
        assert_eq!(render(&spec(Format::Csv), Shape::List, &[]), "");
        assert_eq!(render(&spec(Format::Tsv), Shape::List, &[]), "");
        assert_eq!(
            render(&with_columns(Format::Csv, &["a", "b.c"]), Shape::List, &[]),
            "a,b.c\n"
        );
        assert_eq!(render(&spec(Format::Ndjson), Shape::List, &[]), "");
        assert_eq!(render(&spec(Format::Table), Shape::List, &[]), "");
        assert_eq!(
            render(&with_columns(Format::Table, &["a"]), Shape::List, &[]),
            ""
        );
    }

    #[test]
    fn json_list_is_one_valid_array_of_the_records_unflattened() {
        let text = render(&spec(Format::Json), Shape::List, &records());
        let parsed: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(parsed, Value::Array(records()));
        assert!(text.starts_with("[\n  {\n    \"id\": 1,\n"), "{text}");
        assert!(text.ends_with("\n  42\n]\n"), "{text}");
        let empty = render(&spec(Format::Json), Shape::List, &[]);
        assert_eq!(serde_json::from_str::<Value>(&empty).unwrap(), json!([]));
    }

    #[test]
    fn json_single_is_the_object_and_honours_columns() {
        let record = json!({"id": 9, "a": {"b": 1, "c": 2}});
        let text = render(
            &spec(Format::Json),
            Shape::Single,
            std::slice::from_ref(&record),
        );
        assert_eq!(
            text,
            "{\n  \"id\": 9,\n  \"a\": {\n    \"b\": 1,\n    \"c\": 2\n  }\n}\n"
        );
        let text = render(
            &with_columns(Format::Json, &["a.c", "id"]),
            Shape::Single,
            &[record],
        );
        assert_eq!(text, "{\n  \"a.c\": 2,\n  \"id\": 9\n}\n");
    }

    #[test]
    fn ndjson_is_one_compact_line_per_record() {
        let text = render(&spec(Format::Ndjson), Shape::List, &records());
        let lines: Vec<Value> = text
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        assert_eq!(lines, records());
        assert_eq!(text.matches('\n').count(), 4);
    }

    #[test]
    fn table_list_has_every_discovered_column() {
        let records = [
            json!({"id": 1, "a": {"b": "x"}}),
            json!({"id": 2, "c": [1]}),
        ];
        let text = render(&spec(Format::Table), Shape::List, &records);
        assert_eq!(
            text,
            "+----+-----+-----+\n\
             | id | a.b | c   |\n\
             +================+\n\
             |  1 | x   |     |\n\
             |  2 |     | [1] |\n\
             +----+-----+-----+\n"
        );
    }

    #[test]
    fn table_single_is_vertical_and_fits_the_width() {
        let record = json!({"id": 7, "nota": "palavra ".repeat(30), "a": {"b": null}});
        let spec = OutputSpec {
            width: Some(50),
            ..spec(Format::Table)
        };
        let text = render(&spec, Shape::Single, &[record]);
        assert!(text.starts_with("+-------+"), "{text}");
        assert!(text.contains("| field | value"), "{text}");
        assert!(text.contains("| a.b   |"), "{text}");
        assert_eq!(text.matches("palavra").count(), 30);
        assert!(
            text.lines().all(|line| line.chars().count() <= 50),
            "{text}"
        );
    }

    #[test]
    fn an_output_can_move_between_threads() {
        fn assert_send<T: Send>() {}
        assert_send::<Output>();
    }

    #[test]
    fn a_single_answer_refuses_a_second_record() {
        let mut output =
            Output::open(&spec(Format::Json), Shape::Single, Box::new(io::sink())).unwrap();
        output.write(&json!({"a": 1})).unwrap();
        assert!(matches!(
            output.write(&json!({"a": 2})),
            Err(OutputError::SecondRecord)
        ));
    }

    #[test]
    fn format_names_parse_case_insensitively_and_errors_list_the_choices() {
        assert_eq!("NDJSON".parse::<Format>().unwrap(), Format::Ndjson);
        assert_eq!(" tsv ".parse::<Format>().unwrap(), Format::Tsv);
        let error = "xml".parse::<Format>().unwrap_err();
        assert_eq!(
            error.to_string(),
            "unknown format `xml`: expected one of table, json, ndjson, csv, tsv, xlsx"
        );
        assert_eq!(Format::Csv.to_string(), "csv");
        assert_eq!(serde_json::to_string(&Format::Table).unwrap(), "\"table\"");
    }

    struct ClosedPipe;

    impl Write for ClosedPipe {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::Error::from(io::ErrorKind::BrokenPipe))
        }
        fn flush(&mut self) -> io::Result<()> {
            Err(io::Error::from(io::ErrorKind::BrokenPipe))
        }
    }

    #[test]
    fn a_closed_stdout_is_reported_as_a_broken_pipe() {
        let mut output =
            Output::open(&spec(Format::Ndjson), Shape::List, Box::new(ClosedPipe)).unwrap();
        output.write(&json!({"a": 1})).unwrap();
        let error = output.finish().unwrap_err();
        assert!(error.is_broken_pipe(), "{error:?}");
        let other = OutputError::Io(io::Error::other("disk"));
        assert!(!other.is_broken_pipe());
    }

    fn entries(dir: &std::path::Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_file_appears_only_at_finish_with_all_content_and_no_temp_left() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ficha.csv");
        let spec = OutputSpec {
            path: Some(path.clone()),
            ..spec(Format::Csv)
        };
        let stdout = SharedBuf::default();
        let mut output = Output::open(&spec, Shape::List, Box::new(stdout.clone())).unwrap();
        output.write(&json!({"a": 1, "b": {"c": "x"}})).unwrap();
        assert!(!path.exists());
        assert_eq!(output.finish().unwrap(), 1);
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "a,b.c\n1,x\n");
        assert_eq!(entries(dir.path()), ["ficha.csv"]);
        assert_eq!(stdout.text(), "");
    }

    #[test]
    fn dropping_before_finish_leaves_no_file_and_an_old_file_untouched() {
        let dir = tempfile::tempdir().unwrap();
        let fresh = dir.path().join("new.json");
        let old = dir.path().join("old.json");
        std::fs::write(&old, "previous").unwrap();
        for path in [&fresh, &old] {
            let spec = OutputSpec {
                path: Some(path.clone()),
                ..spec(Format::Json)
            };
            let mut output = Output::open(&spec, Shape::List, Box::new(io::sink())).unwrap();
            output.write(&json!({"big": "x".repeat(200_000)})).unwrap();
            drop(output);
        }
        assert!(!fresh.exists());
        assert_eq!(std::fs::read_to_string(&old).unwrap(), "previous");
        assert_eq!(entries(dir.path()), ["old.json"]);
    }

    #[cfg(unix)]
    #[test]
    fn replacing_a_file_keeps_its_permissions() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("out.txt");
        std::fs::write(&path, "old").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
        let spec = OutputSpec {
            path: Some(path.clone()),
            ..spec(Format::Table)
        };
        write_raw(&spec, b"new body", Box::new(io::sink())).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "new body");
        let mode = std::fs::metadata(&path).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o640);
        assert_eq!(entries(dir.path()), ["out.txt"]);
    }

    #[test]
    fn raw_bodies_go_to_stdout_unchanged() {
        let stdout = SharedBuf::default();
        write_raw(
            &spec(Format::Csv),
            "olá\n=1".as_bytes(),
            Box::new(stdout.clone()),
        )
        .unwrap();
        assert_eq!(stdout.text(), "olá\n=1");
    }

    #[test]
    fn a_file_in_a_missing_directory_fails_at_open_and_names_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("missing").join("out.csv");
        let spec = OutputSpec {
            path: Some(path.clone()),
            ..spec(Format::Csv)
        };
        let Err(error) = Output::open(&spec, Shape::List, Box::new(io::sink())) else {
            panic!("opening under a missing directory must fail");
        };
        assert!(matches!(&error, OutputError::File { path: p, .. } if *p == path));
        assert!(error.to_string().contains("out.csv"), "{error}");
    }

    /// Stdout that keeps only the first bytes and counts the rest, like a pipe into `wc`.
    #[derive(Clone, Default)]
    struct Counting {
        head: Arc<Mutex<Vec<u8>>>,
        tail: Arc<Mutex<Vec<u8>>>,
        bytes: Arc<Mutex<u64>>,
        lines: Arc<Mutex<u64>>,
    }

    impl Write for Counting {
        fn write(&mut self, data: &[u8]) -> io::Result<usize> {
            let mut head = self.head.lock().unwrap();
            let room = 4096usize.saturating_sub(head.len());
            head.extend_from_slice(&data[..room.min(data.len())]);
            let mut tail = self.tail.lock().unwrap();
            tail.extend_from_slice(data);
            let excess = tail.len().saturating_sub(4096);
            tail.drain(..excess);
            *self.bytes.lock().unwrap() += data.len() as u64;
            *self.lines.lock().unwrap() += data.iter().filter(|&&b| b == b'\n').count() as u64;
            Ok(data.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_long_walk_to_a_csv_file_gets_a_column_that_comes_last() {
        const RECORDS: u64 = 200_000;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("ficha.csv");
        let spec = OutputSpec {
            path: Some(path.clone()),
            ..spec(Format::Csv)
        };
        let mut output = Output::open(&spec, Shape::List, Box::new(io::sink())).unwrap();
        let mut expected_bytes = "id,nome,late\n".len() as u64;
        for id in 0..RECORDS {
            let record = if id == RECORDS - 1 {
                json!({"id": id, "nome": "último", "late": "x"})
            } else {
                json!({"id": id, "nome": "a,b"})
            };
            output.write(&record).unwrap();
            expected_bytes += if id == RECORDS - 1 {
                format!("{id},último,x\n").len()
            } else {
                format!("{id},\"a,b\",\n").len()
            } as u64;
        }
        assert_eq!(output.finish().unwrap(), RECORDS);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(
            text.starts_with("id,nome,late\n0,\"a,b\",\n1,\"a,b\",\n"),
            "{}",
            &text[..100]
        );
        assert!(text.ends_with("199998,\"a,b\",\n199999,último,x\n"));
        assert_eq!(text.lines().count() as u64, RECORDS + 1);
        assert_eq!(text.len() as u64, expected_bytes);
        // Only the finished file is left.
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    }

    #[test]
    fn csv_on_stdout_streams_and_stops_loudly_at_a_column_the_header_lacks() {
        let stdout = Counting::default();
        let mut output = Single::open(
            &spec(Format::Csv),
            Shape::List,
            Box::new(stdout.clone()),
            None,
            MEMORY_ROWS,
        )
        .unwrap();
        for id in 0..5000u64 {
            output.write(&json!({"id": id, "nome": "a"})).unwrap();
        }
        // Rows went out long before the end: nothing waits for the last record.
        output.flush().unwrap();
        assert!(*stdout.lines.lock().unwrap() > 4000);
        let e = output
            .write(&json!({"id": 5000, "nome": "a", "late": "x"}))
            .unwrap_err();
        assert!(
            matches!(&e, OutputError::NewColumns(n) if n.record == 5001 && n.columns == ["late"]),
            "{e}"
        );
        let text = e.to_string();
        assert!(text.contains("--columns") && text.contains("-o"), "{text}");
    }

    #[test]
    fn a_long_walk_to_a_table_renders_blocks_with_the_full_header() {
        let records: Vec<Value> = (0..2500)
            .map(|id| {
                if id == 2400 {
                    json!({"id": id, "late": 1})
                } else {
                    json!({"id": id})
                }
            })
            .collect();
        let text = render(&spec(Format::Table), Shape::List, &records);
        let cells =
            |line: &str| -> Vec<String> { line.split('|').map(|c| c.trim().to_owned()).collect() };
        let lines: Vec<Vec<String>> = text.lines().map(cells).collect();
        let header = ["", "id", "late", ""];
        assert_eq!(
            lines.iter().filter(|l| *l == &header).count(),
            3,
            "one header per block of 1000"
        );
        assert!(lines.iter().any(|l| *l == ["", "2400", "1", ""]));
        assert!(lines.iter().any(|l| *l == ["", "0", "", ""]));
        assert!(lines.iter().any(|l| *l == ["", "2499", "", ""]));
    }
}
