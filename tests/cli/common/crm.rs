//! The CRM host: a sandbox ready for its commands, the create every CRM test starts from, and
//! readers of what its journal and its records hold.

use std::path::Path;

use assert_cmd::Command;
use clinic_sandbox::Options;
use serde_json::Value;

use super::{Env, is_to, query_of, stdout_json};

impl Env {
    /// `clinic` for the CRM commands: this sandbox's hosts and automation webhook ID, no token.
    #[allow(dead_code)]
    pub fn crm(&self) -> Command {
        let mut cmd = self.bare();
        cmd.env("CLINIC_WEBHOOK_ID", clinic_sandbox::WEBHOOK_ID);
        cmd
    }

    /// Every ID of a CRM list (`crm.contact.list`, `crm.deal.list`) read straight from the sandbox by ID
    /// keyset, waiting out its request quota, to compare the CLI's output with.
    #[allow(dead_code)]
    pub fn crm_ids(&self, method: &str) -> Vec<u64> {
        let mut ids = Vec::new();
        loop {
            let after = ids.last().copied().unwrap_or(0);
            let url = format!(
                "{}{method}?order[ID]=ASC&filter[%3EID]={after}&start=-1",
                self.sandbox.urls().crm_url
            );
            let resp = self.http.get(url).send().unwrap();
            if resp.status() == reqwest::StatusCode::SERVICE_UNAVAILABLE {
                std::thread::sleep(std::time::Duration::from_millis(300));
                continue;
            }
            let v: Value = resp.json().unwrap();
            let page = v["result"].as_array().expect("a result array").clone();
            if page.is_empty() {
                return ids;
            }
            ids.extend(
                page.iter()
                    .map(|r| r["ID"].as_str().unwrap().parse::<u64>().unwrap()),
            );
        }
    }

    /// Every item of smart process `type_id` read straight from the sandbox, page after page by
    /// `start` in `id` order, to compare the CLI's output with.
    #[allow(dead_code)]
    pub fn crm_items(&self, type_id: u64) -> Vec<Value> {
        let mut items = Vec::new();
        loop {
            let url = format!(
                "{}crm.item.list?entityTypeId={type_id}&order[id]=ASC&start={}",
                self.sandbox.urls().crm_url,
                items.len()
            );
            let resp = self.http.get(url).send().unwrap();
            if resp.status() == reqwest::StatusCode::SERVICE_UNAVAILABLE {
                std::thread::sleep(std::time::Duration::from_millis(300));
                continue;
            }
            let v: Value = resp.json().unwrap();
            let page = v["result"]["items"].as_array().expect("items").clone();
            if page.is_empty() {
                return items;
            }
            items.extend(page);
        }
    }

    /// One CRM record read straight from the sandbox (`crm.contact.get`, `crm.deal.get`).
    #[allow(dead_code)]
    pub fn crm_get(&self, method: &str, id: u64) -> Value {
        loop {
            let url = format!("{}{method}?ID={id}", self.sandbox.urls().crm_url);
            let resp = self.http.get(url).send().unwrap();
            if resp.status() == reqwest::StatusCode::SERVICE_UNAVAILABLE {
                std::thread::sleep(std::time::Duration::from_millis(300));
                continue;
            }
            return resp.json::<Value>().unwrap()["result"].clone();
        }
    }
}

/// A sandbox whose CRM takes any number of requests a second (the quota has its own test), with its
/// units configured in the profile as `--sandbox` configures them.
pub fn crm_env() -> Env {
    let env = Env::with(Options {
        crm_rate_limit: 0,
        ..Options::ephemeral()
    });
    config_set(&env, "units", &clinic_sandbox::crm::UNITS.join(";"));
    env
}

/// The README's CRM example.
pub const CRM_EXAMPLE: &[&str] = &[
    "crm",
    "contact",
    "create",
    "--full-name",
    "Maria da Silva",
    "--phone",
    "(16) 99264-0197",
    "--email",
    "maria@example.com",
    "--campaign-id",
    "12",
    "--utm-source",
    "whatsapp",
    "--unit",
    "sp campinas",
];

/// `clinic crm contact create` through the automation webhook with every field filled in.
pub const CRM_CREATE: &[&str] = &[
    "crm",
    "contact",
    "create",
    "--full-name",
    "Maria José da Silva",
    "--created-at",
    "2024-03-05 14:22",
    "--phone",
    "(16) 99264-0197",
    "--email",
    "maria.jose@example.com",
    "--campaign-id",
    "12",
    "--utm-source",
    "whatsapp",
    "--utm-campaign",
    "verão 2024",
    "--unit",
    // A word of the unit's name, as `--clinic` takes one.
    "perdizes",
    "--format",
    "json",
];

/// The query of the last request to `method` in the journal.
pub fn update_sent(env: &Env, method: &str) -> Vec<(String, String)> {
    let sent = env.sent();
    let entry = sent
        .iter()
        .rev()
        .find(|r| is_to(r, method))
        .unwrap_or_else(|| panic!("no {method} in {sent:?}"));
    query_of(entry)
}

/// The items of a multi-value field in a write's query, in their order: each
/// `FIELDS[PHONE][n][KEY]=value` gathered by `n`.
pub fn items_sent(
    q: &[(String, String)],
    field: &str,
) -> Vec<std::collections::BTreeMap<String, String>> {
    let prefix = format!("FIELDS[{field}][");
    let mut items: std::collections::BTreeMap<u32, std::collections::BTreeMap<String, String>> =
        Default::default();
    for (k, v) in q {
        let Some(rest) = k.strip_prefix(&prefix) else {
            continue;
        };
        let (n, key) = rest.split_once("][").unwrap();
        items
            .entry(n.parse().unwrap())
            .or_default()
            .insert(key.trim_end_matches(']').to_string(), v.clone());
    }
    items.into_values().collect()
}

/// The calls inside a `batch` request of the journal, in their order: each call's method and its
/// query's pairs (a `$result[…]` reference left as it was sent).
pub fn batch_calls(entry: &Value) -> Vec<(String, Vec<(String, String)>)> {
    query_of(entry)
        .into_iter()
        .filter(|(k, _)| k.starts_with("cmd["))
        .map(|(_, call)| {
            let (method, query) = call.split_once('?').unwrap_or((&call, ""));
            let pairs = url::form_urlencoded::parse(query.as_bytes())
                .map(|(k, v)| (k.into_owned(), v.into_owned()))
                .collect();
            (method.to_string(), pairs)
        })
        .collect()
}

/// The values of a multi-value field of a CRM record, as the sandbox holds them.
pub fn values_of(env: &Env, method: &str, id: u64, field: &str) -> Vec<String> {
    env.crm_get(method, id)[field]
        .as_array()
        .map(|items| {
            items
                .iter()
                .map(|i| i["VALUE"].as_str().unwrap().to_string())
                .collect()
        })
        .unwrap_or_default()
}

/// The IDs of a CRM list printed as JSON, in their order.
pub fn ids_of(out: &std::process::Output) -> Vec<u64> {
    stdout_json(out)
        .as_array()
        .expect("a JSON array")
        .iter()
        .map(|r| r["ID"].as_str().unwrap().parse().unwrap())
        .collect()
}

/// `clinic config set KEY VALUE` in this test's profile, which must succeed.
pub fn config_set(env: &Env, key: &str, value: &str) {
    env.bare()
        .args(["config", "set", key, value])
        .assert()
        .success();
}

/// The rows of an import file for `crm contact import`: `count` new people, then one row for each
/// phone of `existing` (contacts the CRM holds, under new names and e-mails).
pub fn crm_import_file(count: usize, existing: &[String]) -> String {
    let unit = clinic_sandbox::crm::UNITS[0];
    let mut csv = String::from("nome;telefone;email;unidade;campanha;utm_source\n");
    for i in 0..count {
        csv.push_str(&format!(
            "Pessoa {i} Importada;1698{i:07};pessoa{i}@example.com;{unit};12;whatsapp\n"
        ));
    }
    for (i, phone) in existing.iter().enumerate() {
        csv.push_str(&format!(
            "Antiga {i} Cliente;{phone};antiga{i}@example.com;{unit};12;instagram\n"
        ));
    }
    csv
}

/// `crm contact import FILE --journal JOURNAL` with `extra`, after clearing the sandbox's journal.
pub fn run_crm_import(
    env: &Env,
    file: &Path,
    journal: &Path,
    extra: &[&str],
) -> std::process::Output {
    env.clear_journal();
    env.crm()
        .args(["crm", "contact", "import"])
        .arg(file)
        .arg("--journal")
        .arg(journal)
        .args(extra)
        .output()
        .unwrap()
}

/// Requests to CRM `method` in the sandbox's journal.
pub fn calls_to(env: &Env, method: &str) -> usize {
    env.sent().iter().filter(|r| is_to(r, method)).count()
}
