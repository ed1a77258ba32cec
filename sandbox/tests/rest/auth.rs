use clinic_sandbox::{AuthScheme, Options};
use reqwest::StatusCode;

use crate::support::{Api, erro, read, small};

#[tokio::test]
async fn both_users_log_in_with_an_opaque_token_and_their_kind() {
    let api = Api::small().await;
    let (status, admin) = api.login_answer("admin", "admin").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(admin["tipo"], "admin_master");
    let (status, clinic) = api.login_answer("unidade1", "unidade1").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(clinic["tipo"], "clinica");
    let a = admin["token"].as_str().unwrap();
    let b = clinic["token"].as_str().unwrap();
    assert!(a.len() >= 32 && b.len() >= 32 && a != b);
    let (_, again) = api.login_answer("admin", "admin").await;
    assert_ne!(
        again["token"], admin["token"],
        "every login gets a fresh token"
    );
}

#[tokio::test]
async fn wrong_credentials_and_missing_fields_are_rejected() {
    let api = Api::small().await;
    let (status, body) = api.login_answer("admin", "wrong").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert!(erro(&body).contains("senha"));
    let (status, _) = api.login_answer("nobody", "admin").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let response = api
        .http
        .post(format!("{}/loginApi", api.base()))
        .json(&serde_json::json!({ "login": "admin" }))
        .send()
        .await
        .unwrap();
    let (status, body) = read(response).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(erro(&body).contains("password"));
}

#[tokio::test]
async fn calls_without_a_known_token_get_401() {
    let api = Api::small().await;
    let url = format!("{}/statusAgendamento", api.base());
    let (status, body) = read(api.http.get(&url).send().await.unwrap()).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert!(erro(&body).contains("Authorization"));
    let (status, body) = api.get("not-a-token", "statusAgendamento").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert!(erro(&body).contains("token"));
}

#[tokio::test]
async fn bearer_and_bare_tokens_are_both_accepted_by_default() {
    let api = Api::small().await;
    let token = api.clinic().await;
    let url = format!("{}/statusAgendamento", api.base());
    for header in [format!("Bearer {token}"), token.clone()] {
        let response = api
            .http
            .get(&url)
            .header("Authorization", header)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
    }
}

async fn status_with(api: &Api, header: String) -> (StatusCode, serde_json::Value) {
    let url = format!("{}/statusAgendamento", api.base());
    read(
        api.http
            .get(url)
            .header("Authorization", header)
            .send()
            .await
            .unwrap(),
    )
    .await
}

#[tokio::test]
async fn bearer_scheme_refuses_the_bare_token_and_says_what_it_wants() {
    let api = Api::start(Options {
        auth_scheme: AuthScheme::Bearer,
        ..small()
    })
    .await;
    let token = api.clinic().await;
    let (status, body) = status_with(&api, token.clone()).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert!(erro(&body).contains("Bearer <token>"), "{body}");
    let (status, _) = status_with(&api, format!("Bearer {token}")).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn raw_scheme_refuses_bearer_and_says_what_it_wants() {
    let api = Api::start(Options {
        auth_scheme: AuthScheme::Raw,
        ..small()
    })
    .await;
    let token = api.clinic().await;
    let (status, body) = status_with(&api, format!("Bearer {token}")).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert!(erro(&body).contains("sem o prefixo Bearer"), "{body}");
    let (status, _) = status_with(&api, token).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn token_field_knob_renames_the_field() {
    let api = Api::start(Options {
        token_field: Some("access_token".into()),
        ..small()
    })
    .await;
    let (status, body) = api.login_answer("admin", "admin").await;
    assert_eq!(status, StatusCode::OK);
    assert!(body.get("token").is_none());
    let token = body["access_token"].as_str().expect("renamed field");
    let (status, _) = api.get(token, "statusAgendamento").await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn tokens_expire_after_the_ttl() {
    let api = Api::start(Options {
        token_ttl: 1,
        ..small()
    })
    .await;
    let token = api.clinic().await;
    let (status, _) = api.get(&token, "statusAgendamento").await;
    assert_eq!(status, StatusCode::OK);
    tokio::time::sleep(std::time::Duration::from_millis(2100)).await;
    let (status, body) = api.get(&token, "statusAgendamento").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert!(erro(&body).contains("expirado"), "{body}");
    let fresh = api.clinic().await;
    let (status, _) = api.get(&fresh, "statusAgendamento").await;
    assert_eq!(status, StatusCode::OK);
}
