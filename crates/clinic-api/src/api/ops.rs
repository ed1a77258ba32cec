//! One typed function per operation of `base_url` (its lists are walked through `list::ApiList`,
//! or `list::WholeList` for one answered whole, built from their entry). The method, path and safety of each come from its
//! entry in [`super::OPERATIONS`]; the bodies are typed, with the service's Portuguese names, so a
//! command fills a struct from its arguments and never spells a field or a method itself.

use serde::Serialize;
use serde_json::Value;

use super::{ApiClient, Host, Operation, envelope};
use crate::error::{Error, Result};
use crate::http::{Method, Safety};
use crate::record::{Next, Page};

impl Operation {
    /// The HTTP method the table names.
    pub fn http_method(&self) -> Method {
        // The table names standard methods; `ANY` (the IO host's) is a valid extension token.
        Method::from_bytes(self.method.as_bytes()).unwrap_or(Method::GET)
    }

    /// Sends this operation to `base_url`, as the table says: its method, path and safety.
    async fn call(
        &self,
        client: &ApiClient,
        query: &[(String, String)],
        body: Option<Value>,
    ) -> Result<Value> {
        debug_assert_eq!(self.host, Host::BaseUrl, "{} is not on base_url", self.path);
        client
            .call(self.http_method(), self.path, query, body, self.safety)
            .await
    }

    /// [`Operation::call`] with a typed body.
    async fn send(&self, client: &ApiClient, body: &impl Serialize) -> Result<Value> {
        // Structs of strings and numbers always serialize; were one ever not to, nothing is sent.
        let body = serde_json::to_value(body).map_err(|e| Error::Other(e.to_string()))?;
        self.call(client, &[], Some(body)).await
    }
}

/// A new contact as `cadastraCliente` takes it, in the formats it demands.
#[derive(Debug, Clone, Serialize)]
pub struct ContactDraft {
    /// The clinic's ID, as text.
    #[serde(rename = "clinica")]
    pub clinic: String,
    #[serde(rename = "nome")]
    pub name: String,
    /// A mobile number formatted as the service wants it (`(11) 91234-5678`).
    #[serde(rename = "telefone")]
    pub phone: String,
    /// `YYYY-MM-DD`.
    #[serde(rename = "data_nascimento")]
    pub birth_date: String,
    #[serde(rename = "canal")]
    pub channel: u64,
    #[serde(rename = "campanha")]
    pub campaign: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    #[serde(rename = "observacao", skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// The fields of `atualizaCadastroCliente`: the contact's ID and only what changes.
#[derive(Debug, Clone, Default, Serialize)]
pub struct ContactUpdate {
    pub id: String,
    #[serde(rename = "clinica", skip_serializing_if = "Option::is_none")]
    pub clinic: Option<String>,
    #[serde(rename = "canal", skip_serializing_if = "Option::is_none")]
    pub channel: Option<u64>,
    #[serde(rename = "campanha", skip_serializing_if = "Option::is_none")]
    pub campaign: Option<u64>,
    #[serde(rename = "nome", skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// `YYYY-MM-DD`.
    #[serde(rename = "data_nascimento", skip_serializing_if = "Option::is_none")]
    pub birth_date: Option<String>,
    #[serde(rename = "observacao", skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl ContactUpdate {
    /// Contact `id` rewritten with a draft's fields. The phone and e-mail it was found by are left
    /// as they are: the service keys a contact on them.
    pub fn replacing(id: String, draft: &ContactDraft) -> ContactUpdate {
        ContactUpdate {
            id,
            clinic: Some(draft.clinic.clone()),
            channel: Some(draft.channel),
            campaign: Some(draft.campaign),
            name: Some(draft.name.clone()),
            birth_date: Some(draft.birth_date.clone()),
            note: draft.note.clone(),
        }
    }
}

/// A new campaign as `criaCampanha` takes it.
#[derive(Debug, Clone, Serialize)]
pub struct CampaignDraft {
    #[serde(rename = "nome")]
    pub name: String,
    /// The clinic's ID, as text.
    #[serde(rename = "clinica")]
    pub clinic: String,
}

/// An appointment's new status, as `mudaStatusAgendamento` takes it.
#[derive(Debug, Clone, Serialize)]
pub struct StatusChange {
    #[serde(rename = "agendamento")]
    pub appointment: u64,
    pub status: u64,
}

/// Creates a contact (`cadastraCliente`) and returns the service's answer. A write: never sent
/// again once it may have reached the service.
pub async fn contact_create(client: &ApiClient, draft: &ContactDraft) -> Result<Value> {
    super::CREATE_CONTACT.send(client, draft).await
}

/// Changes a contact (`atualizaCadastroCliente`). A write.
pub async fn contact_update(client: &ApiClient, change: &ContactUpdate) -> Result<Value> {
    super::UPDATE_CONTACT.send(client, change).await
}

/// Creates a campaign (`criaCampanha`). A write.
pub async fn campaign_create(client: &ApiClient, draft: &CampaignDraft) -> Result<Value> {
    super::CREATE_CAMPAIGN.send(client, draft).await
}

/// Changes an appointment's status (`mudaStatusAgendamento`). A write.
pub async fn appointment_set_status(client: &ApiClient, change: &StatusChange) -> Result<Value> {
    super::SET_APPOINTMENT_STATUS.send(client, change).await
}

/// The records of one page of the contact list (`lista_cliente`), searched by `query` (which names
/// the page).
pub async fn contacts_page(client: &ApiClient, query: &[(String, String)]) -> Result<Vec<Value>> {
    let answer = super::CONTACTS.call(client, query, None).await?;
    Ok(envelope::page_values(answer).0)
}

/// A list that the service answers whole, in one call (`statusAgendamento`), as its one page, which
/// says it is the last. It is walked as `list::WholeList`, like every other list.
pub(super) async fn whole_list(
    client: &ApiClient,
    op: &'static Operation,
    query: &[(String, String)],
) -> Result<Page> {
    let answer = op.call(client, query, None).await?;
    let (records, total, pages) = envelope::page_values(answer);
    Ok(Page {
        next: Next::End,
        ..Page::of_values(records, total, pages)
    })
}

/// Any path of `base_url`, for `clinic api`: the same token, judge and retries as the operations
/// of the table; reads may be sent again, anything else may have changed something.
pub async fn any_path(
    client: &ApiClient,
    method: Method,
    path: &str,
    query: &[(String, String)],
    body: Option<Value>,
) -> Result<Value> {
    let safety = Safety::of(&method);
    client.call(method, path, query, body, safety).await
}
