//! Small real HTTP servers on loopback for the behaviours the sandbox has no knob for: redirects, hung
//! or endless answers, hostile messages, shifting pages. Each runs an axum router on its own thread and
//! records every request it receives.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use axum::Router;
use axum::body::Bytes;
use axum::extract::Request;
use serde_json::{Value, json};
use tokio::sync::oneshot;

/// What a server received: `{"method", "path", "query", "headers": {name: value}, "body"}`.
#[derive(Clone, Default)]
pub struct Received(Arc<Mutex<Vec<Value>>>);

impl Received {
    pub fn all(&self) -> Vec<Value> {
        self.0.lock().unwrap().clone()
    }

    /// Records a request and hands back its body.
    pub async fn record(&self, req: Request) -> (axum::http::request::Parts, Bytes) {
        let (parts, body) = req.into_parts();
        let bytes = axum::body::to_bytes(body, 1 << 20)
            .await
            .unwrap_or_default();
        let headers: serde_json::Map<String, Value> = parts
            .headers
            .iter()
            .map(|(k, v)| {
                (
                    k.as_str().to_string(),
                    Value::String(v.to_str().unwrap_or("").to_string()),
                )
            })
            .collect();
        self.0.lock().unwrap().push(json!({
            "method": parts.method.as_str(),
            "path": parts.uri.path(),
            "query": parts.uri.query().unwrap_or(""),
            "headers": headers,
            "body": String::from_utf8_lossy(&bytes),
        }));
        (parts, bytes)
    }
}

/// A thread running `serve` on a runtime of its own, beside the test's blocking client. When `serve`
/// ends, answers still hanging are abandoned, not awaited.
pub fn on_own_runtime(
    serve: impl std::future::Future<Output = ()> + Send + 'static,
) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(serve);
        rt.shutdown_background();
    })
}

/// A server on 127.0.0.1 with a free port. Stops (without waiting for hung answers) when dropped.
pub struct Server {
    pub addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Server {
    /// Serves `app(address)`: the router may need its own address (to redirect to itself).
    pub fn start(app: impl FnOnce(SocketAddr) -> Router + Send + 'static) -> Server {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        listener.set_nonblocking(true).unwrap();
        let addr = listener.local_addr().unwrap();
        let (stop, stopped) = oneshot::channel::<()>();
        let thread = on_own_runtime(async move {
            let listener = tokio::net::TcpListener::from_std(listener).unwrap();
            tokio::select! {
                _ = axum::serve(listener, app(addr)) => {}
                _ = stopped => {}
            }
        });
        Server {
            addr,
            stop: Some(stop),
            thread: Some(thread),
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.addr)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// A server that answers every request `200 {"dados": [], "ok": true}` and records it.
pub fn recorder() -> (Server, Received) {
    let received = Received::default();
    let r = received.clone();
    let server = Server::start(move |_| {
        Router::new().fallback(move |req: Request| {
            let r = r.clone();
            async move {
                r.record(req).await;
                axum::Json(json!({"dados": [], "ok": true}))
            }
        })
    });
    (server, received)
}

/// `clinic` pointed at `base` for every host, with a token and an IO key, and no user environment.
pub fn clinic_at(config: &std::path::Path, base: &str) -> assert_cmd::Command {
    let urls = clinic_sandbox::Urls {
        base_url: format!("{base}/rest/v1"),
        io_url: format!("{base}/io"),
        automation_url: format!("{base}/automation"),
        crm_url: format!("{base}/crm/rest/1/k3y-0f-w3bh00k/"),
    };
    let mut cmd = crate::common::command_for(config, &urls);
    cmd.env("CLINIC_TOKEN", "t0k3n-f0r-th3-t3st-s3rv3r-0nly")
        .env("CLINIC_IO_KEY", "i0-k3y-f0r-th3-t3st-s3rv3r")
        .env("CLINIC_WEBHOOK_ID", "w3bh00k-s3cr3t");
    cmd
}
