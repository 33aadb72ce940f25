//! The values on-site nodes' events record: how a lease ended, what a sync found crossed,
//! why the central server refused what a node shipped. Plain values with no rules, so that
//! the event vocabulary (`events`) names them without reaching into the lease decisions
//! (`sites`, which re-exports them).

/// How a held lease came to an end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LeaseEnd {
    /// The node handed it back after shipping everything it admitted.
    Returned,
    /// An operator took the site back centrally without the node.
    Reclaimed,
}

impl LeaseEnd {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            LeaseEnd::Returned => "returned",
            LeaseEnd::Reclaimed => "reclaimed",
        }
    }

    /// Whether the node must wait for an admin before it gets another lease: after a
    /// reclaim, the node (or whoever holds its token) may not simply ask again.
    pub fn blocks_node(self) -> bool {
        matches!(self, LeaseEnd::Reclaimed)
    }
}

/// Why the central server refused something an on-site node shipped (issue 50): each is
/// recorded, counted, in one `site_node_fault` event (`high`, an alarm) per batch.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum NodeFault {
    /// A kind of event a node never makes on site (an API key, say), or one this server
    /// does not know.
    ForeignKind,
    /// Details that do not have the kind's shape.
    MalformedDetails,
    /// A severity above any the kind ever has (a forged alarm).
    SeverityTooHigh,
    /// A gate that is not one of the node's site and organisation.
    ForeignGate,
    /// A pass that is not one of the node's site and organisation.
    ForeignPass,
    /// A decision timed outside every lease the node held (drift allowed), or an event
    /// timed before the node was enrolled or in the future.
    OutsideLease,
    /// An event about another node, or about a lease this node never held.
    ForeignLease,
}

/// What a sync found crossed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ConflictKind {
    /// The node admitted a pass the central server had revoked meanwhile (the node learnt of
    /// the revocation only after the admission; the revocation stands).
    AdmittedWhileRevoked,
    /// The central server revoked a pass the node had admitted and not yet shipped (seen on
    /// the node, at the sync-down that brought the revocation).
    RevokedAfterAdmission,
}
