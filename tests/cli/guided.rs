//! The guided contact form, driven through a pseudo-terminal like a person at a keyboard.

use serde_json::Value;

use crate::common::*;

/// Creates a campaign straight through the API, as `login` would, and returns its ID.
fn campaign(env: &Env, login: &str, name: &str, clinic: u64) -> u64 {
    let out = exited(
        env.run_with(
            &[("CLINIC_TOKEN", arg(&env.token(login, login)))],
            &[
                "api",
                "POST",
                "/criaCampanha",
                "--format",
                "json",
                "--data",
                arg(&format!(r#"{{"nome": "{name}", "clinica": "{clinic}"}}"#)),
            ],
        ),
        0,
    );
    let v = stdout_json(&out);
    let id = v["id"].clone();
    id.as_u64()
        .or_else(|| id.as_str().and_then(|s| s.parse().ok()))
        .unwrap_or_else(|| panic!("no id in {v}"))
}

#[test]
fn guided_create_takes_ids_and_names_never_positions() {
    let env = Env::new();
    // Clinic 1's campaign list then holds ID 32 in the 31st place, and no ID 31: typing 31 must never
    // send 32.
    let elsewhere = campaign(&env, "admin", "Campanha de Outra Clínica", 2);
    let ours = campaign(&env, "unidade1", "Campanha Uberlândia", 1);
    assert_eq!((elsewhere, ours), (31, 32));
    env.clear_journal();
    let mut p = env.on_terminal(
        "unidade1",
        &[
            "contact",
            "create",
            "--note",
            "via formulário",
            "--format",
            "json",
        ],
    );
    // A clinic user sees one clinic: it is filled in without asking.
    p.exp_string("Clinic: 1  SP Campinas").unwrap();
    p.exp_string("Name").unwrap();
    // The form keeps the rules of `--name` and `--email`: a name read as a formula is refused.
    p.send_line("=HYPERLINK(\"x\")").unwrap();
    p.exp_string("formula").unwrap();
    p.send_line("Maria Guiada").unwrap();
    p.exp_string("Mobile phone").unwrap();
    p.send_line("123").unwrap();
    p.exp_string("expected").unwrap();
    p.send_line("+55 16 99264-0197").unwrap();
    p.exp_string("Birth date").unwrap();
    p.send_line("31/02/1990").unwrap();
    p.exp_string("expected").unwrap();
    p.send_line("23/04/1990").unwrap();
    // Lists show `ID  name`; the answer is an ID or a name, by the rule of the flags.
    p.exp_string("Channel:").unwrap();
    p.exp_string("   3  Instagram").unwrap();
    p.exp_string("Channel (ID or name)").unwrap();
    p.send_line("Instagran").unwrap();
    p.exp_string("Instagram (3)").unwrap();
    p.send_line("instagram").unwrap();
    p.exp_string(&pty_text("  32  Campanha Uberlândia"))
        .unwrap();
    p.exp_string("Campaign (ID or name)").unwrap();
    p.send_line("31").unwrap();
    p.exp_string("no entry of the campaigns list has ID 31")
        .unwrap();
    p.send_line("32").unwrap();
    p.exp_string("E-mail").unwrap();
    p.send_line("<maria@example.com>").unwrap();
    p.exp_string("angle brackets").unwrap();
    p.send_line("").unwrap();
    // The preview names what each ID stands for.
    p.exp_string("POST /cadastraCliente").unwrap();
    p.exp_regex(r"clinica +1  SP Campinas").unwrap();
    p.exp_regex(r"canal +3  Instagram").unwrap();
    p.exp_regex(&pty_text("campanha +32  Campanha Uberlândia"))
        .unwrap();
    p.exp_string("Send it?").unwrap();
    assert!(
        env.sent().iter().all(|r| r["method"] == "GET"),
        "sent before confirmation"
    );
    p.send_line("y").unwrap();
    p.exp_eof().unwrap();

    let post: Vec<Value> = env
        .sent()
        .into_iter()
        .filter(|r| r["method"] == "POST" && is_to(r, "/cadastraCliente"))
        .collect();
    assert_eq!(post.len(), 1);
    let body = body_of(&post[0]);
    assert_eq!(body["nome"], "Maria Guiada");
    assert_eq!(body["telefone"], "(16) 99264-0197");
    assert_eq!(body["data_nascimento"], "1990-04-23");
    assert_eq!(body["canal"], 3);
    assert_eq!(body["clinica"], "1");
    assert_eq!(body["observacao"], "via formulário");
    assert_eq!(body["campanha"], 32);
}

#[test]
fn guided_create_takes_a_campaign_by_name_and_asks_an_admin_for_the_clinic() {
    let env = Env::new();
    let mut p = env.on_terminal(
        "admin",
        &[
            "contact",
            "create",
            "--name",
            "Ana Admin",
            "--phone",
            "16992640197",
            "--birth-date",
            "1990-04-23",
            "--channel",
            "2",
            "--format",
            "json",
        ],
    );
    p.exp_string("Clinic:").unwrap();
    p.exp_string(&pty_text("   2  DF Brasília")).unwrap();
    p.exp_string("Clinic (ID or name)").unwrap();
    p.send_line("df brasilia").unwrap();
    p.exp_string("Campaign (ID or name)").unwrap();
    p.send_line("outubro rosa").unwrap();
    p.exp_string("E-mail").unwrap();
    p.send_line("ana@example.com").unwrap();
    p.exp_regex(r"campanha +8  Outubro Rosa").unwrap();
    p.exp_string("Send it?").unwrap();
    p.send_line("y").unwrap();
    p.exp_eof().unwrap();
    let body = body_of(
        env.sent()
            .iter()
            .find(|r| r["method"] == "POST")
            .expect("sent"),
    );
    assert_eq!(body["clinica"], "2");
    assert_eq!(body["canal"], 2);
    assert_eq!(body["campanha"], 8);
    assert_eq!(body["email"], "ana@example.com");
}

#[test]
fn without_a_terminal_missing_fields_are_a_usage_error() {
    let env = Env::new();
    let out = exited(
        env.run(&["contact", "create", "--name", "Ana", "--clinic", "1"]),
        2,
    );
    let err = stderr(&out);
    assert!(
        err.contains("missing required --phone, --birth-date, --channel, --campaign"),
        "{err}"
    );
    assert!(env.sent().is_empty());
    // Every missing flag in one message, --clinic included when no default clinic is configured.
    let out = exited(
        env.run(&["contact", "create", "--name", "Ana", "--channel", "1"]),
        2,
    );
    assert!(
        stderr(&out).contains("missing required --clinic, --phone, --birth-date, --campaign:"),
        "{}",
        stderr(&out)
    );
    assert!(env.sent().is_empty());
    // The help says so.
    let help = env
        .bare()
        .args(["contact", "create", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8(help.stdout).unwrap();
    assert!(
        help.contains("required: the service takes it on every new contact"),
        "{help}"
    );
}

/// `contact create` in Portuguese for Maria, whose other fields each test gives or leaves to the form.
const MARIA_IN_PORTUGUESE: &[&str] = &[
    "--lang",
    "pt-BR",
    "contact",
    "create",
    "--name",
    "Maria Sem Envio",
];

/// The guided form up to its last question, in Portuguese: everything given but the channel.
fn guided_in_portuguese(env: &Env) -> rexpect::session::PtySession {
    let mut p = env.on_terminal(
        "unidade1",
        &[
            MARIA_IN_PORTUGUESE,
            &[
                "--phone",
                "(16) 99264-0197",
                "--birth-date",
                "23/04/1990",
                "--campaign",
                "1",
                "--email",
                "maria@example.com",
            ],
        ]
        .concat(),
    );
    p.exp_string("(ID ou nome)").unwrap();
    p.send_line("instagram").unwrap();
    p.exp_string("POST /cadastraCliente").unwrap();
    p
}

/// How the process ended, as rexpect reports it: `Exited(Pid(…), code)`.
fn exit_of(p: &rexpect::session::PtySession) -> String {
    format!("{:?}", p.process().wait().unwrap())
}

#[test]
fn nao_and_enter_sends_nothing_exits_0_and_leaves_nothing_for_the_shell() {
    let env = Env::new();
    let mut p = guided_in_portuguese(&env);
    p.exp_string("Enviar? [S/n]").unwrap();
    // A word that is neither is asked again; the whole line is read, so `não` is one answer.
    p.send_line("talvez").unwrap();
    p.exp_string(&pty_text("Responda s (sim) ou n (não)."))
        .unwrap();
    p.exp_string("Enviar? [S/n]").unwrap();
    p.send_line("não").unwrap();
    let rest = from_pty(&p.exp_eof().unwrap());
    assert!(rest.contains("nada foi enviado"), "{rest}");
    assert!(!rest.contains("erro"), "{rest}");
    // Nothing of the answer was left unread: the question was not asked again and no text followed.
    assert!(!rest.contains("Enviar?"), "{rest}");
    assert!(exit_of(&p).ends_with(", 0)"), "{}", exit_of(&p));
    assert_eq!(env.posts().len(), 0);
}

#[test]
fn sim_sends_and_ctrl_d_cancels() {
    let env = Env::new();
    let mut p = guided_in_portuguese(&env);
    p.exp_string("Enviar? [S/n]").unwrap();
    p.send_line("SIM").unwrap();
    p.exp_eof().unwrap();
    assert!(exit_of(&p).ends_with(", 0)"), "{}", exit_of(&p));
    assert_eq!(env.posts().len(), 1);

    let mut p = guided_in_portuguese(&env);
    p.exp_string("Enviar? [S/n]").unwrap();
    p.send_control('d').unwrap();
    let rest = from_pty(&p.exp_eof().unwrap());
    assert!(rest.contains("nada foi enviado"), "{rest}");
    assert!(exit_of(&p).ends_with(", 0)"), "{}", exit_of(&p));
    assert_eq!(env.posts().len(), 1);
}

/// A value the form refuses is said as every other error is, in the reader's language: `erro:`, never
/// the English `error:` of the prompt library.
/// Every field of the form but the phone, which it then asks for.
const ALL_BUT_THE_PHONE: &[&str] = &[
    "--birth-date",
    "23/04/1990",
    "--channel",
    "1",
    "--campaign",
    "1",
];

#[test]
fn a_refused_answer_is_said_in_portuguese() {
    let env = Env::new();
    let mut p = env.on_terminal(
        "unidade1",
        &[MARIA_IN_PORTUGUESE, ALL_BUT_THE_PHONE].concat(),
    );
    p.exp_string("Celular").unwrap();
    p.send_line("123").unwrap();
    let before = p.exp_string("esperado").unwrap();
    assert!(before.contains("erro:"), "{before:?}");
    assert!(!before.contains("error:"), "{before:?}");
    p.send_control('c').unwrap();
}

/// At 80 columns a refused answer's message is longer than a line. It is said whole, with the value
/// typed, and when the next answer is taken the whole message goes: no piece of it is left on the
/// screen, and nothing of the form above it is cleared instead.
#[test]
fn a_refused_answer_longer_than_the_screen_is_redrawn_whole_at_80_columns() {
    let env = Env::new();
    let mut cmd = env.terminal_command("unidade1");
    cmd.args(MARIA_IN_PORTUGUESE).args(ALL_BUT_THE_PHONE);
    let mut p = rexpect::session::spawn_command(at_width(&cmd, 80), Some(30_000)).unwrap();
    let mut seen: Vec<u8> = Vec::new();
    let read = |p: &mut rexpect::session::PtySession, seen: &mut Vec<u8>, until: &str| {
        let before = p.exp_string(&pty_text(until)).unwrap();
        seen.extend(before.chars().map(|c| c as u8));
        seen.extend(until.as_bytes());
    };
    read(&mut p, &mut seen, "Celular");
    p.send_line("123").unwrap();
    read(&mut p, &mut seen, "+55 16 99264-0197");
    // The whole message as it stood, every piece within 80 columns, with the value that was refused.
    let shown = screen(&seen, 80).join("\n");
    assert!(
        shown.contains("erro: recebido \"123\", esperado:"),
        "{shown}"
    );
    assert!(shown.contains("(16) 99264-0197"), "{shown}");
    // A second refusal replaces the first.
    p.send_line("4567").unwrap();
    read(&mut p, &mut seen, "+55 16 99264-0197");
    p.send_line("(16) 99264-0197").unwrap();
    read(&mut p, &mut seen, "E-mail");
    // The screen as the next question is asked (what Ctrl-C then prints varies with its timing).
    let rows = screen(&seen, 80);
    p.send_control('c').unwrap();
    let shown = rows.join("\n");
    for piece in ["erro:", "recebido", "esperado", "DDD", "p. ex."] {
        assert!(
            !shown.contains(piece),
            "{piece:?} left on the screen:\n{shown}"
        );
    }
    assert!(
        rows.iter()
            .any(|r| r.contains("Celular") && r.contains("(16) 99264-0197")),
        "{shown}"
    );
}
