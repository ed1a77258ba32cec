//! The harness: a real sandbox on an ephemeral loopback port per test, a private config directory, and
//! the real `clinic` binary pointed at both.

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use clinic_sandbox::{Options, SandboxThread};
use serde_json::Value;

pub struct Env {
    pub sandbox: SandboxThread,
    pub config: tempfile::TempDir,
    http: reqwest::blocking::Client,
}

impl Env {
    pub fn new() -> Env {
        Env::with(Options::ephemeral())
    }

    pub fn scale(n: u64) -> Env {
        Env::with(Options {
            scale: n,
            ..Options::ephemeral()
        })
    }

    pub fn with(opts: Options) -> Env {
        // The client library is built without a default TLS provider; the tool installs ring, and so do we.
        let _ = rustls::crypto::ring::default_provider().install_default();
        let sandbox = SandboxThread::start(opts).expect("sandbox starts");
        Env {
            sandbox,
            config: tempfile::tempdir().unwrap(),
            http: reqwest::blocking::Client::new(),
        }
    }

    pub fn base_url(&self) -> String {
        self.sandbox.urls().base_url.clone()
    }

    /// `clinic` with only this test's config and hosts, no token.
    pub fn bare(&self) -> Command {
        command_for(self.config.path(), self.sandbox.urls())
    }

    /// `clinic` as a script runs it: no token at hand, an unattended login as the clinic user from
    /// `CLINIC_LOGIN`/`CLINIC_PASSWORD`, renewed the same way, the token kept in the file store.
    #[allow(dead_code)]
    pub fn unattended(&self) -> Command {
        Command::from_std(self.unattended_process())
    }

    /// [`Env::unattended`] as a plain process.
    #[allow(dead_code)]
    pub fn unattended_process(&self) -> std::process::Command {
        let mut cmd = process_for(self.config.path(), self.sandbox.urls());
        cmd.env("CLINIC_LOGIN", clinic_sandbox::CLINIC_LOGIN)
            .env("CLINIC_PASSWORD", clinic_sandbox::CLINIC_PASSWORD)
            .env("CLINIC_CREDENTIAL_STORE", "file");
        cmd
    }

    /// `clinic` keeping secrets in the 0600 file store, with no `CLINIC_TOKEN`.
    pub fn file_store(&self) -> Command {
        let mut cmd = self.bare();
        cmd.env("CLINIC_CREDENTIAL_STORE", "file");
        cmd
    }

    /// `clinic login` as the clinic user into the file store, with the password as its input.
    pub fn login_to_file(&self) -> std::process::Output {
        self.file_store()
            .args(LOGIN_TO_FILE)
            .write_stdin("unidade1\n")
            .output()
            .unwrap()
    }

    /// Stops the server but keeps the configuration and cache: the network is down.
    pub fn stop(self) -> Stopped {
        let urls = self.sandbox.urls().clone();
        drop(self.sandbox);
        Stopped {
            config: self.config,
            urls,
        }
    }

    /// `clinic` logged in as the clinic user (through `CLINIC_TOKEN`).
    pub fn clinic(&self) -> Command {
        let mut cmd = self.bare();
        cmd.env("CLINIC_TOKEN", self.token("unidade1", "unidade1"));
        cmd
    }

    /// `clinic` logged in as admin_master.
    pub fn admin(&self) -> Command {
        let mut cmd = self.bare();
        cmd.env("CLINIC_TOKEN", self.token("admin", "admin"));
        cmd
    }

    /// A fresh token straight from the sandbox (wherever its dialect puts it).
    pub fn token(&self, login: &str, password: &str) -> String {
        let v: Value = self
            .http
            .post(format!("{}/loginApi", self.base_url()))
            .json(&serde_json::json!({"login": login, "password": password}))
            .send()
            .unwrap()
            .json()
            .unwrap();
        match clinic::api::envelope::token(&v) {
            Ok(found) => found.token.expose().to_string(),
            Err(e) => panic!("no token in {v}: {e:?}"),
        }
    }

    /// What the sandbox received, oldest first (the test's own logins included).
    pub fn journal(&self) -> Vec<Value> {
        let addr = self.sandbox.addr();
        self.http
            .get(format!("http://{addr}/__sandbox/requests"))
            .send()
            .unwrap()
            .json()
            .unwrap()
    }

    /// The journal without logins and inspection calls: what the command sent.
    pub fn sent(&self) -> Vec<Value> {
        self.journal()
            .into_iter()
            .filter(|r| !is_to(r, "/loginApi"))
            .collect()
    }

    /// The writes the command sent: the journal's POST requests, oldest first.
    #[allow(dead_code)]
    pub fn posts(&self) -> Vec<Value> {
        self.sent()
            .into_iter()
            .filter(|r| r["method"] == "POST")
            .collect()
    }

    /// The `Authorization` header of the last request the command sent.
    #[allow(dead_code)]
    pub fn last_authorization(&self) -> Value {
        self.sent().last().expect("a request was sent")["headers"]["authorization"].clone()
    }

    pub fn clear_journal(&self) {
        let addr = self.sandbox.addr();
        self.http
            .delete(format!("http://{addr}/__sandbox/requests"))
            .send()
            .unwrap();
    }

    /// How many quotes the sandbox changes a second from now on (`--churn`).
    #[allow(dead_code)]
    pub fn set_churn(&self, per_second: u32) {
        let addr = self.sandbox.addr();
        let resp = self
            .http
            .post(format!(
                "http://{addr}/__sandbox/churn?per_second={per_second}"
            ))
            .send()
            .unwrap();
        assert!(resp.status().is_success());
    }

    #[allow(dead_code)]
    pub fn stats(&self) -> Value {
        let addr = self.sandbox.addr();
        self.http
            .get(format!("http://{addr}/__sandbox/stats"))
            .send()
            .unwrap()
            .json()
            .unwrap()
    }

    /// A list fetched directly from the sandbox (one big page), to compare the CLI's output with.
    pub fn fetch_all(&self, path: &str, query: &str, token: &str) -> Vec<Value> {
        let mut out = Vec::new();
        for page in 1.. {
            let url = format!(
                "{}{path}?{query}&pagina_atual={page}&por_pagina=1000",
                self.base_url()
            );
            let v: Value = self
                .http
                .get(url)
                .header("Authorization", format!("Bearer {token}"))
                .send()
                .unwrap()
                .json()
                .unwrap();
            let records = match v {
                Value::Array(a) => a,
                Value::Object(mut m) => match m.remove("dados").or_else(|| m.remove("data")) {
                    Some(Value::Array(a)) => a,
                    _ => panic!("no records in {m:?}"),
                },
                other => panic!("unexpected {other}"),
            };
            if records.is_empty() {
                break;
            }
            out.extend(records);
        }
        out
    }
}

/// `clinic login` as the clinic user, the password read from standard input, the token kept in the
/// 0600 file store.
pub const LOGIN_TO_FILE: &[&str] = &[
    "login",
    "--login",
    "unidade1",
    "--password-stdin",
    "--insecure-storage",
];

/// The channel, campaign and clinic a test's new contact is filed under: ID 1 of each.
#[allow(dead_code)]
pub const FILED_UNDER_ONE: &[&str] = &["--channel", "1", "--campaign", "1", "--clinic", "1"];

/// `clinic contact create` that creates the contact even where one has its phone already.
#[allow(dead_code)]
pub const CREATE_ANYWAY: &[&str] = &["contact", "create", "--if-exists", "create"];

/// `clinic contact create` with every field the service requires.
#[allow(dead_code)]
pub const CONTACT_CREATE: &[&str] = &[
    "contact",
    "create",
    "--name",
    "Ana Souza",
    "--phone",
    "(16) 99264-0197",
    "--birth-date",
    "1990-04-23",
    "--channel",
    "1",
    "--campaign",
    "1",
    "--clinic",
    "1",
];

/// `clinic contact create` for Ana up to her birth date (1990-01-01), for tests that vary the rest.
#[allow(dead_code)]
pub const ANA: &[&str] = &[
    "contact",
    "create",
    "--name",
    "Ana",
    "--phone",
    "16992640197",
    "--birth-date",
    "1990-01-01",
];

/// `clinic ref channels` as JSON: a short list, one page, the smallest read a test can ask for.
#[allow(dead_code)]
pub const CHANNELS_JSON: &[&str] = &["ref", "channels", "--format", "json"];

/// `clinic report ficha-financeira`, the Ficha Financeira: the list most tests walk.
#[allow(dead_code)]
pub const FICHA: &[&str] = &["report", "ficha-financeira"];

/// The whole Ficha Financeira, every page.
#[allow(dead_code)]
pub const FICHA_ALL: &[&str] = &["report", "ficha-financeira", "--all"];

/// `clinic report appointments`.
#[allow(dead_code)]
pub const APPOINTMENTS: &[&str] = &["report", "appointments"];

/// `cmd ref clinics` exits 3 and says to log in: what a run with no usable token does.
#[allow(dead_code)]
pub fn asks_to_log_in(mut cmd: Command) {
    cmd.args(["ref", "clinics"])
        .assert()
        .code(3)
        .stderr(predicates::str::contains("clinic login"));
}

/// Runs `cmd` and returns its output, failing the test with its stderr unless it succeeded.
#[allow(dead_code)]
pub fn succeeds(cmd: &mut Command) -> std::process::Output {
    let out = cmd.output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    out
}

/// Whether every request of `entries` went with its token bare, without the `Bearer ` scheme.
#[allow(dead_code)]
pub fn all_sent_bare(entries: &[Value]) -> bool {
    entries.iter().all(|r| {
        !r["headers"]["authorization"]
            .as_str()
            .unwrap()
            .starts_with("Bearer ")
    })
}

/// Runs `cmd` and returns its output, failing the test with its stderr unless it exited with `code`.
#[allow(dead_code)]
pub fn exits(cmd: &mut Command, code: i32) -> std::process::Output {
    let out = cmd.output().unwrap();
    assert_eq!(out.status.code(), Some(code), "{}", stderr(&out));
    out
}

/// Waits for a spawned `clinic` and returns its output, failing the test with its stderr unless it
/// succeeded.
#[allow(dead_code)]
pub fn finished_ok(child: std::process::Child) -> std::process::Output {
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    out
}

pub fn stdout_json(out: &std::process::Output) -> Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is not JSON ({e}): {}",
            String::from_utf8_lossy(&out.stdout)
        )
    })
}

pub fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// `entries` without the one question a first walk asks a deployment whose page numbering it does not
/// know yet (page 0, once per profile: see "Conventions learned from the deployment" in the README),
/// for tests about what else was sent.
pub fn without_numbering_probe(entries: Vec<Value>) -> Vec<Value> {
    entries
        .into_iter()
        .filter(|r| {
            !query_of(r)
                .iter()
                .any(|(k, v)| k == "pagina_atual" && v == "0")
        })
        .collect()
}

/// Query parameters of a journal entry, decoded.
pub fn query_of(entry: &Value) -> Vec<(String, String)> {
    url::form_urlencoded::parse(entry["query"].as_str().unwrap_or("").as_bytes())
        .into_owned()
        .collect()
}

/// Whether a journal entry is a request to `path` (its path ends with it).
#[allow(dead_code)]
pub fn is_to(entry: &Value, path: &str) -> bool {
    entry["path"].as_str().unwrap_or("").ends_with(path)
}

pub fn body_of(entry: &Value) -> Value {
    serde_json::from_str(entry["body"].as_str().unwrap_or("null")).unwrap_or(Value::Null)
}

/// The names of the files in `dir`, sorted: what a run left there.
#[allow(dead_code)]
pub fn entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[allow(dead_code)]
pub fn file_mode(path: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

impl Env {
    /// `clinic` for the CRM commands: this sandbox's hosts and automation webhook ID, no token.
    #[allow(dead_code)]
    pub fn crm(&self) -> Command {
        let mut cmd = self.bare();
        cmd.env("CLINIC_WEBHOOK_ID", clinic_sandbox::WEBHOOK_ID);
        cmd
    }

    /// Every ID of a CRM list (`crm.contact.list`, `crm.deal.list`) read straight from the sandbox by ID
    /// keyset, waiting out its request quota, to compare the CLI's output with.
    #[allow(dead_code)]
    pub fn crm_ids(&self, method: &str) -> Vec<u64> {
        let mut ids = Vec::new();
        loop {
            let after = ids.last().copied().unwrap_or(0);
            let url = format!(
                "{}{method}?order[ID]=ASC&filter[%3EID]={after}&start=-1",
                self.sandbox.urls().crm_url
            );
            let resp = self.http.get(url).send().unwrap();
            if resp.status() == reqwest::StatusCode::SERVICE_UNAVAILABLE {
                std::thread::sleep(std::time::Duration::from_millis(300));
                continue;
            }
            let v: Value = resp.json().unwrap();
            let page = v["result"].as_array().expect("a result array").clone();
            if page.is_empty() {
                return ids;
            }
            ids.extend(
                page.iter()
                    .map(|r| r["ID"].as_str().unwrap().parse::<u64>().unwrap()),
            );
        }
    }

    /// One CRM record read straight from the sandbox (`crm.contact.get`, `crm.deal.get`).
    #[allow(dead_code)]
    pub fn crm_get(&self, method: &str, id: u64) -> Value {
        loop {
            let url = format!("{}{method}?ID={id}", self.sandbox.urls().crm_url);
            let resp = self.http.get(url).send().unwrap();
            if resp.status() == reqwest::StatusCode::SERVICE_UNAVAILABLE {
                std::thread::sleep(std::time::Duration::from_millis(300));
                continue;
            }
            return resp.json::<Value>().unwrap()["result"].clone();
        }
    }
}

/// A stopped sandbox's configuration, to run the tool with the network down.
pub struct Stopped {
    pub config: tempfile::TempDir,
    pub urls: clinic_sandbox::Urls,
}

impl Stopped {
    pub fn bare(&self) -> Command {
        command_for(self.config.path(), &self.urls)
    }
}

/// `clinic` with only the given config directory and hosts: no token, no user environment.
pub fn command_for(config: &Path, urls: &clinic_sandbox::Urls) -> Command {
    Command::from_std(process_for(config, urls))
}

/// [`command_for`] as a plain process, for tests that spawn it, signal it or give it a terminal.
pub fn process_for(config: &Path, urls: &clinic_sandbox::Urls) -> std::process::Command {
    let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin("clinic"));
    for (k, _) in std::env::vars() {
        if k.starts_with("CLINIC_") {
            cmd.env_remove(k);
        }
    }
    // English whatever this machine's locale, unless a test chooses otherwise; LC_ALL and
    // LC_MESSAGES would otherwise outrank the LANG that language tests set.
    cmd.env("CLINIC_LANG", "en")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES");
    cmd.env("CLINIC_CONFIG_DIR", config)
        .env("CLINIC_CACHE_DIR", config.join("cache"))
        .env("CLINIC_DATA_DIR", config.join("data"))
        .env("CLINIC_BASE_URL", &urls.base_url)
        .env("CLINIC_IO_URL", &urls.io_url)
        .env("CLINIC_AUTOMATION_URL", &urls.automation_url)
        .env("CLINIC_CRM_URL", &urls.crm_url)
        .env("NO_COLOR", "1")
        .env_remove("DBUS_SESSION_BUS_ADDRESS");
    cmd
}

/// Whether a test that drives a real shell can run here: `program` is on the PATH and every file in
/// `files` (such as bash-completion's loader) exists. When one is missing the test is skipped with a
/// line on stderr — written past the test harness's capture, so it shows in a passing run — unless
/// `CLINIC_REQUIRE_SHELLS=1` (CI, after installing them), where a missing shell fails the test.
#[allow(dead_code)]
pub fn shell_ready(test: &str, program: &str, files: &[&str]) -> bool {
    let on_path = std::env::var_os("PATH").is_some_and(|path| {
        std::env::split_paths(&path).any(|dir| is_executable(&dir.join(program)))
    });
    let missing: Vec<String> = std::iter::once(program)
        .filter(|_| !on_path)
        .map(|p| format!("`{p}` is not on the PATH"))
        .chain(
            files
                .iter()
                .filter(|f| !Path::new(f).exists())
                .map(|f| format!("{f} does not exist")),
        )
        .collect();
    if missing.is_empty() {
        return true;
    }
    let what = missing.join("; ");
    missing_tool(
        test,
        &what,
        "CLINIC_REQUIRE_SHELLS",
        "install it to run this test; ",
    );
    false
}

/// A tool a test needs is missing: the test is skipped with a line on stderr (written past the test
/// harness's capture, so it shows in a passing run) saying `how` to get it, unless `require` is set to
/// `1` (CI, after installing the tool), where the test fails.
fn missing_tool(test: &str, what: &str, require: &str, how: &str) {
    use std::io::Write;
    if std::env::var(require).is_ok_and(|v| v == "1") {
        panic!("{test}: {what}, and {require}=1 requires it");
    }
    let _ = writeln!(
        std::io::stderr(),
        "skipped {test}: {what} ({how}{require}=1 makes this a failure)"
    );
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
}

impl Env {
    /// The `clinic` binary as a plain process (for a pseudo-terminal) with this test's config and
    /// hosts, logged in as `login` through `CLINIC_TOKEN`.
    #[allow(dead_code)]
    pub fn terminal_command(&self, login: &str) -> std::process::Command {
        let mut cmd = process_for(self.config.path(), self.sandbox.urls());
        cmd.env("CLINIC_TOKEN", self.token(login, login))
            .env("TERM", "xterm-256color")
            .env_remove("COLUMNS");
        cmd
    }
}

impl Env {
    /// `clinic ARGS` as `login` in a pseudo-terminal, as a person at a keyboard runs it (the guided
    /// form, questions before a write).
    #[allow(dead_code)]
    pub fn on_terminal(&self, login: &str, args: &[&str]) -> rexpect::session::PtySession {
        let mut cmd = self.terminal_command(login);
        cmd.args(args);
        rexpect::session::spawn_command(cmd, Some(30_000)).unwrap()
    }
}

/// Text as a pseudo-terminal session sees it: rexpect reads each byte as one character, so UTF-8 text
/// is looked for byte by byte.
#[allow(dead_code)]
pub fn pty_text(text: &str) -> String {
    text.bytes().map(char::from).collect()
}

/// What a pseudo-terminal session read, decoded back from bytes to UTF-8.
#[allow(dead_code)]
pub fn from_pty(seen: &str) -> String {
    String::from_utf8_lossy(&seen.chars().map(|c| c as u8).collect::<Vec<u8>>()).into_owned()
}

/// A Python with DuckDB, for tests that read an output back the way the README's readers do:
/// `CLINIC_TEST_PYTHON` when set, else `python3` on the PATH. When it cannot `import duckdb` the test
/// is skipped with a line on stderr, unless `CLINIC_REQUIRE_DUCKDB=1` (CI, after installing it into a
/// virtual environment), where that is a failure. Tests that use it have `duckdb` in their name, so
/// CI can run them again with the requirement.
#[allow(dead_code)]
pub fn duckdb_python(test: &str) -> Option<std::path::PathBuf> {
    let python = std::env::var_os("CLINIC_TEST_PYTHON")
        .filter(|p| !p.is_empty())
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| std::path::PathBuf::from("python3"));
    let ready = std::process::Command::new(&python)
        .args(["-c", "import duckdb"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if ready {
        return Some(python);
    }
    let what = format!("{} cannot import duckdb", python.display());
    missing_tool(
        test,
        &what,
        "CLINIC_REQUIRE_DUCKDB",
        "pip install duckdb, or set CLINIC_TEST_PYTHON; ",
    );
    None
}

/// Runs `script` under the Python `duckdb_python` found, with `args` as `sys.argv[1:]`, and returns
/// its stdout; a failing script fails the test with its stderr.
#[allow(dead_code)]
pub fn run_python(python: &Path, script: &str, args: &[&str]) -> String {
    let out = std::process::Command::new(python)
        .arg("-c")
        .arg(script)
        .args(args)
        .output()
        .expect("python runs");
    assert!(
        out.status.success(),
        "python failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8")
}

/// A FAT file system mounted through FUSE (`fusefat`), case-insensitive as Windows and macOS
/// volumes are; unmounted when dropped.
#[allow(dead_code)]
pub struct FatVolume {
    pub mount: PathBuf,
    _dir: tempfile::TempDir,
}

impl Drop for FatVolume {
    fn drop(&mut self) {
        let _ = std::process::Command::new("fusermount")
            .arg("-u")
            .arg(&self.mount)
            .status();
    }
}

/// A fresh 32 MiB FAT volume for a test, or `None` (with a line on stderr) where `mkfs.fat`,
/// `fusefat` or FUSE itself is missing — a failure instead with `CLINIC_REQUIRE_FAT=1` (CI, after
/// installing dosfstools and fusefat). Tests that use it have `case_insensitive` in their name.
#[allow(dead_code)]
pub fn fat_volume(test: &str) -> Option<FatVolume> {
    let dir = tempfile::tempdir().unwrap();
    let image = dir.path().join("volume.fat");
    let mount = dir.path().join("mnt");
    std::fs::create_dir(&mount).unwrap();
    let run = |program: &str, args: &[&std::ffi::OsStr]| {
        std::process::Command::new(program)
            .args(args)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    };
    let made = run(
        "mkfs.fat",
        &["-C".as_ref(), image.as_os_str(), "32768".as_ref()],
    );
    let mounted = made
        && run(
            "fusefat",
            &[
                "-o".as_ref(),
                "rw+".as_ref(),
                image.as_os_str(),
                mount.as_os_str(),
            ],
        );
    if mounted {
        return Some(FatVolume { mount, _dir: dir });
    }
    let what =
        "a FAT volume could not be made and mounted (mkfs.fat from dosfstools, fusefat, /dev/fuse)";
    missing_tool(test, what, "CLINIC_REQUIRE_FAT", "");
    None
}

/// How many of `records` were modified after `day` (`modificado_em`, `YYYY-MM-DD`): the quotes a
/// sandbox's churn changed while a test ran.
#[allow(dead_code)]
pub fn modified_after(records: &std::collections::HashMap<u64, Value>, day: &str) -> usize {
    records
        .values()
        .filter(|r| r["modificado_em"].as_str() > Some(day))
        .count()
}

/// Keeps `record` in `into` by its `id` unless a record there was modified later (`modificado_em`):
/// how a reader of incremental exports keeps the newest copy of each quote.
#[allow(dead_code)]
pub fn keep_newest(into: &mut std::collections::HashMap<u64, Value>, record: Value) {
    let id = record["id"].as_u64().expect("a record with an id");
    let newer = into
        .get(&id)
        .is_none_or(|seen| record["modificado_em"].as_str() >= seen["modificado_em"].as_str());
    if newer {
        into.insert(id, record);
    }
}

// The CRM host: a sandbox ready for its commands, the create every CRM test starts from, and readers
// of what its journal and its records hold.

/// A sandbox whose CRM takes any number of requests a second (the quota has its own test), with its
/// units configured in the profile as `--sandbox` configures them.
pub fn crm_env() -> Env {
    let env = Env::with(Options {
        crm_rate_limit: 0,
        ..Options::ephemeral()
    });
    config_set(&env, "units", &clinic_sandbox::crm::UNITS.join(";"));
    env
}

/// The README's CRM example.
pub const CRM_EXAMPLE: &[&str] = &[
    "crm",
    "contact",
    "create",
    "--full-name",
    "Maria da Silva",
    "--phone",
    "(16) 99264-0197",
    "--email",
    "maria@example.com",
    "--campaign-id",
    "12",
    "--utm-source",
    "whatsapp",
    "--unit",
    "sp campinas",
];

/// `clinic crm contact create` through the automation webhook with every field filled in.
pub const CRM_CREATE: &[&str] = &[
    "crm",
    "contact",
    "create",
    "--full-name",
    "Maria José da Silva",
    "--created-at",
    "2024-03-05 14:22",
    "--phone",
    "(16) 99264-0197",
    "--email",
    "maria.jose@example.com",
    "--campaign-id",
    "12",
    "--utm-source",
    "whatsapp",
    "--utm-campaign",
    "verão 2024",
    "--unit",
    // A word of the unit's name, as `--clinic` takes one.
    "perdizes",
    "--format",
    "json",
];

/// The query of the last request to `method` in the journal.
pub fn update_sent(env: &Env, method: &str) -> Vec<(String, String)> {
    let sent = env.sent();
    let entry = sent
        .iter()
        .rev()
        .find(|r| is_to(r, method))
        .unwrap_or_else(|| panic!("no {method} in {sent:?}"));
    query_of(entry)
}

/// The items of a multi-value field in a write's query, in their order: each
/// `FIELDS[PHONE][n][KEY]=value` gathered by `n`.
pub fn items_sent(
    q: &[(String, String)],
    field: &str,
) -> Vec<std::collections::BTreeMap<String, String>> {
    let prefix = format!("FIELDS[{field}][");
    let mut items: std::collections::BTreeMap<u32, std::collections::BTreeMap<String, String>> =
        Default::default();
    for (k, v) in q {
        let Some(rest) = k.strip_prefix(&prefix) else {
            continue;
        };
        let (n, key) = rest.split_once("][").unwrap();
        items
            .entry(n.parse().unwrap())
            .or_default()
            .insert(key.trim_end_matches(']').to_string(), v.clone());
    }
    items.into_values().collect()
}

/// The calls inside a `batch` request of the journal, in their order: each call's method and its
/// query's pairs (a `$result[…]` reference left as it was sent).
pub fn batch_calls(entry: &Value) -> Vec<(String, Vec<(String, String)>)> {
    query_of(entry)
        .into_iter()
        .filter(|(k, _)| k.starts_with("cmd["))
        .map(|(_, call)| {
            let (method, query) = call.split_once('?').unwrap_or((&call, ""));
            let pairs = url::form_urlencoded::parse(query.as_bytes())
                .map(|(k, v)| (k.into_owned(), v.into_owned()))
                .collect();
            (method.to_string(), pairs)
        })
        .collect()
}

/// The values of a multi-value field of a CRM record, as the sandbox holds them.
pub fn values_of(env: &Env, method: &str, id: u64, field: &str) -> Vec<String> {
    env.crm_get(method, id)[field]
        .as_array()
        .map(|items| {
            items
                .iter()
                .map(|i| i["VALUE"].as_str().unwrap().to_string())
                .collect()
        })
        .unwrap_or_default()
}

/// The IDs of a CRM list printed as JSON, in their order.
pub fn ids_of(out: &std::process::Output) -> Vec<u64> {
    stdout_json(out)
        .as_array()
        .expect("a JSON array")
        .iter()
        .map(|r| r["ID"].as_str().unwrap().parse().unwrap())
        .collect()
}

/// `clinic config set KEY VALUE` in this test's profile, which must succeed.
pub fn config_set(env: &Env, key: &str, value: &str) {
    env.bare()
        .args(["config", "set", key, value])
        .assert()
        .success();
}

/// The rows of an import file for `crm contact import`: `count` new people, then one row for each
/// phone of `existing` (contacts the CRM holds, under new names and e-mails).
pub fn crm_import_file(count: usize, existing: &[String]) -> String {
    let unit = clinic_sandbox::crm::UNITS[0];
    let mut csv = String::from("nome;telefone;email;unidade;campanha;utm_source\n");
    for i in 0..count {
        csv.push_str(&format!(
            "Pessoa {i} Importada;1698{i:07};pessoa{i}@example.com;{unit};12;whatsapp\n"
        ));
    }
    for (i, phone) in existing.iter().enumerate() {
        csv.push_str(&format!(
            "Antiga {i} Cliente;{phone};antiga{i}@example.com;{unit};12;instagram\n"
        ));
    }
    csv
}

/// `crm contact import FILE --journal JOURNAL` with `extra`, after clearing the sandbox's journal.
pub fn run_crm_import(
    env: &Env,
    file: &Path,
    journal: &Path,
    extra: &[&str],
) -> std::process::Output {
    env.clear_journal();
    env.crm()
        .args(["crm", "contact", "import"])
        .arg(file)
        .arg("--journal")
        .arg(journal)
        .args(extra)
        .output()
        .unwrap()
}

/// Requests to CRM `method` in the sandbox's journal.
pub fn calls_to(env: &Env, method: &str) -> usize {
    env.sent().iter().filter(|r| is_to(r, method)).count()
}
