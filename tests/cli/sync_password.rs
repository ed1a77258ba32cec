//! `clinic auth set-db-password`: a PostgreSQL database's password kept in the OS store for that one
//! database, sent when `clinic sync` goes there and never to another database, never shown.

use crate::common::*;

const PASSWORD: &str = "pgpw-Sup3r-s3cret";
const ROLE: &str = "clinic_pgpw_writer";

/// `url` logging in as `role` instead of the server's trusted user.
fn as_role(url: &str, role: &str) -> String {
    let mut url = url::Url::parse(url).unwrap();
    url.set_username(role).unwrap();
    url.to_string()
}

fn sync_to(env: &Env, url: &str) -> std::process::Output {
    env.admin()
        .env("CLINIC_CREDENTIAL_STORE", "file")
        .env_remove("PGPASSWORD")
        .args(["sync", "--streams", "quotes", "--to", url])
        .args(EVERY_CLINIC)
        .output()
        .unwrap()
}

fn never_shown(out: &std::process::Output) {
    assert!(!String::from_utf8_lossy(&out.stdout).contains(PASSWORD));
    assert!(!stderr(out).contains(PASSWORD), "{}", stderr(out));
}

fn refused_for_want_of_a_password(out: &std::process::Output) {
    assert_ne!(out.status.code(), Some(0), "{}", stderr(out));
    assert!(
        stderr(out).contains("did not accept the login"),
        "{}",
        stderr(out)
    );
    assert!(
        stderr(out).contains("clinic auth set-db-password postgres://"),
        "the way out is said: {}",
        stderr(out)
    );
    never_shown(out);
}

/// `clinic auth set-db-password URL --stdin` into the plain file store, as the other secrets' tests.
fn set_password(env: &Env, url: &str, password: &str) -> assert_cmd::Command {
    let mut cmd = env.file_store();
    cmd.args([
        "auth",
        "set-db-password",
        url,
        "--stdin",
        "--insecure-storage",
    ])
    .write_stdin(format!("{password}\n"));
    cmd
}

fn config_text(env: &Env) -> String {
    std::fs::read_to_string(env.config.path().join("config.toml")).unwrap_or_default()
}

/// A server that asks the role for its password: without one the sync fails; the stored one makes
/// it succeed, is never shown nor written into the profile, is not sent to another database of the
/// same server, and `--remove` (or `clinic logout`) takes it away again.
#[test]
fn a_stored_postgres_password_is_sent_to_its_own_database_only() {
    let test = "a_stored_postgres_password_is_sent_to_its_own_database_only";
    let (Some(a), Some(b)) = (
        postgres_database(test, "pgpw_a"),
        postgres_database(test, "pgpw_b"),
    ) else {
        return;
    };
    let server = std::env::var("CLINIC_TEST_POSTGRES").unwrap();
    postgres_run(
        test,
        &server,
        &[
            format!(
                "DO $$ BEGIN CREATE ROLE {ROLE} LOGIN PASSWORD '{PASSWORD}'; \
                 EXCEPTION WHEN duplicate_object THEN ALTER ROLE {ROLE} LOGIN PASSWORD '{PASSWORD}'; END $$"
            ),
            format!("ALTER DATABASE clinic_test_pgpw_a OWNER TO {ROLE}"),
            format!("ALTER DATABASE clinic_test_pgpw_b OWNER TO {ROLE}"),
        ],
    );
    let (role_a, role_b) = (as_role(&a, ROLE), as_role(&b, ROLE));
    let env = Env::scale(40);

    let out = sync_to(&env, &role_a);
    if out.status.success() {
        postgres_cannot_prove(test, "the server let the role in without a password");
        return;
    }
    refused_for_want_of_a_password(&out);

    let set = succeeds(&mut set_password(&env, &role_a, PASSWORD));
    never_shown(&set);
    assert!(
        stderr(&set).contains(&format!("{ROLE}@127.0.0.1:")),
        "{}",
        stderr(&set)
    );
    let out = sync_to(&env, &role_a);
    assert!(out.status.success(), "{}", stderr(&out));
    never_shown(&out);
    assert!(!config_text(&env).contains(PASSWORD));
    assert!(
        config_text(&env).contains("password_stores"),
        "{}",
        config_text(&env)
    );
    let count = succeeds(env.admin().env_remove("PGPASSWORD").args([
        "sql",
        "--format",
        "json",
        "--to",
        &role_a,
        "SELECT COUNT(*) AS n FROM quotes",
    ]));
    assert_eq!(stdout_json(&count)[0]["n"], 40);

    // The same role, the same password would open B: its failure shows A's was not offered.
    refused_for_want_of_a_password(&sync_to(&env, &role_b));

    succeeds(
        env.file_store()
            .args(["auth", "set-db-password", &role_a, "--remove"]),
    );
    assert!(
        !config_text(&env).contains("password_stores"),
        "{}",
        config_text(&env)
    );
    refused_for_want_of_a_password(&sync_to(&env, &role_a));

    // A wrong password is turned away as PostgreSQL says, with the same way out.
    succeeds(&mut set_password(&env, &role_a, "not-the-password"));
    let wrong = sync_to(&env, &role_a);
    refused_for_want_of_a_password(&wrong);
    assert!(
        stderr(&wrong).contains("password authentication failed"),
        "{}",
        stderr(&wrong)
    );
    assert!(
        !stderr(&wrong).contains("not-the-password"),
        "{}",
        stderr(&wrong)
    );

    // `clinic logout` removes it as every other secret of the profile.
    succeeds(&mut set_password(&env, &role_a, PASSWORD));
    succeeds(env.file_store().arg("logout"));
    assert!(
        !config_text(&env).contains("password_stores"),
        "{}",
        config_text(&env)
    );
    let kept =
        std::fs::read_to_string(env.config.path().join("credentials.toml")).unwrap_or_default();
    assert!(!kept.contains(PASSWORD), "{kept}");
    refused_for_want_of_a_password(&sync_to(&env, &role_a));
}

/// A URL with a password, or no PostgreSQL URL at all, is refused before anything is read or
/// stored, the password masked.
#[test]
fn set_db_password_refuses_a_url_with_a_password_or_no_url() {
    let env = Env::new();
    let out = exited(
        env.run_typed(
            &[("CLINIC_CREDENTIAL_STORE", "file")],
            format!("{PASSWORD}\n").as_ref(),
            &[
                "auth",
                "set-db-password",
                "postgres://u:hunter2-pw@db.example.com/warehouse",
                "--stdin",
                "--insecure-storage",
            ],
        ),
        2,
    );
    let said = stderr(&out);
    assert!(
        said.contains("postgres://u:****@db.example.com/warehouse"),
        "{said}"
    );
    assert!(!said.contains("hunter2"), "{said}");
    assert!(said.contains("URL"), "{said}");
    let out = exited(
        env.run_typed(
            &[("CLINIC_CREDENTIAL_STORE", "file")],
            format!("{PASSWORD}\n").as_ref(),
            &[
                "auth",
                "set-db-password",
                "not-a-url",
                "--stdin",
                "--insecure-storage",
            ],
        ),
        2,
    );
    let said = stderr(&out);
    assert!(said.contains("not-a-url"), "{said}");
    assert!(said.contains("postgres://"), "{said}");
    assert!(!env.config.path().join("credentials.toml").exists());
    assert!(!config_text(&env).contains("password_stores"));
}
