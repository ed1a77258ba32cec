//! A sandbox on a free port and a small client for it.

use clinic_sandbox::{
    ADMIN_LOGIN, ADMIN_PASSWORD, CLINIC_LOGIN, CLINIC_PASSWORD, Options, Sandbox,
};
use reqwest::StatusCode;
use serde_json::{Value, json};

pub struct Api {
    pub sandbox: Sandbox,
    pub http: reqwest::Client,
}

/// Test data small enough to build in a blink, big enough for every clinic.
pub fn small() -> Options {
    Options {
        scale: 3000,
        ..Options::ephemeral()
    }
}

impl Api {
    pub async fn start(opts: Options) -> Api {
        let sandbox = Sandbox::start(opts).await.expect("sandbox starts");
        Api {
            sandbox,
            http: crate::support::http_client(),
        }
    }

    pub async fn small() -> Api {
        Api::start(small()).await
    }

    pub fn base(&self) -> &str {
        &self.sandbox.urls().base_url
    }

    pub fn root(&self) -> String {
        format!("http://{}", self.sandbox.addr())
    }

    /// Logs in and returns the whole answer.
    pub async fn login_answer(&self, login: &str, password: &str) -> (StatusCode, Value) {
        let response = self
            .http
            .post(format!("{}/loginApi", self.base()))
            .json(&json!({ "login": login, "password": password }))
            .send()
            .await
            .expect("login request");
        read(response).await
    }

    async fn token_of(&self, login: &str, password: &str) -> String {
        let (status, body) = self.login_answer(login, password).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        body["token"].as_str().expect("token field").to_owned()
    }

    pub async fn admin(&self) -> String {
        self.token_of(ADMIN_LOGIN, ADMIN_PASSWORD).await
    }

    pub async fn clinic(&self) -> String {
        self.token_of(CLINIC_LOGIN, CLINIC_PASSWORD).await
    }

    /// `GET base_url/<path_and_query>` with `Authorization: Bearer <token>`.
    pub async fn get(&self, token: &str, path_and_query: &str) -> (StatusCode, Value) {
        let response = self
            .http
            .get(format!("{}/{path_and_query}", self.base()))
            .bearer_auth(token)
            .send()
            .await
            .expect("GET request");
        read(response).await
    }

    /// `POST base_url/<path>` with a JSON body.
    pub async fn post(&self, token: &str, path: &str, body: Value) -> (StatusCode, Value) {
        let response = self
            .http
            .post(format!("{}/{path}", self.base()))
            .bearer_auth(token)
            .json(&body)
            .send()
            .await
            .expect("POST request");
        read(response).await
    }

    /// Records of a list answer in the `dados` envelope, asserting 200.
    pub async fn records(&self, token: &str, path_and_query: &str) -> (Vec<Value>, u64) {
        let (status, body) = self.get(token, path_and_query).await;
        assert_eq!(status, StatusCode::OK, "{path_and_query}: {body}");
        let records = body["dados"].as_array().expect("dados array").clone();
        (records, body["total"].as_u64().expect("total"))
    }

    /// Every record of a filtered list, walking pages of `per_page`.
    pub async fn walk(&self, token: &str, path_and_query: &str, per_page: u32) -> Vec<Value> {
        let mut all = Vec::new();
        for page in 1.. {
            let (records, total) = self
                .records(
                    token,
                    &format!("{path_and_query}&pagina_atual={page}&por_pagina={per_page}"),
                )
                .await;
            if records.is_empty() {
                assert_eq!(all.len() as u64, total, "walk collected the reported total");
                return all;
            }
            all.extend(records);
        }
        unreachable!("pages are unbounded")
    }
}

/// The request journal, oldest first.
pub async fn journal(api: &Api) -> Vec<Value> {
    let response = api
        .http
        .get(format!("{}/__sandbox/requests", api.root()))
        .send()
        .await
        .unwrap();
    let (status, body) = read(response).await;
    assert_eq!(status, StatusCode::OK);
    body.as_array().expect("journal array").clone()
}

pub async fn read(response: reqwest::Response) -> (StatusCode, Value) {
    let status = response.status();
    let text = response.text().await.expect("body");
    let value = serde_json::from_str(&text).unwrap_or(Value::String(text));
    (status, value)
}

/// The `erro` message of an error answer.
pub fn erro(body: &Value) -> &str {
    body["erro"]
        .as_str()
        .unwrap_or_else(|| panic!("no erro in {body}"))
}

/// A client for the tests. The workspace builds reqwest without a default TLS provider (the CLI
/// installs ring itself), so install it here too before the first client is made.
pub fn http_client() -> reqwest::Client {
    builder().build().expect("client")
}

/// A client that neither asks for compressed answers nor decodes them by itself (whatever
/// features reqwest was built with), so tests see the bytes the sandbox sent.
pub fn builder() -> reqwest::ClientBuilder {
    let _ = rustls::crypto::ring::default_provider().install_default();
    reqwest::Client::builder()
        .no_gzip()
        .no_brotli()
        .no_zstd()
        .no_deflate()
}
