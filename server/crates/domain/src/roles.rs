//! What a staff key may do: its role.

/// What an API key may do. Admin includes every other role and security includes auditor;
/// a host is a person (a resident) who invites visitors and answers walk-ins, and sees only
/// its own.
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
    /// The security team: everything an auditor reads, and alarms, the watchlist, roll
    /// calls and requests for personal data.
    Security,
}

impl Role {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Admin => "admin",
            Role::Issuer => "issuer",
            Role::Auditor => "auditor",
            Role::Host => "host",
            Role::Security => "security",
        }
    }

    /// Whether a key of this role may do what `needed` may: admin may do everything, and
    /// security what an auditor may.
    pub fn includes(self, needed: Role) -> bool {
        self == needed || self == Role::Admin || (self == Role::Security && needed == Role::Auditor)
    }

    /// How the role is stored in `api_keys`: the `role` column, whose CHECK predates
    /// `security` (stored as `auditor`, so that a server of the previous version reads a
    /// security key as read-only), and `role_name` for a role that column cannot hold.
    /// Readers take `COALESCE(role_name, role)`.
    pub fn stored(self) -> (&'static str, Option<&'static str>) {
        match self {
            Role::Security => (Role::Auditor.as_str(), Some(Role::Security.as_str())),
            role => (role.as_str(), None),
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
            "security" => Ok(Role::Security),
            _ => Err(format!("unknown role {text:?}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Role::{self, *};

    #[test]
    fn who_may_do_what_another_role_may() {
        let all = [Admin, Issuer, Auditor, Host, Security];
        // (holder, needed) pairs that are allowed beyond a role's own.
        let beyond_own = [
            (Admin, Issuer),
            (Admin, Auditor),
            (Admin, Host),
            (Admin, Security),
            (Security, Auditor),
        ];
        for holder in all {
            for needed in all {
                let expected = holder == needed || beyond_own.contains(&(holder, needed));
                assert_eq!(
                    holder.includes(needed),
                    expected,
                    "{holder:?} for {needed:?}"
                );
            }
        }
    }

    #[test]
    fn every_role_is_stored_so_that_it_reads_back() {
        for role in [Admin, Issuer, Auditor, Host, Security] {
            let (column, name) = role.stored();
            assert!(["admin", "issuer", "auditor", "host"].contains(&column));
            let read = name.unwrap_or(column);
            assert_eq!(Role::try_from(read.to_owned()), Ok(role));
        }
        assert_eq!(Security.stored(), ("auditor", Some("security")));
    }
}
