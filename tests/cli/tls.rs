//! TLS: a server whose certificate comes from a private authority is refused (exit 5, not retried)
//! until its CA is given with `--cacert`, `CLINIC_CA_BUNDLE` or `ca_bundle`; a bad bundle is a usage
//! error that names the setting; https never redirects down to http.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use rcgen::{BasicConstraints, CertificateParams, DnType, IsCa, Issuer, KeyPair};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::common::*;

/// A private CA (PEM) and an https server on 127.0.0.1 with a certificate it signed, counting the
/// connections it accepts.
struct TlsServer {
    ca_pem: String,
    port: u16,
    connections: Arc<AtomicUsize>,
}

impl TlsServer {
    fn start() -> TlsServer {
        let _ = rustls::crypto::ring::default_provider().install_default();
        let mut ca = CertificateParams::new(Vec::new()).unwrap();
        ca.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        ca.distinguished_name
            .push(DnType::CommonName, "clinic test authority");
        let ca_key = KeyPair::generate().unwrap();
        let ca_cert = ca.self_signed(&ca_key).unwrap();
        let issuer = Issuer::new(ca, ca_key);
        let leaf_key = KeyPair::generate().unwrap();
        let leaf = CertificateParams::new(vec!["127.0.0.1".to_string()])
            .unwrap()
            .signed_by(&leaf_key, &issuer)
            .unwrap();
        let config = rustls::ServerConfig::builder()
            .with_no_client_auth()
            .with_single_cert(
                vec![leaf.der().clone()],
                rustls::pki_types::PrivateKeyDer::Pkcs8(leaf_key.serialize_der().into()),
            )
            .unwrap();
        let acceptor = tokio_rustls::TlsAcceptor::from(Arc::new(config));
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.set_nonblocking(true).unwrap();
        let port = listener.local_addr().unwrap().port();
        let connections = Arc::new(AtomicUsize::new(0));
        let counted = connections.clone();
        crate::servers::on_own_runtime(async move {
            let listener = tokio::net::TcpListener::from_std(listener).unwrap();
            while let Ok((tcp, _)) = listener.accept().await {
                counted.fetch_add(1, Ordering::SeqCst);
                let acceptor = acceptor.clone();
                tokio::spawn(async move {
                    let Ok(mut tls) = acceptor.accept(tcp).await else {
                        return;
                    };
                    let mut request = Vec::new();
                    let mut buf = [0u8; 4096];
                    while !request.windows(4).any(|w| w == b"\r\n\r\n") {
                        match tls.read(&mut buf).await {
                            Ok(0) | Err(_) => return,
                            Ok(n) => request.extend_from_slice(&buf[..n]),
                        }
                    }
                    let head = String::from_utf8_lossy(&request);
                    let answer = if head.contains("/downgrade") {
                        "HTTP/1.1 302 Found\r\nLocation: http://127.0.0.1:9/rest/v1/listaCanal\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".to_string()
                    } else {
                        let body = r#"{"dados": [{"id": 1, "nome": "Canal seguro"}], "total": 1}"#;
                        format!(
                            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                            body.len()
                        )
                    };
                    let _ = tls.write_all(answer.as_bytes()).await;
                    let _ = tls.shutdown().await;
                });
            }
        });
        TlsServer {
            ca_pem: ca_cert.pem(),
            port,
            connections,
        }
    }

    fn base_url(&self) -> String {
        format!("https://127.0.0.1:{}/rest/v1", self.port)
    }
}

fn clinic(config: &std::path::Path, server: &TlsServer) -> assert_cmd::Command {
    let urls = clinic_sandbox::Urls {
        base_url: server.base_url(),
        io_url: format!("https://127.0.0.1:{}/io", server.port),
        automation_url: format!("https://127.0.0.1:{}/automation", server.port),
        crm_url: format!("https://127.0.0.1:{}/crm/rest/1/x/", server.port),
    };
    let mut cmd = command_for(config, &urls);
    cmd.env("CLINIC_TOKEN", "t0k3n");
    cmd
}

#[test]
fn a_private_authority_is_trusted_only_when_given() {
    let server = TlsServer::start();
    let dir = tempfile::tempdir().unwrap();
    let ca = dir.path().join("ca.pem");
    std::fs::write(&ca, &server.ca_pem).unwrap();

    let out = clinic(dir.path(), &server)
        .args(CHANNELS_JSON)
        .output()
        .unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(5), "{err}");
    assert!(err.contains("--cacert"), "{err}");
    assert_eq!(
        server.connections.load(Ordering::SeqCst),
        1,
        "a certificate failure is not retried"
    );

    let out = succeeds(
        clinic(dir.path(), &server)
            .args(["ref", "channels", "--format", "json", "--cacert"])
            .arg(&ca),
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("Canal seguro"));

    succeeds(
        clinic(dir.path(), &server)
            .env("CLINIC_CA_BUNDLE", &ca)
            .args(CHANNELS_JSON),
    );

    clinic(dir.path(), &server)
        .args(["config", "set", "ca_bundle"])
        .arg(&ca)
        .assert()
        .success();
    succeeds(clinic(dir.path(), &server).args(CHANNELS_JSON));

    // https never goes down to http, even on the same host.
    let out = clinic(dir.path(), &server)
        .args(["api", "GET", "/downgrade"])
        .output()
        .unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(5), "{err}");
    assert!(err.contains("downgrade"), "{err}");
}

#[test]
fn a_bad_bundle_is_a_usage_error_naming_its_setting() {
    let server = TlsServer::start();
    let dir = tempfile::tempdir().unwrap();
    let garbage = dir.path().join("garbage.pem");
    std::fs::write(&garbage, "not a certificate\n").unwrap();
    let missing = dir.path().join("missing.pem");
    for (path, what) in [(&garbage, "BEGIN CERTIFICATE"), (&missing, "readable")] {
        let out = clinic(dir.path(), &server)
            .args(["ref", "channels", "--cacert"])
            .arg(path)
            .output()
            .unwrap();
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{err}");
        assert!(err.contains("--cacert") && err.contains(what), "{err}");
    }
    assert_eq!(server.connections.load(Ordering::SeqCst), 0, "nothing sent");

    // A configured bundle that went missing names the key, and the key can still be removed.
    let ca = dir.path().join("ca.pem");
    std::fs::write(&ca, &server.ca_pem).unwrap();
    clinic(dir.path(), &server)
        .args(["config", "set", "ca_bundle"])
        .arg(&ca)
        .assert()
        .success();
    std::fs::remove_file(&ca).unwrap();
    let out = clinic(dir.path(), &server)
        .args(["ref", "channels"])
        .output()
        .unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("ca_bundle"), "{err}");
    clinic(dir.path(), &server)
        .args(["config", "unset", "ca_bundle"])
        .assert()
        .success();
}
