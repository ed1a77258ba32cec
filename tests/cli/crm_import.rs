//! `clinic crm contact import`: every row created exactly once through stops, resumes, lost answers
//! and a journal another run holds.

use clinic_sandbox::Options;
use serde_json::Value;

use crate::common::*;

/// An import stopped by a crash halfway is run again with its journal: every new row is created
/// exactly once (one deal each, whatever was in flight at the crash), rows whose phone the CRM held
/// are skipped, and the lookups go fifty to a `batch` request.
#[test]
fn a_crm_import_stopped_halfway_resumes_and_creates_every_row_exactly_once() {
    let env = Env::with(Options {
        crm_rate_limit: 0,
        latency_ms: 15,
        ..Options::ephemeral()
    });
    config_set(&env, "units", &clinic_sandbox::crm::UNITS.join(";"));
    let existing: Vec<String> = env.crm_ids("crm.contact.list")[..10]
        .iter()
        .map(|id| {
            env.crm_get("crm.contact.get", *id)["PHONE"][0]["VALUE"]
                .as_str()
                .unwrap()
                .to_string()
        })
        .collect();
    let dir = tempfile::tempdir().unwrap();
    let (file, journal) = (
        dir.path().join("leads.csv"),
        dir.path().join("leads.journal"),
    );
    std::fs::write(&file, crm_import_file(200, &existing)).unwrap();
    let deals_before = env.stats()["crm_deals"].as_u64().unwrap();

    env.clear_journal();
    let mut child = process_for(env.config.path(), env.sandbox.urls())
        .env("CLINIC_WEBHOOK_ID", clinic_sandbox::WEBHOOK_ID)
        .args(["crm", "contact", "import"])
        .arg(&file)
        .arg("--journal")
        .arg(&journal)
        .args(["--format", "ndjson", "--concurrency", "4"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while env.stats()["crm_deals"].as_u64().unwrap() < deals_before + 80 {
        assert!(
            started.elapsed().as_secs() < 60,
            "the import made no progress"
        );
        assert!(
            child.try_wait().unwrap().is_none(),
            "the import ended early"
        );
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let after_crash = env.stats()["crm_deals"].as_u64().unwrap() - deals_before;
    assert!(after_crash < 200, "the crash came before the end");
    assert_eq!(calls_to(&env, "/batch"), 9, "420 lookups, 50 a request");

    let out = run_crm_import(&env, &file, &journal, &["--format", "ndjson"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let rows: Vec<Value> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 210);
    let status = |r: &Value| {
        format!(
            "{}{}",
            r["status"].as_str().unwrap(),
            r["reason"]
                .as_str()
                .map(|s| format!(":{s}"))
                .unwrap_or_default()
        )
    };
    for (i, row) in rows.iter().enumerate() {
        assert_eq!(row["row"], i + 2, "rows in the file's order");
        if i >= 200 {
            assert_eq!(status(row), "skipped:exists", "{row}");
        }
    }
    let created = rows.iter().filter(|r| r["status"] == "created").count();
    let earlier = rows
        .iter()
        .filter(|r| status(r) == "skipped:journal")
        .count();
    let in_flight = rows[..200]
        .iter()
        .filter(|r| status(r) == "skipped:exists")
        .count();
    assert_eq!(created + earlier + in_flight, 200, "{rows:?}");
    assert!(
        earlier >= 70,
        "{earlier} rows recorded as created before the crash"
    );
    assert!(
        stderr(&out).contains(&format!("{created} created, {} skipped", 210 - created)),
        "{}",
        stderr(&out)
    );
    // One deal for each new row: none sent twice, none lost, none for the contacts that existed.
    assert_eq!(
        env.stats()["crm_deals"].as_u64().unwrap() - deals_before,
        200
    );
    assert_eq!(calls_to(&env, "/automation/webhook/sandbox"), created);
    assert_eq!(calls_to(&env, "crm.duplicate.findbycomm"), 0);
    let looked_up = 210 - earlier;
    assert_eq!(calls_to(&env, "/batch"), (2 * looked_up).div_ceil(50));

    // A third run sends nothing.
    let again = run_crm_import(&env, &file, &journal, &[]);
    assert!(again.status.success(), "{}", stderr(&again));
    assert_eq!(calls_to(&env, "/automation/webhook/sandbox"), 0);
}

/// Every row is checked before anything is sent, and the whole list of problems is given at once.
#[test]
fn a_crm_import_with_a_bad_row_sends_nothing() {
    let env = crm_env();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("leads.csv");
    let mut csv = crm_import_file(3, &[]);
    csv.push_str("Só;16;nada;;;tiktok\n");
    csv.push_str("Pessoa Repetida;16980000001;outra@example.com;PE Recife;7;facebook\n");
    std::fs::write(&file, csv).unwrap();
    env.clear_journal();
    let out = exited(env.run_crm(&["crm", "contact", "import", arg(&file)]), 2);
    let err = stderr(&out);
    assert!(
        err.contains("2 of the rows are invalid; nothing was sent"),
        "{err}"
    );
    assert!(err.contains(r#"row 5: invalid name: got "Só""#), "{err}");
    assert!(
        err.contains("row 6: the same phone or e-mail as row 3"),
        "{err}"
    );
    assert!(env.sent().is_empty(), "{:?}", env.sent());

    // Without a unit column or --unit, the file is refused by its header.
    std::fs::write(&file, "nome,telefone,email,campanha,utm_source\n").unwrap();
    let out = exited(env.run_crm(&["crm", "contact", "import", arg(&file)]), 2);
    assert!(
        stderr(&out).contains("expected columns for unit (see `clinic crm contact import --help`)"),
        "{}",
        stderr(&out)
    );
}

/// A row the journal says was sent, whose answer never came, is looked up before anything is sent
/// again: the one the CRM holds is not sent twice, the one it lacks is sent.
#[test]
fn a_crm_import_looks_a_row_sent_without_an_answer_up_before_sending_it_again() {
    let env = crm_env();
    let dir = tempfile::tempdir().unwrap();
    let (file, journal) = (
        dir.path().join("leads.csv"),
        dir.path().join("leads.journal"),
    );
    std::fs::write(&file, crm_import_file(3, &[])).unwrap();
    // Row 2 reached the automation before the answer was lost; row 3 never left.
    env.run_crm_ok(&[
        "crm",
        "contact",
        "create",
        "--full-name",
        "Pessoa 0 Importada",
        "--phone",
        "16980000000",
        "--email",
        "pessoa0@example.com",
        "--campaign-id",
        "12",
        "--utm-source",
        "whatsapp",
        "--unit",
        clinic_sandbox::crm::UNITS[0],
        "--if-exists",
        "create",
    ]);
    std::fs::write(
        &journal,
        concat!(
            r#"{"key":"5516980000000|pessoa0@example.com","row":2,"state":"sending","id":null}"#,
            "\n",
            r#"{"key":"5516980000001|pessoa1@example.com","row":3,"state":"sending","id":null}"#,
            "\n",
        ),
    )
    .unwrap();
    let deals_before = env.stats()["crm_deals"].as_u64().unwrap();
    // Without lookups, rows in doubt are left unknown (exit 5), and only the new row is sent.
    let blind = run_crm_import(
        &env,
        &file,
        &journal,
        &["--if-exists", "create", "--format", "ndjson"],
    );
    assert_eq!(blind.status.code(), Some(5), "{}", stderr(&blind));
    assert!(
        stderr(&blind)
            .contains("2 rows were sent but whether they were created is unknown (rows 2, 3)"),
        "{}",
        stderr(&blind)
    );
    assert_eq!(calls_to(&env, "/automation/webhook/sandbox"), 1);
    // With lookups (the default), row 2 is found and row 3 is sent.
    let out = run_crm_import(&env, &file, &journal, &["--format", "ndjson"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let statuses: Vec<String> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| {
            let r: Value = serde_json::from_str(l).unwrap();
            format!("{} {}", r["row"], r["status"].as_str().unwrap())
        })
        .collect();
    assert_eq!(statuses, ["2 skipped", "3 created", "4 skipped"]);
    assert_eq!(calls_to(&env, "/automation/webhook/sandbox"), 1);
    assert_eq!(env.stats()["crm_deals"].as_u64().unwrap(), deals_before + 2);
}

/// A CRM import whose journal another import holds waits for it, sending nothing meanwhile, and then
/// runs; with `--no-wait` it stops at once (exit 1), naming the journal, and sends nothing.
#[test]
fn a_crm_import_waits_for_another_holding_its_journal_or_stops_with_no_wait() {
    let env = Env::with(Options {
        crm_rate_limit: 0,
        ..Options::ephemeral()
    });
    config_set(&env, "units", &clinic_sandbox::crm::UNITS.join(";"));
    let dir = tempfile::tempdir().unwrap();
    let (file, journal) = (
        dir.path().join("leads.csv"),
        dir.path().join("leads.journal"),
    );
    std::fs::write(&file, crm_import_file(5, &[])).unwrap();
    let lock = std::fs::File::create(dir.path().join("leads.journal.lock")).unwrap();
    let mut other = fd_lock::RwLock::new(lock);
    let held = other.write().unwrap();

    let out = run_crm_import(&env, &file, &journal, &["--no-wait"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("another import is using the journal")
            && stderr(&out).contains("leads.journal"),
        "{}",
        stderr(&out)
    );
    assert_eq!(calls_to(&env, "/automation/webhook/sandbox"), 0);
    assert!(!journal.exists());

    env.clear_journal();
    let waiting = process_for(env.config.path(), env.sandbox.urls())
        .env("CLINIC_WEBHOOK_ID", clinic_sandbox::WEBHOOK_ID)
        .args(["crm", "contact", "import"])
        .arg(&file)
        .arg("--journal")
        .arg(&journal)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(std::time::Duration::from_millis(700));
    assert_eq!(
        calls_to(&env, "/automation/webhook/sandbox"),
        0,
        "sent while the journal was held"
    );
    drop(held);
    let out = finished_ok(waiting);
    assert!(
        stderr(&out).contains("waiting for it to end"),
        "{}",
        stderr(&out)
    );
    assert_eq!(calls_to(&env, "/automation/webhook/sandbox"), 5);
}
