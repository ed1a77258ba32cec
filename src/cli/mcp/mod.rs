//! `clinic mcp`: a Model Context Protocol server on stdin/stdout, so that an assistant can read the
//! clinic's data through the same commands a person runs. Its tools are made at start from the
//! operations table and the command tree (`tools`); a call runs its command inside this process with
//! JSON lines written into memory, pages the records (`page`) and masks personal data (`mask`).
//! Only reads are offered. Stdout carries the protocol alone: everything else goes to stderr.

mod extra;
mod mask;
mod page;
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
}

/// Runs `clinic ARGV…` (the words after `clinic`) with the server's profile, its streams in `io`,
/// and answers the exit status: handed down by the command tree, which alone may run a command.
pub type Dispatch = Arc<
    dyn Fn(Vec<String>, Arc<IoStreams>) -> Pin<Box<dyn Future<Output = i32> + Send>> + Send + Sync,
>;

/// Serves until the client closes stdin.
pub async fn run(
    args: McpArgs,
    tree: clap::Command,
    dispatch: Dispatch,
) -> std::result::Result<(), Failure> {
    let server = Server {
        tools: Arc::new(
            [
                tools::read_tools(crate::api::OPERATIONS, &tree),
                extra::tools(&tree),
            ]
            .concat(),
        ),
        dispatch,
        share_personal: args.share_personal,
        last_walk: Arc::default(),
    };
    let failed = |e: String| Failure {
        code: 1,
        message: crate::t!("cli-mcp-failed", reason = e),
    };
    let running = server
        .serve(rmcp::transport::stdio())
        .await
        .map_err(|e| failed(e.to_string()))?;
    running.waiting().await.map_err(|e| failed(e.to_string()))?;
    Ok(())
}

/// A paged walk's records (JSON lines) and the fingerprint of the arguments that made it.
type Walk = (String, Arc<String>);

#[derive(Clone)]
struct Server {
    tools: Arc<Vec<tools::ToolSpec>>,
    dispatch: Dispatch,
    share_personal: bool,
    /// The records of the last paged walk and the fingerprint of the arguments that made it.
    last_walk: Arc<Mutex<Option<Walk>>>,
}

impl Server {
    /// A call's result: a failed command is the tool's error, with its message, never the protocol's.
    async fn call(
        &self,
        spec: &tools::ToolSpec,
        arguments: serde_json::Map<String, Value>,
    ) -> CallToolResult {
        let refused = |text: String| CallToolResult::error(vec![ContentBlock::text(text)]);
        let mut argv = match spec.argv(&arguments) {
            Ok(argv) => argv,
            Err(tools::BadArgument::Unknown(name)) => {
                return refused(crate::t!("cli-mcp-unknown-argument", name = name));
            }
            Err(tools::BadArgument::Type { name, given }) => {
                return refused(crate::t!("cli-mcp-wrong-type", name = name, given = given));
            }
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
        let offset = match arguments.get("cursor").and_then(Value::as_str) {
            None => 0,
            Some(cursor) => match page::offset(cursor, &fingerprint) {
                Some(offset) => offset,
                None => return refused(crate::t!("cli-mcp-bad-cursor")),
            },
        };
        // A later page of the last walk comes from that walk: the records stay where the first page
        // saw them. Anything else walks every page: a command orders what it read, so a walk cut
        // short is not the start of the whole one.
        let kept = match self.last_walk.lock() {
            Ok(last) => last
                .as_ref()
                .filter(|(made_for, _)| offset > 0 && *made_for == fingerprint)
                .map(|(_, out)| out.clone()),
            Err(_) => None,
        };
        let out = match kept {
            Some(out) => out,
            None => {
                // After the path, before any `--` that ends the flags and starts the positionals.
                let at = spec.path.len();
                argv.splice(
                    at..at,
                    ["--format".into(), "ndjson".into(), "--quiet".into()],
                );
                if spec.paged {
                    argv.insert(at, "--all".into());
                }
                let (io, captured) = IoStreams::captured(Terminals::default(), b"");
                let code = (self.dispatch)(argv, Arc::new(io)).await;
                if code != 0 {
                    return self.failed(&captured.err());
                }
                let out = Arc::new(String::from_utf8_lossy(&captured.out()).into_owned());
                if spec.paged
                    && let Ok(mut last) = self.last_walk.lock()
                {
                    *last = Some((fingerprint.clone(), out.clone()));
                }
                out
            }
        };
        let cut = page::cut(&out, offset, if spec.paged { limit } else { u64::MAX });
        let mut records = Value::Array(cut.records);
        if !self.share_personal {
            mask::records(&mut records);
        }
        let returned = records.as_array().map_or(0, Vec::len) as u64;
        let mut answer = json!({"records": records, "returned": returned, "more": cut.more});
        if cut.more {
            answer["cursor"] = json!(page::cursor(&fingerprint, offset + returned));
        }
        CallToolResult::structured(answer)
    }
}

impl Server {
    /// A command's failure as the tool's error: its message, as the command wrote it on err.
    fn failed(&self, err: &[u8]) -> CallToolResult {
        let err = String::from_utf8_lossy(err).trim_end().to_string();
        let err = if self.share_personal {
            err
        } else {
            crate::redact::personal(&err)
        };
        CallToolResult::error(vec![ContentBlock::text(err)])
    }
}

impl ServerHandler for Server {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
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
        _context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let Some(spec) = self.tools.iter().find(|t| t.tool.name == request.name) else {
            return Err(ErrorData::invalid_params(
                crate::t!("cli-mcp-unknown-tool", name = request.name.to_string()),
                None,
            ));
        };
        Ok(self
            .call(spec, request.arguments.unwrap_or_default())
            .await
            .into())
    }

    fn get_tool(&self, name: &str) -> Option<rmcp::model::Tool> {
        self.tools
            .iter()
            .find(|t| t.tool.name == name)
            .map(|t| t.tool.clone())
    }
}
