//! The harness: a real sandbox on an ephemeral loopback port per test, a private config directory, and
//! the real `clinic` binary pointed at both, or a command run inside the test's own process
//! (`in_process`) where no process of its own is needed.

mod args;
mod crm;
mod datasets;
mod in_process;
mod tools;

use std::path::Path;

use assert_cmd::Command;
use clinic_sandbox::{Options, SandboxThread};
use serde_json::Value;

pub use args::*;
pub use crm::*;
pub use datasets::*;
#[allow(unused_imports)]
pub use in_process::*;
pub use tools::*;

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

    /// How many requests to `path` the journal holds: a refused command adds none.
    #[allow(dead_code)]
    pub fn asked_to(&self, path: &str) -> usize {
        self.sent().iter().filter(|r| is_to(r, path)).count()
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

    /// Changes, deletes or restores quotes by ID (`change=1,2&delete=3&restore=4`).
    #[allow(dead_code)]
    pub fn edit_quotes(&self, query: &str) {
        let addr = self.sandbox.addr();
        let resp = self
            .http
            .post(format!("http://{addr}/__sandbox/quotes?{query}"))
            .send()
            .unwrap();
        assert!(resp.status().is_success(), "{query}: {}", resp.status());
    }

    /// Answers a clinic's list (`quotes`, `appointments`, `contacts`) with no records from now on,
    /// or (`on` false) as it is again.
    #[allow(dead_code)]
    pub fn empty_list(&self, list: &str, clinic: u32, on: bool) {
        let addr = self.sandbox.addr();
        let resp = self
            .http
            .post(format!(
                "http://{addr}/__sandbox/empty?list={list}&clinic={clinic}&on={on}"
            ))
            .send()
            .unwrap();
        assert!(resp.status().is_success(), "{list}: {}", resp.status());
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

    /// Whether the sandbox serves `method path` on `host` (a host's name in the operations table:
    /// `base_url`, `crm_url`…), asked of its router: any answer but the router's own "no such
    /// route" or "method not allowed", or the CRM's "method not found", means a handler took it.
    /// Placeholders (`{webhook_id}`) are filled with a value; `ANY` is sent as a GET.
    #[allow(dead_code)]
    pub fn sandbox_serves(&self, host: &str, method: &str, path: &str) -> bool {
        let urls = self.sandbox.urls();
        let base = match host {
            "base_url" => &urls.base_url,
            "automation_url" => &urls.automation_url,
            "crm_url" => &urls.crm_url,
            "io_url" => &urls.io_url,
            other => panic!("no sandbox host for {other}"),
        };
        let filled: Vec<String> = path
            .split('/')
            .map(|segment| {
                if segment.starts_with('{') && segment.ends_with('}') {
                    "1".to_string()
                } else {
                    segment.to_string()
                }
            })
            .collect();
        let url = format!(
            "{}/{}",
            base.trim_end_matches('/'),
            filled.join("/").trim_start_matches('/')
        );
        let method = match method {
            "ANY" => reqwest::Method::GET,
            m => reqwest::Method::from_bytes(m.as_bytes()).unwrap(),
        };
        let resp = self.http.request(method, &url).send().unwrap();
        let status = resp.status().as_u16();
        let body = resp.text().unwrap_or_default();
        let unrouted = (status == 404 && body.contains("rota não encontrada"))
            || (status == 405 && body.contains("não permitido"))
            || body.contains("ERROR_METHOD_NOT_FOUND");
        !unrouted
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

/// `entries` without the questions a first walk asks a deployment whose page numbering it does not
/// know yet (page 0, then page 1 once more to see that the list held still meanwhile; once per
/// profile: see "Conventions learned from the deployment" in the guide), for tests about what else
/// was sent.
pub fn without_numbering_probe(entries: Vec<Value>) -> Vec<Value> {
    let page = |r: &Value| {
        query_of(r)
            .into_iter()
            .find(|(k, _)| k == "pagina_atual")
            .map(|(_, v)| v)
    };
    let mut kept = Vec::new();
    // The path of a page 0 just asked: page 1 asked again is the next question on that path, and
    // only when page 0 answered (a page 0 refused teaches the numbering alone).
    let mut probed: Option<Value> = None;
    for r in entries {
        let after_probe = probed.as_ref().is_some_and(|path| *path == r["path"]);
        if after_probe {
            probed = None;
        }
        match page(&r).as_deref() {
            Some("0") => probed = Some(r["path"].clone()),
            Some("1") if after_probe => {}
            _ => kept.push(r),
        }
    }
    kept
}

/// The `id` of each line of NDJSON output, in order.
#[allow(dead_code)]
pub fn ndjson_ids(stdout: &[u8]) -> Vec<u64> {
    String::from_utf8_lossy(stdout)
        .lines()
        .map(|l| {
            serde_json::from_str::<Value>(l).unwrap()["id"]
                .as_u64()
                .unwrap()
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

/// `cmd` run in a pseudo-terminal `columns` wide and 24 lines high: a shell sets the size on the
/// terminal, then becomes the command (same program, arguments and environment).
#[allow(dead_code)]
pub fn at_width(cmd: &std::process::Command, columns: u16) -> std::process::Command {
    let mut shell = std::process::Command::new("sh");
    shell
        .arg("-c")
        .arg(format!("stty cols {columns} rows 24 && exec \"$0\" \"$@\""))
        .arg(cmd.get_program());
    same_setup(
        cmd.get_args(),
        cmd.get_envs(),
        cmd.get_current_dir(),
        &mut shell,
    );
    shell
}

/// `cmd` (built for `assert_cmd`) as a plain process: the same program, arguments and environment.
#[allow(dead_code)]
pub fn plain(cmd: &assert_cmd::Command) -> std::process::Command {
    let mut child = std::process::Command::new(cmd.get_program());
    same_setup(
        cmd.get_args(),
        cmd.get_envs(),
        cmd.get_current_dir(),
        &mut child,
    );
    child
}

/// Another command's arguments, environment (variables it removes removed) and folder, given to
/// `child`.
fn same_setup<'a>(
    args: impl Iterator<Item = &'a std::ffi::OsStr>,
    envs: impl Iterator<Item = (&'a std::ffi::OsStr, Option<&'a std::ffi::OsStr>)>,
    dir: Option<&std::path::Path>,
    child: &mut std::process::Command,
) {
    child.args(args);
    for (key, value) in envs {
        match value {
            Some(value) => child.env(key, value),
            None => child.env_remove(key),
        };
    }
    if let Some(dir) = dir {
        child.current_dir(dir);
    }
}

/// The screen a terminal `columns` wide shows after `bytes` (what a pseudo-terminal session read),
/// one string per row, trailing spaces cut.
#[allow(dead_code)]
pub fn screen(bytes: &[u8], columns: u16) -> Vec<String> {
    let rows = std::num::NonZero::new(24).unwrap();
    let width = std::num::NonZero::new(columns).expect("a screen at least one column wide");
    let mut parser = vt100::Parser::new(rows, width, 0);
    parser.process(bytes);
    parser
        .screen()
        .rows(0, columns)
        .map(|row| row.trim_end().to_string())
        .collect()
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
