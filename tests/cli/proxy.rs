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
