//! The configuration file (issue 33): TOML, read when `--config FILE` or `TESSERA_CONFIG`
//! names one (the Debian package's unit names `/etc/tessera/tessera.toml`).
//!
//! Its keys are the settings' names: the flag without its dashes, in snake case
//! (`--database-url` and `TESSERA_DATABASE_URL` are `database_url`). Precedence is flag >
//! environment > file > default: the file's values become the defaults clap falls back to
//! when neither a flag nor a variable gives one. An unknown key, a table, or a value the
//! setting's own parser refuses is an error naming the file, the line and the key, before
//! anything starts.

use std::collections::BTreeMap;
use std::ffi::{OsStr, OsString};
use std::path::{Path, PathBuf};

use clap::Command;

/// The flag and variable that name the file.
pub const CONFIG_FLAG: &str = "--config";
/// The variable that names the file when no flag does.
pub const CONFIG_ENV: &str = "TESSERA_CONFIG";

/// What a configuration file could not give.
#[derive(Debug, thiserror::Error)]
pub enum FileError {
    /// The file could not be read.
    #[error("cannot read the configuration file {path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// Not TOML (the parser's message names the line).
    #[error("{path}: not valid TOML: {message}")]
    Syntax {
        /// The file.
        path: PathBuf,
        /// The parser's message.
        message: String,
    },
    /// A key no setting has, or a value its setting refuses.
    #[error("{path}:{line}: {key}: {message}")]
    Setting {
        /// The file.
        path: PathBuf,
        /// 1-based.
        line: usize,
        /// The key.
        key: String,
        /// What is wrong.
        message: String,
    },
}

/// The settings a file gives, checked: each key's values as text, by setting id.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FileValues {
    /// The file.
    pub path: Option<PathBuf>,
    /// Setting id → its values (one, or several for a list).
    pub values: BTreeMap<String, Vec<String>>,
}

/// The file named by `--config FILE` / `--config=FILE` in `args`, else by `TESSERA_CONFIG`.
pub fn named_file(args: &[OsString]) -> Option<PathBuf> {
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        if arg == OsStr::new("--") {
            break;
        }
        if arg == OsStr::new(CONFIG_FLAG) {
            return args.next().map(PathBuf::from);
        }
        if let Some(path) = arg.to_str().and_then(|text| text.strip_prefix("--config=")) {
            return Some(PathBuf::from(path));
        }
    }
    std::env::var_os(CONFIG_ENV)
        .filter(|path| !path.is_empty())
        .map(PathBuf::from)
}

/// Reads and checks `path` against `command`'s settings (the arguments with a
/// `TESSERA_*` variable, but the file's own).
///
/// # Errors
/// [`FileError`], naming the file, and the line and key where one is at fault.
pub fn load(path: &Path, command: &Command) -> Result<FileValues, FileError> {
    let text = std::fs::read_to_string(path).map_err(|source| FileError::Read {
        path: path.to_owned(),
        source,
    })?;
    parse(path, &text, command)
}

/// The 1-based line of byte `offset` in `text`.
fn line_of(text: &str, offset: usize) -> usize {
    text.get(..offset)
        .map_or(0, |before| before.matches('\n').count())
        + 1
}

/// Checks `text` (the contents of `path`) against `command`'s settings.
///
/// # Errors
/// [`FileError::Syntax`] or [`FileError::Setting`].
pub fn parse(path: &Path, text: &str, command: &Command) -> Result<FileValues, FileError> {
    let document =
        toml_edit::Document::parse(text.to_owned()).map_err(|error| FileError::Syntax {
            path: path.to_owned(),
            message: error.to_string().trim().replace('\n', " "),
        })?;
    let mut command = command.clone();
    command.build();
    let mut values = BTreeMap::new();
    for (key, item) in document.as_table().iter() {
        let line = document
            .as_table()
            .key(key)
            .and_then(toml_edit::Key::span)
            .map_or(0, |span| line_of(text, span.start));
        let refuse = |message: String| FileError::Setting {
            path: path.to_owned(),
            line,
            key: key.to_owned(),
            message,
        };
        let arg = command
            .get_arguments()
            .find(|arg| arg.get_id().as_str() == key && arg.get_env().is_some())
            .filter(|arg| arg.get_env() != Some(OsStr::new(CONFIG_ENV)))
            .ok_or_else(|| {
                refuse(
                    "no such setting (the keys are the flags' names in snake case, e.g. \
                     database_url for --database-url; `tessera-server config check` lists \
                     them)"
                        .into(),
                )
            })?;
        let texts = match item.as_value() {
            Some(toml_edit::Value::String(text)) => vec![text.value().clone()],
            Some(toml_edit::Value::Integer(number)) => vec![number.value().to_string()],
            Some(toml_edit::Value::Boolean(flag)) => vec![flag.value().to_string()],
            Some(toml_edit::Value::Array(list)) => list
                .iter()
                .map(|value| match value {
                    toml_edit::Value::String(text) => Ok(text.value().clone()),
                    toml_edit::Value::Integer(number) => Ok(number.value().to_string()),
                    _ => Err(refuse("a list holds strings or integers".into())),
                })
                .collect::<Result<_, _>>()?,
            _ => {
                return Err(refuse(
                    "a setting is a string, an integer, a boolean or a list".into(),
                ))
            }
        };
        // A list is split by the setting's delimiter, like its variable.
        let texts: Vec<String> = match arg.get_value_delimiter() {
            Some(delimiter) => texts
                .iter()
                .flat_map(|text| text.split(delimiter).map(str::to_owned))
                .collect(),
            None if texts.len() == 1 => texts,
            None => return Err(refuse("takes one value, not a list".into())),
        };
        // Each value goes through the setting's own parser: a command of that one
        // argument, given the value as its flag.
        let long = arg.get_long().unwrap_or(key).to_owned();
        let alone = Command::new("file").no_binary_name(true).arg(
            clap::Arg::new(key.to_owned())
                .long(long.clone())
                .num_args(1)
                .value_parser(arg.get_value_parser().clone()),
        );
        for value in &texts {
            alone
                .clone()
                .try_get_matches_from([format!("--{long}"), value.clone()])
                .map_err(|error| refuse(clap_words(&error.to_string())))?;
        }
        values.insert(key.to_owned(), texts);
    }
    Ok(FileValues {
        path: Some(path.to_owned()),
        values,
    })
}

/// The first line of a clap error without its `error: ` and its `for '--flag <VALUE>'`.
fn clap_words(message: &str) -> String {
    let first = message
        .lines()
        .next()
        .unwrap_or("invalid value")
        .trim_start_matches("error: ");
    match first.find(" for '--") {
        Some(start) => {
            let rest = &first[start + " for '".len()..];
            match rest.find('\'') {
                Some(end) => format!("{}{}", &first[..start], &rest[end + 1..]),
                None => first.to_owned(),
            }
        }
        None => first.to_owned(),
    }
}

/// `command` with the file's values as its settings' defaults: a flag or a variable still
/// wins over them.
pub fn apply(command: Command, file: &FileValues) -> Command {
    file.values.iter().fold(command, |command, (id, values)| {
        let values: Vec<clap::builder::OsStr> = values
            .iter()
            .map(|value| clap::builder::OsStr::from(clap::builder::Str::from(value.clone())))
            .collect();
        command.mut_arg(id.as_str(), move |arg| arg.default_values(values))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::{Arg, ArgAction};

    fn command() -> Command {
        Command::new("t")
            .arg(
                Arg::new("pool_max")
                    .long("pool-max")
                    .env("TESSERA_TEST_POOL_MAX")
                    .value_parser(clap::value_parser!(u32))
                    .default_value("32"),
            )
            .arg(
                Arg::new("header_timeout_s")
                    .long("header-timeout-s")
                    .env("TESSERA_TEST_HEADER_TIMEOUT_S")
                    .value_parser(clap::value_parser!(u64).range(1..=30))
                    .default_value("10"),
            )
            .arg(
                Arg::new("trusted_proxies")
                    .long("trusted-proxies")
                    .env("TESSERA_TEST_TRUSTED_PROXIES")
                    .value_delimiter(',')
                    .value_parser(clap::value_parser!(std::net::IpAddr))
                    .action(ArgAction::Append),
            )
            .arg(Arg::new("org").long("org"))
    }

    fn parsed(text: &str) -> Result<FileValues, FileError> {
        parse(Path::new("/etc/tessera/tessera.toml"), text, &command())
    }

    #[test]
    fn keys_become_defaults_below_flags() {
        let file =
            parsed("# a comment\npool_max = 8\ntrusted_proxies = [\"10.0.0.1\", \"10.0.0.2\"]\n")
                .expect("valid");
        assert_eq!(file.values["pool_max"], ["8"]);
        assert_eq!(file.values["trusted_proxies"], ["10.0.0.1", "10.0.0.2"]);
        let cmd = apply(command(), &file);
        let from_file = cmd.clone().get_matches_from(["t"]);
        assert_eq!(from_file.get_one::<u32>("pool_max"), Some(&8));
        assert_eq!(
            from_file
                .get_many::<std::net::IpAddr>("trusted_proxies")
                .map(Iterator::count),
            Some(2)
        );
        let flag = cmd.get_matches_from(["t", "--pool-max", "4"]);
        assert_eq!(flag.get_one::<u32>("pool_max"), Some(&4));
    }

    #[test]
    fn faults_name_the_line_and_the_key() {
        let cases = [
            (
                "pool_max = 8\npool_maxx = 9\n",
                2,
                "pool_maxx",
                "no such setting",
            ),
            (
                "\n\nheader_timeout_s = 99\n",
                3,
                "header_timeout_s",
                "not in 1..=30",
            ),
            ("pool_max = \"many\"\n", 1, "pool_max", "invalid digit"),
            ("org = \"x\"\n", 1, "org", "no such setting"),
            ("[pool]\nmax = 3\n", 1, "pool", "no such setting"),
            (
                "pool_max = { a = 1 }\n",
                1,
                "pool_max",
                "a setting is a string",
            ),
            ("pool_max = [1, 2]\n", 1, "pool_max", "takes one value"),
        ];
        for (text, line, key, words) in cases {
            match parsed(text) {
                Err(FileError::Setting {
                    line: l,
                    key: k,
                    message,
                    ..
                }) => {
                    assert_eq!((l, k.as_str()), (line, key), "{text:?}: {message}");
                    assert!(message.contains(words), "{text:?}: {message}");
                }
                other => panic!("{text:?}: {other:?}"),
            }
        }
        let error = parsed("pool_max = = 3\n").expect_err("not TOML");
        assert!(
            error
                .to_string()
                .starts_with("/etc/tessera/tessera.toml: not valid TOML")
                && error.to_string().contains("line 1"),
            "{error}"
        );
    }

    #[test]
    fn the_file_is_named_by_the_flag_first() {
        let args = |list: &[&str]| list.iter().map(OsString::from).collect::<Vec<_>>();
        assert_eq!(
            named_file(&args(&["tessera-server", "--config", "/a.toml", "serve"])),
            Some(PathBuf::from("/a.toml"))
        );
        assert_eq!(
            named_file(&args(&["tessera-server", "serve", "--config=/b.toml"])),
            Some(PathBuf::from("/b.toml"))
        );
    }
}
