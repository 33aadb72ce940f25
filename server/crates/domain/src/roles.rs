//! What a staff key may do: its role.

/// What an API key may do. Admin includes issuer and auditor; a host is a person (a
/// resident) who invites visitors and answers walk-ins, and sees only its own.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Creates API keys and gate devices, and everything below.
    Admin,
    /// Issues and revokes passes.
    Issuer,
    /// Reads passes and the audit log.
    Auditor,
    /// Invites its own visitors and approves their walk-ins (keys in `hosts`).
    Host,
}

impl Role {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Admin => "admin",
            Role::Issuer => "issuer",
            Role::Auditor => "auditor",
            Role::Host => "host",
        }
    }
}

impl TryFrom<String> for Role {
    type Error = String;

    fn try_from(text: String) -> Result<Self, String> {
        match text.as_str() {
            "admin" => Ok(Role::Admin),
            "issuer" => Ok(Role::Issuer),
            "auditor" => Ok(Role::Auditor),
            "host" => Ok(Role::Host),
            _ => Err(format!("unknown role {text:?}")),
        }
    }
}
