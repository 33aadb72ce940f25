//! The pages' message catalogues, for what the server itself writes to people (issue 34):
//! the invitation mailed to a visitor, the approval request mailed to a host, a host's
//! push notification. The same `web/locales/<tag>.ftl` files the pages use (Project
//! Fluent), compiled in, so a message reads as the pages do and adding a language is still
//! adding one file.
//!
//! A message's language is the recipient's own (the pass's, the subscription's), else the
//! organisation's default, else English ([`Catalogues::text`]); a language the catalogues
//! lack is matched by its primary subtag (`de-AT` is German), then falls back the same way.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource};

/// The catalogue every other one is checked against, and the last fallback.
pub const DEFAULT_LANGUAGE: &str = "en";

#[derive(rust_embed::Embed)]
#[folder = "../../../web/locales/"]
struct Files;

/// Every language's catalogue, parsed once.
pub struct Catalogues {
    bundles: BTreeMap<String, Catalogue>,
}

struct Catalogue {
    bundle: FluentBundle<FluentResource>,
    rtl: bool,
}

impl std::fmt::Debug for Catalogues {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Catalogues")
            .field("languages", &self.bundles.keys().collect::<Vec<_>>())
            .finish()
    }
}

/// The catalogues compiled into this binary.
pub fn catalogues() -> &'static Catalogues {
    static LOADED: OnceLock<Catalogues> = OnceLock::new();
    LOADED.get_or_init(Catalogues::load)
}

impl Catalogues {
    fn load() -> Self {
        let mut bundles = BTreeMap::new();
        for name in Files::iter() {
            // `<tag>.ftl` at the top only.
            let Some(tag) = name.strip_suffix(".ftl").filter(|tag| !tag.contains('/')) else {
                continue;
            };
            let Some(file) = Files::get(&name) else {
                continue;
            };
            let Ok(text) = String::from_utf8(file.data.into_owned()) else {
                tracing::error!(%tag, "a catalogue is not UTF-8; left out");
                continue;
            };
            match Catalogue::parse(tag, text) {
                Ok(catalogue) => {
                    bundles.insert(tag.to_owned(), catalogue);
                }
                Err(error) => tracing::error!(%tag, %error, "a catalogue does not parse; left out"),
            }
        }
        Catalogues { bundles }
    }

    /// The installed language tags.
    pub fn languages(&self) -> impl Iterator<Item = &str> {
        self.bundles.keys().map(String::as_str)
    }

    /// The installed tag that serves `wanted`: itself, or its primary language.
    pub fn find(&self, wanted: &str) -> Option<&str> {
        let wanted = wanted.trim();
        if wanted.is_empty() {
            return None;
        }
        let primary = wanted.split(['-', '_']).next().unwrap_or(wanted);
        self.bundles
            .keys()
            .find(|tag| tag.eq_ignore_ascii_case(wanted))
            .or_else(|| {
                self.bundles
                    .keys()
                    .find(|tag| tag.eq_ignore_ascii_case(primary))
            })
            .map(String::as_str)
    }

    /// Text in the first of `wanted` the catalogues serve, else English.
    pub fn text<'a>(&'a self, wanted: &[Option<&str>]) -> Text<'a> {
        let tag = wanted
            .iter()
            .flatten()
            .find_map(|tag| self.find(tag))
            .unwrap_or(DEFAULT_LANGUAGE);
        Text {
            tag: tag.to_owned(),
            catalogues: self,
        }
    }
}

impl Catalogue {
    fn parse(tag: &str, text: String) -> Result<Self, String> {
        let resource = FluentResource::try_new(text)
            .map_err(|(_, errors)| format!("{} syntax errors", errors.len()))?;
        let langid = tag
            .parse::<unic_langid::LanguageIdentifier>()
            .map_err(|error| error.to_string())?;
        let mut bundle = FluentBundle::new_concurrent(vec![langid]);
        bundle
            .add_resource(resource)
            .map_err(|errors| format!("{} duplicate messages", errors.len()))?;
        let rtl = bundle
            .get_message("language-direction")
            .and_then(|message| message.value())
            .map(|pattern| {
                let mut errors = Vec::new();
                bundle.format_pattern(pattern, None, &mut errors) == "rtl"
            })
            .unwrap_or(false);
        // Isolation marks keep a Latin name whole inside right-to-left text; left-to-right
        // languages do without them, as the pages do.
        bundle.set_use_isolating(rtl);
        Ok(Catalogue { bundle, rtl })
    }

    fn format(&self, id: &str, args: &[(&str, &str)]) -> Option<String> {
        let pattern = self.bundle.get_message(id)?.value()?;
        let mut fluent_args = FluentArgs::new();
        for (name, value) in args {
            fluent_args.set(*name, *value);
        }
        let mut errors = Vec::new();
        let text = self
            .bundle
            .format_pattern(pattern, Some(&fluent_args), &mut errors);
        Some(text.into_owned())
    }
}

/// The messages of one language.
#[derive(Debug)]
pub struct Text<'a> {
    tag: String,
    catalogues: &'a Catalogues,
}

impl Text<'_> {
    /// The language's tag (for `lang`).
    pub fn tag(&self) -> &str {
        &self.tag
    }

    /// `rtl` or `ltr` (for `dir`).
    pub fn dir(&self) -> &'static str {
        match self.catalogues.bundles.get(&self.tag) {
            Some(catalogue) if catalogue.rtl => "rtl",
            _ => "ltr",
        }
    }

    /// Message `id` with `args`; English when this language lacks it (the catalogue test
    /// forbids that), the id itself when English does too.
    pub fn get(&self, id: &str, args: &[(&str, &str)]) -> String {
        [self.tag.as_str(), DEFAULT_LANGUAGE]
            .into_iter()
            .filter_map(|tag| self.catalogues.bundles.get(tag))
            .find_map(|catalogue| catalogue.format(id, args))
            .unwrap_or_else(|| id.to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_five_languages_are_compiled_in_and_parse() {
        let languages: Vec<&str> = catalogues().languages().collect();
        for tag in ["ar", "de", "en", "es", "fr"] {
            assert!(languages.contains(&tag), "{tag} in {languages:?}");
        }
    }

    #[test]
    fn the_language_is_the_first_the_catalogues_serve() {
        let all = catalogues();
        let cases: [(&[Option<&str>], &str); 7] = [
            (&[Some("de")], "de"),
            (&[Some("de-AT")], "de"),
            (&[Some("FR")], "fr"),
            (&[Some("pt-BR"), Some("es")], "es"),
            (&[None, Some("ar")], "ar"),
            (&[Some("pt")], "en"),
            (&[], "en"),
        ];
        for (wanted, tag) in cases {
            assert_eq!(all.text(wanted).tag(), tag, "{wanted:?}");
        }
        assert_eq!(all.text(&[Some("ar")]).dir(), "rtl");
        assert_eq!(all.text(&[Some("de")]).dir(), "ltr");
    }

    #[test]
    fn messages_are_formatted_with_their_arguments() {
        let all = catalogues();
        let venue = [("venue", "Olympiahalle")];
        assert_eq!(
            all.text(&[Some("en")])
                .get("mail-invitation-subject", &venue),
            "Your pass for Olympiahalle"
        );
        let german = all
            .text(&[Some("de")])
            .get("mail-invitation-subject", &venue);
        assert!(german.contains("Olympiahalle"), "{german}");
        assert_ne!(german, "Your pass for Olympiahalle");
        // Arabic isolates the Latin name inside right-to-left text.
        let arabic = all
            .text(&[Some("ar")])
            .get("mail-invitation-subject", &venue);
        assert!(
            arabic.contains("\u{2068}Olympiahalle\u{2069}"),
            "{arabic:?}"
        );
        assert_eq!(
            all.text(&[Some("de")]).get("no-such-message", &[]),
            "no-such-message"
        );
    }
}
