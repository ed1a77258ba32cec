//! Proxies: a forwarding HTTP proxy on loopback, written here, sees the traffic when `HTTP_PROXY`
//! (or the profile's `proxy`) names it, and none when `NO_PROXY` covers the host or the profile says
//! `none`; `doctor` and errors name the proxy, without its credentials.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};

use crate::common::*;

/// A forwarding proxy: each connection's first request line is recorded, then the request goes to
/// the host it names, and bytes flow both ways until either side closes.
struct Proxy {
    url: String,
    seen: Arc<Mutex<Vec<String>>>,
}

impl Proxy {
    fn start() -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let seen = Arc::new(Mutex::new(Vec::new()));
        let log = seen.clone();
        std::thread::spawn(move || {
            for client in listener.incoming().flatten() {
                let log = log.clone();
                std::thread::spawn(move || forward(client, &log));
            }
        });
        Proxy { url, seen }
    }

    fn seen(&self) -> Vec<String> {
        self.seen.lock().unwrap().clone()
    }
}

fn forward(mut client: TcpStream, log: &Mutex<Vec<String>>) {
    let mut head = Vec::new();
    let mut byte = [0u8; 1];
    while !head.ends_with(b"\r\n\r\n") {
        if client.read(&mut byte).unwrap_or(0) == 0 {
            return;
        }
        head.push(byte[0]);
    }
    let head = String::from_utf8_lossy(&head).into_owned();
    let line = head.lines().next().unwrap_or("").to_string();
    log.lock().unwrap().push(line.clone());
    // `GET http://127.0.0.1:PORT/path HTTP/1.1`: the host to reach, and the path it is asked for.
    let target = line.split(' ').nth(1).unwrap_or("");
    let Ok(url) = url::Url::parse(target) else {
        return;
    };
    let Ok(mut server) = TcpStream::connect((
        url.host_str().unwrap_or(""),
        url.port_or_known_default().unwrap_or(80),
    )) else {
        return;
    };
    let _ = server.write_all(head.as_bytes());
    let (mut from_server, mut to_client) =
        (server.try_clone().unwrap(), client.try_clone().unwrap());
    std::thread::spawn(move || {
        let _ = std::io::copy(&mut from_server, &mut to_client);
    });
    let _ = std::io::copy(&mut client, &mut server);
}

#[test]
fn requests_go_through_the_proxy_the_environment_or_the_profile_names() {
    let env = Env::new();
    let proxy = Proxy::start();
    let channels = |cmd: &mut assert_cmd::Command| {
        let out = succeeds(cmd.args(CHANNELS_JSON));
        stdout_json(&out)
    };
    let direct = channels(&mut env.clinic());
    assert!(proxy.seen().is_empty());

    // HTTP_PROXY: every request through it, the same answer.
    let through = channels(env.clinic().env("HTTP_PROXY", &proxy.url));
    assert_eq!(through, direct);
    let seen = proxy.seen();
    assert!(
        seen.iter()
            .any(|l| l.starts_with(&format!("GET {}/", env.base_url()))),
        "{seen:?}"
    );

    // NO_PROXY covering the host: straight to it.
    let before = proxy.seen().len();
    channels(
        env.clinic()
            .env("HTTP_PROXY", &proxy.url)
            .env("NO_PROXY", "127.0.0.1"),
    );
    assert_eq!(proxy.seen().len(), before);

    // The profile's `proxy = none` wins over the environment; a proxy address in the profile is
    // used without any variable.
    env.bare()
        .args(["config", "set", "proxy", "none"])
        .assert()
        .success();
    channels(env.clinic().env("HTTP_PROXY", &proxy.url));
    assert_eq!(proxy.seen().len(), before);
    env.bare()
        .args(["config", "set", "proxy", &proxy.url])
        .assert()
        .success();
    channels(&mut env.clinic());
    assert!(proxy.seen().len() > before);
    env.bare()
        .args(["config", "unset", "proxy"])
        .assert()
        .success();

    // A bad value is refused, naming the key.
    let out = exits(env.bare().args(["config", "set", "proxy", "ftp://x"]), 2);
    assert!(stderr(&out).contains("proxy"), "{}", stderr(&out));
}

#[test]
fn doctor_and_errors_name_the_proxy_without_its_credentials() {
    let env = Env::new();
    let proxy = Proxy::start();
    let out = env
        .clinic()
        .env("HTTP_PROXY", &proxy.url)
        .args(["doctor", "--format", "json"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains(&format!("through proxy {}", proxy.url)),
        "{text}"
    );

    // A proxy that is not there: the error says the request went through it, and never shows the
    // password of its address.
    let closed = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = closed.local_addr().unwrap().port();
    drop(closed);
    let out = exits(
        env.clinic()
            .env(
                "HTTP_PROXY",
                format!("http://clinica:s3nha-do-proxy@127.0.0.1:{port}"),
            )
            .args(["--max-wait", "1s", "ref", "channels"]),
        5,
    );
    let err = stderr(&out);
    // The proxy is named as what does not answer, never the service's address (base_url).
    assert!(
        err.contains(&format!(
            "the proxy http://127.0.0.1:{port}/ does not answer"
        )),
        "{err}"
    );
    assert!(!err.contains("base_url"), "{err}");
    assert!(!err.contains("s3nha-do-proxy"), "{err}");
}

/// A proxy address with a password, kept in the profile: `config list` and `config get proxy` show
/// it masked (`--show` reveals it), and neither `doctor`, a `-v` trace of requests through it, nor
/// the error when it cannot be reached ever shows the password.
#[test]
fn the_proxys_password_is_masked_everywhere_its_address_is_shown() {
    const PASSWORD: &str = "s3nha-do-proxy-guardada";
    let env = Env::new();
    let proxy = Proxy::start();
    let with_password = proxy
        .url
        .replace("http://", &format!("http://clinica:{PASSWORD}@"));
    env.bare()
        .args(["config", "set", "proxy", &with_password])
        .assert()
        .success();
    let masked = format!("{}/", proxy.url.replace("http://", "http://clinica:****@"));
    let shown = |args: &[&str]| {
        let out = env.bare().args(args).output().unwrap();
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        format!("{}{}", String::from_utf8_lossy(&out.stdout), stderr(&out))
    };
    for args in [
        &["config", "list"][..],
        &["config", "list", "--format", "json"],
        &["config", "get", "proxy"],
    ] {
        let text = shown(args);
        assert!(text.contains(&masked), "{args:?}: {text}");
        assert!(!text.contains(PASSWORD), "{args:?}: {text}");
    }
    assert!(shown(&["config", "get", "proxy", "--show"]).contains(&with_password));

    // Requests go through it; neither doctor nor the trace of a walk shows the password.
    let out = env.run(&["doctor", "--format", "json"]);
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), stderr(&out));
    assert!(text.contains("through proxy"), "{text}");
    assert!(!text.contains(PASSWORD), "{text}");
    let out = env.run_ok(&["-v", "ref", "channels", "--format", "json"]);
    assert!(!stderr(&out).contains(PASSWORD), "{}", stderr(&out));
    assert!(
        !proxy.seen().is_empty(),
        "the requests went through the proxy"
    );

    // The same proxy gone: the error names it, without the password.
    let closed = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = closed.local_addr().unwrap().port();
    drop(closed);
    env.bare()
        .args([
            "config",
            "set",
            "proxy",
            &format!("http://clinica:{PASSWORD}@127.0.0.1:{port}"),
        ])
        .assert()
        .success();
    let out = exited(env.run(&["-v", "--max-wait", "1s", "ref", "channels"]), 5);
    let err = stderr(&out);
    assert!(err.contains(&format!("127.0.0.1:{port}")), "{err}");
    assert!(!err.contains(PASSWORD), "{err}");
}

/// The page Squid answers with when it wants other credentials: the person must never see its
/// markup, at most its title.
const SQUID_PAGE: &str = "<!DOCTYPE html>\n<html><head>\n<title>ERROR: Cache Access Denied</title>\n\
<style type=\"text/css\">body { font-family: sans-serif }</style>\n</head><body>\n\
<h1>ERROR</h1><p>Sorry, you are not currently allowed to request this page.</p>\n</body></html>\n";

/// A proxy that refuses every request with 407 and Squid's page, recording each request's first
/// line.
fn demanding_proxy() -> Proxy {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    let seen = Arc::new(Mutex::new(Vec::new()));
    let log = seen.clone();
    std::thread::spawn(move || {
        for mut client in listener.incoming().flatten() {
            let mut head = Vec::new();
            let mut byte = [0u8; 1];
            while !head.ends_with(b"\r\n\r\n") {
                if client.read(&mut byte).unwrap_or(0) == 0 {
                    break;
                }
                head.push(byte[0]);
            }
            let head = String::from_utf8_lossy(&head).into_owned();
            log.lock()
                .unwrap()
                .push(head.lines().next().unwrap_or("").to_string());
            let _ = client.write_all(
                format!(
                    "HTTP/1.1 407 Proxy Authentication Required\r\n\
                     Proxy-Authenticate: Basic realm=\"Squid proxy-caching web server\"\r\n\
                     Content-Type: text/html;charset=utf-8\r\nContent-Length: {}\r\n\
                     Connection: close\r\n\r\n{SQUID_PAGE}",
                    SQUID_PAGE.len()
                )
                .as_bytes(),
            );
        }
    });
    Proxy { url, seen }
}

/// A proxy that refuses the credentials it was given (407 with an HTML page) is a network failure
/// (exit 5) that names the proxy, where it was set and how to give it a password, in the reader's
/// language; never the API's refusal, never the page's markup, never the password.
#[test]
fn a_proxy_that_refuses_the_credentials_is_named_as_the_proxy() {
    const PASSWORD: &str = "s3nha-errada-do-proxy";
    let env = Env::new();
    let proxy = demanding_proxy();
    let address = proxy.url.trim_start_matches("http://").to_string();
    let with_password = proxy
        .url
        .replace("http://", &format!("http://clinica:{PASSWORD}@"));

    // From the environment (the process reads HTTP_PROXY itself).
    let out = env
        .clinic()
        .env("HTTP_PROXY", &with_password)
        .args(["ref", "channels", "--format", "json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(5), "{}", stderr(&out));
    assert!(out.stdout.is_empty());
    assert_eq!(
        stderr(&out),
        format!(
            "error: network failure: the proxy {address} refused the credentials (HTTP 407), its \
             page titled \"ERROR: Cache Access Denied\": the proxy comes from the environment \
             variable HTTP_PROXY; give its user and password there \
             (HTTP_PROXY=http://USER:PASSWORD@{address}) or in the profile, `clinic config set \
             proxy http://USER:PASSWORD@{address}`\n"
        )
    );
    assert!(
        proxy
            .seen()
            .iter()
            .all(|l| l.starts_with(&format!("GET {}/", env.base_url()))),
        "{:?}",
        proxy.seen()
    );
    let out = env
        .clinic()
        .env("HTTP_PROXY", &with_password)
        .env("CLINIC_LANG", "pt-BR")
        .args(["ref", "channels"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(5));
    assert!(
        stderr(&out).starts_with(&format!(
            "erro: falha de rede: o proxy {address} recusou as credenciais (HTTP 407), com a \
             página intitulada \"ERROR: Cache Access Denied\": o proxy vem da variável de \
             ambiente HTTP_PROXY;"
        )),
        "{}",
        stderr(&out)
    );
    assert!(!stderr(&out).contains(PASSWORD));

    // An HTTPS host: the proxy refuses the tunnel (CONNECT) itself, with no page to show.
    let out = env
        .clinic()
        .env("HTTPS_PROXY", &with_password)
        .env("CLINIC_BASE_URL", "https://clinica.invalid/rest/v1")
        .args(["ref", "channels"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(5), "{}", stderr(&out));
    assert_eq!(
        stderr(&out),
        format!(
            "error: network failure: the proxy {address} refused the credentials (HTTP 407): the \
             proxy comes from the environment variable HTTPS_PROXY; give its user and password \
             there (HTTPS_PROXY=http://USER:PASSWORD@{address}) or in the profile, `clinic \
             config set proxy http://USER:PASSWORD@{address}`\n"
        )
    );
    assert_eq!(
        proxy.seen().last().map(String::as_str),
        Some("CONNECT clinica.invalid:443 HTTP/1.1")
    );

    // From the profile: the hint says to put the password there; a -v trace keeps it out too.
    env.bare()
        .args(["config", "set", "proxy", &with_password])
        .assert()
        .success();
    let out = exited(env.run(&["-v", "ref", "channels"]), 5);
    let err = stderr(&out);
    assert!(
        err.ends_with(&format!(
            "error: network failure: the proxy {address} refused the credentials (HTTP 407), its \
             page titled \"ERROR: Cache Access Denied\": the proxy is the profile's `proxy`; give \
             its user and password there, `clinic config set proxy \
             http://USER:PASSWORD@{address}`\n"
        )),
        "{err}"
    );
    for text in [err.as_str(), &String::from_utf8_lossy(&out.stdout)] {
        assert!(!text.contains(PASSWORD), "{text}");
        assert!(!text.contains("Sorry, you are not"), "{text}");
        assert!(!text.contains("<h1>"), "{text}");
    }
}

/// `doctor` behind a proxy that refuses the credentials: the proxy is a check of its own and
/// fails with its words; no host is blamed (each says the proxy refused, none is ok); with the
/// proxy gone from the profile, the same hosts answer directly.
#[test]
fn doctor_reports_a_refusing_proxy_on_its_own_line_and_blames_no_host() {
    const PASSWORD: &str = "s3nha-errada-do-proxy";
    let env = Env::new();
    let proxy = demanding_proxy();
    let address = proxy.url.trim_start_matches("http://").to_string();
    env.bare()
        .args([
            "config",
            "set",
            "proxy",
            &proxy
                .url
                .replace("http://", &format!("http://clinica:{PASSWORD}@")),
        ])
        .assert()
        .success();
    let out = exited(env.run(&["doctor"]), 1);
    let text = String::from_utf8(out.stdout.clone()).unwrap();
    let origin = env.base_url().trim_end_matches("/rest/v1").to_string();
    let refused = "refused the request (HTTP 407; see the proxy line)";
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[1..11],
        [
            format!(
                "FAIL  proxy           network failure: the proxy {address} refused the \
                 credentials (HTTP 407), its page titled \"ERROR: Cache Access Denied\": the \
                 proxy is the profile's `proxy`; give its user and password there, `clinic \
                 config set proxy http://USER:PASSWORD@{address}`"
            ),
            format!(
                "FAIL  base_url        {origin}/rest/v1 not reached: the proxy {address} {refused}"
            ),
            format!("FAIL  token           not tried: the proxy {address} {refused}"),
            "ok    credentials     CLINIC_TOKEN is set: no store is read".to_string(),
            "ok    clinica         no default clinic".to_string(),
            format!("FAIL  io_url          {origin}/io not reached: the proxy {address} {refused}"),
            "warn  io key          none: clinic auth set-io-key (only `clinic io` needs it)"
                .to_string(),
            format!(
                "FAIL  automation_url  {origin}/automation not reached: the proxy {address} \
                 {refused}"
            ),
            "warn  webhook_id      not set: clinic config set webhook_id ID (crm contact create \
             needs it)"
                .to_string(),
            format!(
                "FAIL  crm_url         {origin}/crm/rest/1/****/ not reached: the proxy \
                 {address} {refused}"
            ),
        ],
        "{text}"
    );
    assert_eq!(stderr(&out), "error: 6 of 14 checks failed\n");
    assert!(
        !text.contains(PASSWORD) && !text.contains("Sorry"),
        "{text}"
    );

    // A proxy that lets requests through: its own line says so and where it was set, and every
    // host line says it went through it.
    let open = Proxy::start();
    let open_address = open.url.trim_start_matches("http://").to_string();
    env.bare()
        .args(["config", "set", "proxy", &open.url])
        .assert()
        .success();
    let out = env.run(&["doctor"]);
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[1],
        format!(
            "ok    proxy           {open_address} (the profile's proxy) answers and lets \
             requests through"
        ),
        "{text}"
    );
    let through = format!("through proxy {}/", open.url);
    for name in ["base_url", "token", "io_url", "automation_url", "crm_url"] {
        let line = lines
            .iter()
            .find(|l| l[6..].starts_with(&format!("{name} ")))
            .unwrap_or_else(|| panic!("no {name} line: {text}"));
        assert!(line.starts_with("ok ") && line.contains(&through), "{text}");
    }
}
