//! Commands run inside the test's own process (`clinic::cli::in_process`), for what needs no
//! process of its own: the same variables [`super::process_for`] gives the binary, handed to the
//! run instead of set in an environment every test shares, and what the run wrote and its exit
//! status as the binary's output would carry them. Signals, terminals, the language chosen at
//! start and the binary's own start-up stay with the binary.

use std::path::Path;
use std::process::Output;

use clinic::environment::Environment;
use clinic::in_process;
use clinic::term::Terminals;

use super::Env;

/// The variables [`super::process_for`] sets for the binary, with `extra`.
pub fn vars_for(config: &Path, urls: &clinic_sandbox::Urls, extra: &[(&str, &str)]) -> Environment {
    let dir = |name: &str| config.join(name).display().to_string();
    let mut vars = vec![
        ("CLINIC_CONFIG_DIR", config.display().to_string()),
        ("CLINIC_CACHE_DIR", dir("cache")),
        ("CLINIC_DATA_DIR", dir("data")),
        ("CLINIC_BASE_URL", urls.base_url.clone()),
        ("CLINIC_IO_URL", urls.io_url.clone()),
        ("CLINIC_AUTOMATION_URL", urls.automation_url.clone()),
        ("CLINIC_CRM_URL", urls.crm_url.clone()),
    ];
    vars.extend(extra.iter().map(|(k, v)| (*k, v.to_string())));
    Environment::given(vars)
}

/// `clinic ARGS…` in this process with `vars`, `input` typed: its exit status and what it wrote to
/// out and err.
pub fn run_in_process<S: AsRef<str>>(vars: Environment, input: &[u8], args: &[S]) -> Output {
    let args: Vec<&str> = args.iter().map(AsRef::as_ref).collect();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime");
    let ran = runtime.block_on(in_process::run(vars, Terminals::default(), input, &args));
    Output {
        status: exit_status(ran.code),
        stdout: ran.out.into_bytes(),
        stderr: ran.err.into_bytes(),
    }
}

/// A process's status as `wait` reports an exit with `code`.
#[cfg(unix)]
fn exit_status(code: i32) -> std::process::ExitStatus {
    std::os::unix::process::ExitStatusExt::from_raw((code & 0xff) << 8)
}

#[cfg(windows)]
fn exit_status(code: i32) -> std::process::ExitStatus {
    std::os::windows::process::ExitStatusExt::from_raw(code as u32)
}

#[allow(dead_code)]
impl Env {
    /// `clinic ARGS…` logged in as the clinic user (through `CLINIC_TOKEN`), run in this process.
    pub fn run<S: AsRef<str>>(&self, args: &[S]) -> Output {
        self.run_as("unidade1", args)
    }

    /// [`Env::run`], failing the test with what the command wrote to err unless it succeeded.
    pub fn run_ok<S: AsRef<str>>(&self, args: &[S]) -> Output {
        succeeded(self.run(args), args)
    }

    /// [`Env::run_as`], failing the test unless it succeeded.
    pub fn run_ok_as<S: AsRef<str>>(&self, login: &str, args: &[S]) -> Output {
        succeeded(self.run_as(login, args), args)
    }

    /// `clinic ARGS…` logged in as `login` (its password is its name in the sandbox).
    pub fn run_as<S: AsRef<str>>(&self, login: &str, args: &[S]) -> Output {
        let token = self.token(login, login);
        self.run_with(&[("CLINIC_TOKEN", &token)], args)
    }

    /// `clinic ARGS…` for the CRM commands: this sandbox's hosts and automation webhook ID, no token
    /// (as [`Env::crm`]).
    pub fn run_crm<S: AsRef<str>>(&self, args: &[S]) -> Output {
        self.run_with(&[("CLINIC_WEBHOOK_ID", clinic_sandbox::WEBHOOK_ID)], args)
    }

    /// [`Env::run_crm`], failing the test unless it succeeded.
    pub fn run_crm_ok<S: AsRef<str>>(&self, args: &[S]) -> Output {
        succeeded(self.run_crm(args), args)
    }

    /// `clinic ARGS…` with this test's folders and hosts and the variables `extra`, nothing else.
    pub fn run_with<S: AsRef<str>>(&self, extra: &[(&str, &str)], args: &[S]) -> Output {
        self.run_typed(extra, b"", args)
    }

    /// [`Env::run_with`] with `input` typed (stdin, not a terminal).
    pub fn run_typed<S: AsRef<str>>(
        &self,
        extra: &[(&str, &str)],
        input: &[u8],
        args: &[S],
    ) -> Output {
        run_in_process(
            vars_for(self.config.path(), self.sandbox.urls(), extra),
            input,
            args,
        )
    }
}

/// `out`, failing the test with what the command wrote to err unless it succeeded.
fn succeeded<S: AsRef<str>>(out: Output, args: &[S]) -> Output {
    assert!(
        out.status.success(),
        "clinic {}: {}",
        args.iter().map(AsRef::as_ref).collect::<Vec<_>>().join(" "),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// `out`, failing the test with what the command wrote to err unless it exited with `code`.
#[allow(dead_code)]
pub fn exited(out: Output, code: i32) -> Output {
    assert_eq!(
        out.status.code(),
        Some(code),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// A path or other OS string as an argument of a run in this process.
#[allow(dead_code)]
pub fn arg<S: AsRef<std::ffi::OsStr> + ?Sized>(s: &S) -> &str {
    s.as_ref().to_str().expect("a UTF-8 argument")
}
