//! The guided contact form, driven through a pseudo-terminal like a person at a keyboard.

use rexpect::session::spawn_command;
use serde_json::Value;

use crate::common::*;

#[test]
fn guided_create_asks_validates_shows_and_sends() {
    let env = Env::new();
    let token = env.token("unidade1", "unidade1");
    let mut cmd = process_for(env.config.path(), env.sandbox.urls());
    cmd.env("CLINIC_TOKEN", &token)
        .env("TERM", "xterm-256color")
        .args([
            "contact",
            "create",
            "--clinic",
            "1",
            "--note",
            "via formulário",
            "--format",
            "json",
        ]);
    let mut p = spawn_command(cmd, Some(30_000)).unwrap();
    p.exp_string("Name").unwrap();
    p.send_line("Maria Guiada").unwrap();
    p.exp_string("Mobile phone").unwrap();
    p.send_line("123").unwrap();
    p.exp_string("expected").unwrap();
    p.send_line("+55 16 99264-0197").unwrap();
    p.exp_string("Birth date").unwrap();
    p.send_line("31/02/1990").unwrap();
    p.exp_string("expected").unwrap();
    p.send_line("23/04/1990").unwrap();
    // Pick lists: a name (any case, no accents needed) or the number in the list.
    p.exp_string("Channel (number or name)").unwrap();
    p.send_line("Instagran").unwrap();
    p.exp_string("Instagram (3)").unwrap();
    p.send_line("instagram").unwrap();
    p.exp_string("Campaign (number or name)").unwrap();
    p.send_line("2").unwrap();
    p.exp_string("E-mail").unwrap();
    p.send_line("").unwrap();
    p.exp_string("POST /cadastraCliente").unwrap();
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
        .filter(|r| r["method"] == "POST")
        .collect();
    assert_eq!(post.len(), 1);
    let body = body_of(&post[0]);
    assert_eq!(body["nome"], "Maria Guiada");
    assert_eq!(body["telefone"], "(16) 99264-0197");
    assert_eq!(body["data_nascimento"], "1990-04-23");
    assert_eq!(body["canal"], 3);
    assert_eq!(body["clinica"], "1");
    assert_eq!(body["observacao"], "via formulário");
    assert_eq!(body["campanha"], 2);
}

#[test]
fn without_a_terminal_missing_fields_are_a_usage_error() {
    let env = Env::new();
    let out = env
        .clinic()
        .args(["contact", "create", "--name", "Ana", "--clinic", "1"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("missing required --phone, --birth-date, --channel, --campaign"),
        "{err}"
    );
    assert!(env.sent().is_empty());
}
