//! What a gate is for: whether it lets people into its zone or out of it.
//!
//! A value of its own, below the zone rules (`crate::zones`) and the events that record a
//! move (`crate::events`), so both can name it.

/// Whether a gate lets people in or out.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    /// Into its zone.
    Entry,
    /// Out of its zone.
    Exit,
}

impl Direction {
    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            Direction::Entry => "entry",
            Direction::Exit => "exit",
        }
    }

    /// Parses the stored name.
    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "entry" => Some(Direction::Entry),
            "exit" => Some(Direction::Exit),
            _ => None,
        }
    }
}

impl TryFrom<String> for Direction {
    type Error = String;

    fn try_from(text: String) -> Result<Self, String> {
        Direction::parse(&text).ok_or_else(|| format!("unknown gate direction {text:?}"))
    }
}
