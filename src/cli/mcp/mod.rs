//! `clinic mcp`: a Model Context Protocol server on stdin/stdout, so that an assistant can use the
//! clinic's account through the same commands a person runs. Its tools are made at start from the
//! operations table and the command tree (`tools`, `extra`); a call runs its command inside this
//! process, its records written as JSON lines to a private temporary file, pages them (`page`) and
//! masks personal data (`mask`). Writes exist only with `--allow-writes`, and each runs only once a
//! person said yes: asked through the client (MCP elicitation), or, where the profile or `--writes`
//! chose `host-approval`, by the host application's own approval of each tool call. Nothing the
//! assistant can say approves a write. The reference lists are also resources; `prompts` holds three
//! ready-made requests. Stdout carries the protocol alone: everything else goes to stderr.

mod extra;
mod mask;
mod page;
mod prompts;
mod tools;

use std::future::Future;
use std::pin::Pin;
use std::sync::{Arc, Mutex};

use clap::Args;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation,
    ListToolsResult, PaginatedRequestParams, ServerCapabilities, ServerConfig,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler, ServiceExt};
use serde_json::{Value, json};

use super::failure::Failure;
use crate::term::{IoStreams, Terminals};

#[derive(Args, Debug)]
pub struct McpArgs {
    #[arg(long)]
    pub share_personal: bool,
    #[arg(long)]
    pub allow_writes: bool,
    /// Who approves a write: checked against `config::MCP_WRITES` where the server starts, so that
    /// the flag and the profile key `mcp.writes` are refused in the same words.
    #[arg(long, value_name = "ask|host-approval")]
    pub writes: Option<String>,
    /// Set from `--writes` or `mcp.writes` before the server starts.
    #[arg(skip)]
    pub host_approval: bool,
    /// Only these tools and sets (`reports`, `refs`, `crm`, `writes`, `sql`).
    #[arg(long, value_delimiter = ',', value_name = "NAME|SET,...")]
    pub tools: Vec<String>,
    /// Every tool but these tools and sets.
    #[arg(long, value_delimiter = ',', value_name = "NAME|SET,...")]
    pub exclude_tools: Vec<String>,
    /// The most the records kept for the next pages may take (`mcp.max_records_file`).
    #[arg(skip)]
    pub max_records_file: u64,
}

/// Runs `clinic ARGV…` (the words after `clinic`) with the server's profile, its streams in `io`,
/// and answers the exit status: handed down by the command tree, which alone may run a command.
/// The last argument is [`Run::Reads`] for a read tool, whose run may change nothing on disk.
pub type Dispatch = Arc<
    dyn Fn(Vec<String>, Arc<IoStreams>, Run) -> Pin<Box<dyn Future<Output = i32> + Send>>
        + Send
        + Sync,
>;

/// What a tool's run may do on this machine.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Run {
    /// A read tool: the run leaves the profile and every file as they were.
    Reads,
    /// A confirmed write: the run is the command as a person runs it.
    Writes,
}

/// Serves until the client closes stdin.
pub async fn run(
    args: McpArgs,
    tree: clap::Command,
    dispatch: Dispatch,
) -> std::result::Result<(), Failure> {
    let failed = |e: String| Failure {
        code: 1,
        message: crate::t!("cli-mcp-failed", reason = e),
    };
    // Every tool the server can make, in one list; `select` keeps those the host asked for.
    // Writes exist only when asked for: an assistant cannot call what it is never shown.
    let mut every = tools::read_tools(crate::api::OPERATIONS, &tree);
    every.extend(extra::tools(&tree));
    every.extend(tools::write_tools(crate::api::OPERATIONS, &tree));
    tools::for_model(&mut every);
    let offered = tools::select(every, &args.tools, &args.exclude_tools, args.allow_writes)
        .map_err(|message| Failure { code: 2, message })?;
    let server = Server {
        tools: Arc::new(offered),
        dispatch,
        share_personal: args.share_personal,
        host_approval: args.host_approval,
        max_records_file: args.max_records_file,
        walks: Arc::default(),
    };
    let (stdin, stdout) = rmcp::transport::stdio();
    let (lines, to_write) = tokio::sync::mpsc::unbounded_channel();
    let (to_client, written) = one_line_at_a_time(stdout, lines.clone(), to_write);
    let running = server
        .serve((screened(stdin, lines), to_client))
        .await
        .map_err(|e| failed(e.to_string()))?;
    let ended = running.waiting().await.map_err(|e| failed(e.to_string()));
    // The last answers reach the client before the process ends; a client that keeps its end open
    // after the service stopped is not waited for long.
    let _ = tokio::time::timeout(std::time::Duration::from_secs(2), written).await;
    ended?;
    Ok(())
}

/// Whole lines for the client: the service's own, and the screen's answers to what never reached
/// it.
type Lines = tokio::sync::mpsc::UnboundedSender<Vec<u8>>;

/// Where the service writes its messages, and the task that writes them to `stdout` with the
/// screen's answers (both sent on `lines`, read from `to_write`): each a whole line, so that two
/// writers never interleave. The task ends once the service and the screen are both done.
fn one_line_at_a_time(
    stdout: impl tokio::io::AsyncWrite + Unpin + Send + 'static,
    lines: Lines,
    mut to_write: tokio::sync::mpsc::UnboundedReceiver<Vec<u8>>,
) -> (tokio::io::DuplexStream, tokio::task::JoinHandle<()>) {
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt};
    let (service_end, ours) = tokio::io::duplex(1 << 16);
    tokio::spawn(async move {
        let mut from_service = tokio::io::BufReader::new(ours);
        loop {
            let mut line = Vec::new();
            match from_service.read_until(b'\n', &mut line).await {
                Ok(0) | Err(_) => break,
                Ok(_) => {
                    if lines.send(line).is_err() {
                        break;
                    }
                }
            }
        }
    });
    let written = tokio::spawn(async move {
        let mut stdout = stdout;
        while let Some(line) = to_write.recv().await {
            if stdout.write_all(&line).await.is_err() || stdout.flush().await.is_err() {
                break;
            }
        }
    });
    (service_end, written)
}

/// The client's messages as they come, less what the service would misread, each answered here:
/// - a notification sent before `initialize` is dropped: the protocol's handshake takes the first
///   message for the `initialize` request, and a client that says something first (a
///   `notifications/cancelled`, a stray `initialized`) would otherwise end the server. A
///   notification asks for no answer.
/// - a request the service cannot read (a method of the wrong type, params that are no object, an
///   id that is an object) is answered "Invalid Request" with its id where that id is one JSON-RPC
///   allows (a string or a number), else with `null`; a line that is no JSON at all is answered
///   "Parse error" with `null`, as JSON-RPC asks. The service would answer such a request with no
///   id at all, which a client cannot match to anything.
fn screened(
    input: impl tokio::io::AsyncRead + Unpin + Send + 'static,
    answers: Lines,
) -> tokio::io::DuplexStream {
    use tokio::io::{AsyncBufReadExt, AsyncWriteExt};
    let (mut forward, read) = tokio::io::duplex(1 << 16);
    tokio::spawn(async move {
        let mut lines = tokio::io::BufReader::new(input);
        let mut line = Vec::new();
        let mut initialized = false;
        loop {
            line.clear();
            match lines.read_until(b'\n', &mut line).await {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
            let message: Option<Value> = serde_json::from_slice(&line).ok();
            if !initialized {
                let method = message.as_ref().and_then(|m| m.get("method"));
                let has_id = message.as_ref().is_some_and(|m| m.get("id").is_some());
                if method.is_some() && !has_id {
                    continue;
                }
                initialized = method.is_some_and(|m| m == "initialize");
            } else {
                match unreadable(&line, message) {
                    Screen::Forward => {}
                    Screen::Drop => continue,
                    Screen::Answer(answer) => {
                        let mut answer = answer.to_string().into_bytes();
                        answer.push(b'\n');
                        if answers.send(answer).is_err() {
                            break;
                        }
                        continue;
                    }
                }
            }
            if forward.write_all(&line).await.is_err() {
                break;
            }
        }
    });
    read
}

/// What the screen does with one line of the client's.
enum Screen {
    /// The service reads it.
    Forward,
    /// A notification the service cannot read: no one waits for an answer.
    Drop,
    /// An answer to send the client in the service's place.
    Answer(Value),
}

/// Whether the service can read `line` (`message`, the line as JSON if it is any), and if not what
/// to answer.
fn unreadable(line: &[u8], message: Option<Value>) -> Screen {
    let error = |id: Value, code: i32, text: &str| {
        Screen::Answer(json!({"jsonrpc": "2.0", "id": id,
            "error": {"code": code, "message": text}}))
    };
    let Some(message) = message else {
        if line.iter().all(u8::is_ascii_whitespace) {
            return Screen::Forward;
        }
        return error(Value::Null, -32700, "Parse error");
    };
    if serde_json::from_value::<rmcp::model::ClientJsonRpcMessage>(message.clone()).is_ok() {
        return Screen::Forward;
    }
    let has = |key: &str| message.get(key).is_some();
    if has("method") && !has("id") {
        return Screen::Drop;
    }
    // A response of the client's (to a question the server asked) goes to the service, which
    // knows which question waits for it.
    if !has("method") && (has("result") || has("error")) {
        return Screen::Forward;
    }
    let id = match message.get("id") {
        Some(id @ (Value::String(_) | Value::Number(_))) => id.clone(),
        _ => Value::Null,
    };
    error(id, -32600, "Invalid Request")
}

/// A read's records, one JSON value a line, in a file readable by this user alone (removed with it),
/// so that memory holds one page whatever the report's size; and the fingerprint of the arguments
/// that made it. The walk writes on behind the first page it answered: its later pages come from
/// it, whatever other calls come in between.
struct Walk {
    id: u64,
    made_for: String,
    records: tempfile::NamedTempFile,
    written: tokio::sync::watch::Receiver<page::Written>,
    /// Set to stop the walk's requests: a cancel, or the walk forgotten.
    stop: Arc<std::sync::atomic::AtomicBool>,
    last_used: Mutex<std::time::Instant>,
}

impl Drop for Walk {
    /// A walk no cursor can reach asks the service nothing more.
    fn drop(&mut self) {
        self.stop.store(true, std::sync::atomic::Ordering::SeqCst);
    }
}

/// How long a walk is kept for its cursor after its last call.
const WALK_IDLE: std::time::Duration = std::time::Duration::from_secs(10 * 60);

/// The most walks kept at once: the oldest is forgotten (and stopped) for a new one.
const MAX_WALKS: usize = 4;

/// How often, at most, a call waiting on a walk tells the client how far it got.
const PROGRESS_EVERY: std::time::Duration = std::time::Duration::from_millis(200);

/// The walks kept for their cursors, and the number of the next.
#[derive(Default)]
struct Walks {
    next: u64,
    kept: Vec<Arc<Walk>>,
}

impl Walks {
    /// Forgets the walks idle past [`WALK_IDLE`].
    fn expire(&mut self) {
        self.kept.retain(|walk| {
            walk.last_used
                .lock()
                .map(|at| at.elapsed() < WALK_IDLE)
                .unwrap_or(false)
        });
    }

    fn forget(&mut self, id: u64) {
        self.kept.retain(|walk| walk.id != id);
    }
}

/// Stops a walk when the call that waits on it goes away before its answer (a cancel that drops
/// the call): disarmed once the page is answered.
struct StopUnlessAnswered(Option<Arc<std::sync::atomic::AtomicBool>>);

impl Drop for StopUnlessAnswered {
    fn drop(&mut self) {
        if let Some(stop) = self.0.take() {
            stop.store(true, std::sync::atomic::Ordering::SeqCst);
        }
    }
}

#[derive(Clone)]
struct Server {
    tools: Arc<Vec<tools::ToolSpec>>,
    dispatch: Dispatch,
    share_personal: bool,
    /// `--writes host-approval`: a write runs on the tool call, the host's approval of it the gate.
    host_approval: bool,
    /// The most the records kept for the next pages may take on disk, in bytes.
    max_records_file: u64,
    /// The walks kept for their cursors.
    walks: Arc<Mutex<Walks>>,
}

/// What a call waiting on a walk may be told of it and stopped by: the client's progress token
/// and cancel.
struct Waiting<'a> {
    context: &'a RequestContext<RoleServer>,
    progress: Option<rmcp::model::ProgressToken>,
}

impl Server {
    /// A call's result: a failed command is the tool's error, with its message, never the protocol's.
    async fn call(
        &self,
        spec: &tools::ToolSpec,
        arguments: serde_json::Map<String, Value>,
        waiting: Waiting<'_>,
    ) -> CallToolResult {
        let refused = |text: String| CallToolResult::error(vec![ContentBlock::text(text)]);
        let argv = match argv_of(spec, &arguments) {
            Ok(argv) => argv,
            Err(refusal) => return *refusal,
        };
        let name = spec.tool.name.to_string();
        let fingerprint = page::fingerprint(&name, &arguments);
        let limit = match arguments.get("limit") {
            None | Some(Value::Null) => tools::DEFAULT_LIMIT,
            Some(v) => match v.as_u64().filter(|n| *n > 0) {
                Some(n) => n,
                None => {
                    return refused(crate::t!("cli-mcp-bad-limit", given = v.to_string()));
                }
            },
        };
        let limit = if spec.paged { limit } else { u64::MAX };
        let at = match arguments.get("cursor").and_then(Value::as_str) {
            None => None,
            Some(cursor) => match page::offset(cursor, &fingerprint) {
                Some(at) => Some(at),
                None => return refused(crate::t!("cli-mcp-bad-cursor")),
            },
        };
        // A later page comes from the walk its cursor names: the records stay where the first page
        // saw them, whatever came in between. A walk no longer kept is said to be so: walking
        // again would shift the records under the cursor.
        let kept = match &at {
            Some(at) => {
                let mut walks = match self.walks.lock() {
                    Ok(walks) => walks,
                    Err(_) => return refused(crate::t!("cli-mcp-walk-expired")),
                };
                walks.expire();
                match walks
                    .kept
                    .iter()
                    .find(|w| w.id == at.walk && w.made_for == fingerprint)
                {
                    Some(walk) => walk.clone(),
                    None => return refused(crate::t!("cli-mcp-walk-expired")),
                }
            }
            None => match self.start_walk(spec, argv, &fingerprint) {
                Ok(walk) => walk,
                Err(text) => return refused(text),
            },
        };
        let walk = kept;
        if let Ok(mut used) = walk.last_used.lock() {
            *used = std::time::Instant::now();
        }
        let at = at.unwrap_or(page::Position {
            walk: walk.id,
            ..Default::default()
        });
        let Some(written) = self.wait(&walk, at, limit, waiting).await else {
            return refused(crate::t!("cli-mcp-cancelled"));
        };
        let note = match &written.end {
            Some(Err(text)) => {
                self.forget(walk.id);
                return refused(text.clone());
            }
            Some(Ok(note)) => note.clone(),
            None => None,
        };
        use std::io::{Read, Seek};
        let read = std::fs::File::open(walk.records.path()).and_then(|mut file| {
            file.seek(std::io::SeekFrom::Start(at.byte))?;
            let whole = written.bytes.saturating_sub(at.byte);
            page::cut(std::io::BufReader::new(file.take(whole)), 0, limit)
        });
        let cut = match read {
            Ok(cut) => cut,
            Err(e) => return refused(crate::t!("cli-mcp-records-file", reason = e.to_string())),
        };
        let more = cut.more || written.end.is_none();
        let mut records = Value::Array(cut.records);
        if !self.share_personal {
            mask::records(&mut records);
        }
        let returned = records.as_array().map_or(0, Vec::len) as u64;
        let mut answer = json!({"records": records, "returned": returned, "more": more});
        // The total is known once the walk ended, or before when the service counted the list of
        // the one clinic read (with several, each clinic's count would stand for the whole);
        // otherwise the model is told it is not known yet.
        match (written.end.as_ref(), written.expected) {
            (Some(_), _) => {
                answer["total"] = json!(written.lines);
                answer["total_known"] = json!(true);
            }
            (None, Some(counted)) if one_clinic(&arguments) => {
                answer["total"] = json!(counted);
                answer["total_known"] = json!(true);
            }
            (None, _) => answer["total_known"] = json!(false),
        }
        if let Some(note) = note {
            answer["note"] = json!(note);
        }
        if more {
            let next = page::Position {
                walk: walk.id,
                offset: at.offset + returned,
                byte: at.byte + cut.used,
            };
            answer["cursor"] = json!(page::cursor(&fingerprint, next));
        } else {
            self.forget(walk.id);
        }
        CallToolResult::structured(answer)
    }

    fn forget(&self, id: u64) {
        if let Ok(mut walks) = self.walks.lock() {
            walks.forget(id);
        }
    }

    /// Starts walking `argv` (a read tool's command) into a records file of its own, on behind
    /// this call, and keeps the walk for its cursors.
    fn start_walk(
        &self,
        spec: &tools::ToolSpec,
        mut argv: Vec<String>,
        fingerprint: &str,
    ) -> std::result::Result<Arc<Walk>, String> {
        let records = tempfile::NamedTempFile::new()
            .map_err(|e| crate::t!("cli-mcp-records-file", reason = e.to_string()))?;
        let file = records
            .reopen()
            .map_err(|e| crate::t!("cli-mcp-records-file", reason = e.to_string()))?;
        let passed = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let (sender, receiver) = tokio::sync::watch::channel(page::Written::default());
        let sender = Arc::new(sender);
        // The records go to the command's out, that is the file, which takes no more than the cap:
        // a walk far beyond what an assistant reads stops there.
        let out = page::Capped {
            file,
            left: self.max_records_file,
            passed: passed.clone(),
            written: sender.clone(),
            at: 0,
        };
        let mut flags = Vec::new();
        if spec.paged {
            flags.push("--all".into());
        }
        if let Some(flag) = extra::masked_flag(spec).filter(|_| !self.share_personal) {
            flags.push(flag.into());
        }
        with_output_flags(&mut argv, spec, flags);
        let (io, captured) = IoStreams::captured_into(Box::new(out));
        let counting = sender.clone();
        let io = io.counting(Arc::new(move |read, expected| {
            counting.send_modify(|w| {
                w.read = read;
                w.expected = expected;
            });
        }));
        let stop = Arc::new(std::sync::atomic::AtomicBool::new(false));
        let stopped = stop.clone();
        let given_up: crate::mirror::GivenUp =
            Arc::new(move || stopped.load(std::sync::atomic::Ordering::SeqCst));
        let (dispatch, share, cap) = (
            self.dispatch.clone(),
            self.share_personal,
            self.max_records_file,
        );
        let keeps_going = argv
            .iter()
            .take_while(|w| *w != "--")
            .any(|w| w == "--keep-going");
        let names = self.names();
        let said = spec.clone();
        tokio::spawn(async move {
            // A stopped walk stops its command's queries, not only its answer.
            let run = async move { dispatch(argv, Arc::new(io), Run::Reads).await };
            let code = crate::mirror::stoppable(Some(given_up), run).await;
            let err = String::from_utf8_lossy(&captured.err())
                .trim_end()
                .to_string();
            let err = if share {
                err
            } else {
                crate::redact::personal(&err)
            };
            let err = said.model_text(&err, &names);
            let end = if passed.load(std::sync::atomic::Ordering::SeqCst) {
                Err(crate::t!(
                    "cli-mcp-records-too-many",
                    limit = cap.to_string()
                ))
            } else if code == 0 {
                Ok(None)
            } else if keeps_going && sender.borrow().lines > 0 {
                // `keep_going`: the clinics that answered are the records; the failed ones are
                // named beside them.
                Ok(Some(crate::t!("cli-mcp-kept-going", failed = err)))
            } else {
                Err(err)
            };
            sender.send_modify(|w| w.end = Some(end));
        });
        let mut walks = self
            .walks
            .lock()
            .map_err(|_| crate::t!("cli-mcp-walk-expired"))?;
        walks.expire();
        walks.next += 1;
        let walk = Arc::new(Walk {
            id: walks.next,
            made_for: fingerprint.to_string(),
            records,
            written: receiver,
            stop,
            last_used: Mutex::new(std::time::Instant::now()),
        });
        walks.kept.push(walk.clone());
        while walks.kept.len() > MAX_WALKS {
            walks.kept.remove(0);
        }
        Ok(walk)
    }

    /// Waits until `walk` holds the page that starts at `at` (`limit` records and one more, or
    /// [`page::MAX_BYTES`] of them) or has ended, telling the client how far it got when it asked;
    /// `None` when the client cancelled, the walk then stopped.
    async fn wait(
        &self,
        walk: &Walk,
        at: page::Position,
        limit: u64,
        waiting: Waiting<'_>,
    ) -> Option<page::Written> {
        let mut written = walk.written.clone();
        let mut guard = StopUnlessAnswered(Some(walk.stop.clone()));
        let needed = at.offset.saturating_add(limit).saturating_add(1);
        let mut told = (0, std::time::Instant::now() - PROGRESS_EVERY);
        loop {
            let now = written.borrow_and_update().clone();
            let ready = now.end.is_some()
                || now.lines >= needed
                || now.bytes.saturating_sub(at.byte) > page::MAX_BYTES as u64;
            if ready {
                guard.0 = None;
                return Some(now);
            }
            if let Some(token) = &waiting.progress
                && now.read > told.0
                && told.1.elapsed() >= PROGRESS_EVERY
            {
                let mut note =
                    rmcp::model::ProgressNotificationParam::new(token.clone(), now.read as f64);
                note.total = now.expected.map(|n| n as f64);
                note.message = Some(crate::t!("cli-mcp-progress", records = now.read));
                let _ = waiting.context.peer.notify_progress(note).await;
                told = (now.read, std::time::Instant::now());
            }
            tokio::select! {
                changed = written.changed() => {
                    if changed.is_err() {
                        guard.0 = None;
                        return Some(written.borrow().clone());
                    }
                }
                _ = waiting.context.ct.cancelled() => {
                    self.forget(walk.id);
                    return None;
                }
                _ = tokio::time::sleep(PROGRESS_EVERY), if waiting.progress.is_some() => {}
            }
        }
    }
}

/// Whether a call reads one clinic's list: its `clinic` names one (or none, the login's own).
fn one_clinic(arguments: &serde_json::Map<String, Value>) -> bool {
    match arguments.get("clinic") {
        None | Some(Value::Null) => true,
        Some(Value::String(clinic)) => {
            !clinic.contains(',') && !clinic.trim().eq_ignore_ascii_case("all")
        }
        Some(_) => false,
    }
}

/// The command line a call runs, or the tool's error naming the argument that cannot make one.
fn argv_of(
    spec: &tools::ToolSpec,
    arguments: &serde_json::Map<String, Value>,
) -> std::result::Result<Vec<String>, Box<CallToolResult>> {
    let refused = |text: String| Box::new(CallToolResult::error(vec![ContentBlock::text(text)]));
    spec.argv(arguments).map_err(|bad| match bad {
        tools::BadArgument::Unknown(name) => {
            refused(crate::t!("cli-mcp-unknown-argument", name = name))
        }
        tools::BadArgument::Type { name, given } => {
            refused(crate::t!("cli-mcp-wrong-type", name = name, given = given))
        }
        tools::BadArgument::Missing(name) => {
            refused(crate::t!("cli-mcp-missing-argument", name = name))
        }
    })
}

impl Server {
    /// The names of the clinics the login sees, then their IDs, as `ref clinics` lists them; none
    /// when it cannot be read (completion is a help, never an error).
    async fn clinic_names(&self) -> Vec<String> {
        let mut argv = vec!["ref".to_string(), "clinics".to_string()];
        let flags = ["--format", "ndjson", "--quiet"].map(String::from).to_vec();
        argv.extend(flags);
        let (io, captured) = IoStreams::captured(Terminals::default(), b"");
        if (self.dispatch)(argv, Arc::new(io), Run::Reads).await != 0 {
            return Vec::new();
        }
        let out = String::from_utf8_lossy(&captured.out()).into_owned();
        let records = page::all(&out);
        let named = records
            .iter()
            .filter_map(|r| r["nome"].as_str().map(String::from));
        let ids = records
            .iter()
            .filter_map(|r| r["id"].as_u64().map(|n| n.to_string()));
        named.chain(ids).collect()
    }

    /// The names of the tools offered, which a message may point to.
    fn names(&self) -> Vec<String> {
        self.tools.iter().map(|t| t.tool.name.to_string()).collect()
    }

    /// The reference lists (`clinic ref …`), each also a resource.
    fn references(&self) -> impl Iterator<Item = &tools::ToolSpec> {
        self.tools
            .iter()
            .filter(|spec| !spec.write && spec.path.first().is_some_and(|p| p == "ref"))
    }

    /// A write runs only once a person said yes. Where the client can ask (it declared MCP
    /// elicitation), the person is asked, with the command as it will run: only their yes runs it.
    /// Where it cannot, nothing is sent and the refusal names what is missing. With `host-approval`
    /// the call runs as made: the host application asked its person before calling. Nothing in the
    /// arguments or the answers lets the assistant approve a write itself.
    async fn write(
        &self,
        spec: &tools::ToolSpec,
        arguments: serde_json::Map<String, Value>,
        peer: &rmcp::Peer<RoleServer>,
    ) -> CallToolResult {
        let argv = match argv_of(spec, &arguments) {
            Ok(argv) => argv,
            Err(refusal) => return *refusal,
        };
        if self.host_approval {
            return self.run_write(spec, argv).await;
        }
        // What the assistant is told of a write it did not get to run: the command, masked, on one
        // line, and never anything it could send back to run it.
        let shown = |said: String| {
            let mut preview = json!({
                "sent": false,
                "command": format!("clinic {}", shown_command(&argv)),
                "arguments": arguments,
            });
            if !self.share_personal {
                mask::records(&mut preview);
            }
            preview["message"] = json!(said);
            escaped_strings(&mut preview);
            preview
        };
        match ask_person(peer, self.question(spec, &arguments)).await {
            Asked::Yes => self.run_write(spec, argv).await,
            Asked::No => {
                let mut answer = shown(crate::t!("cli-mcp-confirm-declined"));
                answer["declined"] = json!(true);
                CallToolResult::structured(answer)
            }
            Asked::Cancelled => {
                let mut answer = shown(crate::t!("cli-mcp-confirm-cancelled"));
                answer["cancelled"] = json!(true);
                CallToolResult::structured(answer)
            }
            Asked::Failed(reason) => {
                CallToolResult::error(vec![ContentBlock::text(crate::text::sanitize::escaped(
                    &crate::t!("cli-mcp-confirm-failed", reason = reason),
                ))])
            }
            Asked::CannotAsk => {
                let preview = shown(crate::t!("cli-mcp-writes-need-elicitation"));
                CallToolResult::error(vec![ContentBlock::text(crate::text::sanitize::escaped(
                    &crate::t!(
                        "cli-mcp-writes-refused",
                        command = preview["command"].as_str().unwrap_or_default(),
                        reason = preview["message"].as_str().unwrap_or_default()
                    ),
                ))])
            }
        }
    }

    /// What the person is asked of a write: the tool's title and each argument it was given, by
    /// the tool's own names, masked as the assistant's answers are unless personal data is shared,
    /// on one line with every hidden character escaped, so a value cannot pass for an answer.
    fn question(
        &self,
        spec: &tools::ToolSpec,
        arguments: &serde_json::Map<String, Value>,
    ) -> String {
        let mut given = Value::Object(arguments.clone());
        if !self.share_personal {
            mask::records(&mut given);
        }
        let summary = given
            .as_object()
            .into_iter()
            .flatten()
            .map(|(name, value)| match value {
                Value::String(text) => format!("{name} \"{text}\""),
                other => format!("{name} {other}"),
            })
            .collect::<Vec<_>>()
            .join(", ");
        let what = spec
            .tool
            .title
            .clone()
            .unwrap_or_else(|| spec.tool.name.to_string());
        crate::text::sanitize::escaped(&crate::t!(
            "cli-mcp-confirm-question",
            what = what,
            tool = spec.tool.name.to_string(),
            summary = summary
        ))
    }

    /// Runs a confirmed write and answers what the service said of it.
    async fn run_write(&self, spec: &tools::ToolSpec, mut argv: Vec<String>) -> CallToolResult {
        with_output_flags(&mut argv, spec, Vec::new());
        let (io, captured) = IoStreams::captured(Terminals::default(), b"");
        let code = (self.dispatch)(argv, Arc::new(io), Run::Writes).await;
        if code != 0 {
            return self.failed(spec, &captured.err());
        }
        let out = String::from_utf8_lossy(&captured.out()).into_owned();
        let mut records = Value::Array(page::all(&out));
        if !self.share_personal {
            mask::records(&mut records);
        }
        CallToolResult::structured(json!({"sent": true, "records": records}))
    }

    /// A command's failure as the tool's error: its message, as the command wrote it on err.
    fn failed(&self, spec: &tools::ToolSpec, err: &[u8]) -> CallToolResult {
        let err = String::from_utf8_lossy(err).trim_end().to_string();
        let err = if self.share_personal {
            err
        } else {
            crate::redact::personal_text(&err)
        };
        CallToolResult::error(vec![ContentBlock::text(
            spec.model_text(&err, &self.names()),
        )])
    }
}

impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_tools()
                .enable_resources()
                .enable_prompts()
                .enable_completions()
                .build(),
        )
        .with_server_info(Implementation::new("clinic", env!("CARGO_PKG_VERSION")))
        .with_instructions(crate::t!("cli-mcp-instructions"))
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(
            self.tools.iter().map(|t| t.tool.clone()).collect(),
        ))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let Some(spec) = self.tools.iter().find(|t| t.tool.name == request.name) else {
            return Err(ErrorData::invalid_params(
                crate::t!("cli-mcp-unknown-tool", name = request.name.to_string()),
                None,
            ));
        };
        if spec.write {
            let arguments = request.arguments.unwrap_or_default();
            return Ok(self.write(spec, arguments, &context.peer).await.into());
        }
        let waiting = Waiting {
            progress: context.meta.get_progress_token(),
            context: &context,
        };
        Ok(self
            .call(spec, request.arguments.unwrap_or_default(), waiting)
            .await
            .into())
    }

    fn get_tool(&self, name: &str) -> Option<rmcp::model::Tool> {
        self.tools
            .iter()
            .find(|t| t.tool.name == name)
            .map(|t| t.tool.clone())
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<rmcp::model::ListResourcesResult, ErrorData> {
        let resources = self
            .references()
            .map(|spec| {
                rmcp::model::Resource::new(resource_uri(spec), spec.tool.name.to_string())
                    .with_description(crate::t!(
                        "cli-mcp-resource-about",
                        command = spec.path.join(" ")
                    ))
                    .with_mime_type("application/json")
            })
            .collect();
        Ok(rmcp::model::ListResourcesResult::with_all_items(resources))
    }

    async fn read_resource(
        &self,
        request: rmcp::model::ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<rmcp::model::ReadResourceResponse, ErrorData> {
        // `clinic://ref/sellers` as the login gives it, or `clinic://ref/sellers/{clinic}`.
        let named = self.references().find_map(|spec| {
            let plain = resource_uri(spec);
            if plain == request.uri {
                return Some((spec, None));
            }
            let clinic = request.uri.strip_prefix(&format!("{plain}/"))?;
            let clinic = percent_encoding::percent_decode_str(clinic)
                .decode_utf8()
                .ok()?;
            (takes_clinic(spec) && !clinic.trim().is_empty())
                .then(|| (spec, Some(clinic.into_owned())))
        });
        let Some((spec, clinic)) = named else {
            return Err(ErrorData::resource_not_found(
                crate::t!("cli-mcp-unknown-resource", uri = request.uri.as_str()),
                None,
            ));
        };
        let mut argv = spec.path.clone();
        if let Some(clinic) = &clinic {
            argv.push(format!("--clinic={clinic}"));
        }
        let all = if spec.paged {
            vec!["--all".to_string()]
        } else {
            Vec::new()
        };
        with_output_flags(&mut argv, spec, all);
        let (io, captured) = IoStreams::captured(Terminals::default(), b"");
        if (self.dispatch)(argv, Arc::new(io), Run::Reads).await != 0 {
            // A list kept per clinic, read with none where the login names none (an admin's):
            // the answer says which address names one, not which flag a command line would take.
            if clinic.is_none() && takes_clinic(spec) {
                return Err(ErrorData::invalid_params(
                    crate::t!(
                        "cli-mcp-resource-needs-clinic",
                        uri = request.uri.as_str(),
                        template = format!("{}/{{clinic}}", request.uri)
                    ),
                    None,
                ));
            }
            let failed = self.failed(spec, &captured.err());
            return Err(ErrorData::internal_error(text_of(&failed), None));
        }
        // A reference list is short (channels, sellers, statuses): it is read whole.
        let out = String::from_utf8_lossy(&captured.out()).into_owned();
        let mut records = Value::Array(page::all(&out));
        if !self.share_personal {
            mask::records(&mut records);
        }
        let contents = rmcp::model::ResourceContents::text(records.to_string(), request.uri)
            .with_mime_type("application/json");
        Ok(rmcp::model::ReadResourceResult::new(vec![contents]).into())
    }

    async fn list_resource_templates(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<rmcp::model::ListResourceTemplatesResult, ErrorData> {
        let templates = self
            .references()
            .filter(|spec| takes_clinic(spec))
            .map(|spec| {
                rmcp::model::ResourceTemplate::new(
                    format!("{}/{{clinic}}", resource_uri(spec)),
                    spec.tool.name.to_string(),
                )
                .with_description(crate::t!(
                    "cli-mcp-resource-template-about",
                    command = spec.path.join(" ")
                ))
                .with_mime_type("application/json")
            })
            .collect();
        Ok(rmcp::model::ListResourceTemplatesResult::with_all_items(
            templates,
        ))
    }

    /// Completes a prompt's or a resource template's argument: `clinic` from the clinics the login
    /// sees (their names and IDs, and `all`), `date` and `month` from today.
    async fn complete(
        &self,
        request: rmcp::model::CompleteRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<rmcp::model::CompleteResult, ErrorData> {
        let typed = request.argument.value.trim().to_lowercase();
        let today = crate::relative_date::today();
        let offered: Vec<String> = match request.argument.name.as_str() {
            "clinic" => {
                let mut clinics = vec!["all".to_string()];
                clinics.extend(self.clinic_names().await);
                clinics
            }
            "date" => vec![today.format("%Y-%m-%d").to_string()],
            "month" => vec![today.format("%Y-%m").to_string()],
            _ => Vec::new(),
        };
        let mut values: Vec<String> = offered
            .into_iter()
            .filter(|v| v.to_lowercase().contains(&typed))
            .collect();
        let total = values.len();
        values.truncate(rmcp::model::CompletionInfo::MAX_VALUES);
        let info = rmcp::model::CompletionInfo::with_pagination(
            values,
            Some(total as u32),
            total > rmcp::model::CompletionInfo::MAX_VALUES,
        )
        .map_err(|e| ErrorData::internal_error(e, None))?;
        Ok(rmcp::model::CompleteResult::new(info))
    }

    async fn list_prompts(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<rmcp::model::ListPromptsResult, ErrorData> {
        Ok(rmcp::model::ListPromptsResult::with_all_items(
            prompts::list(),
        ))
    }

    async fn get_prompt(
        &self,
        request: rmcp::model::GetPromptRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<rmcp::model::GetPromptResponse, ErrorData> {
        let arguments = request.arguments.clone().unwrap_or_default();
        match prompts::get(&request.name, &arguments, crate::relative_date::today()) {
            Ok(Some(prompt)) => Ok(prompt.into()),
            Ok(None) => Err(ErrorData::invalid_params(
                crate::t!("cli-mcp-unknown-prompt", name = request.name.as_str()),
                None,
            )),
            Err(prompts::BadArgument(said)) => Err(ErrorData::invalid_params(said, None)),
        }
    }
}

/// Whether a reference list is kept per clinic (its command takes `--clinic`): it is then also a
/// resource template, `clinic://ref/sellers/{clinic}`.
fn takes_clinic(spec: &tools::ToolSpec) -> bool {
    spec.tool
        .input_schema
        .get("properties")
        .and_then(Value::as_object)
        .is_some_and(|p| p.contains_key("clinic"))
}

/// A reference list's address as a resource: `clinic://ref/channels`.
fn resource_uri(spec: &tools::ToolSpec) -> String {
    format!("clinic://{}", spec.path.join("/"))
}

/// A tool result's text, as a failure's message travels.
fn text_of(result: &CallToolResult) -> String {
    result
        .content
        .iter()
        .filter_map(|c| c.as_text().map(|t| t.text.clone()))
        .collect()
}

/// Puts the flags that make a command write JSON lines quietly, and `more`, right after the command's
/// path: before any `--` that ends the flags and starts a positional argument.
fn with_output_flags(argv: &mut Vec<String>, spec: &tools::ToolSpec, more: Vec<String>) {
    let at = spec.path.len().min(argv.len());
    // `--keep-going` says which clinics failed in warnings, which `--quiet` would hide: the note
    // that names them is made of what the run said.
    let quiet = !argv
        .iter()
        .take_while(|w| *w != "--")
        .any(|w| w == "--keep-going");
    let flags = ["--format", "ndjson"]
        .into_iter()
        .chain(quiet.then_some("--quiet"))
        .map(String::from)
        .chain(more);
    argv.splice(at..at, flags);
}

/// What the person said of a write.
enum Asked {
    /// They accepted: the form has nothing to fill in, and Accept is the yes.
    Yes,
    /// They declined.
    No,
    /// They dismissed or cancelled the question without an answer.
    Cancelled,
    /// The client declared no elicitation: there is no one to ask through it.
    CannotAsk,
    /// The client can ask but the asking failed (its error, or no answer): nothing runs.
    Failed(String),
}

/// The protocol revision that brought `mode` to a form elicitation (beside URL elicitation).
const ELICITATION_MODE_SINCE: &str = "2025-11-25";

/// Asks the person, through the client, the `question` of a write: Accept runs it, Decline and a
/// closed question send nothing. The form asks for nothing, so no box left unticked can turn a yes
/// into a no. The request is written here rather than by the SDK's typed call, which always sends
/// `mode`: a client of a revision before [`ELICITATION_MODE_SINCE`] is sent the form as its
/// revision defines it, without that field.
async fn ask_person(peer: &rmcp::Peer<RoleServer>, question: String) -> Asked {
    use rmcp::model::{
        ClientResult, CustomRequest, ElicitResult, ElicitationAction, ServerRequest,
    };
    use rmcp::service::ElicitationMode;
    if !peer
        .supported_elicitation_modes()
        .contains(&ElicitationMode::Form)
    {
        return Asked::CannotAsk;
    }
    let mut params = json!({
        "message": question,
        "requestedSchema": {"type": "object", "properties": {}},
    });
    let revision = peer
        .peer_info()
        .map(|info| info.protocol_version.as_str().to_string())
        .unwrap_or_default();
    // Revisions are dates: their order is their text's.
    if revision.as_str() >= ELICITATION_MODE_SINCE {
        params["mode"] = json!("form");
    }
    let request =
        ServerRequest::CustomRequest(CustomRequest::new("elicitation/create", Some(params)));
    let answer: ElicitResult = match peer.send_request(request).await {
        Ok(ClientResult::ElicitResult(answer)) => answer,
        Ok(ClientResult::CustomResult(other)) => match serde_json::from_value(other.0) {
            Ok(answer) => answer,
            Err(e) => return Asked::Failed(crate::text::sanitize::server_text(&e.to_string())),
        },
        Ok(_) => {
            return Asked::Failed(crate::t!("cli-mcp-confirm-unreadable"));
        }
        Err(e) => return Asked::Failed(crate::text::sanitize::server_text(&e.to_string())),
    };
    match answer.action {
        ElicitationAction::Accept => Asked::Yes,
        ElicitationAction::Cancel => Asked::Cancelled,
        _ => Asked::No,
    }
}

/// Every string in `value` with its hidden characters escaped ([`crate::text::sanitize::escaped`]):
/// what is shown of a write reads on one line as what it is.
fn escaped_strings(value: &mut Value) {
    match value {
        Value::String(s) => *s = crate::text::sanitize::escaped(s),
        Value::Array(items) => items.iter_mut().for_each(escaped_strings),
        Value::Object(fields) => fields.values_mut().for_each(escaped_strings),
        _ => {}
    }
}

/// A command line as a person would type it: `--flag value`, with a value that holds spaces or
/// quotes quoted.
fn shown_command(argv: &[String]) -> String {
    // A word with anything a shell or a screen would read otherwise is quoted, its hidden
    // characters escaped: the line shown is the line run, whatever a value holds.
    let quoted = |word: &str| {
        let plain = |c: char| {
            !c.is_whitespace()
                && !c.is_control()
                && !crate::text::sanitize::is_bidi_control(c)
                && !matches!(c, '"' | '\'' | '\\')
        };
        if !word.is_empty() && word.chars().all(plain) {
            word.to_string()
        } else {
            let inner = word.replace('\\', "\\\\").replace('"', "\\\"");
            format!("\"{}\"", crate::text::sanitize::escaped(&inner))
        }
    };
    argv.iter()
        .map(|word| match word.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") => format!("{flag} {}", quoted(value)),
            _ => quoted(word),
        })
        .collect::<Vec<_>>()
        .join(" ")
}
