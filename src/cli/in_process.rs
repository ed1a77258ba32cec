//! A sandbox and a profile of their own for the library's tests of whole commands, run inside the
//! test's process (`crate::in_process`).

use crate::config::{self, StoreKind};
use crate::credentials::Credentials;
use crate::environment::Environment;
use crate::in_process::{Ran, run};
use crate::secret::Secret;
use crate::term::Terminals;
use std::collections::BTreeMap;

/// The profile [`InProcess`] runs commands with.
pub(crate) const PROFILE: &str = "in-process";

/// A sandbox, and a configuration, cache and data folder of the test's own with a profile
/// ([`PROFILE`]) pointing at each of the sandbox's hosts.
pub(crate) struct InProcess {
    pub sandbox: clinic_sandbox::Sandbox,
    pub config: tempfile::TempDir,
}

impl InProcess {
    /// A sandbox with its seeded data, and a profile with its hosts but no token.
    pub async fn new() -> InProcess {
        let sandbox = clinic_sandbox::Sandbox::start(clinic_sandbox::Options::ephemeral())
            .await
            .expect("the sandbox starts");
        let config = tempfile::tempdir().expect("a configuration directory");
        let urls = sandbox.urls().clone();
        config::update_profile(config.path(), PROFILE, |p| {
            p.base_url = Some(urls.base_url);
            p.io_url = Some(urls.io_url);
            p.automation_url = Some(urls.automation_url);
            p.crm_url = Some(urls.crm_url);
            p.webhook_id = Some(clinic_sandbox::WEBHOOK_ID.to_string());
            Ok(())
        })
        .expect("the profile is written");
        InProcess { sandbox, config }
    }

    /// [`InProcess::new`] with the clinic user's token kept in the file store, as `clinic login
    /// --insecure-storage` keeps it (the native stores belong to the person running the tests).
    pub async fn logged_in() -> InProcess {
        let run = InProcess::new().await;
        let base = url::Url::parse(&run.sandbox.urls().base_url).expect("the sandbox's URL");
        let http =
            crate::http::Http::new(crate::ui::Reporter::new(false, true), Default::default())
                .expect("an HTTP client");
        let login = clinic_sandbox::CLINIC_LOGIN;
        let password = Secret::new(clinic_sandbox::CLINIC_PASSWORD);
        let answer = crate::api::auth::login(&http, &base, login, &password)
            .await
            .expect("the sandbox logs the clinic user in");
        let creds = Credentials::new(run.config.path());
        let account = creds.token_account(PROFILE, login, &base);
        creds
            .save(&[StoreKind::File], &account, &answer.token)
            .expect("the file store keeps the token");
        config::update_profile(run.config.path(), PROFILE, |p| {
            p.login = Some(login.to_string());
            p.token_store = Some(StoreKind::File);
            Ok(())
        })
        .expect("the profile is written");
        run
    }

    /// The variables of a run: the profile, its folders, and nothing else.
    fn vars(&self) -> Environment {
        let dir = self.config.path();
        let vars: BTreeMap<&str, std::path::PathBuf> = BTreeMap::from([
            ("CLINIC_CONFIG_DIR", dir.to_path_buf()),
            ("CLINIC_CACHE_DIR", dir.join("cache")),
            ("CLINIC_DATA_DIR", dir.join("data")),
        ]);
        Environment::given(vars.into_iter().map(|(k, v)| (k, v.display().to_string())))
    }

    /// What the sandbox received, oldest first, logins left out: `(method, path, query)`.
    pub async fn sent(&self) -> Vec<(String, String, String)> {
        let journal: Vec<serde_json::Value> =
            reqwest::get(format!("http://{}/__sandbox/requests", self.sandbox.addr()))
                .await
                .and_then(|answer| answer.error_for_status())
                .expect("the sandbox's journal")
                .json()
                .await
                .expect("the journal is JSON");
        let text = |v: &serde_json::Value| v.as_str().unwrap_or_default().to_string();
        journal
            .iter()
            .map(|r| (text(&r["method"]), text(&r["path"]), text(&r["query"])))
            .filter(|(_, path, _)| !path.ends_with("/loginApi"))
            .collect()
    }

    /// `clinic --profile in-process ARGS…` in a script: no stream is a terminal and nothing is
    /// typed.
    pub async fn run(&self, args: &[&str]) -> Ran {
        self.run_with(Terminals::default(), b"", args).await
    }

    /// `clinic --profile in-process ARGS…` with the streams `terminals` says are a terminal,
    /// `input` typed.
    pub async fn run_with(&self, terminals: Terminals, input: &[u8], args: &[&str]) -> Ran {
        let args: Vec<&str> = ["--profile", PROFILE]
            .into_iter()
            .chain(args.iter().copied())
            .collect();
        run(self.vars(), terminals, input, &args).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sandbox's channels as `--format json` writes them.
    const CHANNELS_JSON: &str = r#"[
  {
    "id": 1,
    "nome": "WhatsApp"
  },
  {
    "id": 2,
    "nome": "Facebook"
  },
  {
    "id": 3,
    "nome": "Instagram"
  },
  {
    "id": 4,
    "nome": "Google Ads"
  },
  {
    "id": 5,
    "nome": "Indicação"
  },
  {
    "id": 6,
    "nome": "Site"
  },
  {
    "id": 7,
    "nome": "Telefone"
  },
  {
    "id": 8,
    "nome": "Passante"
  },
  {
    "id": 9,
    "nome": "TikTok"
  },
  {
    "id": 10,
    "nome": "E-mail marketing"
  },
  {
    "id": 11,
    "nome": "Evento \"Dia da Beleza\""
  },
  {
    "id": 12,
    "nome": "@parceiros"
  }
]
"#;

    /// In a script the list comes whole, as JSON, on out, with its count on err; with `--quiet`
    /// err says nothing. The sandbox was asked once for the list.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_reference_list_goes_to_out_as_json_and_its_count_to_err() {
        let run = InProcess::logged_in().await;
        let ran = run.run(&["ref", "channels", "--format", "json"]).await;
        assert_eq!(ran.code, 0, "{ran:?}");
        assert_eq!(ran.out, CHANNELS_JSON);
        assert_eq!(ran.err, "12 records from 1 page\n");
        // The first page, and the two around it that tell how the deployment numbers pages.
        let mut sent = run.sent().await;
        sent.sort();
        let page = |n: u32| {
            (
                "GET".to_string(),
                "/rest/v1/listaCanal".to_string(),
                format!("pagina_atual={n}&por_pagina=50"),
            )
        };
        assert_eq!(sent, [page(0), page(1), page(2)]);

        let quiet = run
            .run(&["ref", "channels", "--format", "json", "-q"])
            .await;
        assert_eq!((quiet.code, quiet.out.as_str()), (0, CHANNELS_JSON));
        assert_eq!(quiet.err, "");
    }

    /// Which stream is a terminal is the streams' to say: stdout at a terminal gets a table, the
    /// first page only, and stderr at a terminal the hint to the rest; in a pipe, JSON.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_terminal_on_out_gets_a_table_and_err_the_hint() {
        let run = InProcess::logged_in().await;
        let screen = Terminals {
            stdout: true,
            stderr: true,
            stdin: false,
        };
        let ran = run
            .run_with(screen, b"", &["ref", "channels", "--per-page", "2"])
            .await;
        assert_eq!(ran.code, 0, "{ran:?}");
        assert_eq!(
            ran.out,
            "+----+----------+\n\
             | id | nome     |\n\
             +===============+\n\
             |  1 | WhatsApp |\n\
             |  2 | Facebook |\n\
             +----+----------+\n"
        );
        assert_eq!(ran.err, "showing 1–2 of 12 — --all for every page\n");

        let piped = run
            .run(&["ref", "channels", "--per-page", "2", "--limit", "2"])
            .await;
        assert_eq!(
            (piped.code, piped.out.as_str(), piped.err.as_str()),
            (
                0,
                "[\n  {\n    \"id\": 1,\n    \"nome\": \"WhatsApp\"\n  },\n  \
                 {\n    \"id\": 2,\n    \"nome\": \"Facebook\"\n  }\n]\n",
                "2 records from 1 page\n"
            )
        );
    }

    /// `clinic doctor` writes one line per check on out, in order, and nothing on err when every
    /// check passes or only warns.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn doctor_writes_its_checks_to_out() {
        let run = InProcess::logged_in().await;
        let ran = run.run(&["doctor"]).await;
        let origin = format!("http://{}", run.sandbox.addr());
        let config = run.config.path().join("config.toml");
        // The one check that looks outside the test's own files: the person's shell and home.
        let completions = super::super::checks::shell::completions(&run.vars()).line();
        let expected = format!(
            "ok    config          {config}, profile '{PROFILE}'\n\
             ok    base_url        {origin}/rest/v1 answers (HTTP 401 to an API operation asked without a token): the API is there\n\
             ok    token           unidade1: the service takes it\n\
             ok    credentials     the plain file (0600) holds the token\n\
             ok    clinica         no default clinic\n\
             ok    io_url          {origin}/io answers (HTTP 401)\n\
             warn  io key          none: clinic auth set-io-key (only `clinic io` needs it)\n\
             ok    automation_url  {origin}/automation answers (HTTP 404)\n\
             ok    webhook_id      set (not called: each call creates a contact and a deal)\n\
             ok    crm_url         {origin}/crm/rest/1/****/ answers crm.deal.list\n\
             warn  units           none: clinic config set units \"A;B;C\" (--unit is then sent as typed)\n\
             warn  name cache      empty: clinic cache refresh (names on Tab come from it)\n\
             {completions}\n",
            config = config.display(),
        );
        assert_eq!(ran.out, expected);
        assert_eq!((ran.code, ran.err.as_str()), (0, ""));
    }

    /// A configuration that cannot be read is the doctor's failing check, on out; the failure's
    /// line is on err, and the run fails.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn doctor_reports_an_unreadable_configuration_as_its_failing_check() {
        let run = InProcess::new().await;
        let config = run.config.path().join("config.toml");
        std::fs::write(&config, "[profiles.default\n").unwrap();
        let ran = run.run(&["doctor"]).await;
        assert_eq!(
            ran.out,
            format!(
                "FAIL  config          configuration: {}: unclosed table, expected `]`\n",
                config.display()
            )
        );
        assert_eq!(ran.err, "error: the configuration cannot be read\n");
        assert_eq!(ran.code, 1);
    }
}
