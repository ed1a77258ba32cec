//! The automation webhook `GET {automation_url}/webhook/<webhook_id>`: creates (or reuses) a contact and
//! opens a deal. Its parameter names hold spaces and accents and are percent-encoded exactly; it is a GET
//! with side effects, so it is never sent again once it may have reached the server.

use chrono::{DateTime, NaiveDateTime, Utc};
use percent_encoding::{AsciiSet, NON_ALPHANUMERIC, utf8_percent_encode};
use serde_json::Value;

use crate::api::AUTOMATION_WEBHOOK;
use crate::api::judge::{Empty, Verdict, judge};
use crate::error::{Error, Result};
use crate::http::{Http, Request};

/// Everything but RFC 3986's unreserved characters is escaped, so a space is `%20` (never `+`, which
/// some automation platforms keep as a plus) and the `+` of a phone is `%2B`.
const ESCAPED: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~');

/// The sources the deployment's automation accepts, spelled exactly as it compares them.
pub const UTM_SOURCES: [&str; 3] = ["WhatsApp", "Facebook", "Instagram"];

/// The written form of `Data hora de criação`.
pub const CREATED_FORMAT: &str = "%d/%m/%Y %H:%M:%S";

/// One lead, every value already in the form the webhook wants.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lead {
    pub first_name: String,
    pub last_name: String,
    /// `DD/MM/AAAA hh:mm:ss`
    pub created: String,
    pub campaign_id: String,
    pub utm_source: String,
    pub utm_medium: String,
    pub utm_campaign: String,
    pub utm_content: String,
    /// `+55` + digits
    pub phone: String,
    pub email: String,
    pub unit: String,
}

impl Lead {
    /// The parameters, named and ordered as the deployment documents them.
    pub fn parameters(&self) -> [(&'static str, &str); 11] {
        [
            ("Primeiro Nome", &self.first_name),
            ("Sobrenome", &self.last_name),
            ("Data hora de criação", &self.created),
            ("Campaign ID", &self.campaign_id),
            ("UTM Source", &self.utm_source),
            ("UTM Medium", &self.utm_medium),
            ("UTM Campaign", &self.utm_campaign),
            ("UTM Content", &self.utm_content),
            ("Telefone", &self.phone),
            ("Email", &self.email),
            ("Unidade", &self.unit),
        ]
    }

    /// The raw query string.
    pub fn query(&self) -> String {
        self.parameters()
            .iter()
            .map(|(k, v)| {
                format!(
                    "{}={}",
                    utf8_percent_encode(k, ESCAPED),
                    utf8_percent_encode(v, ESCAPED)
                )
            })
            .collect::<Vec<_>>()
            .join("&")
    }
}

/// The webhook's address (`{automation_url}/webhook/{webhook_id}`), and the same address with the
/// webhook ID masked for traces.
pub fn endpoint(automation: &url::Url, webhook_id: &str) -> Result<(url::Url, String)> {
    let mut url = automation.clone();
    url.set_query(None);
    let mut masked = url.clone();
    for (target, id) in [(&mut url, webhook_id), (&mut masked, crate::redact::MASK)] {
        target
            .path_segments_mut()
            .map_err(|_| {
                Error::invalid(
                    "automation_url",
                    automation.as_str(),
                    &crate::t!("crm-expect-url-with-path"),
                )
            })?
            .pop_if_empty()
            .extend(["webhook", id]);
    }
    Ok((url, masked.to_string()))
}

/// The webhook's address for `lead`, and the same address with the webhook ID masked for traces.
pub fn address(automation: &url::Url, webhook_id: &str, lead: &Lead) -> Result<(url::Url, String)> {
    let (mut url, masked) = endpoint(automation, webhook_id)?;
    let query = lead.query();
    url.set_query(Some(&query));
    Ok((url, format!("{masked}?{query}")))
}

/// Sends the lead once and returns the automation's answer (`{"ok":true,"contact_id",…}`).
pub async fn send(http: &Http, url: url::Url, shown_url: String) -> Result<Value> {
    let req = Request {
        method: AUTOMATION_WEBHOOK.http_method(),
        url,
        shown_url,
        headers: Vec::new(),
        body: None,
        // It creates records: never sent again once it may have reached the automation.
        safety: AUTOMATION_WEBHOOK.safety,
        max_wait: None,
        handled_by_caller: None,
    };
    let resp = http.send(&req).await?;
    match judge(resp.status, &resp.body, Empty::Refused) {
        // The webhook takes no credentials: a 401 is a refusal like any other, not a login problem.
        Verdict::AuthFailed { status, message } => Err(Error::Rejected { status, message }),
        Verdict::NotJson { status, excerpt } => Err(Error::Protocol(crate::t!(
            "crm-automation-not-json",
            status = status,
            excerpt = excerpt
        ))),
        verdict => verdict.into_result(),
    }
}

/// `First Middle Last` → (`First Middle`, `Last`): the last word is the surname.
pub fn split_full_name(full: &str) -> Option<(String, String)> {
    let words: Vec<&str> = full.split_whitespace().collect();
    let (last, first) = words.split_last()?;
    (!first.is_empty()).then(|| (first.join(" "), last.to_string()))
}

/// The UTM source in the deployment's spelling, whatever case was typed.
pub fn utm_source(typed: &str) -> Option<&'static str> {
    UTM_SOURCES
        .iter()
        .copied()
        .find(|s| s.eq_ignore_ascii_case(typed.trim()))
}

/// The creation time as the webhook writes it, in `tz`: a typed local date-time
/// (`YYYY-MM-DD HH:MM[:SS]`, `DD/MM/YYYY HH:MM[:SS]`) is taken as already in `tz`; a time with an offset
/// (RFC 3339) and `now` are converted to it.
pub fn created_at(typed: Option<&str>, tz: chrono_tz::Tz, now: DateTime<Utc>) -> Option<String> {
    let Some(raw) = typed else {
        return Some(now.with_timezone(&tz).format(CREATED_FORMAT).to_string());
    };
    let raw = raw.trim();
    if let Ok(t) = DateTime::parse_from_rfc3339(raw) {
        return Some(t.with_timezone(&tz).format(CREATED_FORMAT).to_string());
    }
    const LOCAL: [&str; 6] = [
        "%Y-%m-%d %H:%M:%S",
        "%Y-%m-%d %H:%M",
        "%Y-%m-%dT%H:%M:%S",
        "%Y-%m-%dT%H:%M",
        "%d/%m/%Y %H:%M:%S",
        "%d/%m/%Y %H:%M",
    ];
    let t = LOCAL
        .iter()
        .find_map(|f| NaiveDateTime::parse_from_str(raw, f).ok())?;
    let year = chrono::Datelike::year(&t);
    (1900..=2200)
        .contains(&year)
        .then(|| t.format(CREATED_FORMAT).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn lead() -> Lead {
        Lead {
            first_name: "Maria José".into(),
            last_name: "d'Ávila".into(),
            created: "05/03/2024 14:22:10".into(),
            campaign_id: "12".into(),
            utm_source: "WhatsApp".into(),
            utm_medium: "".into(),
            utm_campaign: "a&b=c".into(),
            utm_content: "".into(),
            phone: "+5516992640197".into(),
            email: "maria@example.com".into(),
            unit: "SP São Paulo - Perdizes".into(),
        }
    }

    #[test]
    fn names_and_values_are_percent_encoded_exactly() {
        assert_eq!(
            lead().query(),
            "Primeiro%20Nome=Maria%20Jos%C3%A9&Sobrenome=d%27%C3%81vila\
             &Data%20hora%20de%20cria%C3%A7%C3%A3o=05%2F03%2F2024%2014%3A22%3A10&Campaign%20ID=12\
             &UTM%20Source=WhatsApp&UTM%20Medium=&UTM%20Campaign=a%26b%3Dc&UTM%20Content=\
             &Telefone=%2B5516992640197&Email=maria%40example.com&Unidade=SP%20S%C3%A3o%20Paulo%20-%20Perdizes"
        );
    }

    #[test]
    fn the_address_masks_the_webhook_id() {
        let base = url::Url::parse("https://auto.example.com/hooks/").unwrap();
        let (url, shown) = address(&base, "s3cr3t id", &lead()).unwrap();
        assert!(
            url.as_str()
                .starts_with("https://auto.example.com/hooks/webhook/s3cr3t%20id?Primeiro%20Nome="),
            "{url}"
        );
        assert_eq!(url.query(), Some(lead().query().as_str()));
        assert!(
            shown.starts_with("https://auto.example.com/hooks/webhook/****?"),
            "{shown}"
        );
    }

    #[test]
    fn names_dates_and_sources() {
        assert_eq!(
            split_full_name(" Maria  da Silva "),
            Some(("Maria da".into(), "Silva".into()))
        );
        assert_eq!(split_full_name("Maria"), None);
        assert_eq!(utm_source("whatsapp"), Some("WhatsApp"));
        assert_eq!(utm_source("Twitter"), None);
        let tz: chrono_tz::Tz = "America/Sao_Paulo".parse().unwrap();
        let now = Utc.with_ymd_and_hms(2024, 3, 5, 17, 22, 10).unwrap();
        assert_eq!(created_at(None, tz, now).unwrap(), "05/03/2024 14:22:10");
        assert_eq!(
            created_at(Some("2024-03-05 14:22"), tz, now).unwrap(),
            "05/03/2024 14:22:00"
        );
        assert_eq!(
            created_at(Some("05/03/2024 14:22:10"), tz, now).unwrap(),
            "05/03/2024 14:22:10"
        );
        assert_eq!(
            created_at(Some("2024-03-05T17:22:10Z"), tz, now).unwrap(),
            "05/03/2024 14:22:10"
        );
        for bad in [
            "2024-02-30 10:00",
            "05/03/2024",
            "yesterday",
            "2024-03-05 25:00",
        ] {
            assert_eq!(created_at(Some(bad), tz, now), None, "{bad}");
        }
    }
}
