//! A small authoritative DNS server on loopback for the sign-in domain proof (issue 50):
//! real DNS messages over UDP and TCP (RFC 1035 §4.2) on one port of 127.0.0.1, answering
//! the TXT records a test publishes, NXDOMAIN for every other name. The server under test
//! reaches it through its ordinary resolver (`TESSERA_DNS_SERVER`), as it would a
//! company's name server; the messages are read and written by `hickory-proto`, the
//! resolver's own wire code.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use anyhow::{Context, Result};
use hickory_proto::op::{Message, MessageType, ResponseCode};
use hickory_proto::rr::rdata::TXT;
use hickory_proto::rr::{Name, RData, Record, RecordType};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, UdpSocket};

type Records = Arc<Mutex<HashMap<String, Vec<String>>>>;

/// A running DNS server; it stops when dropped.
pub struct DnsServer {
    /// Where it listens, UDP and TCP.
    pub addr: SocketAddr,
    records: Records,
    tasks: Vec<tokio::task::JoinHandle<()>>,
}

impl Drop for DnsServer {
    fn drop(&mut self) {
        for task in &self.tasks {
            task.abort();
        }
    }
}

impl DnsServer {
    /// Starts a server with no records.
    ///
    /// # Errors
    /// When no port is free for both UDP and TCP.
    pub async fn start() -> Result<Self> {
        let mut tries = 0;
        let (udp, tcp) = loop {
            let udp = UdpSocket::bind("127.0.0.1:0").await?;
            match TcpListener::bind(udp.local_addr()?).await {
                Ok(tcp) => break (udp, tcp),
                Err(error) if tries < 20 => {
                    tries += 1;
                    let _ = error;
                }
                Err(error) => return Err(error).context("a port free for UDP and TCP"),
            }
        };
        let addr = udp.local_addr()?;
        let records: Records = Arc::default();
        let udp_records = Arc::clone(&records);
        let udp_task = tokio::spawn(async move {
            let mut buffer = vec![0u8; 4096];
            while let Ok((len, from)) = udp.recv_from(&mut buffer).await {
                if let Some(answer) = answer(&buffer[..len], &udp_records) {
                    let _ = udp.send_to(&answer, from).await;
                }
            }
        });
        let tcp_records = Arc::clone(&records);
        let tcp_task = tokio::spawn(async move {
            while let Ok((mut stream, _)) = tcp.accept().await {
                let records = Arc::clone(&tcp_records);
                tokio::spawn(async move {
                    loop {
                        let Ok(len) = stream.read_u16().await else {
                            return;
                        };
                        let mut query = vec![0u8; usize::from(len)];
                        if stream.read_exact(&mut query).await.is_err() {
                            return;
                        }
                        let Some(answer) = answer(&query, &records) else {
                            return;
                        };
                        let Ok(len) = u16::try_from(answer.len()) else {
                            return;
                        };
                        if stream.write_u16(len).await.is_err()
                            || stream.write_all(&answer).await.is_err()
                        {
                            return;
                        }
                    }
                });
            }
        });
        Ok(DnsServer {
            addr,
            records,
            tasks: vec![udp_task, tcp_task],
        })
    }

    /// Publishes a TXT record (one more, beside any others) at `name`.
    pub fn publish_txt(&self, name: &str, value: &str) {
        if let Ok(mut records) = self.records.lock() {
            records
                .entry(normal(name))
                .or_default()
                .push(value.to_owned());
        }
    }

    /// Removes every record at `name`.
    pub fn remove(&self, name: &str) {
        if let Ok(mut records) = self.records.lock() {
            records.remove(&normal(name));
        }
    }
}

fn normal(name: &str) -> String {
    name.trim_end_matches('.').to_ascii_lowercase()
}

/// The answer to one query message, or nothing for what is not one.
fn answer(query: &[u8], records: &Records) -> Option<Vec<u8>> {
    let query = Message::from_vec(query).ok()?;
    let mut response = Message::new();
    response
        .set_id(query.id())
        .set_message_type(MessageType::Response)
        .set_op_code(query.op_code())
        .set_authoritative(true)
        .set_recursion_desired(query.recursion_desired())
        .set_recursion_available(true);
    let question = query.queries().first()?.clone();
    response.add_query(question.clone());
    let name = normal(&question.name().to_ascii());
    let found = records.lock().ok()?.get(&name).cloned();
    match found {
        None => {
            response.set_response_code(ResponseCode::NXDomain);
        }
        Some(values) => {
            if question.query_type() == RecordType::TXT {
                let owner = Name::from_ascii(&name)
                    .ok()?
                    .append_domain(&Name::root())
                    .ok()?;
                for value in values {
                    response.add_answer(Record::from_rdata(
                        owner.clone(),
                        60,
                        RData::TXT(TXT::new(vec![value])),
                    ));
                }
            }
        }
    }
    response.to_vec().ok()
}
