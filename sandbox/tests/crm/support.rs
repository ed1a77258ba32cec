//! A CRM served on an ephemeral loopback port, and small request helpers.

use std::sync::Arc;

use clinic_sandbox::crm::{CrmState, routes};
use serde_json::Value;

pub struct Crm {
    /// `http://127.0.0.1:<port>`
    pub origin: String,
    pub state: Arc<CrmState>,
    pub client: reqwest::Client,
}

impl Crm {
    /// Seed 42, CRM rate limit off unless a test is about it.
    pub async fn start() -> Crm {
        Crm::with_rate(0).await
    }

    pub async fn with_rate(rate: u32) -> Crm {
        Crm::seeded(42, rate).await
    }

    /// A burst as large as the rate, so that a test about the rate meets it at once.
    pub async fn seeded(seed: u64, rate: u32) -> Crm {
        Crm::serving(CrmState::new(
            seed,
            clinic_sandbox::crm::SEEDED_CONTACTS,
            rate,
            rate,
            Default::default(),
        ))
        .await
    }

    /// Seed 42 with this operating-time limit.
    pub async fn with_operating(limit: clinic_sandbox::crm::operating::OperatingLimit) -> Crm {
        Crm::serving(CrmState::new(
            42,
            clinic_sandbox::crm::SEEDED_CONTACTS,
            0,
            0,
            limit,
        ))
        .await
    }

    pub async fn serving_state(state: Arc<CrmState>) -> Crm {
        Crm::serving(state).await
    }

    async fn serving(state: Arc<CrmState>) -> Crm {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let origin = format!("http://{}", listener.local_addr().expect("addr"));
        let app = routes(state.clone());
        tokio::spawn(async move { axum::serve(listener, app).await.expect("serve") });
        Crm {
            origin,
            state,
            client: crate::support::http_client(),
        }
    }

    pub fn crm_url(&self, method: &str) -> String {
        format!("{}/crm/rest/1/sandbox/{method}", self.origin)
    }

    /// `GET <crm_url><method>?<query>` → (status, JSON body).
    pub async fn get(&self, method: &str, query: &str) -> (u16, Value) {
        let url = format!("{}?{query}", self.crm_url(method));
        json(self.client.get(url).send().await.expect("send")).await
    }

    /// `POST` with a form body.
    pub async fn post_form(&self, method: &str, body: &str) -> (u16, Value) {
        let response = self
            .client
            .post(self.crm_url(method))
            .header("content-type", "application/x-www-form-urlencoded")
            .body(body.to_string())
            .send()
            .await
            .expect("send");
        json(response).await
    }

    /// `POST` with a JSON body.
    pub async fn post_json(&self, method: &str, body: &Value) -> (u16, Value) {
        let response = self
            .client
            .post(self.crm_url(method))
            .json(body)
            .send()
            .await
            .expect("send");
        json(response).await
    }
}

pub async fn json(response: reqwest::Response) -> (u16, Value) {
    let status = response.status().as_u16();
    let text = response.text().await.expect("body");
    let value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("not JSON ({e}): {text}"));
    (status, value)
}

/// The eleven webhook parameters of a valid lead, in the documented order. Phones `+55169000000NN`
/// and the `teste.invalid` domain never occur in seeded data.
pub fn lead(n: u32) -> Vec<(&'static str, String)> {
    vec![
        ("Primeiro Nome", "Conceição".to_string()),
        ("Sobrenome", "D'Ávila, \"Tuca\"".to_string()),
        ("Data hora de criação", "05/03/2024 14:22:10".to_string()),
        ("Campaign ID", "17".to_string()),
        ("UTM Source", "Instagram".to_string()),
        ("UTM Medium", "stories".to_string()),
        ("UTM Campaign", "verão 2024".to_string()),
        ("UTM Content", "vídeo, 01".to_string()),
        ("Telefone", format!("+55169000000{n:02}")),
        ("Email", format!("lead{n}@teste.invalid")),
        ("Unidade", "SP São Paulo - Perdizes".to_string()),
    ]
}

/// Replaces (or with `None` removes) one parameter of a lead.
pub fn with(
    mut params: Vec<(&'static str, String)>,
    name: &str,
    value: Option<&str>,
) -> Vec<(&'static str, String)> {
    let index = params
        .iter()
        .position(|(n, _)| *n == name)
        .expect("a lead parameter");
    match value {
        Some(value) => params[index].1 = value.to_string(),
        None => {
            params.remove(index);
        }
    }
    params
}

/// Form encoding: spaces become `+`.
pub fn form_query(params: &[(&str, String)]) -> String {
    let mut serializer = form_urlencoded::Serializer::new(String::new());
    for (name, value) in params {
        serializer.append_pair(name, value);
    }
    serializer.finish()
}

/// Strict percent-encoding: spaces become `%20`, as URL builders write them.
pub fn percent_query(params: &[(&str, String)]) -> String {
    use percent_encoding::{NON_ALPHANUMERIC, utf8_percent_encode};
    params
        .iter()
        .map(|(n, v)| {
            format!(
                "{}={}",
                utf8_percent_encode(n, NON_ALPHANUMERIC),
                utf8_percent_encode(v, NON_ALPHANUMERIC)
            )
        })
        .collect::<Vec<_>>()
        .join("&")
}

impl Crm {
    /// `GET /automation/webhook/<id>?<query>`.
    pub async fn webhook_raw(&self, id: &str, query: &str) -> (u16, Value) {
        let url = format!("{}/automation/webhook/{id}?{query}", self.origin);
        json(self.client.get(url).send().await.expect("send")).await
    }

    pub async fn webhook(&self, params: &[(&str, String)]) -> (u16, Value) {
        self.webhook_raw("sandbox", &form_query(params)).await
    }

    /// Every record of `list_method` matching `query`, walked with `start`/`next`; checks the
    /// paging invariants on the way.
    pub async fn walk(&self, list_method: &str, query: &str) -> Vec<Value> {
        let mut records = Vec::new();
        let mut start = 0;
        loop {
            let (status, page) = self
                .get(list_method, &format!("{query}&start={start}"))
                .await;
            assert_eq!(status, 200, "{page}");
            let result = page["result"].as_array().expect("result array");
            let total = page["total"].as_u64().expect("total") as usize;
            records.extend(result.iter().cloned());
            match page.get("next") {
                Some(next) => {
                    assert_eq!(result.len(), 50, "a page with a next is full");
                    assert_eq!(next.as_u64(), Some(start + 50));
                    start += 50;
                }
                None => {
                    assert_eq!(records.len(), total, "the last page ends at total");
                    assert!(result.len() <= 50);
                    return records;
                }
            }
        }
    }
}

/// The `ID`s of records, as numbers.
pub fn ids(records: &[Value]) -> Vec<u64> {
    records
        .iter()
        .map(|r| {
            r["ID"]
                .as_str()
                .expect("ID is a string")
                .parse()
                .expect("ID is digits")
        })
        .collect()
}

/// A client for the tests. The workspace builds reqwest without a default TLS provider (the CLI
/// installs ring itself), so install it here too before the first client is made.
pub fn http_client() -> reqwest::Client {
    let _ = rustls::crypto::ring::default_provider().install_default();
    reqwest::Client::new()
}
