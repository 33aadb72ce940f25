//! Malformed WebSocket traffic: oversized, fragmented past the limit, declared-huge, binary,
//! deeply nested JSON and invalid UTF-8. Each gets an `error` or a close, never a crash, a
//! hang or an allocation of what the header claims, and the server keeps serving others.
//!
//! Why raw frames: a well-behaved client library never sends invalid UTF-8 in a text frame or
//! a 1 TiB length header, but an attacker's socket does. These frames are written as bytes
//! (through tungstenite's raw `Frame`, or straight onto the TCP stream) to reach the server's
//! own decoder.

use std::time::Duration;

use anyhow::{bail, Context, Result};
use futures_util::{SinkExt, StreamExt};
use tessera_protocol::messages::ErrorCode;
use tessera_tests::gate::{connect_raw, Socket};
use tessera_tests::{both_backends, Backend, TestServer};
use tokio::io::AsyncWriteExt;
use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data, OpCode};
use tokio_tungstenite::tungstenite::protocol::frame::Frame;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::MaybeTlsStream;

use crate::common::{healthz_answers, honest_admission_still_works};

both_backends!(hostile_frames_get_an_error_or_a_close_and_others_are_served);

/// What the server did with one hostile frame.
#[derive(Debug, PartialEq, Eq)]
enum Fate {
    /// An `error` with this code; the connection stays open.
    Error(ErrorCode),
    /// A close frame with this code.
    Closed(u16),
    /// The TCP connection ended without a close frame.
    Dropped,
}

/// Reads until the server answers `frame` with a message or closes.
async fn fate(socket: &mut Socket) -> Result<Fate> {
    loop {
        let next = tokio::time::timeout(Duration::from_secs(5), socket.next())
            .await
            .context("the server neither answered nor closed within 5 s")?;
        match next {
            Some(Ok(Message::Text(text))) => {
                let value: serde_json::Value = serde_json::from_str(text.as_str())?;
                if value["type"] == "error" {
                    let code: ErrorCode = serde_json::from_value(value["code"].clone())?;
                    return Ok(Fate::Error(code));
                }
                bail!("expected an error or a close, got {text}");
            }
            Some(Ok(Message::Close(Some(frame)))) => return Ok(Fate::Closed(frame.code.into())),
            Some(Ok(Message::Close(None))) | None | Some(Err(_)) => return Ok(Fate::Dropped),
            Some(Ok(_)) => {}
        }
    }
}

/// Writes bytes straight onto the connection's TCP stream, bypassing the WebSocket encoder.
async fn write_raw(socket: &mut Socket, bytes: &[u8]) -> Result<()> {
    match socket.get_mut() {
        MaybeTlsStream::Plain(tcp) => tcp.write_all(bytes).await.context("raw write"),
        _ => bail!("expected a plain TCP stream"),
    }
}

fn text_frame(payload: Vec<u8>, fin: bool) -> Message {
    Message::Frame(Frame::message(payload, OpCode::Data(Data::Text), fin))
}

fn continuation(payload: Vec<u8>, fin: bool) -> Message {
    Message::Frame(Frame::message(payload, OpCode::Data(Data::Continue), fin))
}

async fn hostile_frames_get_an_error_or_a_close_and_others_are_served(
    backend: Backend,
) -> Result<()> {
    let server = TestServer::start(backend).await?;
    let admin = server.admin();
    let device = admin.create_gate("hostile", None).await?;
    let url = server.gate_ws_url();
    let token = device.device_token.as_str();

    let nested_small = "[".repeat(16_000);
    let nested_in_field = format!(
        r#"{{"type":"scan","scan_id":"{}","code":{}{}}}"#,
        uuid::Uuid::new_v4(),
        "[".repeat(8_000),
        "]".repeat(8_000)
    );
    // (what, frames to send, acceptable fates)
    let cases: Vec<(&str, Vec<Message>, Vec<Fate>)> = vec![
        (
            "32 KiB text frame",
            vec![Message::text("x".repeat(32 * 1024))],
            vec![Fate::Closed(1009)],
        ),
        (
            "100k '[' (nested, oversized)",
            vec![Message::text("[".repeat(100_000))],
            vec![Fate::Closed(1009)],
        ),
        (
            "16k '[' (nested, within the size limit)",
            vec![Message::text(nested_small)],
            vec![Fate::Error(ErrorCode::BadRequest)],
        ),
        (
            "8k-deep array as the code field",
            vec![Message::text(nested_in_field)],
            vec![Fate::Error(ErrorCode::BadRequest)],
        ),
        (
            "binary frame",
            vec![Message::binary(vec![0u8; 64])],
            vec![Fate::Error(ErrorCode::BadRequest)],
        ),
        (
            "invalid UTF-8 in a text frame",
            vec![text_frame(
                b"{\"type\":\"scan\",\"code\":\"\xff\xfe\xc0\xaf\"}".to_vec(),
                true,
            )],
            // RFC 6455 §8.1 suggests 1007; PROTOCOL.md only asks for an error or a close.
            vec![
                Fate::Closed(1007),
                Fate::Closed(1009),
                Fate::Closed(1002),
                Fate::Dropped,
            ],
        ),
        (
            "UTF-8 sequence split across fragments, then invalid",
            vec![
                text_frame(b"{\"a\":\"\xe2\x82".to_vec(), false),
                continuation(b"\x28\"}".to_vec(), true),
            ],
            vec![
                Fate::Closed(1007),
                Fate::Closed(1009),
                Fate::Closed(1002),
                Fate::Dropped,
            ],
        ),
        (
            "fragments adding up past 16 KiB",
            vec![
                text_frame(vec![b' '; 10 * 1024], false),
                continuation(vec![b' '; 10 * 1024], true),
            ],
            vec![Fate::Closed(1009)],
        ),
        (
            "continuation without a start",
            vec![continuation(b"{}".to_vec(), true)],
            vec![Fate::Closed(1002), Fate::Closed(1009), Fate::Dropped],
        ),
    ];
    let mut report = Vec::new();
    for (what, frames, acceptable) in cases {
        let mut socket = connect_raw(&url, Some(token)).await?;
        let _welcome = socket.next().await;
        for frame in frames {
            // The server may close before the last fragment; that is an acceptable fate.
            if socket.send(frame).await.is_err() {
                break;
            }
        }
        let got = fate(&mut socket).await.with_context(|| what.to_owned())?;
        assert!(
            acceptable.contains(&got),
            "{what}: got {got:?}, expected one of {acceptable:?}"
        );
        if let Fate::Error(_) = got {
            // The connection survived: it still answers a scan.
            socket
                .send(Message::text(format!(
                    r#"{{"type":"scan","scan_id":"{}","code":"x"}}"#,
                    uuid::Uuid::new_v4()
                )))
                .await?;
            let next = tokio::time::timeout(Duration::from_secs(5), socket.next())
                .await
                .with_context(|| format!("{what}: no answer after the error"))?;
            assert!(
                matches!(next, Some(Ok(Message::Text(_)))),
                "{what}: the connection did not survive an error: {next:?}"
            );
        }
        report.push(format!("{what} → {got:?}"));
        honest_admission_still_works(&server, &admin)
            .await
            .with_context(|| what.to_owned())?;
    }

    // Headers that claim a huge payload: the server must close on the header, not wait for
    // (or allocate) 1 TiB. 0x81 = FIN|text, 0xFF = masked|64-bit length.
    let mut socket = connect_raw(&url, Some(token)).await?;
    let _welcome = socket.next().await;
    let mut header = vec![0x81u8, 0xFF];
    header.extend_from_slice(&(1u64 << 40).to_be_bytes());
    header.extend_from_slice(&[1, 2, 3, 4]);
    write_raw(&mut socket, &header).await?;
    let got = fate(&mut socket).await.context("1 TiB header")?;
    assert!(
        matches!(got, Fate::Closed(1009) | Fate::Closed(1002) | Fate::Dropped),
        "1 TiB length header: {got:?}"
    );
    report.push(format!("1 TiB length header → {got:?}"));
    // An unmasked client frame is a protocol violation (RFC 6455 §5.1).
    let mut socket = connect_raw(&url, Some(token)).await?;
    let _welcome = socket.next().await;
    write_raw(&mut socket, &[0x81, 0x02, b'{', b'}']).await?;
    let got = fate(&mut socket).await.context("unmasked frame")?;
    assert!(
        matches!(
            got,
            Fate::Closed(_) | Fate::Dropped | Fate::Error(ErrorCode::BadRequest)
        ),
        "unmasked frame: {got:?}"
    );
    report.push(format!("unmasked client frame → {got:?}"));

    healthz_answers(&server).await?;
    honest_admission_still_works(&server, &admin).await?;
    println!("hostile frames ({backend}):\n  {}", report.join("\n  "));
    Ok(())
}
