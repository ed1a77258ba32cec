//! Login tokens and the `Authorization` check of every `/rest/v1` call but `loginApi`.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use axum::http::HeaderMap;
use axum::http::header::AUTHORIZATION;
use rand::RngCore;

use crate::error::ApiError;
use crate::{ADMIN_LOGIN, ADMIN_PASSWORD, AuthScheme, CLINIC_LOGIN, CLINIC_PASSWORD, Options};

/// The legacy-php dialect's one message for an unknown, revoked or expired token.
const EXPIRED: &str = "Token inválido ou expirado";

/// Who a token belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum User {
    /// Sees every clinic; must name one on list calls.
    AdminMaster,
    /// Confined to one clinic.
    Clinic(u32),
}

impl User {
    /// The `tipo` of the login response.
    pub fn kind(&self) -> &'static str {
        match self {
            User::AdminMaster => "admin_master",
            User::Clinic(_) => "clinica",
        }
    }
}

struct Session {
    user: User,
    expires: Instant,
    /// Authenticated calls made with it so far, for `--token-expire-every`.
    calls: u64,
}

/// A token of `length` bytes shaped like a JWT carrying claims (`header.payload.signature`, base64url
/// characters), as deployments that issue long tokens send them.
fn jwt_shaped(length: usize) -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    let header = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9";
    let mut rng = rand::rng();
    let mut token = String::with_capacity(length);
    token.push_str(&header[..header.len().min(length)]);
    let signature = 43.min(length.saturating_sub(token.len() + 2));
    let payload = length.saturating_sub(token.len() + signature + 2);
    for count in [payload, signature] {
        if token.len() < length {
            token.push('.');
        }
        for _ in 0..count {
            token.push(char::from(ALPHABET[(rng.next_u32() % 64) as usize]));
        }
    }
    token.truncate(length);
    token
}

pub struct Tokens {
    sessions: Mutex<HashMap<String, Session>>,
    ttl: Duration,
    scheme: AuthScheme,
    /// The length of the tokens issued; 0: 48 hexadecimal characters.
    token_bytes: usize,
    /// Authenticated calls a token serves before it expires (0 = no limit).
    calls_per_token: u64,
}

impl Tokens {
    pub fn new(opts: &Options) -> Self {
        Tokens {
            sessions: Mutex::new(HashMap::new()),
            ttl: Duration::from_secs(opts.token_ttl),
            scheme: opts.auth_scheme,
            token_bytes: opts.token_bytes,
            calls_per_token: opts.token_expire_every,
        }
    }

    /// A fresh opaque token for valid credentials.
    pub fn login(&self, login: &str, password: &str) -> Option<(String, User)> {
        let user = match (login, password) {
            (ADMIN_LOGIN, ADMIN_PASSWORD) => User::AdminMaster,
            (CLINIC_LOGIN, CLINIC_PASSWORD) => User::Clinic(1),
            _ => return None,
        };
        let token = match self.token_bytes {
            0 => {
                let mut bytes = [0u8; 24];
                rand::rng().fill_bytes(&mut bytes);
                bytes.iter().map(|b| format!("{b:02x}")).collect()
            }
            n => jwt_shaped(n),
        };
        let now = Instant::now();
        let mut sessions = self.sessions.lock().expect("sessions lock");
        // Logins are rare; dropping dead sessions here keeps the map small.
        sessions.retain(|_, session| session.expires > now);
        sessions.insert(
            token.clone(),
            Session {
                user,
                expires: now + self.ttl,
                calls: 0,
            },
        );
        Some((token, user))
    }

    /// The user behind the `Authorization` header, or the 401 to answer.
    pub fn authenticate(&self, headers: &HeaderMap) -> Result<User, ApiError> {
        let value = headers.get(AUTHORIZATION).ok_or_else(|| {
            ApiError::unauthorized(
                "token de acesso ausente: envie o cabeçalho Authorization com o token obtido em loginApi",
            )
        })?;
        let value = value
            .to_str()
            .map_err(|_| ApiError::unauthorized("cabeçalho Authorization ilegível"))?
            .trim();
        let bearer = value
            .get(..7)
            .filter(|prefix| prefix.eq_ignore_ascii_case("bearer "))
            .map(|_| value[7..].trim());
        let token = match (self.scheme, bearer) {
            (AuthScheme::Bearer, None) => {
                return Err(ApiError::unauthorized(
                    "esquema de autorização inválido: este servidor espera 'Authorization: Bearer <token>'",
                ));
            }
            (AuthScheme::Raw, Some(_)) => {
                return Err(ApiError::unauthorized(
                    "esquema de autorização inválido: este servidor espera o token puro, 'Authorization: <token>', sem o prefixo Bearer",
                ));
            }
            (_, Some(token)) => token,
            (_, None) => value,
        };
        if token.is_empty() {
            return Err(ApiError::unauthorized(
                "token de acesso vazio no cabeçalho Authorization",
            ));
        }
        let mut sessions = self.sessions.lock().expect("sessions lock");
        let session = sessions.get_mut(token).ok_or_else(|| {
            ApiError::unauthorized("token inválido ou revogado: faça login novamente em loginApi")
                .legacy(EXPIRED)
        })?;
        if session.expires <= Instant::now() {
            sessions.remove(token);
            return Err(
                ApiError::unauthorized("token expirado: faça login novamente em loginApi")
                    .legacy(EXPIRED),
            );
        }
        // Some deployments count a token's uses rather than its age; the session is kept, so the
        // token keeps answering "expirado" rather than "inválido".
        if self.calls_per_token > 0 {
            if session.calls >= self.calls_per_token {
                return Err(ApiError::unauthorized("Token expirado").legacy(EXPIRED));
            }
            session.calls += 1;
        }
        Ok(session.user)
    }
}
