//! Start-up refusals of what would hand a secret to someone else: an on-site node's token
//! file that group or others may read, and an upstream reached over plain HTTP through a
//! network (the node's token crosses it in every request, and every pass's keys come back).
//!
//! Both are configuration errors, so `serve` stops with a message saying what to change.

use std::io::Read;
use std::net::IpAddr;
use std::path::Path;

use zeroize::Zeroizing;

use crate::error::{Error, Result};

/// The longest node token file read: a token is a line of under a hundred characters.
const MAX_TOKEN_FILE: u64 = 4096;

/// Refuses an `--upstream` that is not `https://`, unless it is `http://` to this machine
/// (`localhost`, 127.0.0.0/8, `::1`), as tests and a local TLS-terminating proxy use.
///
/// # Errors
/// [`Error::Config`] naming the host.
pub fn check_upstream(upstream: &url::Url) -> Result<()> {
    match upstream.scheme() {
        "https" => Ok(()),
        "http" if is_loopback(upstream) => Ok(()),
        "http" => Err(Error::Config(format!(
            "--upstream http://{}: plain HTTP would send the node's token and the site's pass \
             keys across the network readable; use https:// (plain http:// only to this \
             machine: localhost, 127.0.0.1, ::1)",
            upstream.host_str().unwrap_or_default()
        ))),
        _ => Err(Error::Config(
            "--upstream must be an https:// URL (or http:// to this machine)".into(),
        )),
    }
}

fn is_loopback(url: &url::Url) -> bool {
    match url.host() {
        Some(url::Host::Domain(name)) => {
            name.trim_end_matches('.').eq_ignore_ascii_case("localhost")
        }
        Some(url::Host::Ipv4(ip)) => IpAddr::V4(ip).is_loopback(),
        Some(url::Host::Ipv6(ip)) => {
            ip.is_loopback() || ip.to_ipv4_mapped().is_some_and(|v4| v4.is_loopback())
        }
        None => false,
    }
}

/// Reads the node's token from the first line of `path`, refusing a file that group or
/// others may read or write (as ssh refuses such a private key). A file in
/// `credentials_dir` (systemd's `$CREDENTIALS_DIRECTORY`, from `LoadCredential=`) is private
/// to the service by construction, whatever its mode bits say (systemd grants the service
/// user read access by an ACL, which shows as group bits).
///
/// # Errors
/// [`Error::Config`] saying what to change: the file's mode, its owner, or its contents.
pub fn read_token_file(path: &Path, credentials_dir: Option<&Path>) -> Result<Zeroizing<String>> {
    let shown = path.display();
    let file = std::fs::File::open(path).map_err(|error| {
        let hint = if error.kind() == std::io::ErrorKind::PermissionDenied {
            " (the server's user cannot read it: `chown tessera` it, or pass it with \
             systemd's LoadCredential=; docs/operations.md, \"On-site node\")"
        } else {
            ""
        };
        Error::Config(format!("--node-token-file {shown}: {error}{hint}"))
    })?;
    let from_systemd = credentials_dir.is_some_and(|dir| path.starts_with(dir));
    #[cfg(unix)]
    if !from_systemd {
        use std::os::unix::fs::PermissionsExt;
        let mode = file
            .metadata()
            .map_err(|error| Error::Config(format!("--node-token-file {shown}: {error}")))?
            .permissions()
            .mode();
        if mode & 0o077 != 0 {
            return Err(Error::Config(format!(
                "--node-token-file {shown} has mode {:04o}: group or others may read the \
                 node's token; make it private (`chmod 600 {shown}`, owned by the server's \
                 user)",
                mode & 0o7777
            )));
        }
    }
    let mut text = Zeroizing::new(String::new());
    file.take(MAX_TOKEN_FILE)
        .read_to_string(&mut text)
        .map_err(|error| Error::Config(format!("--node-token-file {shown}: {error}")))?;
    let token = Zeroizing::new(text.lines().next().unwrap_or_default().trim().to_owned());
    if token.is_empty() {
        return Err(Error::Config(format!("--node-token-file {shown} is empty")));
    }
    Ok(token)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn url(text: &str) -> url::Url {
        url::Url::parse(text).unwrap()
    }

    #[test]
    fn plain_http_is_for_this_machine_only() {
        for ok in [
            "https://central.example.org/",
            "http://127.0.0.1:8080/",
            "http://127.1.2.3/",
            "http://[::1]:9/",
            "http://localhost:8080/",
            "http://LOCALHOST./",
        ] {
            assert!(check_upstream(&url(ok)).is_ok(), "{ok} is refused");
        }
        for refused in [
            "http://example.org/",
            "http://10.0.0.1/",
            "http://[::2]/",
            "http://localhost.example.org/",
            "ftp://127.0.0.1/",
        ] {
            match check_upstream(&url(refused)) {
                Err(Error::Config(message)) => {
                    assert!(message.contains("--upstream"), "{message}");
                }
                other => panic!("{refused}: {other:?}"),
            }
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_token_file_others_may_read_is_refused() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("node-token");
        std::fs::write(&path, "TOKEN-VALUE\n").unwrap();
        for loose in [0o644, 0o640, 0o604, 0o620] {
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(loose)).unwrap();
            match read_token_file(&path, None) {
                Err(Error::Config(message)) => {
                    assert!(message.contains(&format!("{loose:04o}")), "{message}");
                    assert!(message.contains("chmod 600"), "{message}");
                    assert!(!message.contains("TOKEN-VALUE"), "{message}");
                }
                other => panic!("{loose:o}: {other:?}"),
            }
        }
        for private in [0o600, 0o400] {
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(private)).unwrap();
            assert_eq!(
                read_token_file(&path, None).unwrap().as_str(),
                "TOKEN-VALUE"
            );
        }
        // systemd's credentials are the service's own, whatever their mode bits show.
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o440)).unwrap();
        assert_eq!(
            read_token_file(&path, Some(dir.path())).unwrap().as_str(),
            "TOKEN-VALUE"
        );
        let elsewhere = tempfile::tempdir().unwrap();
        assert!(read_token_file(&path, Some(elsewhere.path())).is_err());
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).unwrap();
        std::fs::write(&path, "\n").unwrap();
        assert!(
            read_token_file(&path, None).is_err(),
            "an empty file is refused"
        );
    }
}
