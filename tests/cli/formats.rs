//! Output formats: JSON when no terminal reads the output, a table when asked, CSV that Excel reads
//! without running formulas.

use serde_json::Value;

use crate::common::*;

#[test]
fn excel_csv_guards_formulas_and_output_file_is_atomic() {
    let env = Env::new();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ficha.csv");
    std::fs::write(&path, "old").unwrap();
    env.run_ok(
        &[
            FICHA_ALL,
            &[
                "--limit",
                "1000",
                "--excel",
                "--format",
                "csv",
                "-o",
                arg(&path),
            ][..],
        ]
        .concat(),
    );
    let bytes = std::fs::read(&path).unwrap();
    assert!(bytes.starts_with(b"\xEF\xBB\xBF"), "BOM");
    let text = String::from_utf8(bytes[3..].to_vec()).unwrap();
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(b';')
        .from_reader(text.as_bytes());
    let mut rows = 0;
    for rec in reader.records() {
        let rec = rec.unwrap();
        rows += 1;
        for cell in rec.iter() {
            assert!(
                !cell.starts_with(['=', '+', '-', '@']),
                "unguarded cell {cell:?}"
            );
        }
    }
    assert_eq!(rows, 1000);
    assert!(
        text.contains(";'="),
        "the sandbox's hostile cells should appear guarded"
    );
    // A failing run leaves the previous file untouched and no temporary beside it.
    exited(
        env.run_with(
            &[("CLINIC_TOKEN", "bad")],
            &["report", "ficha-financeira", "--all", "-o", arg(&path)],
        ),
        3,
    );
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
    assert!(std::fs::read(&path).unwrap().starts_with(b"\xEF\xBB\xBF"));
}

#[test]
fn table_is_the_default_on_no_terminal_json() {
    let env = Env::new();
    let out = env.run(&["ref", "clinics"]);
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v.is_array());
    let out = env.run(&["ref", "clinics", "--format", "table"]);
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.lines().count() >= 3, "{text}");
}
