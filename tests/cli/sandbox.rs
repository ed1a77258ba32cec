//! `clinic sandbox` and `--sandbox`: the local imitation of the whole API, built in.

use serde_json::Value;

use crate::common::*;

#[test]
fn builtin_sandbox_flag_needs_no_setup() {
    let config = tempfile::tempdir().unwrap();
    let out = succeeds(
        assert_cmd::Command::cargo_bin("clinic")
            .unwrap()
            .env("CLINIC_CONFIG_DIR", config.path())
            .env_remove("CLINIC_TOKEN")
            .env_remove("CLINIC_BASE_URL")
            .args([
                "--sandbox",
                "--sandbox-scale",
                "500",
                "report",
                "ficha-financeira",
                "--all",
                "--format",
                "csv",
            ]),
    );
    let mut reader = csv::Reader::from_reader(out.stdout.as_slice());
    let n = reader.records().count();
    assert!(n >= 50, "{n}");
    assert_eq!(
        std::fs::read_dir(config.path()).unwrap().count(),
        0,
        "the sandbox flag wrote configuration"
    );
}

#[test]
fn sandbox_serve_prints_its_urls_first_and_stops_cleanly_on_sigterm() {
    use std::io::BufRead;
    // No sandbox of the test harness runs here to have installed it.
    let _ = rustls::crypto::ring::default_provider().install_default();
    let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("clinic"))
        .args([
            "--lang",
            "pt-BR",
            "sandbox",
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--scale",
            "300",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = std::io::BufReader::new(child.stdout.take().unwrap()).lines();
    let first: Vec<String> = (0..4).map(|_| lines.next().unwrap().unwrap()).collect();
    let keys: Vec<&str> = first.iter().map(|l| l.split('=').next().unwrap()).collect();
    assert_eq!(keys, ["base_url", "io_url", "automation_url", "crm_url"]);
    // Then the lines for a person, in the reader's language, logins and keys as they are.
    let banner: Vec<String> = lines
        .by_ref()
        .map(Result::unwrap)
        .take_while(|l| l != "Pressione Ctrl-C para parar.")
        .collect();
    let banner = banner.join("\n");
    assert!(
        banner.contains("Sandbox do Clinic Results ouvindo em 127.0.0.1:"),
        "{banner}"
    );
    assert!(
        banner.contains("dados: 300 orçamentos, 300 agendamentos e"),
        "{banner}"
    );
    assert!(
        banner.contains("login de usuário da clínica (clínica 1): unidade1 / unidade1"),
        "{banner}"
    );
    assert!(
        banner.contains("chave da API IO (x-api-key): sandbox-io-key"),
        "{banner}"
    );
    let base = first[0].trim_start_matches("base_url=");
    assert!(
        base.starts_with("http://127.0.0.1:") && base.ends_with("/rest/v1"),
        "{base}"
    );
    // The printed address answers.
    let token: Value = reqwest::blocking::Client::new()
        .post(format!("{base}/loginApi"))
        .json(&serde_json::json!({"login": "admin", "password": "admin"}))
        .send()
        .unwrap()
        .json()
        .unwrap();
    assert_eq!(token["tipo"], "admin_master");
    std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(child.wait().unwrap().success());
}

#[test]
fn sandbox_serve_refuses_a_public_address_unless_asked() {
    let out = assert_cmd::Command::cargo_bin("clinic")
        .unwrap()
        .args(["sandbox", "serve", "--addr", "0.0.0.0:0"])
        .timeout(std::time::Duration::from_secs(20))
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(stderr(&out).contains("--public"), "{}", stderr(&out));
}
