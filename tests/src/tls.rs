//! A certificate authority each TLS test makes for itself: the server gets a leaf for
//! `127.0.0.1` and `localhost` signed by it, and every client is told to trust it (reqwest
//! by `add_root_certificate`, `tessera-gate` and `tessera-wallet` by `SSL_CERT_FILE`, Node by
//! `NODE_EXTRA_CA_CERTS`, Chromium by the leaf key's SPKI pin). Nothing is installed system
//! wide, and nothing outlives the test's temp dir.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use rcgen::{
    BasicConstraints, CertificateParams, DnType, ExtendedKeyUsagePurpose, IsCa, KeyPair,
    KeyUsagePurpose,
};
use sha2::{Digest, Sha256};

/// The files of a test CA and the server certificate it signed.
#[derive(Debug, Clone)]
pub struct TestCa {
    /// The CA certificate (PEM), what clients trust.
    pub ca_pem: PathBuf,
    /// The server's certificate chain (PEM): `--tls-cert`.
    pub cert_pem: PathBuf,
    /// The server's private key (PEM): `--tls-key`.
    pub key_pem: PathBuf,
    /// base64 of the SHA-256 of the leaf's SubjectPublicKeyInfo, for Chromium's
    /// `--ignore-certificate-errors-spki-list`.
    pub leaf_spki_sha256: String,
}

impl TestCa {
    /// Makes a CA and a server certificate valid for a month, and writes them into `dir`.
    ///
    /// # Errors
    /// When key generation, signing or a write fails.
    pub fn create(dir: &Path) -> Result<Self> {
        let now = time::OffsetDateTime::now_utc();
        let mut ca_params = CertificateParams::new(Vec::<String>::new())?;
        ca_params.is_ca = IsCa::Ca(BasicConstraints::Unconstrained);
        ca_params
            .distinguished_name
            .push(DnType::CommonName, "Tessera test CA");
        ca_params.key_usages = vec![
            KeyUsagePurpose::KeyCertSign,
            KeyUsagePurpose::CrlSign,
            KeyUsagePurpose::DigitalSignature,
        ];
        ca_params.not_before = now - time::Duration::days(1);
        ca_params.not_after = now + time::Duration::days(30);
        let ca_key = KeyPair::generate()?;
        let ca = ca_params.self_signed(&ca_key)?;

        let mut leaf =
            CertificateParams::new(vec!["127.0.0.1".to_owned(), "localhost".to_owned()])?;
        leaf.distinguished_name
            .push(DnType::CommonName, "localhost");
        leaf.extended_key_usages = vec![ExtendedKeyUsagePurpose::ServerAuth];
        leaf.key_usages = vec![KeyUsagePurpose::DigitalSignature];
        leaf.not_before = now - time::Duration::days(1);
        leaf.not_after = now + time::Duration::days(30);
        let leaf_key = KeyPair::generate()?;
        let cert = leaf.signed_by(&leaf_key, &ca, &ca_key)?;

        let write = |name: &str, text: String| -> Result<PathBuf> {
            let path = dir.join(name);
            std::fs::write(&path, text).with_context(|| format!("write {}", path.display()))?;
            Ok(path)
        };
        let spki = Sha256::digest(leaf_key.public_key_der());
        Ok(Self {
            ca_pem: write("test-ca.pem", ca.pem())?,
            cert_pem: write("server-cert.pem", format!("{}{}", cert.pem(), ca.pem()))?,
            key_pem: write("server-key.pem", leaf_key.serialize_pem())?,
            leaf_spki_sha256: data_encoding::BASE64.encode(&spki),
        })
    }

    /// The CA as a reqwest root certificate.
    ///
    /// # Errors
    /// When the file cannot be read or parsed.
    pub fn reqwest_root(&self) -> Result<reqwest::Certificate> {
        let pem = std::fs::read(&self.ca_pem).context("read the test CA")?;
        Ok(reqwest::Certificate::from_pem(&pem)?)
    }
}
