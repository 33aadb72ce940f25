//! `tessera-wallet`: the visitor's command-line wallet (a thin shell over the library).
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::todo)]

use std::io::{BufRead, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use clap::{Parser, Subcommand};
use tessera_protocol::{PartyChallenge, WalletChallenge};
use tessera_wallet::tap::{self, TapEvent};
use tessera_wallet::{
    qr, ClaimClient, ClaimLink, ClaimStatus, Error, StoredPass, Validity, Wallet,
};
use time::format_description::well_known::Rfc3339;
use time::OffsetDateTime;

/// Exit status: success.
const EXIT_OK: u8 = 0;
/// Exit status: network, terminal or other runtime failure.
const EXIT_FAILURE: u8 = 1;
/// Exit status: bad usage or input (link, challenge, pass selector, unclaimed pass).
const EXIT_USAGE: u8 = 2;
/// Exit status: the server refused the claim or the transfer.
const EXIT_REFUSED: u8 = 3;
/// Exit status: the wallet file cannot be read, parsed or written.
const EXIT_WALLET_FILE: u8 = 4;
/// Exit status: `tap --once` saw the gate deny the visitor.
const EXIT_DENIED: u8 = 5;

/// The Tessera visitor wallet: claim a pass, show its rotating code, answer gate challenges.
///
/// Exit codes: 0 ok; 1 network or other runtime failure; 2 bad usage or input (link,
/// challenge, pass selector, unclaimed pass); 3 the server refused the claim or the
/// transfer (invalid_claim, already_claimed, revoked, transfer_not_allowed, bad_proof, …);
/// 4 the wallet file cannot be read, parsed or written; 5 `tap --once`: the gate denied
/// entry.
#[derive(Parser, Debug)]
#[command(name = "tessera-wallet", version)]
struct Cli {
    /// Wallet file [default: <user data dir>/tessera/wallet.json].
    #[arg(long, env = "TESSERA_WALLET", global = true)]
    wallet: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Claim a pass from its claim link (https://…/claim#p=<uuid>&t=<token>).
    ///
    /// The key pair is saved before the claim is sent, so running the same command again
    /// after a failure resends the same key and cannot fork or lose the pass.
    Claim {
        /// The claim link, as received from the issuer (quote it: it contains '&' and '#'),
        /// or `-` to read it from standard input, so that the claim token sits neither in
        /// the process list nor in the shell's history.
        claim_url: String,
        /// Send the claim to this API base instead of the link's own origin.
        #[arg(long)]
        server: Option<String>,
        /// Give up on the server after this many seconds.
        #[arg(long, default_value_t = 15)]
        timeout_s: u64,
    },
    /// List the passes in the wallet.
    List,
    /// Print the current rotating code (TSR1:…) of a pass, for scripts and scanners; with
    /// `--party`, one code (TSR1P:…) for several passes, each admitted on its own.
    Code {
        /// Pass id or unique prefix; may be omitted when the wallet holds one pass. Several
        /// make a party's code (2 to 6 passes); `--party` alone takes every claimed pass
        /// valid now.
        passes: Vec<String>,
        /// One code for a party: a parent showing the family's passes at once.
        #[arg(long)]
        party: bool,
        /// Compute the code for this Unix time (seconds) instead of now.
        #[arg(long)]
        at: Option<u64>,
    },
    /// Live screen: the rotating code as a terminal QR code, as text, and a countdown.
    ///
    /// Quit with q + Enter or ctrl-c.
    Show {
        /// Pass id or unique prefix; may be omitted when the wallet holds one pass.
        pass: Option<String>,
    },
    /// Answer a gate challenge (TSR1C:…): prints the TSR1R:… response; a party's challenge
    /// (TSR1Q:…) gets one answer (TSR1S:…) for every member this wallet holds.
    Respond {
        /// The challenge text shown by the gate.
        challenge: String,
        /// Also draw the response as a terminal QR code (for the gate's scanner).
        #[arg(long)]
        qr: bool,
    },
    /// Hand a pass on to another person: prints a claim link for the recipient.
    ///
    /// The wallet proves to the server that it holds the pass key. This wallet's copy keeps
    /// working until the recipient claims the link; from then on gates refuse its codes.
    Transfer {
        /// Pass id or unique prefix; may be omitted when the wallet holds one pass.
        pass: Option<String>,
        /// Also draw the link as a terminal QR code (the default when stdout is a terminal).
        #[arg(long, conflicts_with = "no_qr")]
        qr: bool,
        /// Never draw the QR code.
        #[arg(long)]
        no_qr: bool,
        /// Give up on the server after this many seconds.
        #[arg(long, default_value_t = 15)]
        timeout_s: u64,
    },
    /// Connect to a gate's tap endpoint (host:port) and answer its challenges automatically.
    Tap {
        /// The gate's --tap-listen address.
        addr: String,
        /// Exit after the gate reports the outcome of the first answered scan
        /// (exit 0 when admitted or already_admitted, 5 when denied).
        #[arg(long)]
        once: bool,
        /// With --once: give up after this many seconds.
        #[arg(long, default_value_t = 120)]
        timeout_s: u64,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let runtime = match tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("error: cannot start the async runtime: {e}");
            return ExitCode::from(EXIT_FAILURE);
        }
    };
    match runtime.block_on(run(cli)) {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::from(exit_code_for(&e))
        }
    }
}

fn exit_code_for(e: &Error) -> u8 {
    match e {
        Error::NoDataDir
        | Error::WalletUnreadable { .. }
        | Error::WalletCorrupt { .. }
        | Error::UnsupportedFormat { .. }
        | Error::WalletWrite { .. } => EXIT_WALLET_FILE,
        Error::BadClaimLink(_)
        | Error::NoPasses
        | Error::AmbiguousPass { .. }
        | Error::UnknownPass(_)
        | Error::NotClaimed(_)
        | Error::BadChallenge(_)
        | Error::BadParty(_)
        | Error::WrongPassChallenge(_) => EXIT_USAGE,
        Error::InvalidClaim
        | Error::AlreadyClaimed
        | Error::Revoked
        | Error::ClaimRejected { .. }
        | Error::TransferNotAllowed
        | Error::BadProof
        | Error::TransferRefused { .. }
        | Error::ServerKeyChanged(_)
        | Error::BadServerKey { .. } => EXIT_REFUSED,
        _ => EXIT_FAILURE,
    }
}

async fn run(cli: Cli) -> Result<u8, Error> {
    let path = match cli.wallet {
        Some(p) => p,
        None => Wallet::default_path()?,
    };
    // A claim or a transfer changes the file: it waits for, then holds, the wallet's lock.
    let mut wallet = if matches!(
        cli.command,
        Command::Claim { .. } | Command::Transfer { .. }
    ) {
        Wallet::open_for_update(path)?
    } else {
        Wallet::open(path)?
    };
    match cli.command {
        Command::Claim {
            claim_url,
            server,
            timeout_s,
        } => {
            let claim_url = if claim_url == "-" {
                read_link_from_stdin()?
            } else {
                claim_url
            };
            let mut link: ClaimLink = claim_url.trim().parse()?;
            if let Some(base) = server {
                link.api_base = base.trim_end_matches('/').to_owned();
            }
            let client = ClaimClient::new(Duration::from_secs(timeout_s.max(1)))?;
            let (status, pass) = wallet.claim(&link, &client).await?;
            match status {
                ClaimStatus::Claimed => println!("claimed pass {}", describe(pass)),
                ClaimStatus::AlreadyInWallet => {
                    println!("pass already in this wallet: {}", describe(pass));
                }
            }
            Ok(EXIT_OK)
        }
        Command::List => {
            if wallet.passes().is_empty() {
                println!("no passes (wallet file {})", wallet.path().display());
            }
            for pass in wallet.passes() {
                println!("{}", describe(pass));
            }
            Ok(EXIT_OK)
        }
        Command::Code { passes, party, at } if party || passes.len() > 1 => {
            let at = match at {
                Some(seconds) => {
                    OffsetDateTime::from_unix_timestamp(i64::try_from(seconds).unwrap_or(i64::MAX))
                        .unwrap_or(OffsetDateTime::UNIX_EPOCH)
                }
                None => OffsetDateTime::now_utc(),
            };
            println!("{}", wallet.party_code_at(&passes, at)?);
            Ok(EXIT_OK)
        }
        Command::Code { passes, at, .. } => {
            let pass = wallet.select(passes.first().map(String::as_str))?;
            let code = pass.code_at(at.unwrap_or_else(unix_now))?;
            if let Some(warning) = validity_warning(pass, at) {
                eprintln!("warning: {warning}");
            }
            println!("{code}");
            Ok(EXIT_OK)
        }
        Command::Show { pass } => {
            let pass = wallet.select(pass.as_deref())?;
            show(pass).await?;
            Ok(EXIT_OK)
        }
        Command::Respond { challenge, qr } => {
            let challenge = challenge.trim();
            let response = if challenge.starts_with("TSR1Q:") {
                let party: PartyChallenge = challenge.parse().map_err(Error::BadChallenge)?;
                wallet.respond_party(&party)?.to_string()
            } else {
                let challenge: WalletChallenge = challenge.parse().map_err(Error::BadChallenge)?;
                wallet.respond(&challenge)?.to_string()
            };
            if qr {
                print!("{}", qr::render(&response)?);
                println!();
            }
            println!("{response}");
            Ok(EXIT_OK)
        }
        Command::Transfer {
            pass,
            qr,
            no_qr,
            timeout_s,
        } => {
            let client = ClaimClient::new(Duration::from_secs(timeout_s.max(1)))?;
            let (answer, pass) = wallet.transfer(pass.as_deref(), &client).await?;
            let mut out = std::io::stdout().lock();
            writeln!(
                out,
                "transfer started: pass {} {:?} (transfer {})",
                pass.pass_id,
                pass.label(),
                answer.transfer_id
            )?;
            writeln!(
                out,
                "Give the recipient the claim link below; it can be claimed once, until {}.",
                rfc3339(answer.expires_at)
            )?;
            writeln!(
                out,
                "This wallet's copy keeps working until the recipient claims the link; from \
                 then on gates refuse its codes. Transferring again replaces this link."
            )?;
            if qr || (!no_qr && std::io::stdout().is_terminal()) {
                write!(out, "{}", qr::render(answer.claim_url())?)?;
                writeln!(out)?;
            }
            writeln!(out, "{}", answer.claim_url())?;
            Ok(EXIT_OK)
        }
        Command::Tap {
            addr,
            once,
            timeout_s,
        } => tap_gate(&wallet, &addr, once, Duration::from_secs(timeout_s)).await,
    }
}

fn unix_now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

fn rfc3339(t: OffsetDateTime) -> String {
    t.format(&Rfc3339).unwrap_or_else(|_| t.to_string())
}

fn describe(pass: &StoredPass) -> String {
    match &pass.claimed {
        None => format!(
            "{}  (claim pending)  server {}",
            pass.pass_id, pass.api_base
        ),
        Some(info) => {
            let state = match pass.validity_at(OffsetDateTime::now_utc()) {
                Validity::Valid => "valid",
                Validity::NotYetValid(_) => "not yet valid",
                Validity::Expired(_) => "EXPIRED",
            };
            let handed_on = pass
                .transfer
                .as_ref()
                .map(|t| {
                    format!(
                        "  (transfer started {}: stops working when the recipient claims)",
                        rfc3339(t.started_at)
                    )
                })
                .unwrap_or_default();
            format!(
                "{}  {:?}  {state}  {} .. {}  server {}{handed_on}",
                pass.pass_id,
                info.label,
                rfc3339(info.valid_from),
                rfc3339(info.valid_until),
                pass.api_base
            )
        }
    }
}

/// A warning when the pass is not valid at `unix` seconds (the current instant when `None`).
fn validity_warning(pass: &StoredPass, unix: Option<u64>) -> Option<String> {
    let at = match unix {
        None => OffsetDateTime::now_utc(),
        Some(unix) => i64::try_from(unix)
            .ok()
            .and_then(|s| OffsetDateTime::from_unix_timestamp(s).ok())?,
    };
    let handed_on = pass.transfer.as_ref().map(|t| {
        format!(
            "a transfer of this pass was started at {}; once the recipient claims it, gates \
             refuse this wallet's codes",
            rfc3339(t.started_at)
        )
    });
    match pass.validity_at(at) {
        Validity::Valid => handed_on,
        Validity::Expired(until) => Some(format!(
            "this pass EXPIRED at {}; gates will deny it (expired)",
            rfc3339(until)
        )),
        Validity::NotYetValid(from) => Some(format!(
            "this pass is NOT YET VALID; it starts at {}; gates deny it until then",
            rfc3339(from)
        )),
    }
}

/// Lines typed on stdin, read on a plain thread so a pending read never holds up exit.
fn stdin_lines() -> tokio::sync::mpsc::Receiver<String> {
    let (tx, rx) = tokio::sync::mpsc::channel(4);
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if tx.blocking_send(line).is_err() {
                break;
            }
        }
    });
    rx
}

async fn show(pass: &StoredPass) -> Result<(), Error> {
    let period = pass.period_s()?;
    let mut input = stdin_lines();
    let mut stdin_open = true;
    let mut tick = tokio::time::interval(Duration::from_secs(1));
    let ctrl_c = tokio::signal::ctrl_c();
    tokio::pin!(ctrl_c);
    let mut last_code = String::new();
    let mut art = String::new();
    loop {
        tokio::select! {
            _ = tick.tick() => {
                let now = unix_now();
                let code = pass.code_at(now)?.to_string();
                if code != last_code {
                    art = qr::render(&code)?;
                    last_code.clone_from(&code);
                }
                let left = period - now % period;
                let mut frame = String::from("\x1b[2J\x1b[H");
                frame.push_str(&format!("{}  (pass {})\n", pass.label(), pass.pass_id));
                frame.push_str(&art);
                frame.push_str(&format!("\n{code}\nnext code in {left:>2} s\n"));
                if let Some(w) = validity_warning(pass, None) {
                    frame.push_str(&format!("WARNING: {w}\n"));
                }
                frame.push_str("q + Enter or ctrl-c to quit\n");
                let mut out = std::io::stdout().lock();
                out.write_all(frame.as_bytes())?;
                out.flush()?;
            }
            line = input.recv(), if stdin_open => match line {
                Some(l) if l.trim().eq_ignore_ascii_case("q") => break,
                Some(_) => {}
                None => stdin_open = false,
            },
            _ = &mut ctrl_c => break,
        }
    }
    Ok(())
}

async fn tap_gate(wallet: &Wallet, addr: &str, once: bool, limit: Duration) -> Result<u8, Error> {
    let tap_error = |source| Error::Tap {
        addr: addr.to_owned(),
        source,
    };
    let stream = tokio::time::timeout(Duration::from_secs(5), tokio::net::TcpStream::connect(addr))
        .await
        .map_err(|_| tap_error(std::io::ErrorKind::TimedOut.into()))?
        .map_err(tap_error)?;
    eprintln!("connected to gate tap endpoint {addr}; waiting for challenges");
    let (read, write) = stream.into_split();
    let reader = tokio::io::BufReader::new(read);
    let work = tap::answer_challenges(wallet, reader, write, once, |event| match event {
        TapEvent::Answered { pass, label } => eprintln!("answered the gate for {label:?} ({pass})"),
        TapEvent::NotOurs(pass) => {
            eprintln!("ignored a challenge for pass {pass} (not in this wallet)")
        }
        TapEvent::CannotAnswer { pass, why } => eprintln!("cannot answer for pass {pass}: {why}"),
        TapEvent::Result {
            outcome, reason, ..
        } => match reason {
            Some(r) => eprintln!("gate: {outcome} ({r})"),
            None => eprintln!("gate: {outcome}"),
        },
    });
    let outcome = if once {
        tokio::time::timeout(limit, work)
            .await
            .map_err(|_| Error::TapTimeout(addr.to_owned()))?
    } else {
        work.await
    }?;
    Ok(match outcome.as_deref() {
        Some("denied") => EXIT_DENIED,
        _ => EXIT_OK,
    })
}

/// The first line of standard input: a claim link piped in (`tessera-wallet claim -`).
fn read_link_from_stdin() -> Result<String, Error> {
    let mut line = String::new();
    std::io::stdin()
        .read_line(&mut line)
        .map_err(|_| Error::BadClaimLink("could not read the claim link from standard input"))?;
    if line.trim().is_empty() {
        return Err(Error::BadClaimLink(
            "standard input held no claim link (pipe the link in, e.g. `echo LINK | tessera-wallet claim -`)",
        ));
    }
    Ok(line)
}
