//! A party on one phone (a Tessera addition to TSR1, `docs/protocol.md` "Parties"): one
//! code for several passes, one challenge for the members the server challenged, one
//! answer for them all.
//!
//! Each is a bundle of TSR1's own per-pass values and nothing else:
//!
//! - `TSR1P:<T>:<PASS>:<OTP>[:<PASS>:<OTP>]…` holds member `i`'s code
//!   `TSR1:<PASS_i>:<T>:<OTP_i>`, every member at the same step `T`;
//! - `TSR1Q:<PASS>:<NONCE>[:<PASS>:<NONCE>]…` holds member `i`'s challenge
//!   `TSR1C:<PASS_i>:<NONCE_i>`;
//! - `TSR1S:<PASS>:<MAC>[:<PASS>:<MAC>]…` holds member `i`'s answer `TSR1R:<PASS_i>:<MAC_i>`.
//!
//! A gate splits them apart and sends TSR1's own `scan` and `response` frames, one per
//! member, so every per-pass rule (single use under the nonce, replay alarms, a resend's
//! stored outcome) holds as it does for one pass, and a server needs nothing new. A party
//! holds at most [`PARTY_MAX`] passes, each once: the challenge of a full party then still
//! fits a QR code a phone's front camera reads from 40 cm.

use std::fmt;
use std::str::FromStr;

use crate::codes::{parse_counter, Otp, PassId, RotatingCode, WalletChallenge, WalletResponse};
use crate::encoding::base32;
use crate::error::{Error, Result};

/// The most passes one party code, challenge or answer holds.
pub const PARTY_MAX: usize = 6;

const PARTY_CODE_PREFIX: &str = "TSR1P:";
const PARTY_CHALLENGE_PREFIX: &str = "TSR1Q:";
const PARTY_ANSWER_PREFIX: &str = "TSR1S:";

/// Whether `text` is any of the three party values (by its prefix alone).
pub fn is_party(text: &str) -> bool {
    [
        PARTY_CODE_PREFIX,
        PARTY_CHALLENGE_PREFIX,
        PARTY_ANSWER_PREFIX,
    ]
    .iter()
    .any(|prefix| text.starts_with(prefix))
}

/// Checks a party's size (`min..=PARTY_MAX`) and that no pass appears twice.
fn check_members(passes: impl Iterator<Item = PassId> + Clone, min: usize) -> Result<()> {
    let count = passes.clone().count();
    if count < min || count > PARTY_MAX {
        return Err(Error::PartySize);
    }
    let mut seen: Vec<PassId> = Vec::with_capacity(count);
    for pass in passes {
        if seen.contains(&pass) {
            return Err(Error::PartyRepeats);
        }
        seen.push(pass);
    }
    Ok(())
}

/// The fields after `prefix`, split at `:`, in pairs after `lead` leading fields.
fn pair_fields<'a>(text: &'a str, prefix: &'static str, lead: usize) -> Result<Vec<&'a str>> {
    let rest = text
        .strip_prefix(prefix)
        .ok_or(Error::WrongPrefix { expected: prefix })?;
    // The most fields a well-formed value has: more is refused before any is looked at.
    let fields: Vec<&str> = rest.splitn(lead + 2 * PARTY_MAX + 2, ':').collect();
    if fields.len() < lead + 2 || !(fields.len() - lead).is_multiple_of(2) {
        return Err(Error::FieldCount);
    }
    if fields.len() > lead + 2 * PARTY_MAX {
        return Err(Error::PartySize);
    }
    Ok(fields)
}

/// One code for a party: `TSR1P:<T>:<PASS>:<OTP>[:<PASS>:<OTP>]…`, 2 to [`PARTY_MAX`]
/// passes at one step.
#[derive(Clone, Debug)]
pub struct PartyCode {
    counter: u64,
    members: Vec<(PassId, Otp)>,
}

impl PartyCode {
    /// Bundles the members' codes, in the order given.
    ///
    /// # Errors
    /// [`Error::PartySize`] for fewer than 2 or more than [`PARTY_MAX`] codes,
    /// [`Error::PartyRepeats`] for a pass twice, [`Error::PartySteps`] for codes of
    /// different steps.
    pub fn from_codes(codes: &[RotatingCode]) -> Result<Self> {
        check_members(codes.iter().map(|code| code.pass), 2)?;
        let counter = codes.first().map_or(0, |code| code.counter);
        if codes.iter().any(|code| code.counter != counter) {
            return Err(Error::PartySteps);
        }
        Ok(Self {
            counter,
            members: codes.iter().map(|code| (code.pass, code.otp)).collect(),
        })
    }

    /// The step every member's code is for.
    pub const fn counter(&self) -> u64 {
        self.counter
    }

    /// Each member's own code, in the party's order.
    pub fn codes(&self) -> Vec<RotatingCode> {
        self.members
            .iter()
            .map(|(pass, otp)| RotatingCode {
                pass: *pass,
                counter: self.counter,
                otp: *otp,
            })
            .collect()
    }
}

impl fmt::Display for PartyCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{PARTY_CODE_PREFIX}{}", self.counter)?;
        for (pass, otp) in &self.members {
            write!(f, ":{}:{otp}", pass.to_base32())?;
        }
        Ok(())
    }
}

impl FromStr for PartyCode {
    type Err = Error;

    fn from_str(text: &str) -> Result<Self> {
        let fields = pair_fields(text, PARTY_CODE_PREFIX, 1)?;
        let counter = parse_counter(fields[0])?;
        let codes = fields[1..]
            .chunks_exact(2)
            .map(|pair| {
                Ok(RotatingCode {
                    pass: PassId::from_base32(pair[0])?,
                    counter,
                    otp: Otp::parse(pair[1])?,
                })
            })
            .collect::<Result<Vec<_>>>()?;
        Self::from_codes(&codes)
    }
}

/// One challenge for a party's challenged members: `TSR1Q:<PASS>:<NONCE>[:<PASS>:<NONCE>]…`,
/// 1 to [`PARTY_MAX`] of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartyChallenge {
    members: Vec<WalletChallenge>,
}

impl PartyChallenge {
    /// Bundles the members' challenges, in the order given.
    ///
    /// # Errors
    /// [`Error::PartySize`] for none or more than [`PARTY_MAX`], [`Error::PartyRepeats`]
    /// for a pass twice.
    pub fn new(members: Vec<WalletChallenge>) -> Result<Self> {
        check_members(members.iter().map(|member| member.pass), 1)?;
        Ok(Self { members })
    }

    /// Each member's own challenge.
    pub fn members(&self) -> &[WalletChallenge] {
        &self.members
    }
}

impl fmt::Display for PartyChallenge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(PARTY_CHALLENGE_PREFIX.trim_end_matches(':'))?;
        for member in &self.members {
            write!(f, ":{}:{}", member.pass.to_base32(), member.nonce)?;
        }
        Ok(())
    }
}

impl FromStr for PartyChallenge {
    type Err = Error;

    fn from_str(text: &str) -> Result<Self> {
        let fields = pair_fields(text, PARTY_CHALLENGE_PREFIX, 0)?;
        let members = fields
            .chunks_exact(2)
            .map(|pair| {
                Ok(WalletChallenge {
                    pass: PassId::from_base32(pair[0])?,
                    nonce: pair[1].parse()?,
                })
            })
            .collect::<Result<Vec<_>>>()?;
        Self::new(members)
    }
}

/// One answer for a party: `TSR1S:<PASS>:<MAC>[:<PASS>:<MAC>]…`, 1 to [`PARTY_MAX`] members.
#[derive(Clone, Debug)]
pub struct PartyAnswer {
    members: Vec<WalletResponse>,
}

impl PartyAnswer {
    /// Bundles the members' answers, in the order given.
    ///
    /// # Errors
    /// [`Error::PartySize`] for none or more than [`PARTY_MAX`], [`Error::PartyRepeats`]
    /// for a pass twice.
    pub fn new(members: Vec<WalletResponse>) -> Result<Self> {
        check_members(members.iter().map(|member| member.pass), 1)?;
        Ok(Self { members })
    }

    /// Each member's own answer.
    pub fn members(&self) -> &[WalletResponse] {
        &self.members
    }
}

impl fmt::Display for PartyAnswer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(PARTY_ANSWER_PREFIX.trim_end_matches(':'))?;
        for member in &self.members {
            write!(
                f,
                ":{}:{}",
                member.pass.to_base32(),
                base32(member.mac.as_bytes())
            )?;
        }
        Ok(())
    }
}

impl FromStr for PartyAnswer {
    type Err = Error;

    fn from_str(text: &str) -> Result<Self> {
        let fields = pair_fields(text, PARTY_ANSWER_PREFIX, 0)?;
        let members = fields
            .chunks_exact(2)
            .map(|pair| format!("TSR1R:{}:{}", pair[0], pair[1]).parse())
            .collect::<Result<Vec<WalletResponse>>>()?;
        Self::new(members)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codes::Nonce;

    const A: &str = "AGJPHJC3NR6Y5H5AWHBNHZHVAY";
    const B: &str = "AEAQEAYEAUDAOCAJBIFQYDIOB4";
    const NONCE: &str = "AAAQEAYEAUDAOCAJBIFQYDIOB4IBCEQTCQKRMFYYDENBWHA5DYPQ";

    #[test]
    fn party_codes_parse_only_when_well_formed() {
        let good = format!("TSR1P:117629440:{A}:80238672:{B}:12345678");
        let code: PartyCode = good.parse().expect("well formed");
        assert_eq!(code.to_string(), good);
        assert_eq!(code.codes().len(), 2);
        assert_eq!(
            code.codes()[1].to_string(),
            format!("TSR1:{B}:117629440:12345678")
        );
        let seven = (0..7)
            .map(|i| {
                format!(
                    ":{}:1234567{i}",
                    PassId::new(uuid::Uuid::from_u128(i)).to_base32()
                )
            })
            .collect::<String>();
        let cases: &[(String, Error)] = &[
            (format!("TSR1P:1:{A}:80238672"), Error::PartySize),
            (format!("TSR1P:1{seven}"), Error::PartySize),
            (
                format!("TSR1P:1:{A}:80238672:{A}:12345678"),
                Error::PartyRepeats,
            ),
            (format!("TSR1P:1:{A}:80238672:{B}"), Error::FieldCount),
            ("TSR1P:1".to_owned(), Error::FieldCount),
            (
                format!("TSR1P:01:{A}:80238672:{B}:12345678"),
                Error::MalformedCounter,
            ),
            (
                format!("TSR1P:1:{A}:8023867:{B}:12345678"),
                Error::MalformedOtp,
            ),
            (
                format!("TSR1P:1:{A}:80238672:x:12345678"),
                Error::MalformedPass,
            ),
            (
                format!("TSR1:{A}:1:80238672"),
                Error::WrongPrefix { expected: "TSR1P:" },
            ),
        ];
        for (text, want) in cases {
            assert_eq!(text.parse::<PartyCode>().err(), Some(*want), "{text}");
        }
    }

    #[test]
    fn a_party_code_is_made_of_codes_of_one_step() {
        let code = |pass: &str, counter| RotatingCode {
            pass: PassId::from_base32(pass).expect("pass"),
            counter,
            otp: Otp::parse("12345678").expect("otp"),
        };
        assert_eq!(
            PartyCode::from_codes(&[code(A, 5), code(B, 6)]).err(),
            Some(Error::PartySteps)
        );
        assert_eq!(
            PartyCode::from_codes(&[code(A, 5)]).err(),
            Some(Error::PartySize)
        );
        let party = PartyCode::from_codes(&[code(B, 5), code(A, 5)]).expect("party");
        assert_eq!(party.counter(), 5);
        assert_eq!(party.codes()[0].pass.to_base32(), B, "the order given");
    }

    #[test]
    fn party_challenges_and_answers_round_trip_and_refuse_repeats() {
        let challenge = format!("TSR1Q:{A}:{NONCE}:{B}:{NONCE}");
        let parsed: PartyChallenge = challenge.parse().expect("well formed");
        assert_eq!(parsed.to_string(), challenge);
        assert_eq!(
            parsed.members()[1].nonce,
            NONCE.parse::<Nonce>().expect("nonce")
        );
        let one = format!("TSR1Q:{A}:{NONCE}");
        assert_eq!(
            one.parse::<PartyChallenge>().map(|c| c.members().len()),
            Ok(1)
        );
        assert_eq!(
            format!("TSR1Q:{A}:{NONCE}:{A}:{NONCE}")
                .parse::<PartyChallenge>()
                .err(),
            Some(Error::PartyRepeats)
        );
        assert_eq!(
            "TSR1Q:".parse::<PartyChallenge>().err(),
            Some(Error::FieldCount)
        );
        assert_eq!(
            format!("TSR1Q:{A}:{}", &NONCE[1..])
                .parse::<PartyChallenge>()
                .err(),
            Some(Error::MalformedNonce)
        );

        let mac = "PLEHRPSSUNISEUL33GMHW6PR3U";
        let answer = format!("TSR1S:{A}:{mac}:{B}:{mac}");
        let parsed: PartyAnswer = answer.parse().expect("well formed");
        assert_eq!(parsed.to_string(), answer);
        assert_eq!(parsed.members()[0].to_string(), format!("TSR1R:{A}:{mac}"));
        assert_eq!(
            format!("TSR1S:{A}:{mac}:{B}").parse::<PartyAnswer>().err(),
            Some(Error::FieldCount)
        );
        assert_eq!(
            format!("TSR1S:{A}:{}", &mac[1..])
                .parse::<PartyAnswer>()
                .err(),
            Some(Error::MalformedMac)
        );
    }

    #[test]
    fn is_party_knows_the_three_prefixes() {
        for (text, party) in [
            ("TSR1P:1", true),
            ("TSR1Q:", true),
            ("TSR1S:x", true),
            ("TSR1:x", false),
            ("TSR1C:x", false),
            ("tsr1p:1", false),
        ] {
            assert_eq!(is_party(text), party, "{text}");
        }
    }
}
