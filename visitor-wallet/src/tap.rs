//! The wallet side of a gate's local "tap" endpoint (a stand-in for NFC or BLE).
//!
//! The protocol is line based (UTF-8, `\n`-terminated, at most 1024 bytes a line) so it can
//! be spoken with `nc`: on connecting, the wallet names each pass it holds with a
//! `PASS <PASS>` line; the gate then writes each open challenge *of those passes* as a
//! `TSR1C:<PASS>:<NONCE>` line and, when such a scan ends, a `RESULT <PASS> <outcome>
//! <reason|->` line (PASS in its base32 form); the wallet writes back `TSR1R:<PASS>:<MAC>`.
//! A tap client thus learns nothing about other visitors' passes. Unknown lines are ignored
//! on both sides (an older gate ignores `PASS` and offers every challenge, which the wallet
//! still answers only for its own passes).

use std::collections::HashSet;

use tessera_protocol::{Nonce, PassId, WalletChallenge};
use tokio::io::{AsyncBufRead, AsyncBufReadExt, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use uuid::Uuid;

use crate::error::{Error, Result};
use crate::wallet::Wallet;

/// Longest line either side accepts.
pub const MAX_LINE: usize = 1024;

/// What happened on the tap link, for the caller to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TapEvent {
    /// A challenge for one of our passes was answered.
    Answered {
        /// The pass.
        pass: Uuid,
        /// Its label.
        label: String,
    },
    /// A challenge for a pass this wallet does not hold was left alone.
    NotOurs(Uuid),
    /// Our pass cannot answer (unclaimed, or an unusable server key).
    CannotAnswer {
        /// The pass.
        pass: Uuid,
        /// Why, for the visitor.
        why: String,
    },
    /// The gate reported a scan's outcome.
    Result {
        /// The pass.
        pass: Uuid,
        /// `admitted`, `already_admitted` or `denied`.
        outcome: String,
        /// The denial reason, if any.
        reason: Option<String>,
    },
}

/// Answers challenges from `reader` on `writer` until the gate closes the link, or, with
/// `once`, until the gate reports the outcome for a pass this wallet answered for.
///
/// Returns that outcome (`admitted`, `already_admitted`, `denied`) in `once` mode.
///
/// # Errors
/// I/O errors on the link, as [`Error::Io`].
pub async fn answer_challenges<R, W>(
    wallet: &Wallet,
    mut reader: R,
    mut writer: W,
    once: bool,
    mut on_event: impl FnMut(TapEvent),
) -> Result<Option<String>>
where
    R: AsyncBufRead + Unpin,
    W: AsyncWrite + Unpin,
{
    let mut answered: HashSet<Nonce> = HashSet::new();
    let mut answered_passes: HashSet<Uuid> = HashSet::new();
    for pass in wallet.passes() {
        writer
            .write_all(format!("PASS {}\n", PassId::new(pass.pass_id).to_base32()).as_bytes())
            .await?;
    }
    writer.flush().await?;
    let mut line = Vec::with_capacity(128);
    loop {
        line.clear();
        let n = AsyncReadExt::take(&mut reader, MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut line)
            .await?;
        if n == 0 {
            return Ok(None);
        }
        if line.len() > MAX_LINE {
            return Err(Error::Io(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                "the gate sent an over-long line",
            )));
        }
        let Ok(text) = std::str::from_utf8(&line) else {
            continue;
        };
        let text = text.trim();
        if let Some(rest) = text.strip_prefix("RESULT ") {
            let mut parts = rest.split(' ');
            let (Some(pass), Some(outcome)) = (parts.next(), parts.next()) else {
                continue;
            };
            let Ok(pass) = PassId::from_base32(pass) else {
                continue;
            };
            let reason = parts.next().filter(|r| *r != "-").map(str::to_owned);
            if answered_passes.contains(&pass.uuid()) {
                on_event(TapEvent::Result {
                    pass: pass.uuid(),
                    outcome: outcome.to_owned(),
                    reason,
                });
                if once {
                    return Ok(Some(outcome.to_owned()));
                }
            }
            continue;
        }
        let Ok(challenge) = text.parse::<WalletChallenge>() else {
            continue;
        };
        let pass = match wallet.pass_for(&challenge) {
            Ok(pass) => pass,
            Err(_) => {
                on_event(TapEvent::NotOurs(challenge.pass.uuid()));
                continue;
            }
        };
        if !answered.insert(challenge.nonce) {
            continue;
        }
        match pass.respond(&challenge) {
            Ok(response) => {
                writer.write_all(format!("{response}\n").as_bytes()).await?;
                writer.flush().await?;
                answered_passes.insert(pass.pass_id);
                on_event(TapEvent::Answered {
                    pass: pass.pass_id,
                    label: pass.label().to_owned(),
                });
            }
            Err(e) => on_event(TapEvent::CannotAnswer {
                pass: pass.pass_id,
                why: e.to_string(),
            }),
        }
    }
}
