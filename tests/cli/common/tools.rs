//! Tools some tests need beyond the binary: a real shell, a Python with DuckDB, a FAT volume. Each
//! test that needs one is skipped where it is missing, unless CI requires it.

use std::path::{Path, PathBuf};

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

/// A PostgreSQL database of the test's own, emptied, for `clinic sync --to postgres://…`: its URL.
/// `CLINIC_TEST_POSTGRES` names a server where tests may create databases (a URL to any database of
/// it, without password; `PGPASSWORD` gives one where needed). When it is unset the test is skipped
/// with a line on stderr, unless `CLINIC_REQUIRE_POSTGRES=1` (CI, which starts a server), where that
/// is a failure. Tests that use it have `postgres` in their name, so CI can run them again.
pub fn postgres_database(test: &str, name: &str) -> Option<String> {
    let Some(server) = std::env::var("CLINIC_TEST_POSTGRES")
        .ok()
        .filter(|s| !s.is_empty())
    else {
        missing_tool(
            test,
            "CLINIC_TEST_POSTGRES names no server",
            "CLINIC_REQUIRE_POSTGRES",
            "set it to postgres://user@host:port/postgres; ",
        );
        return None;
    };
    let mut url = url::Url::parse(&server).expect("CLINIC_TEST_POSTGRES is a URL");
    let database = format!("clinic_test_{name}");
    // One statement a call: neither may run inside a transaction.
    postgres_run(
        test,
        &server,
        &[
            format!("DROP DATABASE IF EXISTS {database} WITH (FORCE)"),
            format!("CREATE DATABASE {database}"),
        ],
    );
    url.set_path(&database);
    url.query_pairs_mut()
        .clear()
        .append_pair("sslmode", "disable");
    // `clinic sql` refuses the server's own (superuser) role: every table the test's role creates
    // here is readable by a plain role, which reads with its password.
    postgres_run(
        test,
        &server,
        &[format!(
            "DO $$ BEGIN CREATE ROLE {POSTGRES_READER} LOGIN PASSWORD '{POSTGRES_READER_PASSWORD}'; \
             EXCEPTION WHEN duplicate_object OR unique_violation THEN NULL; END $$"
        )],
    );
    postgres_run(
        test,
        url.as_str(),
        &[format!(
            "ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT ON TABLES TO {POSTGRES_READER}"
        )],
    );
    Some(url.to_string())
}

/// A plain role of the test server's, which can only read what a test's database holds.
pub const POSTGRES_READER: &str = "clinic_test_reader";
/// Its password, given as `PGPASSWORD` (a URL with a password is refused).
pub const POSTGRES_READER_PASSWORD: &str = "reader-only-7";

/// `url` with the reading role as its user.
pub fn postgres_as_reader(url: &str) -> String {
    let mut url = url::Url::parse(url).expect("a PostgreSQL URL");
    url.set_username(POSTGRES_READER).unwrap();
    url.to_string()
}

/// A query of PostgreSQL's that counts for a long while and gives no row until it ends.
pub const PG_LONG: &str = "SELECT count(*) AS n FROM generate_series(1, 10000000000)";

/// How many queries of [`PG_LONG`] the database `url` runs: as `clinic sql` runs it, each row as
/// JSON, since its prepare shows the query's own text as active for a moment too.
pub fn pg_long_running(test: &str, url: &str) -> i64 {
    postgres_number(
        test,
        url,
        "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() \
         AND state = 'active' AND pid <> pg_backend_pid() \
         AND query LIKE 'SELECT to_json(q)%generate_series(1, 10000000000)%'",
    )
}

/// The one whole number `query` answers on the database `url` names, as the test server's user.
pub fn postgres_number(test: &str, url: &str, query: &str) -> i64 {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let mut config: tokio_postgres::Config = url.parse().expect("a PostgreSQL URL");
        if let Ok(password) = std::env::var("PGPASSWORD") {
            config.password(password);
        }
        let (client, connection) = config
            .connect(tokio_postgres::NoTls)
            .await
            .unwrap_or_else(|e| panic!("{test}: {url} cannot be reached: {e}"));
        tokio::spawn(connection);
        client
            .query_one(query, &[])
            .await
            .unwrap_or_else(|e| panic!("{test}: {query}: {e}"))
            .get(0)
    })
}

/// Runs `statements`, one a call, on the database `url` names, as the test server's own user
/// (`PGPASSWORD` where it needs one).
pub fn postgres_run(test: &str, url: &str, statements: &[String]) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let mut config: tokio_postgres::Config = url.parse().expect("a PostgreSQL URL");
        if let Ok(password) = std::env::var("PGPASSWORD") {
            config.password(password);
        }
        let (client, connection) = config
            .connect(tokio_postgres::NoTls)
            .await
            .unwrap_or_else(|e| panic!("{test}: {url} cannot be reached: {e}"));
        tokio::spawn(connection);
        for sql in statements {
            client
                .batch_execute(sql)
                .await
                .unwrap_or_else(|e| panic!("{test}: {sql}: {e}"));
        }
    });
}

/// A PostgreSQL test that could not prove its point on this server (one that trusts every role, say):
/// skipped with a line on stderr, a failure under `CLINIC_REQUIRE_POSTGRES=1`.
pub fn postgres_cannot_prove(test: &str, what: &str) {
    missing_tool(
        test,
        what,
        "CLINIC_REQUIRE_POSTGRES",
        "give the server a pg_hba.conf that asks other roles for a password; ",
    );
}

/// unixODBC's `isql` and the ODBC drivers of SQLite (`libsqliteodbc`) and PostgreSQL (psqlODBC), as
/// Debian installs them, with an `odbcinst.ini` of the test's own that names them by their paths:
/// nothing of the machine's ODBC setup is read (`ODBCSYSINI`, `ODBCINI`).
#[allow(dead_code)]
pub struct Odbc {
    dir: tempfile::TempDir,
}

/// Where a driver's library is, on Debian and its derivatives whatever the architecture.
fn odbc_driver(file: &str) -> Option<PathBuf> {
    let dirs = std::fs::read_dir("/usr/lib")
        .into_iter()
        .flatten()
        .flatten()
        .map(|d| d.path().join("odbc"))
        .chain([PathBuf::from("/usr/lib/odbc"), PathBuf::from("/usr/lib64")]);
    dirs.map(|d| d.join(file)).find(|p| p.is_file())
}

/// The ODBC tools, or `None` (with a line on stderr) where `isql` or one of the drivers is missing —
/// a failure instead with `CLINIC_REQUIRE_ODBC=1` (CI, after installing unixodbc, libsqliteodbc and
/// odbc-postgresql). Tests that use it have `odbc` in their name.
#[allow(dead_code)]
pub fn odbc(test: &str) -> Option<Odbc> {
    let isql = std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|d| is_executable(&d.join("isql"))));
    let sqlite = odbc_driver("libsqlite3odbc.so");
    let postgres = odbc_driver("psqlodbcw.so");
    let (true, Some(sqlite), Some(postgres)) = (isql, &sqlite, &postgres) else {
        let what = [
            (!isql).then_some("unixODBC's `isql` is not on the PATH"),
            sqlite
                .is_none()
                .then_some("the SQLite ODBC driver (libsqlite3odbc.so) is missing"),
            postgres
                .is_none()
                .then_some("the PostgreSQL ODBC driver (psqlodbcw.so) is missing"),
        ]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join("; ");
        missing_tool(
            test,
            &what,
            "CLINIC_REQUIRE_ODBC",
            "apt-get install unixodbc libsqliteodbc odbc-postgresql; ",
        );
        return None;
    };
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("odbcinst.ini"),
        format!(
            "[SQLite3]\nDriver = {}\n\n[PostgreSQL Unicode]\nDriver = {}\n",
            sqlite.display(),
            postgres.display()
        ),
    )
    .unwrap();
    Some(Odbc { dir })
}

impl Odbc {
    /// Runs `query` through `isql` on a DSN `clinic` of the settings `dsn` (`Driver = …` lines): its
    /// rows, each a list of its fields as the driver gives them as text.
    pub fn query(&self, dsn: &str, query: &str) -> Vec<Vec<String>> {
        use std::io::Write;
        let ini = self.dir.path().join("odbc.ini");
        std::fs::write(&ini, format!("[clinic]\n{dsn}\n")).unwrap();
        let mut child = std::process::Command::new("isql")
            // Batch mode, fields apart by a unit separator (0x1f), which no value holds.
            .args(["-b", "-x0x1f", "clinic"])
            .env("ODBCSYSINI", self.dir.path())
            .env("ODBCINI", &ini)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .expect("isql runs");
        let mut stdin = child.stdin.take().unwrap();
        writeln!(stdin, "{query}").unwrap();
        drop(stdin);
        let out = child.wait_with_output().unwrap();
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        let errors = String::from_utf8_lossy(&out.stderr).into_owned();
        assert!(
            out.status.success() && errors.trim().is_empty() && !text.contains("[ISQL]"),
            "isql failed on {query}: {text}{errors}"
        );
        text.lines()
            .map(|l| l.split('\u{1f}').map(str::to_string).collect())
            .collect()
    }
}
