//! HTTPS without a proxy: WebCrypto and service workers need a secure context, so a phone
//! that reaches the server by a LAN or public name needs TLS. Given `--tls-cert` and
//! `--tls-key` the server terminates TLS itself with rustls (ring provider, TLS 1.2 and 1.3,
//! HTTP/1.1 by ALPN); gates then use `wss://`. A bad file stops start-up with its name.

use std::path::Path;
use std::sync::Arc;

use rustls_pki_types::pem::PemObject;
use rustls_pki_types::{CertificateDer, PrivateKeyDer};
use tokio_rustls::rustls;
use tokio_rustls::TlsAcceptor;

use crate::error::{Error, Result};

fn tls_error(path: &Path, message: impl std::fmt::Display) -> Error {
    Error::Tls {
        path: path.to_owned(),
        message: message.to_string(),
    }
}

/// Loads a PEM certificate chain and its private key into an acceptor.
///
/// # Errors
/// [`Error::Tls`] naming the file that is missing, unreadable, empty or mismatched.
pub fn acceptor(cert: &Path, key: &Path) -> Result<TlsAcceptor> {
    let chain = CertificateDer::pem_file_iter(cert)
        .map_err(|error| tls_error(cert, error))?
        .collect::<std::result::Result<Vec<_>, _>>()
        .map_err(|error| tls_error(cert, error))?;
    if chain.is_empty() {
        return Err(tls_error(cert, "no PEM certificate in the file"));
    }
    let private = PrivateKeyDer::from_pem_file(key).map_err(|error| tls_error(key, error))?;
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let mut config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|error| tls_error(cert, error))?
        .with_no_client_auth()
        .with_single_cert(chain, private)
        .map_err(|error| tls_error(key, format!("does not match the certificate: {error}")))?;
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    Ok(TlsAcceptor::from(Arc::new(config)))
}
