//! `clinic mcp`: the real binary spawned as an MCP server, spoken to over stdio by rmcp's client,
//! against the sandbox. Every frame both ways is kept, to search the transcript for the token.

use std::sync::{Arc, Mutex};

use rmcp::ServiceExt;
use rmcp::model::{CallToolRequestParams, CallToolResult};
use rmcp::service::{RoleClient, RunningService};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

use crate::common::*;

/// A client connected to `clinic mcp ARGS…` and every byte that went between them. The client is
/// `H`: `()` asks nothing of the person; [`Person`] answers the server's questions.
struct Session<H: rmcp::ClientHandler = ()> {
    client: RunningService<RoleClient, H>,
    transcript: Arc<Mutex<Vec<u8>>>,
    /// The server's process.
    pid: u32,
}

/// Copies `from` into `to`, keeping a copy of every byte in `kept`.
fn tee(
    mut from: impl tokio::io::AsyncRead + Unpin + Send + 'static,
    mut to: impl tokio::io::AsyncWrite + Unpin + Send + 'static,
    kept: Arc<Mutex<Vec<u8>>>,
) {
    tokio::spawn(async move {
        let mut buf = vec![0; 8192];
        while let Ok(n) = from.read(&mut buf).await {
            if n == 0 || to.write_all(&buf[..n]).await.is_err() || to.flush().await.is_err() {
                break;
            }
            kept.lock().unwrap().extend_from_slice(&buf[..n]);
        }
        let _ = to.shutdown().await;
    });
}

impl Session {
    async fn start(process: std::process::Command, args: &[&str]) -> Session {
        Session::start_as(process, args, ()).await
    }
}

impl<H: rmcp::ClientHandler> Session<H> {
    async fn start_as(mut process: std::process::Command, args: &[&str], handler: H) -> Session<H> {
        process.arg("mcp").args(args);
        let mut child = tokio::process::Command::from(process)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .expect("clinic mcp starts");
        let pid = child.id().expect("a running server");
        let transcript = Arc::new(Mutex::new(Vec::new()));
        let (client_end, server_end) = tokio::io::duplex(1 << 16);
        let (from_server, to_server) = tokio::io::split(server_end);
        tee(child.stdout.take().unwrap(), to_server, transcript.clone());
        tee(from_server, child.stdin.take().unwrap(), transcript.clone());
        tokio::spawn(async move {
            let _ = child.wait().await;
        });
        let client = handler
            .serve(client_end)
            .await
            .expect("the server answers initialize");
        Session {
            client,
            transcript,
            pid,
        }
    }

    async fn call(&self, tool: &str, arguments: Value) -> CallToolResult {
        let params = CallToolRequestParams::new(tool.to_string())
            .with_arguments(arguments.as_object().unwrap().clone());
        self.client
            .call_tool(params)
            .await
            .unwrap_or_else(|e| panic!("{tool}: a protocol error: {e}"))
    }

    /// Every record of a read tool, following its cursors; the page size is the server's own.
    async fn walk(&self, tool: &str, arguments: Value) -> Vec<Value> {
        let mut seen = Vec::new();
        let mut args = arguments.clone();
        loop {
            let result = self.call(tool, args.clone()).await;
            let page = structured(&result);
            seen.extend(page["records"].as_array().unwrap().iter().cloned());
            match page["cursor"].as_str() {
                Some(cursor) => args["cursor"] = json!(cursor),
                None => return seen,
            }
        }
    }

    fn transcript(&self) -> String {
        String::from_utf8_lossy(&self.transcript.lock().unwrap()).into_owned()
    }
}

fn structured(result: &CallToolResult) -> &Value {
    assert_ne!(result.is_error, Some(true), "{result:?}");
    result
        .structured_content
        .as_ref()
        .expect("structured content")
}

fn text_of(result: &CallToolResult) -> String {
    result
        .content
        .iter()
        .filter_map(|c| c.as_text().map(|t| t.text.clone()))
        .collect()
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Runtime::new().unwrap()
}

fn logged_in(env: &Env) -> (std::process::Command, String) {
    let token = env.token("unidade1", "unidade1");
    let mut process = process_for(env.config.path(), env.sandbox.urls());
    process.env("CLINIC_TOKEN", &token);
    (process, token)
}

/// The server starts, says who it is, and lists the reads as read-only tools; a write is no tool.
#[test]
fn mcp_lists_the_read_tools_and_no_write_tool() {
    let env = Env::new();
    let (process, _) = logged_in(&env);
    runtime().block_on(async {
        let session = Session::start(process, &[]).await;
        let info = session.client.peer_info().expect("the server's info");
        assert_eq!(
            info.server_info.as_ref().map(|s| s.name.as_str()),
            Some("clinic")
        );
        let tools = session.client.list_all_tools().await.unwrap();
        let named = |name: &str| tools.iter().find(|t| t.name == name);
        let report = named("report_appointments").expect("report_appointments");
        assert_eq!(
            report.annotations.as_ref().and_then(|a| a.read_only_hint),
            Some(true)
        );
        let properties = &report.input_schema["properties"];
        assert_eq!(properties["from"]["type"], "string", "{properties}");
        assert_eq!(properties["limit"]["default"], 100, "{properties}");
        assert!(named("ref_clinics").is_some());
        for write in [
            "contact_create",
            "contact_update",
            "campaign_create",
            "crm_deal_update",
            "crm_lead_update",
            "crm_item_create",
            "crm_item_update",
        ] {
            assert!(named(write).is_none(), "{write} is offered read-only");
        }
    });
    assert!(
        env.sent()
            .iter()
            .all(|e| e["method"] == "GET" || e["path"].as_str().unwrap().ends_with("loginApi")),
        "listing tools sends nothing: {:?}",
        env.sent()
    );
}

/// A report walked with cursors, a few records a call, holds every record of the export once, in
/// its order; a cursor handed to other arguments is refused as the tool's error.
#[test]
fn mcp_pages_a_report_to_its_end_every_record_once() {
    let env = Env::new();
    let exported =
        stdout_json(&env.run_ok(&["report", "appointments", "--all", "--format", "json"]));
    let exported = exported.as_array().unwrap().clone();
    assert!(
        exported.len() > 20,
        "the sandbox seeds enough: {}",
        exported.len()
    );
    let (process, token) = logged_in(&env);
    runtime().block_on(async {
        let session = Session::start(process, &["--share-personal"]).await;
        let mut seen = Vec::new();
        let mut cursor: Option<String> = None;
        let mut calls = 0;
        loop {
            let mut args = json!({"limit": 7});
            if let Some(c) = &cursor {
                args["cursor"] = json!(c);
            }
            let result = session.call("report_appointments", args).await;
            let page = structured(&result).clone();
            calls += 1;
            let records = page["records"].as_array().unwrap();
            assert_eq!(page["returned"], records.len());
            // The service counts the list of the one clinic read: every page gives the total, and it
            // is every record.
            assert_eq!(page["total_known"], true, "{page}");
            assert_eq!(page["total"], exported.len(), "{page}");
            seen.extend(records.iter().cloned());
            if page["more"] == false {
                assert!(page.get("cursor").is_none(), "{page}");
                break;
            }
            assert_eq!(records.len(), 7);
            cursor = Some(page["cursor"].as_str().unwrap().to_string());
            assert!(calls < 1000);
        }
        assert_eq!(seen, exported);
        assert_eq!(calls, exported.len().div_ceil(7));

        let first = session
            .call("report_appointments", json!({"limit": 2}))
            .await;
        let cursor = structured(&first)["cursor"].as_str().unwrap().to_string();
        let other = session
            .call(
                "report_appointments",
                json!({"limit": 2, "cursor": cursor, "today": true}),
            )
            .await;
        assert_eq!(other.is_error, Some(true));
        assert!(
            text_of(&other).contains("argument 'cursor'"),
            "{}",
            text_of(&other)
        );
        assert!(!session.transcript().contains(&token));
    });
}

/// The records kept for a read's next pages take at most `mcp.max_records_file` on disk: a read that
/// passes it is the tool's error naming the limit and the key, and the session goes on; a size that
/// is no size is refused by name.
#[test]
fn mcp_the_records_kept_for_the_pages_are_capped() {
    let env = Env::new();
    let refused = env.run(&["config", "set", "mcp.max_records_file", "0"]);
    assert_eq!(refused.status.code(), Some(2), "{}", stderr(&refused));
    assert!(stderr(&refused).contains("mcp.max_records_file"));
    env.run_ok(&["config", "set", "mcp.max_records_file", "2048"]);
    let (process, _) = logged_in(&env);
    runtime().block_on(async {
        let session = Session::start(process, &[]).await;
        // More records asked for than the file takes: the cap is met before the page is whole.
        let result = session
            .call("report_appointments", json!({"limit": 100}))
            .await;
        assert_eq!(result.is_error, Some(true), "{result:?}");
        let said = text_of(&result);
        assert!(
            said.contains("2048 bytes") && said.contains("mcp.max_records_file"),
            "{said}"
        );
        // A short read still fits, in the same session.
        let channels = session.call("ref_channels", json!({})).await;
        assert!(
            !structured(&channels)["records"]
                .as_array()
                .unwrap()
                .is_empty()
        );
    });
    env.run_ok(&["config", "unset", "mcp.max_records_file"]);
    let (process, _) = logged_in(&env);
    runtime().block_on(async {
        let session = Session::start(process, &[]).await;
        let result = session
            .call("report_appointments", json!({"limit": 2}))
            .await;
        assert_eq!(structured(&result)["more"], true);
    });
}

/// A clinic named rather than numbered is looked up as the command looks it up.
#[test]
fn mcp_takes_a_clinic_by_name() {
    let env = Env::new();
    let by_id = stdout_json(&env.run_ok_as(
        "admin",
        &[
            "report",
            "appointments",
            "--clinic",
            "1",
            "--all",
            "--format",
            "json",
        ],
    ));
    let clinics = stdout_json(&env.run_ok_as("admin", &["ref", "clinics", "--format", "json"]));
    let name = clinics
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == 1)
        .and_then(|c| c["nome"].as_str())
        .expect("clinic 1 has a name")
        .to_string();
    let mut process = process_for(env.config.path(), env.sandbox.urls());
    process.env("CLINIC_TOKEN", env.token("admin", "admin"));
    runtime().block_on(async {
        let session = Session::start(process, &["--share-personal"]).await;
        assert_eq!(
            Value::Array(
                session
                    .walk("report_appointments", json!({"clinic": name}))
                    .await
            ),
            by_id
        );
    });
}

/// A command that fails is the tool's error, with the command's message, and the session goes on;
/// a bad argument is named.
#[test]
fn mcp_a_failure_is_a_tool_error_not_a_protocol_error() {
    let env = Env::new();
    let mut process = process_for(env.config.path(), env.sandbox.urls());
    let bogus = "bogus-token-3f9a8c7d6e5b4a39";
    process.env("CLINIC_TOKEN", bogus);
    runtime().block_on(async {
        let session = Session::start(process, &[]).await;
        let refused = session.call("ref_clinics", json!({})).await;
        assert_eq!(refused.is_error, Some(true), "{refused:?}");
        let text = text_of(&refused);
        assert!(text.starts_with("error: "), "{text}");
        let bad = session
            .call("report_appointments", json!({"from": "31/02/2026"}))
            .await;
        assert_eq!(bad.is_error, Some(true));
        assert!(text_of(&bad).contains("31/02/2026"), "{}", text_of(&bad));
        let wrong = session
            .call("report_appointments", json!({"today": "yes"}))
            .await;
        assert_eq!(
            text_of(&wrong),
            "argument 'today': \"yes\" is not of the type its input schema gives"
        );
        assert!(!session.transcript().contains(bogus));
    });
}

/// The first five contacts as `clinic contact list` gives them, unmasked: what a sharing server sends.
fn five_contacts(env: &Env) -> Value {
    stdout_json(&env.run_ok(&["contact", "list", "--limit", "5", "--format", "json"]))
}

/// Phones and e-mails are masked unless the server was started with `--share-personal`.
#[test]
fn mcp_masks_personal_data_unless_shared() {
    let env = Env::new();
    let listed = five_contacts(&env);
    let phones: Vec<String> = listed
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| {
            c["telefone"]
                .as_str()
                .filter(|p| p.len() > 4)
                .map(str::to_string)
        })
        .collect();
    assert!(!phones.is_empty(), "{listed}");
    for share in [false, true] {
        let (process, _) = logged_in(&env);
        runtime().block_on(async {
            let args: &[&str] = if share { &["--share-personal"] } else { &[] };
            let session = Session::start(process, args).await;
            let result = session.call("contact_list", json!({"limit": 5})).await;
            let records = structured(&result)["records"].clone();
            let transcript = session.transcript();
            for phone in &phones {
                assert_eq!(transcript.contains(phone.as_str()), share, "{phone}");
            }
            if share {
                assert_eq!(records, listed);
            } else {
                let first = records[0]["telefone"].as_str().unwrap();
                assert!(first.contains('*'), "{first}");
            }
        });
    }
}

/// A deployment that spells its personal fields its own way (`dataNascimento`, `dt_nasc`,
/// `aniversario`, `cpfCliente`, `celular_whats`) gets them masked as the service's own, and values
/// that are a phone, a CPF, an e-mail or a birth date are masked under any name and in free text;
/// IDs, money and the dates of events stay as they are.
#[test]
fn mcp_masks_a_deployments_own_spellings_and_personal_values_under_any_name() {
    let config = tempfile::tempdir().unwrap();
    let contact = json!({
        "id": 7,
        "id_cliente": 16992640197u64,
        "nome": "Ana Souza",
        "dataNascimento": "1985-02-03",
        "dt_nasc": "03/02/1985",
        "aniversario": "03/02",
        "cpfCliente": "529.982.247-25",
        "celular_whats": "(16) 99264-0197",
        "contato": "16 9 9000 1111",
        "documento": "52998224725",
        "recado": "fulano(at)gmail.com",
        "dn": "1985-02-03",
        "obs": "nasceu em 03/02/1985, ligar 16 9 9000 1111, retorno 10/05/2024",
        "criado_em": "2001-01-01",
        "valor": "1234567.89",
        "codigo": 1669405845,
    });
    let server = crate::hostile::serving(crate::hostile::list_of(&[contact.to_string()]));
    let client = || crate::servers::clinic_at(config.path(), &server.url(""));
    let listed = client()
        .args(["contact", "list", "--format", "json"])
        .output()
        .unwrap();
    assert!(listed.status.success(), "{}", stderr(&listed));
    let listed = stdout_json(&listed);
    assert_eq!(listed[0]["dataNascimento"], "1985-02-03", "{listed}");
    runtime().block_on(async {
        let session = Session::start(plain(&client()), &[]).await;
        let result = session.call("contact_list", json!({"limit": 5})).await;
        let records = structured(&result)["records"].clone();
        let mut expected = listed[0].clone();
        for (field, masked) in [
            ("dataNascimento", "****"),
            ("dt_nasc", "****"),
            ("aniversario", "****"),
            ("cpfCliente", "****"),
            ("celular_whats", "(16) *****-****"),
            ("contato", "16 * **** ****"),
            ("documento", "***********"),
            ("recado", "****(at)gmail.com"),
            ("dn", "****"),
            (
                "obs",
                "nasceu em ****, ligar 16 * **** ****, retorno 10/05/2024",
            ),
        ] {
            expected[field] = json!(masked);
        }
        assert_eq!(records, json!([expected]));
        let transcript = session.transcript();
        for leaked in [
            "1985",
            "529.982",
            "99264-0197",
            "9000 1111",
            "52998224725",
            "fulano",
        ] {
            assert!(!transcript.contains(leaked), "{leaked}");
        }
    });
}

/// With `--allow-writes` the writes are tools, marked as such, and none takes an argument that could
/// approve it. A client that cannot ask the person (it declared no `elicitation`) gets every write
/// refused, naming what is missing and the `host-approval` choice, and nothing is sent, however often
/// or however it calls.
#[test]
fn mcp_a_write_is_refused_where_the_client_cannot_ask_the_person() {
    let env = Env::new();
    let (process, token) = logged_in(&env);
    let contact = ana();
    runtime().block_on(async {
        let session = Session::start(process, &["--allow-writes"]).await;
        let tools = session.client.list_all_tools().await.unwrap();
        let hints = |name: &str| {
            let tool = tools.iter().find(|t| t.name == name).expect(name);
            let a = tool.annotations.clone().unwrap();
            assert!(
                tool.input_schema["properties"].get("confirm").is_none(),
                "{name}: no argument approves a write"
            );
            (a.read_only_hint, a.destructive_hint)
        };
        assert_eq!(hints("contact_create"), (Some(false), Some(false)));
        assert_eq!(hints("contact_update"), (Some(false), Some(true)));
        assert_eq!(hints("appointment_set_status"), (Some(false), Some(true)));
        assert!(tools.iter().any(|t| t.name == "crm_contact_create"));
        assert_eq!(hints("crm_lead_update"), (Some(false), Some(true)));
        assert!(
            tools.iter().all(|t| t.name != "io"),
            "the raw webhook is no tool"
        );

        let refused = session.call("contact_create", contact.clone()).await;
        assert_eq!(refused.is_error, Some(true), "{refused:?}");
        let said = text_of(&refused);
        assert!(said.starts_with("nothing was sent"), "{said}");
        assert!(
            said.contains("clinic contact create --name \"Ana Souza\" --phone"),
            "{said}"
        );
        assert!(!said.contains("99264-0197"), "masked by default: {said}");
        assert!(
            said.contains("`elicitation` capability")
                && said.contains("mcp.writes = \"host-approval\""),
            "{said}"
        );
        // Called again, or with a made-up approval: nothing sent either.
        assert_eq!(
            session
                .call("contact_create", contact.clone())
                .await
                .is_error,
            Some(true)
        );
        let mut echoed = contact.clone();
        echoed["confirm"] = json!("1A2B3C4D");
        let unknown = session.call("contact_create", echoed).await;
        assert!(
            text_of(&unknown).contains("argument 'confirm'"),
            "{unknown:?}"
        );
        assert_eq!(created(&env), 0, "no refused call sent anything");
        assert!(!session.transcript().contains(&token));
    });
}

/// With `--writes host-approval` (or `mcp.writes = "host-approval"`) the host application approves
/// each tool call itself: the call runs at once, one request; a value that is no choice is refused
/// by name before the server starts, from the flag and from the profile.
#[test]
fn mcp_writes_host_approval_runs_the_write_on_the_call() {
    let env = Env::new();
    let bad = env.run(&["mcp", "--allow-writes", "--writes", "always"]);
    assert_eq!(bad.status.code(), Some(2), "{}", stderr(&bad));
    let said = stderr(&bad);
    assert!(
        said.contains("--writes") && said.contains("always") && said.contains("host-approval"),
        "{said}"
    );
    let alone = env.run(&["mcp", "--writes", "host-approval"]);
    assert_eq!(alone.status.code(), Some(2), "{}", stderr(&alone));
    assert!(
        stderr(&alone).contains("--allow-writes"),
        "{}",
        stderr(&alone)
    );
    let refused = env.run(&["config", "set", "mcp.writes", "yes"]);
    assert_eq!(refused.status.code(), Some(2), "{}", stderr(&refused));
    let said = stderr(&refused);
    assert!(
        said.contains("mcp.writes") && said.contains("yes") && said.contains("host-approval"),
        "{said}"
    );
    let help = env.run_ok(&["mcp", "--help"]);
    let help = String::from_utf8_lossy(&help.stdout).into_owned();
    assert!(help.contains("the only gate"), "{help}");

    let (process, _) = logged_in(&env);
    runtime().block_on(async {
        let session = Session::start(
            process,
            &[
                "--share-personal",
                "--allow-writes",
                "--writes",
                "host-approval",
            ],
        )
        .await;
        let done = session.call("contact_create", ana()).await;
        let done = structured(&done).clone();
        assert_eq!(done["sent"], true, "{done}");
        assert_eq!(created(&env), 1);
    });
    env.run_ok(&["config", "set", "mcp.writes", "host-approval"]);
    let (process, _) = logged_in(&env);
    runtime().block_on(async {
        let session = Session::start(process, &["--allow-writes"]).await;
        let mut bia = ana();
        bia["name"] = json!("Bia Souza");
        bia["phone"] = json!("(16) 99264-0198");
        let done = session.call("contact_create", bia).await;
        assert_eq!(structured(&done)["sent"], true);
        assert_eq!(created(&env), 2);
    });
    // The flag wins over the profile: asked again, and this client cannot ask.
    let (process, _) = logged_in(&env);
    runtime().block_on(async {
        let session = Session::start(process, &["--allow-writes", "--writes", "ask"]).await;
        let refused = session.call("contact_create", ana()).await;
        assert_eq!(refused.is_error, Some(true), "{refused:?}");
        assert_eq!(created(&env), 2);
    });
}

/// What the person answers a question.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Answer {
    /// Accept, with nothing filled in: the form asks for nothing.
    Run,
    Decline,
    Cancel,
}

/// A client that can ask the person (form elicitation), and the person's answer to every question.
/// The questions asked are kept.
#[derive(Clone)]
struct Person {
    answer: Answer,
    asked: Arc<Mutex<Vec<String>>>,
    /// The protocol revision the client asks for; rmcp's latest when `None`.
    revision: Option<rmcp::model::ProtocolVersion>,
}

impl Person {
    fn answering(answer: Answer) -> Person {
        Person {
            answer,
            asked: Arc::default(),
            revision: None,
        }
    }
}

impl rmcp::ClientHandler for Person {
    fn get_info(&self) -> rmcp::model::ClientConfig {
        use rmcp::model::{ClientCapabilities, ElicitationCapability, FormElicitationCapability};
        let mut capabilities = ClientCapabilities::default();
        capabilities.elicitation =
            Some(ElicitationCapability::new().with_form(FormElicitationCapability::new()));
        let config = rmcp::model::ClientConfig::new(
            capabilities,
            rmcp::model::Implementation::new("person", "1"),
        );
        match &self.revision {
            Some(revision) => config.with_protocol_version(revision.clone()),
            None => config,
        }
    }

    async fn create_elicitation(
        &self,
        request: rmcp::model::ElicitRequestParams,
        _context: rmcp::service::RequestContext<RoleClient>,
    ) -> Result<rmcp::model::ElicitResult, rmcp::ErrorData> {
        use rmcp::model::{ElicitRequestParams, ElicitResult, ElicitationAction};
        if let ElicitRequestParams::FormElicitationParams { message, .. } = request {
            self.asked.lock().unwrap().push(message);
        }
        Ok(match self.answer {
            Answer::Run => ElicitResult::new(ElicitationAction::Accept),
            Answer::Decline => ElicitResult::new(ElicitationAction::Decline),
            Answer::Cancel => ElicitResult::new(ElicitationAction::Cancel),
        })
    }
}

/// A client that can ask the person asks them, with what the write will do in the tool's own names
/// (the phone masked), before anything is sent: an accept, with nothing to tick, sends exactly one
/// request; a decline or a cancel sends nothing, and the assistant's answer carries nothing it could
/// send back.
#[test]
fn mcp_a_write_is_asked_of_the_person_where_the_client_can_ask() {
    let env = Env::new();
    let contact = ana();
    let mut sent = 0;
    for answer in [Answer::Decline, Answer::Cancel, Answer::Run] {
        let (process, _) = logged_in(&env);
        let person = Person::answering(answer);
        runtime().block_on(async {
            let session = Session::start_as(process, &["--allow-writes"], person.clone()).await;
            let result = session.call("contact_create", contact.clone()).await;
            let said = structured(&result).clone();
            let runs = answer == Answer::Run;
            assert_eq!(said["sent"], runs, "{answer:?}: {said}");
            if !runs {
                // A question closed unanswered is told apart from a no.
                let (declined, cancelled) = (said.get("declined"), said.get("cancelled"));
                if answer == Answer::Cancel {
                    assert_eq!((declined, cancelled), (None, Some(&json!(true))), "{said}");
                } else {
                    assert_eq!((declined, cancelled), (Some(&json!(true)), None), "{said}");
                }
                let command = said["command"].as_str().unwrap();
                assert!(
                    command.starts_with("clinic contact create --name \"Ana Souza\""),
                    "{command}"
                );
                assert!(!command.contains("99264-0197"), "masked: {command}");
            }
            let asked = person.asked.lock().unwrap().clone();
            assert_eq!(asked.len(), 1, "{asked:?}");
            assert!(
                asked[0].contains("(contact_create) with ")
                    && asked[0].contains("name \"Ana Souza\""),
                "{asked:?}"
            );
            assert!(
                asked[0].contains("phone \"") && !asked[0].contains("99264-0197"),
                "the phone masked: {asked:?}"
            );
            assert!(!asked[0].contains("--"), "no command line: {asked:?}");
            sent += usize::from(runs);
            assert_eq!(created(&env), sent, "{answer:?}: {said}");
        });
    }
    assert_eq!(sent, 1);
}

/// The writes of a smart process's items are tools under `--allow-writes`, asked of the person as
/// every write is: a no sends nothing, a yes writes the item once, its field named by its label.
#[test]
fn mcp_an_item_write_is_asked_of_the_person_like_every_write() {
    let env = Env::new();
    let updates = |env: &Env| {
        env.sent()
            .into_iter()
            .filter(|e| is_to(e, "crm.item.update"))
            .collect::<Vec<_>>()
    };
    for answer in [Answer::Decline, Answer::Run] {
        let (process, _) = logged_in(&env);
        let person = Person::answering(answer);
        runtime().block_on(async {
            let session = Session::start_as(process, &["--allow-writes"], person.clone()).await;
            let tools = session.client.list_all_tools().await.unwrap();
            for write in ["crm_item_create", "crm_item_update"] {
                let tool = tools.iter().find(|t| t.name == write).expect(write);
                assert_eq!(
                    tool.annotations.as_ref().and_then(|a| a.read_only_hint),
                    Some(false)
                );
            }
            let result = session
                .call(
                    "crm_item_update",
                    json!({"type": "Tratamentos", "field": ["Procedimento=Peeling"], "id": 1}),
                )
                .await;
            let said = structured(&result).clone();
            assert_eq!(said["sent"], answer == Answer::Run, "{answer:?}: {said}");
            assert_eq!(person.asked.lock().unwrap().len(), 1);
        });
        let sent = updates(&env);
        match answer {
            Answer::Run => {
                assert_eq!(sent.len(), 1, "{sent:?}");
                let q = query_of(&sent[0]);
                assert!(
                    q.contains(&("fields[ufCrm5_1700000001]".into(), "Peeling".into())),
                    "{q:?}"
                );
            }
            _ => assert!(sent.is_empty(), "{sent:?}"),
        }
    }
}

/// `mode` came to form elicitation with revision 2025-11-25: a client of 2025-06-18 is asked without
/// it, as its revision defines the request, and a client of 2025-11-25 with `mode: "form"`. Both
/// accept, and each write runs once.
#[test]
fn mcp_the_question_carries_mode_only_for_revisions_that_have_it() {
    use rmcp::model::ProtocolVersion;
    let env = Env::new();
    let mut sent = 0;
    for (revision, mode) in [
        (ProtocolVersion::V_2025_06_18, None),
        (ProtocolVersion::V_2025_11_25, Some("form")),
    ] {
        let (process, _) = logged_in(&env);
        let mut person = Person::answering(Answer::Run);
        person.revision = Some(revision.clone());
        runtime().block_on(async {
            let session = Session::start_as(process, &["--allow-writes"], person.clone()).await;
            let result = session.call("contact_create", ana()).await;
            assert_eq!(structured(&result)["sent"], true, "{revision:?}");
            let transcript = session.transcript();
            let request: Value = transcript
                .lines()
                .filter_map(|line| serde_json::from_str::<Value>(line).ok())
                .find(|message| message["method"] == "elicitation/create")
                .unwrap_or_else(|| panic!("no question asked: {transcript}"));
            assert_eq!(
                request["params"].get("mode").and_then(Value::as_str),
                mode,
                "{revision:?}: {request}"
            );
            assert_eq!(
                request["params"]["requestedSchema"],
                json!({"type": "object", "properties": {}}),
                "{request}"
            );
            sent += 1;
            assert_eq!(created(&env), sent);
        });
    }
}

/// A value that holds a line break, an escape sequence or a right-to-left override cannot disguise
/// what the person is asked: the question and the answer show them escaped, on one line.
#[test]
fn mcp_the_question_shows_hidden_characters_escaped() {
    let env = Env::new();
    let (process, _) = logged_in(&env);
    let person = Person::answering(Answer::Decline);
    let mut contact = ana();
    contact["name"] = json!("Ana\nok? yes\u{1b}[2J\u{202e}azuoS\u{2028}");
    runtime().block_on(async {
        let session = Session::start_as(process, &["--allow-writes"], person.clone()).await;
        let result = session.call("contact_create", contact).await;
        let said = structured(&result).clone();
        assert_eq!(said["sent"], false, "{said}");
        let asked = person.asked.lock().unwrap().clone();
        let shown = r#""Ana\nok? yes\u{1b}[2J\u{202e}azuoS\u{2028}""#;
        for (text, named) in [
            (asked[0].as_str(), "name "),
            (said["command"].as_str().unwrap(), "--name "),
        ] {
            assert!(text.contains(&format!("{named}{shown}")), "{text}");
            assert!(
                !text
                    .chars()
                    .any(|c| c.is_control() || ('\u{2000}'..='\u{206f}').contains(&c)),
                "{text:?}"
            );
        }
        assert_eq!(created(&env), 0);
    });
}

/// `mcp.share_personal = true` in the profile shares as `--share-personal` does; a value that is no
/// boolean is refused by name, and unset the phones are masked again.
#[test]
fn mcp_profile_key_share_personal_shares_personal_data() {
    let env = Env::new();
    let listed = five_contacts(&env);
    let refused = env.run(&["config", "set", "mcp.share_personal", "sim"]);
    assert_eq!(refused.status.code(), Some(2), "{}", stderr(&refused));
    let said = stderr(&refused);
    assert!(
        said.contains("mcp.share_personal")
            && said.contains("sim")
            && said.contains("true or false"),
        "{said}"
    );
    env.run_ok(&["config", "set", "mcp.share_personal", "true"]);
    let got = env.run_ok(&["config", "get", "mcp.share_personal"]);
    assert_eq!(String::from_utf8_lossy(&got.stdout).trim(), "true");
    for (shared, first_phone_masked) in [(true, false), (false, true)] {
        if !shared {
            env.run_ok(&["config", "unset", "mcp.share_personal"]);
        }
        let (process, _) = logged_in(&env);
        runtime().block_on(async {
            let session = Session::start(process, &[]).await;
            let result = session.call("contact_list", json!({"limit": 5})).await;
            let records = structured(&result)["records"].clone();
            if shared {
                assert_eq!(records, listed);
            }
            let first = records[0]["telefone"].as_str().unwrap();
            assert_eq!(first.contains('*'), first_phone_masked, "{first}");
        });
    }
}

/// The contacts the sandbox was asked to create. The journal is read with a blocking client: off the
/// runtime's own threads.
fn created(env: &Env) -> usize {
    tokio::task::block_in_place(|| {
        env.sent()
            .iter()
            .filter(|r| r["method"] == "POST" && is_to(r, "/cadastraCliente"))
            .count()
    })
}

/// A contact's arguments as a write tool takes them, with every field the service requires.
fn ana() -> Value {
    json!({"name": "Ana Souza", "phone": "(16) 99264-0197", "birth_date": "1990-04-23",
        "channel": "1", "campaign": "1", "clinic": "1", "if_exists": "create"})
}

/// The `summary` tool sums on the server: its rows are those of `clinic report summary`, whatever
/// a page would have held.
#[test]
fn mcp_summary_gives_the_totals_of_report_summary() {
    let env = Env::new();
    let exported =
        stdout_json(&env.run_ok(&["report", "summary", "--by", "clinic", "--format", "json"]));
    assert!(!exported.as_array().unwrap().is_empty(), "{exported}");
    let (process, _) = logged_in(&env);
    runtime().block_on(async {
        let session = Session::start(process, &[]).await;
        let tools = session.client.list_all_tools().await.unwrap();
        for name in ["summary", "doctor", "sql"] {
            let tool = tools.iter().find(|t| t.name == name).expect(name);
            assert_eq!(
                tool.annotations.as_ref().and_then(|a| a.read_only_hint),
                Some(true),
                "{name}"
            );
        }
        let result = session.call("summary", json!({"by": ["clinic"]})).await;
        let page = structured(&result);
        assert_eq!(page["records"], exported);
        assert_eq!(page["more"], false);
        let doctor = session.call("doctor", json!({})).await;
        let checks = structured(&doctor)["records"].as_array().unwrap().clone();
        assert!(!checks.is_empty(), "{doctor:?}");
    });
}

/// The `sql` tool queries the profile's mirror, read-only: the rows `clinic sql` gives, and a
/// change refused as the tool's error.
#[test]
fn mcp_sql_queries_the_profiles_mirror() {
    let env = Env::new();
    env.run_ok(&["sync", "--streams", "quotes"]);
    const QUERY: &str = "SELECT id, valor FROM quotes ORDER BY id";
    let exported = stdout_json(&env.run_ok(&["sql", "--format", "json", QUERY]));
    assert!(!exported.as_array().unwrap().is_empty(), "{exported}");
    let (process, _) = logged_in(&env);
    runtime().block_on(async {
        let session = Session::start(process, &[]).await;
        // The rows as `clinic sql` gives them, cut at a page's 32 KiB with `more` said.
        let result = session.call("sql", json!({"query": QUERY})).await;
        let page = structured(&result);
        let rows = page["records"].as_array().unwrap();
        let all = exported.as_array().unwrap();
        assert!(!rows.is_empty() && rows.len() < all.len(), "{}", rows.len());
        assert_eq!(rows[..], all[..rows.len()]);
        assert_eq!(page["more"], true);
        let small = "SELECT id, valor FROM quotes ORDER BY id LIMIT 3";
        let result = session.call("sql", json!({"query": small})).await;
        assert_eq!(structured(&result)["records"], json!(all[..3]));
        assert_eq!(structured(&result)["more"], false);
        let refused = session
            .call("sql", json!({"query": "DELETE FROM quotes"}))
            .await;
        assert_eq!(refused.is_error, Some(true), "{refused:?}");
        assert!(!text_of(&refused).is_empty());
    });
    let left = stdout_json(&env.run_ok(&[
        "sql",
        "--format",
        "json",
        "SELECT COUNT(*) AS n FROM quotes",
    ]));
    assert_eq!(left[0]["n"], exported.as_array().unwrap().len());
}

/// The `sql` tool runs only what SQLite says only reads: `VACUUM INTO` writes no copy. While the
/// server masks personal data, a query that reads a personal column is refused by the column's
/// name, whatever it makes of it; `--share-personal` answers it.
#[test]
fn mcp_sql_refuses_writes_and_reading_personal_columns_while_masked() {
    let env = Env::new();
    env.run_ok(&["sync", "--streams", "contacts"]);
    let dir = tempfile::tempdir().unwrap();
    let copy = dir.path().join("copy.sqlite");
    let vacuum = format!("VACUUM INTO '{}'", copy.display());
    const YEARS: &str = "SELECT strftime('%Y', data_nascimento) AS x FROM contacts ORDER BY id";
    const HEX: &str = "SELECT hex(email) AS x FROM contacts ORDER BY id";
    for share in [false, true] {
        let (process, _) = logged_in(&env);
        runtime().block_on(async {
            let args: &[&str] = if share { &["--share-personal"] } else { &[] };
            let session = Session::start(process, args).await;
            let refused = session.call("sql", json!({"query": vacuum})).await;
            assert_eq!(refused.is_error, Some(true), "{refused:?}");
            assert!(
                text_of(&refused).contains("SQLite says it does more than read"),
                "{}",
                text_of(&refused)
            );
            assert!(!copy.exists());
            for (query, column) in [(YEARS, "data_nascimento"), (HEX, "email")] {
                let result = session.call("sql", json!({"query": query})).await;
                if share {
                    let rows = structured(&result)["records"].as_array().unwrap().clone();
                    assert!(!rows.is_empty(), "{query}");
                    assert!(rows.iter().all(|r| r["x"].is_string()), "{query}: {rows:?}");
                } else {
                    assert_eq!(result.is_error, Some(true), "{query}: {result:?}");
                    let said = text_of(&result);
                    assert!(
                        said.contains(&format!("contacts.{column}, a column of personal data")),
                        "{query}: {said}"
                    );
                }
            }
            let names = session
                .call("sql", json!({"query": "SELECT nome FROM contacts LIMIT 2"}))
                .await;
            assert_eq!(structured(&names)["returned"], 2);
        });
    }
    assert!(!copy.exists());
}

/// The CPU time a process has used so far, in clock ticks (user and system).
#[cfg(target_os = "linux")]
fn cpu_ticks(pid: u32) -> u64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    // The fields after the command's name, which sits in parentheses: utime and stime are 14 and 15.
    let after = &stat[stat.rfind(')').unwrap() + 2..];
    let fields: Vec<&str> = after.split(' ').collect();
    fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap()
}

/// A call the client gives up on stops its query in the server, not only its answer: the server
/// stops spending CPU on it, and answers the next call.
#[cfg(target_os = "linux")]
#[test]
fn mcp_sql_cancelled_stops_its_query() {
    const FOREVER: &str = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) \
                           SELECT i FROM n WHERE i < 0";
    let env = Env::new();
    env.run_ok(&["sync", "--streams", "quotes"]);
    let (process, _) = logged_in(&env);
    runtime().block_on(async {
        let session = Session::start(process, &[]).await;
        let pid = session.pid;
        let params = CallToolRequestParams::new("sql")
            .with_arguments(json!({"query": FOREVER}).as_object().unwrap().clone());
        // Dropped unanswered once the query has spent 0.3 s of CPU (waited for, not assumed from the
        // wall clock: a loaded machine gives the server less of it): the client sends its cancel.
        let mut call = Box::pin(session.client.call_tool(params));
        let started = cpu_ticks(pid);
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
        while cpu_ticks(pid) - started < 30 {
            assert!(
                std::time::Instant::now() < deadline,
                "the query was not running: {} ticks",
                cpu_ticks(pid) - started
            );
            let tick = tokio::time::sleep(std::time::Duration::from_millis(100));
            tokio::select! {
                answer = &mut call => panic!("a query that never ends answered: {answer:?}"),
                () = tick => {}
            }
        }
        drop(call);
        tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
        let after = cpu_ticks(pid);
        tokio::time::sleep(std::time::Duration::from_millis(2000)).await;
        assert!(
            cpu_ticks(pid) - after < 20,
            "the query still runs: {} ticks in 2s",
            cpu_ticks(pid) - after
        );
        let answer = session.call("sql", json!({"query": "SELECT 1 AS n"})).await;
        assert_eq!(structured(&answer)["records"], json!([{"n": 1}]));
    });
}

/// On a PostgreSQL `sync.target`, a call the client gives up on stops its query on the database
/// server too, and a function off the list is the tool's error, named.
#[test]
fn mcp_sql_on_postgres_cancelled_stops_its_query_on_the_server() {
    let test = "mcp_sql_on_postgres_cancelled_stops_its_query_on_the_server";
    let Some(url) = postgres_database(test, "mcp_cancel") else {
        return;
    };
    let env = Env::new();
    env.run_ok(&["config", "set", "sync.target", &postgres_as_reader(&url)]);
    let (mut process, _) = logged_in(&env);
    process.env("PGPASSWORD", POSTGRES_READER_PASSWORD);
    let running = {
        let url = url.clone();
        move || {
            let url = url.clone();
            async move {
                tokio::task::spawn_blocking(move || pg_long_running(test, &url))
                    .await
                    .unwrap()
            }
        }
    };
    runtime().block_on(async {
        let session = Session::start(process, &[]).await;
        let refused = session
            .call("sql", json!({"query": "SELECT pg_sleep(5)"}))
            .await;
        assert_eq!(refused.is_error, Some(true), "{refused:?}");
        assert!(
            text_of(&refused).contains("the function pg_sleep() is not among"),
            "{}",
            text_of(&refused)
        );
        let params = CallToolRequestParams::new("sql")
            .with_arguments(json!({"query": PG_LONG}).as_object().unwrap().clone());
        let call = session.client.call_tool(params);
        // Given up once the server runs it: the call is dropped unanswered, and the client sends
        // its cancel.
        let started = async {
            while running().await == 0 {
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            }
            // Past its prepare, which shows the same text for a moment: the server runs it.
            tokio::time::sleep(std::time::Duration::from_millis(500)).await;
        };
        let seen = tokio::time::timeout(std::time::Duration::from_secs(30), async {
            tokio::select! {
                answer = call => panic!("answered: {answer:?}"),
                () = started => {}
            }
        })
        .await;
        assert!(seen.is_ok(), "the query never started on the server");
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
        while running().await > 0 {
            assert!(
                std::time::Instant::now() < deadline,
                "the query still runs on the server"
            );
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        let answer = session.call("sql", json!({"query": "SELECT 1 AS n"})).await;
        assert_eq!(structured(&answer)["records"], json!([{"n": 1}]));
    });
}

/// `mcp.allow_writes = true` in the profile offers the writes as `--allow-writes` does; unset, they
/// are gone again.
#[test]
fn mcp_profile_key_allow_writes_offers_the_writes() {
    let env = Env::new();
    let refused = env.run(&["config", "set", "mcp.allow_writes", "yes"]);
    assert_eq!(refused.status.code(), Some(2), "{}", stderr(&refused));
    for allowed in [true, false] {
        let verb = if allowed { "set" } else { "unset" };
        let mut args = vec!["config", verb, "mcp.allow_writes"];
        if allowed {
            args.push("true");
        }
        env.run_ok(&args);
        let (process, _) = logged_in(&env);
        runtime().block_on(async {
            let session = Session::start(process, &[]).await;
            let tools = session.client.list_all_tools().await.unwrap();
            let offered = tools.iter().any(|t| t.name == "contact_create");
            assert_eq!(offered, allowed);
        });
    }
}

/// The reference lists are resources, each read whole as its command gives it; the three prompts
/// are listed, and each names the tools that answer it.
#[test]
fn mcp_offers_the_reference_lists_as_resources_and_three_prompts() {
    let env = Env::new();
    let channels = stdout_json(&env.run_ok(&["ref", "channels", "--all", "--format", "json"]));
    let (process, _) = logged_in(&env);
    runtime().block_on(async {
        let session = Session::start(process, &[]).await;
        let resources = session.client.list_all_resources().await.unwrap();
        let uris: Vec<&str> = resources.iter().map(|r| r.uri.as_str()).collect();
        assert!(uris.contains(&"clinic://ref/channels"), "{uris:?}");
        assert!(uris.contains(&"clinic://ref/clinics"), "{uris:?}");
        assert!(
            uris.iter().all(|u| u.starts_with("clinic://ref/")),
            "{uris:?}"
        );
        let read = session
            .client
            .read_resource(rmcp::model::ReadResourceRequestParams::new(
                "clinic://ref/channels",
            ))
            .await
            .unwrap();
        let text = match &read.contents[0] {
            rmcp::model::ResourceContents::TextResourceContents { text, .. } => text.clone(),
            other => panic!("{other:?}"),
        };
        assert_eq!(serde_json::from_str::<Value>(&text).unwrap(), channels);
        let missing = session
            .client
            .read_resource(rmcp::model::ReadResourceRequestParams::new(
                "clinic://ref/nothing",
            ))
            .await;
        assert!(missing.is_err());

        let prompts = session.client.list_all_prompts().await.unwrap();
        let names: Vec<&str> = prompts.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "agenda_today",
                "sales_by_clinic_this_month",
                "register_contact"
            ]
        );
        for (name, tool) in [
            ("agenda_today", "report_appointments"),
            ("sales_by_clinic_this_month", "summary"),
            ("register_contact", "contact_create"),
        ] {
            let prompt = session
                .client
                .get_prompt(rmcp::model::GetPromptRequestParams::new(name))
                .await
                .unwrap();
            let said = format!("{:?}", prompt.messages);
            assert!(said.contains(tool), "{name}: {said}");
        }
    });
}

/// A notification sent before `initialize` asks for no answer: the server drops it and stays up,
/// answers the `initialize` that follows, and serves until the client closes its input.
#[test]
fn mcp_a_notification_before_initialize_leaves_the_server_up() {
    use std::io::{BufRead, Write};
    let env = Env::scale(40);
    let (mut process, _) = logged_in(&env);
    let mut server = process
        .arg("mcp")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = server.stdin.take().unwrap();
    let mut output = std::io::BufReader::new(server.stdout.take().unwrap());
    let lines = [
        json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 7}}),
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-03-26", "capabilities": {},
            "clientInfo": {"name": "test", "version": "1"}}}),
    ];
    for line in &lines {
        writeln!(input, "{line}").unwrap();
    }
    input.flush().unwrap();
    let mut answer = String::new();
    output.read_line(&mut answer).unwrap();
    let answer: Value = serde_json::from_str(&answer).expect("an answer to initialize");
    assert_eq!(answer["id"], 1, "{answer}");
    assert_eq!(answer["result"]["serverInfo"]["name"], "clinic", "{answer}");
    writeln!(
        input,
        "{}",
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"})
    )
    .unwrap();
    writeln!(
        input,
        "{}",
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list"})
    )
    .unwrap();
    input.flush().unwrap();
    let mut listed = String::new();
    output.read_line(&mut listed).unwrap();
    let listed: Value = serde_json::from_str(&listed).expect("an answer to tools/list");
    assert_eq!(listed["id"], 2, "{listed}");
    drop(input);
    let status = server.wait().unwrap();
    assert!(status.success(), "{status}");
}

/// A request the server cannot read is answered with its id wherever that id is one JSON-RPC allows,
/// else with `null`, never with none: an id that is an object, a method that is no string, params
/// that are no object, a line that is no JSON. A notification it cannot read gets no answer, and the
/// session goes on.
#[test]
fn mcp_an_unreadable_request_is_answered_with_its_id_or_null() {
    use std::io::{BufRead, Write};
    let env = Env::scale(40);
    let (mut process, _) = logged_in(&env);
    let mut server = process
        .arg("mcp")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let mut input = server.stdin.take().unwrap();
    let mut output = std::io::BufReader::new(server.stdout.take().unwrap());
    let mut answer = || {
        let mut line = String::new();
        output.read_line(&mut line).unwrap();
        serde_json::from_str::<Value>(&line).unwrap_or_else(|e| panic!("{e}: {line:?}"))
    };
    let initialize = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
        "protocolVersion": "2025-03-26", "capabilities": {},
        "clientInfo": {"name": "test", "version": "1"}}});
    writeln!(input, "{initialize}").unwrap();
    input.flush().unwrap();
    assert_eq!(answer()["id"], 1);
    let lines = [
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}).to_string(),
        json!({"jsonrpc": "2.0", "id": {"a": 1}, "method": "tools/list"}).to_string(),
        json!({"jsonrpc": "2.0", "id": 7, "method": 42}).to_string(),
        json!({"jsonrpc": "2.0", "id": "x8", "method": "tools/call", "params": "oops"}).to_string(),
        json!({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": 3}).to_string(),
        r#"{"jsonrpc": "2.0", "id": 9, "method": "tools/list""#.to_string(),
        json!({"jsonrpc": "2.0", "id": 10, "method": "tools/list"}).to_string(),
    ];
    for line in &lines {
        writeln!(input, "{line}").unwrap();
    }
    input.flush().unwrap();
    for (id, code) in [
        (json!(null), -32600),
        (json!(7), -32600),
        (json!("x8"), -32600),
        (json!(null), -32700),
    ] {
        let got = answer();
        assert_eq!(got.get("id"), Some(&id), "{got}");
        assert_eq!(got["error"]["code"], code, "{got}");
    }
    let listed = answer();
    assert_eq!(listed["id"], 10, "{listed}");
    assert!(listed["result"]["tools"].is_array(), "{listed}");
    drop(input);
    assert!(server.wait().unwrap().success());
}

/// Every flag of `cmd` and the commands below it that reads or writes a file, a folder or stdin, by
/// this test's own reading of clap's definitions (wider than the server's): a path type or hint, a
/// value named `FILE`, `DIR`, `PATH`, `-` or `@FILE`, or a name that says file, folder, output or
/// stdin. Each as the command's path and the flag's id.
fn local_file_flags(cmd: &clap::Command, path: Vec<String>, out: &mut Vec<(Vec<String>, String)>) {
    use clap::ValueHint;
    for arg in cmd.get_arguments() {
        let id = arg.get_id().as_str();
        let hinted = matches!(
            arg.get_value_hint(),
            ValueHint::AnyPath
                | ValueHint::FilePath
                | ValueHint::DirPath
                | ValueHint::ExecutablePath
        ) || arg.get_value_parser().type_id()
            == clap::value_parser!(std::path::PathBuf).type_id();
        let named = arg.get_value_names().into_iter().flatten().any(|name| {
            let name = name.to_uppercase();
            ["FILE", "DIR", "PATH", "FOLDER", "ARQUIVO", "PASTA"]
                .iter()
                .any(|w| name.contains(w))
                || name.split('|').any(|w| w == "-" || w.starts_with('@'))
        });
        let called = ["file", "stdin", "dir", "folder"]
            .iter()
            .any(|w| id.contains(w))
            || ["output", "schema", "journal", "cacert"].contains(&id);
        if hinted || named || called {
            out.push((path.clone(), id.to_string()));
        }
    }
    for sub in cmd.get_subcommands() {
        let mut below = path.clone();
        below.push(sub.get_name().to_string());
        local_file_flags(sub, below, out);
    }
}

/// The path below `clinic` of every command of `cmd`'s tree.
fn command_paths(cmd: &clap::Command, path: Vec<String>, out: &mut Vec<Vec<String>>) {
    for sub in cmd.get_subcommands() {
        let mut below = path.clone();
        below.push(sub.get_name().to_string());
        command_paths(sub, below.clone(), out);
        out.push(below);
    }
}

/// No flag that reads or writes a file or stdin is any tool's argument, writes included: an
/// assistant cannot have the server read a password file, overwrite a file, or read the protocol's
/// own pipe. The flags are found in the command tree, so a new one is checked as it comes.
#[test]
fn mcp_no_tool_takes_a_flag_that_reads_or_writes_a_file_or_stdin() {
    let tree = clinic::cli::command();
    let mut found = Vec::new();
    local_file_flags(&tree, Vec::new(), &mut found);
    let ids: std::collections::BTreeSet<&str> = found.iter().map(|(_, id)| id.as_str()).collect();
    // The enumeration sees the flags the issue names, so an empty one passes nothing.
    for known in [
        "ids_from",
        "output",
        "schema",
        "cacert",
        "data",
        "password_file",
        "password_stdin",
        "chart_file",
        "journal",
        "file",
        "dir",
        "to",
        "sandbox_hosts",
    ] {
        assert!(ids.contains(known), "{known} not found: {ids:?}");
    }
    let env = Env::new();
    let (process, _) = logged_in(&env);
    let tools = runtime().block_on(async {
        let session = Session::start(process, &["--allow-writes"]).await;
        session.client.list_all_tools().await.unwrap()
    });
    assert!(tools.len() > 20, "{}", tools.len());
    let mut commands = Vec::new();
    command_paths(&tree, Vec::new(), &mut commands);
    let mut checked = 0;
    for tool in &tools {
        // A tool is named for its command's path; `summary` is `clinic report summary`.
        let path = commands
            .iter()
            .find(|path| {
                path.join("_").replace('-', "_") == tool.name
                    || (tool.name == "summary" && path[..] == ["report", "summary"])
            })
            .unwrap_or_else(|| panic!("{}: no command", tool.name));
        let properties = tool.input_schema["properties"].as_object().unwrap();
        // The command's own flags and those it takes from the commands above it.
        for (_, id) in found.iter().filter(|(p, _)| path.starts_with(p)) {
            assert!(
                !properties.contains_key(&id.replace('-', "_")),
                "{} takes {id}: {properties:?}",
                tool.name
            );
        }
        checked += 1;
    }
    assert_eq!(checked, tools.len());
    let get = tools
        .iter()
        .find(|t| t.name == "crm_contact_get")
        .expect("crm_contact_get");
    let properties = get.input_schema["properties"].as_object().unwrap();
    assert!(properties.contains_key("ids"), "{properties:?}");
    assert!(!properties.contains_key("ids_from"), "{properties:?}");
}

/// `ids_from` is no argument of `crm_contact_get` or `crm_deal_get`: a call with it, naming a file
/// or stdin, is refused by the argument's name, reads nothing and leaves the session up.
#[test]
fn mcp_crm_get_refuses_ids_from() {
    let env = Env::new();
    let dir = tempfile::tempdir().unwrap();
    let secret = dir.path().join("password.txt");
    std::fs::write(&secret, "hunter2-a7c9e1\n").unwrap();
    let (process, _) = logged_in(&env);
    runtime().block_on(async {
        let session = Session::start(process, &[]).await;
        for tool in ["crm_contact_get", "crm_deal_get"] {
            for from in [secret.to_str().unwrap(), "-", "/dev/stdin"] {
                let refused = session.call(tool, json!({"ids_from": from})).await;
                assert_eq!(refused.is_error, Some(true), "{refused:?}");
                assert_eq!(
                    text_of(&refused),
                    "argument 'ids_from': this tool takes no such argument (see its input schema)"
                );
            }
        }
        // The session answers after them.
        let tools = session.client.list_all_tools().await.unwrap();
        assert!(!tools.is_empty());
        assert!(!session.transcript().contains("hunter2"));
    });
}

/// The smart processes are tools, each described for a model: `crm_type_list` lists them,
/// `crm_item_list` walks the items of one named by its title, kept by a stage name, and
/// `crm_item_get` reads one item.
#[test]
fn mcp_lists_and_reads_the_smart_processes() {
    let env = Env::new();
    let held = env.crm_items(1032);
    let (process, _) = logged_in(&env);
    runtime().block_on(async {
        let session = Session::start(process, &["--share-personal"]).await;
        let tools = session.client.list_all_tools().await.unwrap();
        for name in ["crm_type_list", "crm_item_list", "crm_item_get"] {
            let tool = tools
                .iter()
                .find(|t| t.name == name)
                .unwrap_or_else(|| panic!("no {name}"));
            assert_eq!(
                tool.annotations.as_ref().and_then(|a| a.read_only_hint),
                Some(true),
                "{name}"
            );
            let about = tool.description.as_deref().unwrap_or_default();
            assert!(about.contains("smart process"), "{name}: {about}");
            assert!(!about.contains("--"), "{name}: {about}");
        }
        let list = tools.iter().find(|t| t.name == "crm_item_list").unwrap();
        let properties = list.input_schema["properties"].as_object().unwrap();
        for arg in ["type", "stage", "category", "limit"] {
            assert!(properties.contains_key(arg), "{arg}: {properties:?}");
        }
        assert_eq!(list.input_schema["required"], json!(["type"]));

        let types = session.call("crm_type_list", json!({})).await;
        assert_eq!(
            structured(&types)["records"],
            json!([
                {"entityTypeId": 1032, "title": "Tratamentos"},
                {"entityTypeId": 1036, "title": "Retornos"},
            ])
        );
        let done = session
            .walk(
                "crm_item_list",
                json!({"type": "Tratamentos", "stage": "Concluído", "limit": 20}),
            )
            .await;
        let wanted: Vec<&Value> = held
            .iter()
            .filter(|i| i["stageId"].as_str().unwrap().ends_with(":SUCCESS"))
            .collect();
        assert!(wanted.len() > 20, "{}", wanted.len());
        assert_eq!(done.len(), wanted.len());
        for (got, want) in done.iter().zip(wanted) {
            assert_eq!(got["id"], want["id"]);
            assert_eq!(got["stageId"], want["stageId"]);
        }
        let one = session
            .call("crm_item_get", json!({"type": "1032", "id": 1}))
            .await;
        assert_eq!(
            structured(&one)["records"][0]["title"],
            held[0]["title"],
            "{one:?}"
        );
    });
}

/// The files of the configuration folder (the cache and data folders aside) and their bytes.
fn config_files(dir: &std::path::Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_file())
        .map(|e| {
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read(e.path()).unwrap(),
            )
        })
        .collect();
    files.sort();
    files
}

/// A read tool changes nothing on disk: `doctor` with `probe` and a list, through the server, leave
/// the configuration as it was, though the same probe run by a person remembers what it found.
#[test]
fn mcp_read_tools_leave_the_profile_as_it_was() {
    let env = Env::new();
    env.run_ok(&["config", "set", "aliases.stage_name", "UF_CRM_1669405845"]);
    let before = config_files(env.config.path());
    assert!(!before.is_empty());
    let (process, _) = logged_in(&env);
    runtime().block_on(async {
        let session = Session::start(process, &[]).await;
        let doctor = session.call("doctor", json!({"probe": true})).await;
        let checks = structured(&doctor)["records"].as_array().unwrap().clone();
        assert!(
            checks.iter().any(|c| c.to_string().contains("page_base")),
            "{checks:?}"
        );
        let listed = session.call("contact_list", json!({"limit": 5})).await;
        assert_eq!(structured(&listed)["returned"], 5);
    });
    assert_eq!(config_files(env.config.path()), before);
    // The same probe at the command line remembers the deployment's conventions: what the server
    // kept from happening.
    env.run_ok(&["doctor", "--probe"]);
    assert_ne!(config_files(env.config.path()), before);
}

/// Every file under `dir`, however deep, with its bytes and when it was last modified.
fn every_file(dir: &std::path::Path) -> Vec<(String, Vec<u8>, std::time::SystemTime)> {
    let mut files = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).unwrap().flatten() {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
            } else {
                files.push((
                    path.strip_prefix(dir).unwrap().display().to_string(),
                    std::fs::read(&path).unwrap(),
                    entry.metadata().unwrap().modified().unwrap(),
                ));
            }
        }
    }
    files.sort();
    files
}

/// Read tools change nothing on disk, the reference-name cache included: a clinic taken by name
/// is looked up and kept in memory for the session (the second call finds it there), and no file
/// under the configuration and cache folders is written or touched. The same lookup at the command
/// line caches the list: what the server kept from happening.
#[test]
fn mcp_read_tools_write_no_cache() {
    let env = Env::new();
    let clinics = stdout_json(&env.run_ok_as("admin", &["ref", "clinics", "--format", "json"]));
    let name = clinics[0]["nome"]
        .as_str()
        .expect("a clinic's name")
        .to_string();
    let cache = env.config.path().join("cache");
    let _ = std::fs::remove_dir_all(&cache);
    let before = every_file(env.config.path());
    let mut process = process_for(env.config.path(), env.sandbox.urls());
    process.env("CLINIC_TOKEN", env.token("admin", "admin"));
    let mut asked = Vec::new();
    runtime().block_on(async {
        let session = Session::start(process, &[]).await;
        for _ in 0..2 {
            let listed = session
                .call("report_appointments", json!({"clinic": name, "limit": 1}))
                .await;
            assert_eq!(structured(&listed)["returned"], 1);
            asked.push(tokio::task::block_in_place(|| {
                env.asked_to("/listaClinicas")
            }));
        }
    });
    assert_eq!(every_file(env.config.path()), before);
    assert!(!cache.exists());
    // The second call found the list where the first one kept it.
    assert_eq!(asked[0], asked[1]);
    env.run_ok_as(
        "admin",
        &["report", "appointments", "--clinic", &name, "--limit", "1"],
    );
    assert!(cache.exists());
}

/// A token renewed during a read tool is kept in memory, not stored: the OS keyring keeps the token
/// it had. The same read at the command line stores the renewed one, as it always has.
#[test]
fn mcp_read_tools_store_no_renewed_token_in_the_keyring() {
    let env = Env::with(clinic_sandbox::Options {
        token_ttl: 1,
        ..clinic_sandbox::Options::ephemeral()
    });
    let profile = format!(
        "test-mcp-keyring-{}-{}",
        std::process::id(),
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_nanos()
    );
    let run = || {
        let mut c = command_for(env.config.path(), env.sandbox.urls());
        c.env("CLINIC_CREDENTIAL_STORE", "keyutils")
            .env("CLINIC_PROFILE", &profile);
        c
    };
    succeeds(
        run()
            .args(["login", "--login", "unidade1", "--password-stdin"])
            .arg("--save-password")
            .write_stdin("unidade1\n"),
    );
    let stored = || {
        let out = succeeds(run().args(["auth", "token"]));
        String::from_utf8(out.stdout).unwrap().trim().to_string()
    };
    let first = stored();
    std::thread::sleep(std::time::Duration::from_millis(2100));
    let logins = || {
        env.journal()
            .iter()
            .filter(|r| is_to(r, "/loginApi"))
            .count()
    };
    let logged_in = logins();
    runtime().block_on(async {
        let session = Session::start(plain(&run()), &[]).await;
        let channels = session.call("ref_channels", json!({})).await;
        assert!(structured(&channels)["returned"].as_u64() > Some(0));
    });
    // The token was renewed, and the keyring still holds the one it had.
    assert!(logins() > logged_in);
    assert_eq!(stored(), first);
    succeeds(run().args(["ref", "channels", "--format", "json"]));
    let renewed = stored();
    succeeds(run().arg("logout"));
    assert_ne!(renewed, first);
}

/// A write's preview masks the values it would write, never the name of the field they go to.
#[test]
fn mcp_a_write_preview_shows_field_names_whole() {
    let env = Env::new();
    let (process, _) = logged_in(&env);
    let person = Person::answering(Answer::Decline);
    runtime().block_on(async {
        let session = Session::start_as(process, &["--allow-writes"], person).await;
        let preview = session
            .call(
                "crm_deal_update",
                json!({"id": 7, "set": ["UF_CRM_1669405845=16992640197"]}),
            )
            .await;
        let preview = structured(&preview).clone();
        assert_eq!(preview["sent"], false, "{preview}");
        let command = preview["command"].as_str().unwrap();
        assert!(
            command.contains("--set UF_CRM_1669405845=16*********"),
            "{command}"
        );
        assert_eq!(
            preview["arguments"]["set"][0],
            "UF_CRM_1669405845=16*********"
        );
        assert!(!preview.to_string().contains("16992640197"), "{preview}");
    });
}

/// `clinic --sandbox mcp` serves against one sandbox of its own for the whole session, with no
/// profile at all: its tools answer, and a contact one call creates is found by the next.
#[test]
fn mcp_with_sandbox_serves_every_tool_against_the_sandbox() {
    let config = tempfile::tempdir().unwrap();
    let mut process = std::process::Command::new(assert_cmd::cargo::cargo_bin("clinic"));
    for (k, _) in std::env::vars() {
        if k.starts_with("CLINIC_") {
            process.env_remove(k);
        }
    }
    process
        .env("CLINIC_LANG", "en")
        .env("CLINIC_CONFIG_DIR", config.path())
        .env("CLINIC_CACHE_DIR", config.path().join("cache"))
        .env("CLINIC_DATA_DIR", config.path().join("data"))
        .args(["--sandbox", "--sandbox-scale", "300"]);
    runtime().block_on(async {
        let session = Session::start(
            process,
            &[
                "--share-personal",
                "--allow-writes",
                "--writes",
                "host-approval",
            ],
        )
        .await;
        let clinics = session.call("ref_clinics", json!({})).await;
        let clinics = structured(&clinics)["records"].as_array().unwrap().clone();
        assert!(!clinics.is_empty(), "{clinics:?}");
        let page = session
            .call("report_appointments", json!({"clinic": "1", "limit": 2}))
            .await;
        let page = structured(&page);
        assert_eq!(page["returned"], 2, "{page}");
        let created = session.call("contact_create", ana()).await;
        assert_eq!(structured(&created)["sent"], true, "{created:?}");
        let found = session
            .call("contact_list", json!({"phone": "(16) 99264-0197"}))
            .await;
        let found = structured(&found)["records"].as_array().unwrap().clone();
        assert!(
            found.iter().any(|c| c.to_string().contains("Souza")),
            "the created contact is in the same sandbox: {found:?}"
        );
    });
}

/// The requests for quotes the sandbox received.
fn quote_requests(env: &Env) -> usize {
    tokio::task::block_in_place(|| {
        env.sent()
            .iter()
            .filter(|e| is_to(e, "/lista_venda_orcamento"))
            .count()
    })
}

/// A report's first page comes as soon as its records are read, the walk going on behind it: on a
/// slow service the first call answers before the walk ends (with the total the service counted),
/// and says how far it got to a client that sent a progress token.
#[test]
fn mcp_the_first_page_comes_before_the_walk_ends() {
    let env = Env::with(clinic_sandbox::Options {
        scale: 4000,
        latency_ms: 150,
        jitter_ms: 300,
        max_per_page: Some(5),
        ..clinic_sandbox::Options::ephemeral()
    });
    let (process, _) = logged_in(&env);
    runtime().block_on(async {
        let session = Session::start(process, &["--share-personal"]).await;
        let started = std::time::Instant::now();
        let first = session
            .call("report_ficha_financeira", json!({"limit": 1}))
            .await;
        let took = started.elapsed();
        let page = structured(&first);
        assert_eq!(
            (page["returned"].clone(), page["more"].clone()),
            (json!(1), json!(true)),
            "{page}"
        );
        // The service counted the clinic's list: the total is known before the walk ends.
        assert_eq!(page["total_known"], true, "{page}");
        assert!(page["total"].as_u64().is_some_and(|n| n > 1), "{page}");
        assert!(took < std::time::Duration::from_secs(5), "{took:?}");

        // A client with a progress token (rmcp's client sends one with every request) hears of the
        // records as they come: several pages of the service's (5 records each) to a page of the
        // tool's, each late by its own delay.
        let before = session
            .transcript()
            .matches("notifications/progress")
            .count();
        let answered = session
            .call(
                "report_ficha_financeira",
                json!({"limit": 15, "status": "Aprovado"}),
            )
            .await;
        structured(&answered);
        let said = session.transcript();
        assert!(
            said.matches("notifications/progress").count() > before
                && said.contains("records read"),
            "no progress sent"
        );
    });
}

/// A cursor continues its own walk: another call and a deletion at the service in between change
/// none of its pages, and no page after the first asks the service anything.
#[test]
fn mcp_a_cursor_keeps_its_walk_across_other_calls_and_a_deletion() {
    let env = Env::new();
    let exported =
        stdout_json(&env.run_ok(&["report", "ficha-financeira", "--all", "--format", "json"]));
    let exported = exported.as_array().unwrap().clone();
    assert!(exported.len() > 10, "{}", exported.len());
    let (process, _) = logged_in(&env);
    runtime().block_on(async {
        let session = Session::start(process, &["--share-personal"]).await;
        let first = session
            .call(
                "report_ficha_financeira",
                json!({"limit": 5, "fields": ["*"]}),
            )
            .await;
        let page = structured(&first).clone();
        assert_eq!(page["records"], json!(exported[..5]));
        // The walk behind the page ends on its own, asking nothing more after.
        tokio::time::sleep(std::time::Duration::from_secs(2)).await;
        let asked = quote_requests(&env);
        let channels = session.call("ref_channels", json!({})).await;
        structured(&channels);
        let gone = exported[0]["id"].as_u64().unwrap();
        tokio::task::block_in_place(|| env.edit_quotes(&format!("delete={gone}")));
        let mut seen: Vec<Value> = page["records"].as_array().unwrap().clone();
        let mut cursor = page["cursor"].as_str().unwrap().to_string();
        loop {
            let next = session
                .call(
                    "report_ficha_financeira",
                    json!({"limit": 5, "fields": ["*"], "cursor": cursor}),
                )
                .await;
            let next = structured(&next).clone();
            seen.extend(next["records"].as_array().unwrap().iter().cloned());
            match next["cursor"].as_str() {
                Some(c) => cursor = c.to_string(),
                None => {
                    assert_eq!(next["total"], exported.len(), "{next}");
                    break;
                }
            }
        }
        assert_eq!(seen, exported);
        assert_eq!(
            quote_requests(&env),
            asked,
            "a later page asked the service"
        );
    });
}

/// A call the client cancels stops its walk: after the cancel, the slow sandbox hears of at most
/// the requests already in flight.
#[test]
fn mcp_a_cancelled_read_asks_the_service_nothing_more() {
    let env = Env::with(clinic_sandbox::Options {
        scale: 20000,
        latency_ms: 300,
        ..clinic_sandbox::Options::ephemeral()
    });
    let mut process = process_for(env.config.path(), env.sandbox.urls());
    process.env("CLINIC_TOKEN", env.token("admin", "admin"));
    runtime().block_on(async {
        let session = Session::start(process, &[]).await;
        // Sums over every quote of every clinic: the call waits for the whole walk.
        let params = CallToolRequestParams::new("summary").with_arguments(
            json!({"clinic": "all", "by": ["clinic"]})
                .as_object()
                .unwrap()
                .clone(),
        );
        let call = session.client.call_tool(params);
        let gave_up = tokio::time::timeout(std::time::Duration::from_secs(2), call).await;
        assert!(gave_up.is_err(), "{gave_up:?}");
        let before = quote_requests(&env);
        assert!(before > 0, "the walk had started");
        tokio::time::sleep(std::time::Duration::from_secs(3)).await;
        let after = quote_requests(&env);
        // Four pages in flight at most (the default concurrency) may still arrive.
        assert!(
            after - before <= 4,
            "{} requests after the cancel",
            after - before
        );
        // The session goes on.
        let channels = session.call("ref_channels", json!({})).await;
        structured(&channels);
    });
}

/// `keep_going` with one clinic down answers the other clinics' records, and a note that names the
/// clinic left out; `summary` the same. Without it the read is the tool's error.
#[test]
fn mcp_keep_going_answers_the_clinics_that_answered_and_names_the_failed_one() {
    let env = Env::with(clinic_sandbox::Options {
        scale: 300,
        failing_clinic: 2,
        ..clinic_sandbox::Options::ephemeral()
    });
    let mut process = process_for(env.config.path(), env.sandbox.urls());
    process
        .env("CLINIC_TOKEN", env.token("admin", "admin"))
        .env("CLINIC_MAX_WAIT", "1s");
    runtime().block_on(async {
        let session = Session::start(process, &[]).await;
        let mut args = json!({"clinic": "all", "keep_going": true, "limit": 1000});
        let mut seen = Vec::new();
        let last = loop {
            let page = session.call("report_ficha_financeira", args.clone()).await;
            let page = structured(&page).clone();
            seen.extend(page["records"].as_array().unwrap().iter().cloned());
            match page["cursor"].as_str() {
                Some(cursor) => args["cursor"] = json!(cursor),
                None => break page,
            }
        };
        assert!(seen.len() > 100, "{}", seen.len());
        assert!(seen.iter().all(|r| r["clinica"] != 2), "clinic 2 is down");
        assert!(seen.iter().any(|r| r["clinica"] == 1));
        let note = last["note"]
            .as_str()
            .expect("a note names the failed clinic");
        assert!(note.contains("clinic 2 ("), "{note}");
        assert_eq!(last["total"], seen.len());

        let summary = session
            .call(
                "summary",
                json!({"clinic": "all", "keep_going": true, "by": ["clinic"]}),
            )
            .await;
        let summary = structured(&summary);
        let rows = summary["records"].as_array().unwrap();
        assert_eq!(rows.len(), 11, "{summary}");
        assert!(
            summary["note"].as_str().unwrap().contains("clinic 2 ("),
            "{summary}"
        );

        // Without it, the walk fails where it reaches the clinic that is down: the pages read before
        // came, the call that needs the rest is the tool's error naming the clinic.
        let mut args = json!({"clinic": "all", "limit": 1000});
        let failed = loop {
            let page = session.call("report_ficha_financeira", args.clone()).await;
            if page.is_error == Some(true) {
                break text_of(&page);
            }
            match structured(&page)["cursor"].as_str() {
                Some(cursor) => args["cursor"] = json!(cursor),
                None => panic!("the walk ended with no error: {page:?}"),
            }
        };
        assert!(failed.contains("clinic 2 ("), "{failed}");
    });
}

/// The text of a resource read.
fn resource_text(read: &rmcp::model::ReadResourceResult) -> Value {
    match &read.contents[0] {
        rmcp::model::ResourceContents::TextResourceContents { text, .. } => {
            serde_json::from_str(text).unwrap()
        }
        other => panic!("{other:?}"),
    }
}

/// For an admin's login, the reference lists kept per clinic are resource templates that name the
/// clinic by ID or name; their plain address says which template to read, in the protocol's words,
/// not a command line's. A clinic's own login reads the plain address as before.
#[test]
fn mcp_resource_templates_name_a_clinic_for_an_admin() {
    let env = Env::new();
    let sellers = stdout_json(&env.run_ok_as(
        "admin",
        &["ref", "sellers", "--clinic", "1", "--format", "json"],
    ));
    assert!(!sellers.as_array().unwrap().is_empty());
    let mut process = process_for(env.config.path(), env.sandbox.urls());
    process.env("CLINIC_TOKEN", env.token("admin", "admin"));
    runtime().block_on(async {
        let session = Session::start(process, &["--share-personal"]).await;
        let templates = session.client.list_all_resource_templates().await.unwrap();
        let offered: Vec<&str> = templates.iter().map(|t| t.uri_template.as_str()).collect();
        for list in [
            "creators",
            "account-plans",
            "sellers",
            "campaigns",
            "services",
            "operation-types",
        ] {
            let template = format!("clinic://ref/{list}/{{clinic}}");
            assert!(offered.contains(&template.as_str()), "{offered:?}");
        }
        assert!(
            !offered.contains(&"clinic://ref/channels/{clinic}"),
            "{offered:?}"
        );
        let read = |uri: &str| {
            session
                .client
                .read_resource(rmcp::model::ReadResourceRequestParams::new(uri))
        };
        let by_id = read("clinic://ref/sellers/1").await.unwrap();
        assert_eq!(resource_text(&by_id), sellers);
        let by_name = read("clinic://ref/sellers/SP%20Campinas").await.unwrap();
        assert_eq!(resource_text(&by_name), sellers);
        let plain = read("clinic://ref/sellers").await.unwrap_err().to_string();
        assert!(plain.contains("clinic://ref/sellers/{clinic}"), "{plain}");
        assert!(
            !plain.contains("--clinic") && !plain.contains("clinic config"),
            "{plain}"
        );
        // A list that is not kept per clinic reads as it is.
        read("clinic://ref/channels").await.unwrap();
    });
    let (process, _) = logged_in(&env);
    let own = stdout_json(&env.run_ok(&["ref", "sellers", "--format", "json"]));
    runtime().block_on(async {
        let session = Session::start(process, &["--share-personal"]).await;
        let read = session
            .client
            .read_resource(rmcp::model::ReadResourceRequestParams::new(
                "clinic://ref/sellers",
            ))
            .await
            .unwrap();
        assert_eq!(resource_text(&read), own);
    });
}

/// The agenda and the sales prompts take a clinic and a date or month, so that they work for an
/// admin's login; a date that is no date is refused by the argument's name.
#[test]
fn mcp_prompts_take_a_clinic_and_a_date() {
    let env = Env::scale(40);
    let mut process = process_for(env.config.path(), env.sandbox.urls());
    process.env("CLINIC_TOKEN", env.token("admin", "admin"));
    runtime().block_on(async {
        let session = Session::start(process, &[]).await;
        let prompts = session.client.list_all_prompts().await.unwrap();
        let arguments = |name: &str| -> Vec<String> {
            prompts
                .iter()
                .find(|p| p.name == name)
                .and_then(|p| p.arguments.clone())
                .unwrap_or_default()
                .into_iter()
                .map(|a| a.name)
                .collect()
        };
        assert_eq!(arguments("agenda_today"), ["clinic", "date"]);
        assert_eq!(arguments("sales_by_clinic_this_month"), ["clinic", "month"]);
        let get = |name: &str, args: Value| {
            session.client.get_prompt(
                rmcp::model::GetPromptRequestParams::new(name)
                    .with_arguments(args.as_object().unwrap().clone()),
            )
        };
        let agenda = get(
            "agenda_today",
            json!({"clinic": "SP Campinas", "date": "2026-03-02"}),
        )
        .await
        .unwrap();
        let said = format!("{:?}", agenda.messages);
        assert!(
            said.contains(
                r#"from = \"2026-03-02\" and to = \"2026-03-02\" and clinic = \"SP Campinas\""#
            ),
            "{said}"
        );
        let sales = get(
            "sales_by_clinic_this_month",
            json!({"clinic": "all", "month": "2025-02"}),
        )
        .await
        .unwrap();
        let said = format!("{:?}", sales.messages);
        assert!(
            said.contains(r#"from = \"2025-02-01\" and to = \"2025-02-28\" and clinic = \"all\""#),
            "{said}"
        );
        let bad = get("agenda_today", json!({"date": "02/30/2026"}))
            .await
            .unwrap_err()
            .to_string();
        assert!(
            bad.contains("argument 'date'") && bad.contains("02/30/2026"),
            "{bad}"
        );
        // What the agenda prompt asks runs as written for this admin.
        let agenda = session
            .call(
                "report_appointments",
                json!({"from": "2026-03-02", "to": "2026-03-02", "clinic": "SP Campinas"}),
            )
            .await;
        structured(&agenda);
    });
}

/// Every tool's input schema says what a model needs: a description on every argument, the known
/// values of an argument as an `enum` (of a list's items too), and no argument beyond its
/// properties.
#[test]
fn mcp_every_tool_argument_is_described_and_its_values_listed() {
    let env = Env::scale(40);
    let (process, _) = logged_in(&env);
    runtime().block_on(async {
        let session = Session::start(process, &["--allow-writes"]).await;
        let tools = session.client.list_all_tools().await.unwrap();
        let mut undescribed = Vec::new();
        for tool in &tools {
            let schema = &tool.input_schema;
            assert_eq!(schema["type"], "object", "{}", tool.name);
            assert_eq!(
                schema.get("additionalProperties"),
                Some(&json!(false)),
                "{}",
                tool.name
            );
            for (name, property) in schema["properties"].as_object().unwrap() {
                let described = property["description"]
                    .as_str()
                    .is_some_and(|d| !d.trim().is_empty());
                if !described {
                    undescribed.push(format!("{}.{name}", tool.name));
                }
            }
        }
        assert!(undescribed.is_empty(), "undescribed: {undescribed:?}");
        let summary = tools.iter().find(|t| t.name == "summary").unwrap();
        let by = &summary.input_schema["properties"]["by"];
        assert_eq!(by["type"], "array", "{by}");
        let values = by["items"]["enum"].as_array().expect("by's values");
        for value in ["month", "seller", "clinic", "status"] {
            assert!(values.contains(&json!(value)), "{by}");
        }
        // The server refuses what the schema leaves out, as the schema says.
        let refused = session.call("ref_channels", json!({"nope": true})).await;
        assert_eq!(refused.is_error, Some(true));
    });
}

/// Every tool's input schema is a valid JSON Schema (Draft 2020-12, which MCP names), and says what
/// the server takes: a call within it is read, one outside it is what the server refuses.
#[test]
fn mcp_every_input_schema_is_valid_json_schema_2020_12() {
    let env = Env::scale(40);
    let (process, _) = logged_in(&env);
    runtime().block_on(async {
        let session = Session::start(process, &["--allow-writes"]).await;
        let tools = session.client.list_all_tools().await.unwrap();
        assert!(tools.len() > 20, "{}", tools.len());
        for tool in &tools {
            let schema = Value::Object((*tool.input_schema).clone());
            if let Err(e) = jsonschema::draft202012::meta::validate(&schema) {
                panic!("{}: {e}: {schema}", tool.name);
            }
        }
        let validator = |name: &str| {
            let tool = tools.iter().find(|t| t.name == name).unwrap();
            jsonschema::draft202012::new(&Value::Object((*tool.input_schema).clone())).unwrap()
        };
        let summary = validator("summary");
        assert!(summary.is_valid(&json!({"by": ["clinic"], "clinic": "all"})));
        assert!(!summary.is_valid(&json!({"by": ["weather"]})));
        assert!(!summary.is_valid(&json!({"chart_file": "x.svg"})));
        let report = validator("report_appointments");
        assert!(report.is_valid(&json!({"limit": 5, "cursor": "c"})));
        assert!(!report.is_valid(&json!({"limit": 0})));
    });
}

/// Every tool speaks to a model in the tools' own names: a title and a description, every argument
/// described, no command-line flag or command anywhere, the paging arguments on every list, a
/// read's result envelope as its `outputSchema` (the pages it answers fit it), and a create's
/// required arguments in `required`: a call without one is refused before the person is asked.
#[test]
fn mcp_every_tool_is_described_for_a_model_in_its_own_names() {
    let env = Env::scale(40);
    let (process, _) = logged_in(&env);
    let person = Person::answering(Answer::Run);
    let cli = |text: &str| {
        text.match_indices("`clinic ")
            .any(|(at, _)| text[at + 8..].starts_with(|c: char| c.is_ascii_lowercase()))
            || text
                .match_indices("--")
                .any(|(at, _)| text[at + 2..].starts_with(|c: char| c.is_ascii_lowercase()))
    };
    runtime().block_on(async {
        let session = Session::start_as(process, &["--allow-writes"], person.clone()).await;
        let tools = session.client.list_all_tools().await.unwrap();
        let mut speaks_cli = Vec::new();
        for tool in &tools {
            let title = tool.title.clone().unwrap_or_default();
            let description = tool.description.clone().unwrap_or_default();
            assert!(!title.trim().is_empty(), "{}: no title", tool.name);
            assert!(description.len() > 40, "{}: {description}", tool.name);
            for text in [title.as_str(), description.as_ref()] {
                if cli(text) {
                    speaks_cli.push(format!("{}: {text}", tool.name));
                }
            }
            let properties = tool.input_schema["properties"].as_object().unwrap();
            for (name, property) in properties {
                let said = property["description"].as_str().unwrap_or_default();
                if cli(said) {
                    speaks_cli.push(format!("{}.{name}: {said}", tool.name));
                }
            }
            let read = tool.annotations.as_ref().and_then(|a| a.read_only_hint) == Some(true);
            if read {
                let out = tool.output_schema.as_ref().expect("a read's envelope");
                assert_eq!(out["type"], "object", "{}", tool.name);
                assert_eq!(
                    out["required"],
                    json!(["records", "returned", "more", "total_known"]),
                    "{}",
                    tool.name
                );
            }
            // A list pages: `limit` and `cursor` are explained in the tool itself, and it takes
            // `fields` and `sort`.
            if properties.contains_key("limit") {
                for name in ["cursor", "fields", "sort"] {
                    assert!(properties.contains_key(name), "{}: {name}", tool.name);
                }
                for word in ["`limit`", "`cursor`", "`more`", "`total`"] {
                    assert!(description.contains(word), "{}: {description}", tool.name);
                }
            }
        }
        assert!(speaks_cli.is_empty(), "CLI words: {speaks_cli:#?}");

        let create = tools.iter().find(|t| t.name == "contact_create").unwrap();
        let required = create.input_schema["required"].as_array().unwrap();
        for name in [
            "name",
            "phone",
            "birth_date",
            "channel",
            "campaign",
            "if_exists",
        ] {
            assert!(required.contains(&json!(name)), "{required:?}");
        }
        assert_eq!(
            create.input_schema["properties"]["if_exists"]["enum"],
            json!(["skip", "create"])
        );
        let mut without_phone = ana();
        without_phone.as_object_mut().unwrap().remove("phone");
        let refused = session.call("contact_create", without_phone).await;
        assert_eq!(refused.is_error, Some(true), "{refused:?}");
        assert!(
            text_of(&refused).contains("argument 'phone' is required"),
            "{}",
            text_of(&refused)
        );
        assert!(person.asked.lock().unwrap().is_empty(), "asked anyway");
        assert_eq!(created(&env), 0);

        // A page fits the envelope the tool declares.
        let report = tools
            .iter()
            .find(|t| t.name == "report_appointments")
            .unwrap();
        let out = Value::Object((**report.output_schema.as_ref().unwrap()).clone());
        let envelope = jsonschema::draft202012::new(&out).unwrap();
        let page = session
            .call("report_appointments", json!({"limit": 3}))
            .await;
        assert!(envelope.is_valid(structured(&page)), "{page:?}");
    });

    // An error the command gives a person is said in the tool's names too.
    let mut process = process_for(env.config.path(), env.sandbox.urls());
    process.env("CLINIC_TOKEN", env.token("admin", "admin"));
    runtime().block_on(async {
        let session = Session::start(process, &[]).await;
        let failed = session
            .call("report_appointments", json!({"kind": 2, "clinic": "1"}))
            .await;
        assert_eq!(failed.is_error, Some(true), "{failed:?}");
        let said = text_of(&failed);
        assert!(
            said.contains("`has_quote`") && said.contains("`kind`"),
            "{said}"
        );
        assert!(!cli(&said), "{said}");
    });
}

/// `fields` chooses a list's columns and `sort` its order; the Ficha Financeira pages a compact
/// record unless the call asks for the whole one.
#[test]
fn mcp_fields_and_sort_shape_the_records() {
    let env = Env::scale(60);
    let sorted = stdout_json(&env.run_ok(&[
        "report",
        "ficha-financeira",
        "--all",
        "--sort",
        "valor:desc,id",
        "--columns",
        "codigo,valor",
        "--format",
        "json",
    ]));
    let (process, _) = logged_in(&env);
    runtime().block_on(async {
        let session = Session::start(process, &["--share-personal"]).await;
        let keys = |page: &Value| -> Vec<String> {
            page["records"][0]
                .as_object()
                .unwrap()
                .keys()
                .cloned()
                .collect()
        };
        let compact = session
            .call("report_ficha_financeira", json!({"limit": 2}))
            .await;
        assert_eq!(
            keys(structured(&compact)),
            [
                "id", "codigo", "clinica", "data", "cliente", "status", "valor", "vendedor"
            ]
        );
        let whole = session
            .call(
                "report_ficha_financeira",
                json!({"limit": 2, "fields": ["*"]}),
            )
            .await;
        assert!(keys(structured(&whole)).len() > 20, "{whole:?}");
        let chosen = session
            .call(
                "report_ficha_financeira",
                json!({"limit": 5, "fields": ["codigo", "valor"], "sort": "valor:desc,id"}),
            )
            .await;
        let chosen = structured(&chosen);
        assert_eq!(chosen["records"], json!(sorted.as_array().unwrap()[..5]));
        // Another list takes them too.
        let appointments = session
            .call(
                "report_appointments",
                json!({"limit": 3, "fields": ["id", "status"]}),
            )
            .await;
        assert_eq!(keys(structured(&appointments)), ["id", "status"]);
        let bad = session
            .call("report_appointments", json!({"sort": "id:sideways"}))
            .await;
        assert_eq!(bad.is_error, Some(true));
        assert!(text_of(&bad).contains("argument 'sort'"), "{bad:?}");
    });
}

/// `--tools` and `--exclude-tools` choose the tools by name or set; writes stay off unless
/// allowed, and a name that is neither is refused before the server starts.
#[test]
fn mcp_tool_sets_choose_the_tools() {
    let env = Env::scale(40);
    let names = |args: &'static [&'static str]| {
        let (process, _) = logged_in(&env);
        runtime().block_on(async move {
            let session = Session::start(process, args).await;
            let tools = session.client.list_all_tools().await.unwrap();
            tools.iter().map(|t| t.name.to_string()).collect::<Vec<_>>()
        })
    };
    let refs = names(&["--tools", "refs"]);
    assert!(refs.len() > 5, "{refs:?}");
    assert!(refs.iter().all(|n| n.starts_with("ref_")), "{refs:?}");
    let chosen = names(&["--tools", "sql,report_appointments"]);
    assert_eq!(chosen, ["report_appointments", "sql"]);
    let no_crm = names(&["--exclude-tools", "crm,doctor"]);
    assert!(no_crm.contains(&"summary".to_string()), "{no_crm:?}");
    assert!(
        no_crm
            .iter()
            .all(|n| !n.starts_with("crm_") && n != "doctor"),
        "{no_crm:?}"
    );
    assert!(no_crm.iter().all(|n| n != "contact_create"), "{no_crm:?}");
    let writes = names(&["--allow-writes", "--tools", "writes"]);
    assert!(writes.contains(&"contact_create".to_string()), "{writes:?}");
    assert!(writes.iter().all(|n| !n.starts_with("ref_")), "{writes:?}");
    for (args, said) in [
        (&["--tools", "writes"][..], "--allow-writes"),
        (&["--tools", "refs,nope"][..], "'nope'"),
    ] {
        let (mut process, _) = logged_in(&env);
        let out = process
            .arg("mcp")
            .args(args)
            .stdin(std::process::Stdio::null())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(said), "{err}");
    }
}

/// The first page of a large, slow Ficha Financeira comes as soon as the service's first page
/// does, not after the walk: 50,000 quotes at 300 ms an answer.
#[test]
fn mcp_the_first_page_of_50000_quotes_at_300_ms_comes_within_10_s() {
    let env = Env::with(clinic_sandbox::Options {
        scale: 50_000,
        latency_ms: 300,
        ..clinic_sandbox::Options::ephemeral()
    });
    let (process, _) = logged_in(&env);
    runtime().block_on(async {
        let session = Session::start(process, &[]).await;
        let started = std::time::Instant::now();
        let first = session
            .call("report_ficha_financeira", json!({"limit": 1}))
            .await;
        let took = started.elapsed();
        let page = structured(&first);
        assert_eq!(
            (&page["returned"], &page["more"]),
            (&json!(1), &json!(true))
        );
        assert!(took < std::time::Duration::from_secs(10), "{took:?}");
    });
}

/// A CRM list pages as every list tool: `limit` records a call and a cursor to the end, every
/// record once.
#[test]
fn mcp_crm_lists_page_with_limit_and_cursor() {
    let env = Env::scale(40);
    let exported =
        stdout_json(&env.run_crm_ok(&["crm", "deal", "list", "--all", "--format", "json"]));
    let exported = exported.as_array().unwrap().clone();
    assert!(exported.len() > 20, "{}", exported.len());
    let (process, _) = logged_in(&env);
    runtime().block_on(async {
        let session = Session::start(process, &["--share-personal"]).await;
        let mut args = json!({"limit": 17});
        let mut seen = Vec::new();
        loop {
            let page = session.call("crm_deal_list", args.clone()).await;
            let page = structured(&page).clone();
            let records = page["records"].as_array().unwrap();
            assert!(records.len() <= 17, "{page}");
            seen.extend(records.iter().cloned());
            match page["cursor"].as_str() {
                Some(cursor) => args["cursor"] = json!(cursor),
                None => break,
            }
        }
        assert_eq!(seen, exported);
    });
}

/// A prompt's `clinic` is completed from the clinics the login sees (and `all`), as is a resource
/// template's; `date` and `month` from today.
#[test]
fn mcp_prompt_and_template_arguments_are_completed() {
    let env = Env::scale(40);
    let mut process = process_for(env.config.path(), env.sandbox.urls());
    process.env("CLINIC_TOKEN", env.token("admin", "admin"));
    runtime().block_on(async {
        let session = Session::start(process, &[]).await;
        let complete = |prompt: &'static str, argument: &'static str, typed: &'static str| {
            session
                .client
                .complete_prompt_simple(prompt, argument, typed)
        };
        let clinics = complete("agenda_today", "clinic", "camp").await.unwrap();
        assert_eq!(clinics, ["SP Campinas"]);
        let every = complete("sales_by_clinic_this_month", "clinic", "")
            .await
            .unwrap();
        assert_eq!(every[0], "all");
        assert!(every.len() > 10, "{every:?}");
        let date = complete("agenda_today", "date", "").await.unwrap();
        assert_eq!(date.len(), 1, "{date:?}");
        assert_eq!(date[0].len(), "2026-03-02".len(), "{date:?}");
        let month = complete("sales_by_clinic_this_month", "month", "")
            .await
            .unwrap();
        assert!(date[0].starts_with(&month[0]), "{date:?} {month:?}");
        let template = session
            .client
            .complete_resource_simple("clinic://ref/sellers/{clinic}", "clinic", "campinas")
            .await
            .unwrap();
        assert_eq!(template, ["SP Campinas"]);
    });
}
