# Tessera's messages in German (Deutsch, formal "Sie"): a translation of en.ftl with exactly
# its message ids and variables (test/unit/catalogues.test.mjs). Project Fluent syntax:
# https://projectfluent.org/fluent/guide/

## About the language itself

# The language's name in itself, as the switcher lists it.
language-name = Deutsch
# ltr or rtl: the direction of the pages in this language.
language-direction = ltr

## Every page

common-language = Sprache
common-times-in-zone = Uhrzeiten in Ortszeit des Standorts ({ $zone }).
common-sso-email = Geschäftliche E-Mail-Adresse
common-sso-email-help = Sie melden sich auf der Anmeldeseite Ihrer Organisation an und kehren dann hierher zurück.
common-sso-continue = Mit Single Sign-on fortfahren
common-sso-email-invalid = Geben Sie Ihre geschäftliche E-Mail-Adresse ein, z. B. ada@example.com.
common-sso-title = Mit Ihrer Organisation anmelden

## A server's error code, in words (the code itself stays on screen where staff need it)

error-other = Der Server hat dies abgelehnt ({ $code }).
error-unauthorized = Sie sind nicht angemeldet, oder Ihr Schlüssel ist nicht mehr gültig.
error-forbidden = Dieser Schlüssel ist dafür nicht berechtigt.
error-key-sign-in-off = Die Anmeldung mit einem Schlüssel ist hier deaktiviert: Bitte verwenden Sie Single Sign-on.
error-not-found = Nicht gefunden.
error-invalid-claim = Dieser Link funktioniert nicht: Er wurde bereits verwendet, ersetzt oder falsch eingegeben.
error-invalid-pairing = Dieser Kopplungslink wurde bereits verwendet oder ist abgelaufen.
error-already-claimed = Dieser Ausweis befindet sich bereits in einer anderen Wallet.
error-revoked = Dieser Ausweis wurde storniert.
error-invalid-public-key = Der Schlüssel der Wallet wurde abgelehnt.
error-bad-request = Die Anfrage wurde nicht verstanden.
error-payload-too-large = Die Daten sind zu groß zum Senden.
error-rate-limited = Zu viele Versuche: Bitte warten Sie einen Moment und versuchen Sie es dann erneut.
error-refused-by-policy = Die Regeln der Organisation lassen das nicht zu.
error-already-acknowledged = Dieser Alarm wurde bereits von jemandem quittiert.
error-already-resolved = Dieser Alarm wurde bereits abgeschlossen.
error-not-permitted = Für diese Person ist das nicht möglich. Bitte wenden Sie sich an das Personal.
error-invalid-field = Ein Feld fehlt oder ist ungültig.
error-storage-unavailable = Der Server kann seine Datenbank gerade nicht erreichen: Bitte versuchen Sie es in Kürze erneut.
error-internal = Auf dem Server ist ein Fehler aufgetreten: Bitte versuchen Sie es erneut und informieren Sie das Personal, falls das Problem weiterhin besteht.
error-transfer-not-allowed = Dieser Ausweis kann nicht weitergegeben werden.
error-not-claimed = Dieser Ausweis ist noch in keiner Wallet.
error-request-id-reused = Diese Anfrage wurde bereits mit anderem Inhalt gesendet.
error-already-decided = Über diese Anfrage wurde bereits entschieden.
error-approval-timeout = Die Frist für eine Antwort auf diese Anfrage ist abgelaufen.
error-bad-proof = Diese Wallet konnte die Übertragung nicht nachweisen.
error-invalid-nonce = Der Übertragungslink ist abgelaufen: Bitte erstellen Sie einen neuen.
error-unknown-pass = Dieser Ausweis ist hier nicht bekannt.
error-key-revoked = Dieser Schlüssel wurde widerrufen: Bitte erstellen Sie stattdessen einen neuen.
error-last-admin-key = Der letzte Administratorschlüssel kann nicht widerrufen werden.
error-network = Keine Verbindung zum Server. Bitte prüfen Sie die Netzwerkverbindung und versuchen Sie es erneut.

## Mail and notifications the server sends (in the recipient’s language)

mail-invitation-subject = Ihr Besucherausweis für { $venue }
mail-invitation-heading = { $venue } hat einen Besucherausweis für Sie
mail-invitation-greeting = Guten Tag { $name },
mail-invitation-when = Wann
mail-invitation-where = Wo
mail-invitation-host = Ihr Gastgeber
mail-invitation-any-entrance = beliebiger Eingang
mail-invitation-open = Ausweis öffnen
mail-invitation-open-text = Öffnen Sie Ihren Ausweis auf Ihrem Smartphone:
mail-invitation-other-device = Auf einem anderen Gerät scannen Sie den QR-Code in dieser Nachricht.
mail-invitation-scan = Auf einem anderen Gerät scannen Sie diesen Code mit der Kamera Ihres Smartphones:
mail-invitation-qr-alt = QR-Code des Links zu Ihrem Ausweis
mail-invitation-yours-alone = Dieser Link gilt nur für Sie: Das erste Smartphone, das ihn öffnet, erhält den Ausweis. Zeigen Sie am Einlass den wechselnden Code vor; ein Screenshot funktioniert nicht.
mail-invitation-button-fallback = Falls die Schaltfläche nicht funktioniert, öffnen Sie diese Adresse: { $url }
mail-times-in-zone = Alle Zeiten in der Zeitzone des Standorts ({ $zone }).
mail-approval-subject = { $visitor } wartet auf Sie ({ $gate })
mail-approval-heading = { $visitor } wartet auf Sie ({ $gate })
mail-approval-intro = { $visitor } wartet am Einlass ({ $gate }) und möchte zu Ihnen.
mail-approval-note = Notiz des Sicherheitspersonals: { $note }
mail-approval-approve = Genehmigen
mail-approval-approve-text = Genehmigen (Einlass gewähren): { $url }
mail-approval-deny = Ablehnen
mail-approval-deny-text = Ablehnen: { $url }
mail-approval-until = Jeder Link funktioniert einmal, bis { $until }; danach ist die Anfrage abgelaufen. Es zählt die Antwort, die zuerst eingeht, ob hier oder auf der Gastgeberseite.
push-walk-in-title = { $visitor } wartet
push-walk-in-body = Am Einlass { $gate }. Genehmigen Sie, um den Besuch einzulassen.
push-walk-in-body-note = Am Einlass { $gate } ({ $note }). Genehmigen Sie, um den Besuch einzulassen.
push-approve = Genehmigen
push-deny = Ablehnen
push-approved = { $visitor } wird eingelassen
push-denied = { $visitor } wird abgewiesen
push-already-answered = { $visitor }: bereits beantwortet
push-answer-failed = Antwort für { $visitor } nicht möglich
push-answered-body = Am Einlass { $gate }.
push-answer-failed-body = Öffnen Sie die Gastgeberseite, um zu sehen, was geschehen ist.

## The security console's words for the audit log (audit-*), made by src/console/model.js.
## German (formal "Sie"); exactly the ids and variables of parts/audit/en.ftl. The TSR1
## names (foreign_nonce, stale_code, auth_failure, claim_conflict…) stay as they are.

## Event kinds

audit-kind-scan = Scan
audit-kind-challenge-issued = Challenge ausgegeben
audit-kind-response = Antwort
audit-kind-challenge-unanswered = Challenge unbeantwortet
audit-kind-rate-limited = Gedrosselt
audit-kind-gate-connection-refused = Einlassverbindung abgelehnt
audit-kind-claim = Ausweis in Wallet aufgenommen
audit-kind-claim-rejected = Aufnahme in Wallet abgelehnt
audit-kind-claim-conflict = Konflikt bei Wallet-Aufnahme
audit-kind-pass-issued = Ausweis ausgestellt
audit-kind-pass-revoked = Ausweis storniert
audit-kind-api-key-created = API-Schlüssel erstellt
audit-kind-api-key-revoked = API-Schlüssel widerrufen
audit-kind-api-key-rotated = API-Schlüssel erneuert
audit-kind-gate-created = Einlass angelegt
audit-kind-auth-failure = Authentifizierung fehlgeschlagen
audit-kind-gate-pairing-created = Kopplungslink für Einlass erstellt
audit-kind-gate-paired = Einlass gekoppelt
audit-kind-gate-revoked = Einlass widerrufen
audit-kind-gate-connected = Einlass verbunden
audit-kind-gate-disconnected = Einlass getrennt
audit-kind-console-signed-in = Konsole: angemeldet
audit-kind-console-signed-out = Konsole: abgemeldet
audit-kind-retention = Aufbewahrungsfrist angewendet
audit-kind-host-created = Gastgeber angelegt
audit-kind-walk-in-requested = Spontanbesuch angefragt
audit-kind-walk-in-approved = Spontanbesuch genehmigt
audit-kind-walk-in-denied = Spontanbesuch abgelehnt
audit-kind-walk-in-expired = Spontanbesuch abgelaufen
audit-kind-pass-rebound = Ausweis neu gebunden
audit-kind-transfer-started = Übertragung gestartet
audit-kind-pass-transferred = Ausweis übertragen
audit-kind-transfer-rejected = Übertragung abgelehnt
audit-kind-webhook-created = Webhook erstellt
audit-kind-webhook-disabled = Webhook deaktiviert
audit-kind-webhook-enabled = Webhook aktiviert
audit-kind-webhook-secret-rotated = Webhook-Geheimnis erneuert
audit-kind-webhook-deleted = Webhook gelöscht
audit-kind-zone-created = Zone angelegt
audit-kind-zone-checkout = Zone verlassen
audit-kind-sso-configured = Single Sign-on eingerichtet
audit-kind-sso-removed = Single Sign-on entfernt
audit-kind-sso-sign-in-failed = Single-Sign-on-Anmeldung fehlgeschlagen
audit-kind-sso-sessions-ended = Single-Sign-on-Sitzungen beendet
audit-kind-sso-domain-changed = Anmeldedomäne geändert
audit-kind-session-ended = Sitzung beendet
audit-kind-message-queued = Nachricht eingereiht
audit-kind-message-sent = Nachricht gesendet
audit-kind-message-bounced = Nachricht unzustellbar
audit-kind-message-dead = Nachricht aufgegeben
audit-kind-message-expired = Nachricht verfallen
audit-kind-mail-settings-changed = E-Mail-Einstellungen geändert
audit-kind-alarm-acknowledged = Alarm quittiert
audit-kind-alarm-assigned = Alarm zugewiesen
audit-kind-alarm-resolved = Alarm abgeschlossen
audit-kind-watchlist-hit = Treffer auf der Beobachtungsliste
audit-kind-watchlist-entry-added = Eintrag zur Beobachtungsliste hinzugefügt
audit-kind-watchlist-entry-changed = Eintrag der Beobachtungsliste geändert
audit-kind-watchlist-entry-removed = Eintrag von der Beobachtungsliste entfernt
audit-kind-personal-data-exported = Personenbezogene Daten exportiert
audit-kind-personal-data-erased = Personenbezogene Daten gelöscht
audit-kind-privacy-settings-changed = Datenschutzeinstellungen geändert
audit-kind-locale-settings-changed = Sprach- und Zeitzoneneinstellungen geändert
audit-kind-roll-call-started = Anwesenheitskontrolle gestartet
audit-kind-roll-call-marked = Person bei Anwesenheitskontrolle erfasst
audit-kind-roll-call-ended = Anwesenheitskontrolle beendet
audit-kind-muster-scanned = Scan am Sammelpunkt
audit-kind-muster-refused = Scan am Sammelpunkt abgelehnt
audit-kind-site-node-created = Server vor Ort eingerichtet
audit-kind-site-lease-granted = Standort-Lease erteilt
audit-kind-site-lease-ended = Standort-Lease beendet
audit-kind-site-lease-extended = Standort-Lease vor Ort verlängert
audit-kind-site-conflict = Konflikt vor Ort
audit-kind-site-node-revoked = Server vor Ort widerrufen
audit-kind-site-node-token-rotated = neues Token für Server vor Ort
audit-kind-site-node-resumed = Server vor Ort darf wieder eine Lease nehmen
audit-kind-site-node-fault = Server vor Ort übertrug Abgelehntes

## Severities

audit-severity-info = Info
audit-severity-warning = Warnung
audit-severity-high = Hoch

## One event in a line

audit-by = { $what } — von { $who }
audit-resent = { $what } (erneut gesendet)
audit-on-site = { $what } (vor Ort)
audit-from-node = { $what } — vom Server { $node }
audit-node-revoked = Server { $node } widerrufen: Sein Token gilt nicht mehr
audit-node-token-rotated = neues Token für Server { $node }: Das alte gilt nicht mehr
audit-node-resumed = Server { $node } darf die Lease seines Standorts wieder nehmen
audit-node-fault =
    { $count ->
        [one] Server { $node } übertrug { $count } Eintrag, den dieser Server ablehnte
       *[other] Server { $node } übertrug { $count } Einträge, die dieser Server ablehnte
    }
audit-node-fault-why =
    { $count ->
        [one] Server { $node } übertrug { $count } Eintrag, den dieser Server ablehnte: { $reasons }
       *[other] Server { $node } übertrug { $count } Einträge, die dieser Server ablehnte: { $reasons }
    }
audit-node-fault-reason = { $count } × { $words } ({ $reason })
audit-node-fault-foreign-kind = eine Art, die kein Server vor Ort erzeugt
audit-node-fault-malformed-details = Details in falscher Form
audit-node-fault-severity-too-high = ein für die Art zu hoher Schweregrad
audit-node-fault-foreign-gate = ein Einlass eines anderen Standorts
audit-node-fault-foreign-pass = ein Ausweis eines anderen Standorts
audit-node-fault-outside-lease = eine Zeit außerhalb seiner Leases
audit-node-fault-foreign-lease = eine Lease, die er nie hielt
audit-sso-refused = Single Sign-on abgelehnt: { $reason }
audit-sso-refused-detail = Single Sign-on abgelehnt: { $reason } ({ $detail })
audit-mail-queued = Ausweislink zum Versand eingereiht
audit-mail-queued-to = Ausweislink für { $to } zum Versand eingereiht
audit-mail-resent = Ausweislink erneut gesendet
audit-mail-resent-to = Ausweislink erneut an { $to } gesendet
audit-mail-sent = E-Mail gesendet
audit-mail-sent-to = E-Mail an { $to } gesendet
audit-mail-bounced = E-Mail unzustellbar
audit-mail-bounced-to = E-Mail an { $to } unzustellbar
audit-mail-bounced-error = E-Mail unzustellbar ({ $error })
audit-mail-bounced-to-error = E-Mail an { $to } unzustellbar ({ $error })
audit-mail-dead = E-Mail-Zustellung aufgegeben
audit-mail-dead-to = E-Mail-Zustellung an { $to } aufgegeben
audit-mail-dead-error = E-Mail-Zustellung aufgegeben ({ $error })
audit-mail-dead-to-error = E-Mail-Zustellung an { $to } aufgegeben ({ $error })
audit-mail-expired = E-Mail nicht gesendet: Der Ausweis ist vorher abgelaufen
audit-mail-expired-to = E-Mail nicht gesendet: Der Ausweis ist vorher abgelaufen ({ $to })
audit-sso-sessions-ended = Sitzungen vom Identitätsanbieter beendet ({ $cause ->
        [access_ended] Zugang entzogen
       *[other] dort abgemeldet
    })
audit-scan-denied = Scan abgelehnt: { $reason } — { $words }
audit-scan-resent = Scan erneut gesendet
audit-scan-refused = Scan zurückgewiesen: { $error }
audit-answer = Antwort
audit-answer-denied = Antwort abgelehnt: { $reason } — { $words }
audit-answer-refused = Antwort zurückgewiesen: { $error }
audit-outcome-admitted = Eingelassen
audit-outcome-already-admitted = Bereits eingelassen
audit-outcome-denied = Abgelehnt
audit-challenge-unanswered = Challenge unbeantwortet (ohne gültige Antwort abgelaufen)
audit-claim-conflict = claim_conflict — eine zweite Wallet wollte diesen Ausweis aufnehmen
audit-auth-failure-count = × { $count }
audit-auth-failure-surface = über { $surface }
audit-detail = ({ $detail })
audit-claim-refused = Aufnahme in Wallet abgelehnt
audit-claim-refused-why = Aufnahme in Wallet abgelehnt ({ $reason })
audit-rate-limited = Gedrosselt
audit-rate-limited-frames = Gedrosselt: { $frames ->
        [one] { $frames } Frame
       *[other] { $frames } Frames
    }
audit-walk-in-requested = Spontanbesuch angefragt
audit-walk-in-approved = Spontanbesuch vom Gastgeber genehmigt: eingelassen
audit-walk-in-denied = Spontanbesuch vom Gastgeber abgelehnt
audit-walk-in-expired = Spontanbesuch abgelaufen: Der Gastgeber hat nicht rechtzeitig geantwortet
audit-pass-rebound = Ausweis an eine neue Wallet gebunden (die alte funktioniert nicht mehr)
audit-pass-transferred = Ausweis an eine neue Person übertragen
audit-gate-short = Einlass { $id }
audit-pass-short = Ausweis { $id }
audit-node-unknown = unbekannt
audit-clock-date = { $day }.{ $month }.{ $year } { $time }

## The event filters' checks

audit-filter-gate-id = Der Einlass muss eine ID wie 0190c3e1-…-… sein; wählen Sie einen aus einer Liste oder fügen Sie die ID ein.
audit-filter-pass-id = Der Ausweis muss eine ID wie 0190c3e1-…-… sein; wählen Sie einen aus einer Liste oder fügen Sie die ID ein.
audit-filter-severity = Der Schweregrad muss „Info“, „Warnung“ oder „Hoch“ sein.
audit-filter-since-until = Der Beginn muss vor dem Ende liegen.

## Alarms

audit-alarms-filter-active = Offen und quittiert
audit-alarms-filter-open = Offen
audit-alarms-filter-acknowledged = Quittiert
audit-alarms-filter-resolved = Abgeschlossen
audit-alarms-filter-all = Alle
audit-alarm-outcome-confirmed = Bestätigt
audit-alarm-outcome-false-alarm = Fehlalarm
audit-alarm-outcome-duplicate = Duplikat
audit-alarm-outcome-no-action = Keine Maßnahme
audit-alarm-state-open = Offen
audit-alarm-acknowledged-by = Quittiert von { $who }
audit-alarm-acknowledged-by-someone = Von jemandem quittiert
audit-alarm-resolved-by = Abgeschlossen ({ $outcome ->
        [confirmed] bestätigt
        [false_alarm] Fehlalarm
        [duplicate] Duplikat
        [no_action] keine Maßnahme
       *[none] ohne Ergebnis
    }) von { $who }
audit-alarm-resolved-by-someone = Von jemandem abgeschlossen ({ $outcome ->
        [confirmed] bestätigt
        [false_alarm] Fehlalarm
        [duplicate] Duplikat
        [no_action] keine Maßnahme
       *[none] ohne Ergebnis
    })

## Die Sicherheitskonsole (/console): console-*
## Deutsch (förmlich „Sie“); genau die Ids und Variablen von parts/console/en.ftl.
## Begriffe wie im Einlass und im Protokoll: Einlass (gate), Ausweis (pass), Alarm quittieren,
## abschließen, Anwesenheitskontrolle, in Sicherheit, Kopplung, Spontanbesuch.

console-title = Tessera-Sicherheitskonsole
console-opening = Konsole wird geöffnet…
console-try-again = Erneut versuchen
console-start-network = Der Server ist nicht erreichbar. Prüfen Sie das Netzwerk.
console-start-not-ready = Der Server ist noch nicht bereit (HTTP { $status }).
console-host-session = Sie sind auf diesem Gerät als Gastgeber angemeldet: Gastgeber nutzen /host. Melden Sie sich hier mit einem Administrator- oder Prüferschlüssel an.

## Anmeldung mit einem Schlüssel

console-signin-intro = Alarme, Einlässe, Ausweise und das Protokoll Ihrer Organisation.
console-signin-key = API-Schlüssel
console-signin-key-help = Ein Administrator- oder Prüferschlüssel. Er wird einmal gesendet, um eine Sitzung zu öffnen, und nicht auf diesem Gerät gespeichert.
console-signin-button = Anmelden
console-signin-key-missing = Geben Sie einen API-Schlüssel ein.
console-signin-host-key = Das ist ein Gastgeberschlüssel: Gastgeber nutzen die Gastgeberseite unter /host. Die Konsole ist für Administrator- und Prüferschlüssel.
console-signin-network = Der Server ist nicht erreichbar. Prüfen Sie das Netzwerk und versuchen Sie es erneut.
console-signin-not-accepted = Dieser API-Schlüssel wurde nicht akzeptiert. Prüfen Sie ihn und versuchen Sie es erneut.
console-signin-forbidden = Mit diesem Schlüssel lässt sich die Konsole nicht öffnen: Das geht nur mit Administrator- und Prüferschlüsseln (oder die Seite liegt nicht unter der eigenen Adresse des Servers).
console-signin-rate-limited = Zu viele fehlgeschlagene Anmeldungen von dieser Adresse. Warten Sie eine Minute und versuchen Sie es dann erneut.
console-signin-refused = Der Server hat die Anmeldung abgelehnt ({ $code }).
console-signed-out = Abgemeldet.
console-session-ended = Ihre Sitzung ist beendet. Melden Sie sich erneut an.
console-session-expired = Ihre Sitzung ist abgelaufen (eine Schicht). Melden Sie sich erneut an.

## Fehler eines Aufrufs. $action ist eine der console-action-*-Meldungen unten: ein
## substantivierter Infinitiv, der nach „beim“ und „zum“ steht („Abmelden“).

console-problem-network = Fehler beim { $action }: Der Server ist nicht erreichbar. Prüfen Sie das Netzwerk und versuchen Sie es erneut.
console-problem-forbidden = Keine Berechtigung zum { $action } mit dieser Sitzung ({ $code }).
console-problem-not-found = Fehler beim { $action }: nicht gefunden.
console-problem-rate-limited = Zu viele Anfragen. Warten Sie eine Minute und versuchen Sie es dann erneut.
console-problem-status = Fehler beim { $action }: HTTP { $status }.
console-problem-refused = Fehler beim { $action }: { $reason }
console-invalid-field = Ein Feld fehlt oder ist ungültig ({ $field }).

console-action-sign-out = Abmelden
console-action-read-alarms = Abrufen des Alarmstands
console-action-read-pass-events = Abrufen der Ereignisse des Ausweises
console-action-acknowledge = Quittieren des Alarms
console-action-assign = Zuweisen des Alarms
console-action-resolve = Abschließen des Alarms
console-action-read-events = Abrufen des Ereignisprotokolls
console-action-read-gate = Abrufen des Einlasses
console-action-pair = Erstellen eines Kopplungslinks
console-action-revoke-gate = Sperren des Einlasses
console-action-list-passes = Auflisten der Ausweise
console-action-read-pass = Abrufen des Ausweises
console-action-revoke-pass = Stornieren des Ausweises
console-action-replay = erneuten Zustellen des Ereignisses
console-action-list-webhooks = Auflisten der Webhooks
console-action-list-dead-letters = Auflisten der unzustellbaren Ereignisse
console-action-resend = erneuten Senden des Links
console-action-list-messages = Auflisten der Nachrichten
console-action-read-watchlist = Abrufen der Beobachtungsliste
console-action-remove-entry = Entfernen des Eintrags
console-action-add-watchlist = Hinzufügen zur Beobachtungsliste
console-action-read-roll-calls = Abrufen der Anwesenheitskontrollen
console-action-start-roll-call = Starten der Anwesenheitskontrolle
console-action-mark-safe = Erfassen von { $name } als in Sicherheit
console-action-end-roll-call = Beenden der Anwesenheitskontrolle
console-action-read-roll-call = Abrufen der Anwesenheitskontrolle
console-action-save-sso = Speichern der Single-Sign-on-Einstellungen
console-action-list-sessions = Auflisten der Sitzungen
console-action-end-session = Beenden der Sitzung
console-action-read-sso = Abrufen der Single-Sign-on-Einstellungen
console-action-issue-pass = Ausstellen des Ausweises
console-action-create-gate = Anlegen des Einlasses
console-action-read-nodes = Abrufen der Server vor Ort
console-action-reclaim-lease = Zurückholen der Lease von { $label }
console-action-revoke-node = Widerrufen von { $label }
console-action-rotate-node = Erstellen eines neuen Tokens für { $label }
console-action-resume-node = Freigeben der Lease für { $label }

## Leiste und Reiter

console-brand-sub = Sicherheitskonsole
console-sign-out = Abmelden
console-role =
    { $role ->
        [admin] Administrator
        [security] Sicherheitsdienst
        [auditor] Prüfer
        [issuer] Aussteller
        [host] Gastgeber
       *[other] { $role }
    }
console-feed-live = LIVE
console-feed-connecting = VERBINDE
console-feed-reconnecting = VERBINDE NEU
console-views = Ansichten
console-tab-alarms = Alarme
console-tab-events = Ereignisse
console-tab-gates = Einlässe
console-tab-nodes = Server vor Ort
console-tab-passes = Ausweise
console-tab-webhooks = Webhooks
console-tab-messages = Nachrichten
console-tab-watchlist = Beobachtungsliste
console-tab-rollcall = Anwesenheitskontrolle
console-tab-admin = Verwalten
console-tab-signin = Anmeldung

## Gemeinsame Teile

console-loading = Wird geladen…
console-load-more = Mehr laden
console-refresh = Aktualisieren
console-show = Anzeigen
console-cancel = Abbrechen
console-copy = Kopieren
console-copied = Kopiert.
console-copy-selected = Markiert: Drücken Sie Strg+C zum Kopieren.
console-timeline = Verlauf
console-timeline-loading = Verlauf wird geladen…
console-timeline-count =
    { $count ->
        [one] { $count } Ereignis
       *[other] { $count } Ereignisse
    }, älteste zuerst; neue erscheinen, sobald sie geschehen.
console-timeline-of = Verlauf von { $pass }
console-tl-challenge-to = Challenge ausgegeben an { $gate }
console-actor-title = { $name }: { $subject } bei { $issuer }

## Alarme

console-alarms = Alarme
console-alarms-loading = Alarme werden geladen…
console-alarms-none-open = Keine offenen Alarme. Kopierte Zugangsdaten eines Einlasses (foreign_nonce), wiederverwendete Codes (code_replayed), verbrannte Challenges, Konflikte beim Hinzufügen und Treffer auf der Beobachtungsliste erscheinen hier binnen einer Sekunde.
console-alarms-none = Hier gibt es keine Alarme.
console-back-alarms = ← Alle Alarme
console-alarm-no-pass = kein Ausweis
console-alarm-no-gate = kein Einlass
console-alarm-at = bei { $gate }
console-alarm-from = von { $source }
console-alarm-from-node = vom Server { $node }
console-alarm-at-from-node = an { $gate }, vom Server { $node }
console-alarm-node = Server { $node }
console-alarm-challenge-of = Challenge von
console-alarm-first-used-at = Code zuerst verwendet bei
console-alarm-about-foreign-nonce = eine Antwort auf die Challenge eines anderen Einlasses: kopierte Zugangsdaten eines Einlasses?
console-alarm-about-code-replayed = ein Code, mit dem an einem anderen Einlass bereits jemand eingelassen wurde: eine Kopie?
console-alarm-about-challenge-burned = eine durch falsche Antworten verbrannte Challenge
console-alarm-about-claim-conflict = eine zweite Wallet wollte einen bereits hinzugefügten Ausweis übernehmen: ein weitergegebener Link?
console-alarm-about-watchlist-hit = eine Person der Beobachtungsliste an einem Einlass, oder ein für sie ausgestellter oder hinzugefügter Ausweis (siehe Beobachtungsliste)
console-alarm-about-auth-failure = fehlgeschlagene Authentifizierungen aus einer Quelle (für diese Organisation: eine Konsolensitzung ohne ihr CSRF-Token oder von einer anderen Website verwendet)
console-alarm-about-site-node-fault = ein Server vor Ort übertrug, was dieser Server ablehnte: ein gestohlenes Token oder ein fehlerhafter Server? Prüfen Sie ihn und widerrufen Sie ihn im Zweifel in der Ansicht „Server vor Ort“
console-alarm-gone = Dieser Alarm ist nicht mehr im Feed.
console-alarm-choose = Wählen Sie einen Alarm, um zu sehen, was damit geschehen ist, und den Verlauf des Ausweises: jeden Scan, jede Challenge und jede Antwort.
console-alarm-heading = Alarm { $id }
console-alarm-fact-alarm = Alarm
console-alarm-fact-state = Status
console-alarm-fact-assigned-to = Zugewiesen an
console-alarm-fact-when = Wann
console-alarm-fact-where = Wo
console-alarm-fact-shipped-by = Übertragen vom Server
console-alarm-fact-node = Server
console-alarm-fact-refused = Abgelehnt
console-alarm-fact-pass = Ausweis
console-alarm-fact-reason = Grund
console-alarm-acknowledge = Quittieren
console-alarm-assign = Zuweisen
console-alarm-assign-to = Zuweisen an
console-alarm-resolve = Abschließen
console-alarm-outcome = Ergebnis
console-alarm-note = Notiz
console-alarm-already-acknowledged-by = Dieser Alarm wurde bereits von { $name } quittiert.
console-alarm-already-acknowledged = Dieser Alarm wurde bereits quittiert.
console-alarm-already-resolved-by = Dieser Alarm wurde bereits von { $name } abgeschlossen.
console-alarm-already-resolved = Dieser Alarm wurde bereits abgeschlossen.

## Ereignisse: Filter und Export

console-events = Ereignisse
console-filters = Filter
console-filter-kind = Art
console-filter-severity = Schweregrad
console-filter-gate = Einlass
console-filter-pass = Ausweis
console-filter-since = Seit
console-filter-until = Bis
console-filter-any = alle
console-filter-pass-placeholder = eine Ausweis-ID
console-filter-apply = Filter anwenden
console-filter-clear = Zurücksetzen
console-gate-option-revoked = { $gate } (gesperrt)
console-export-csv = CSV exportieren
console-export-jsonl = JSONL exportieren
console-filtered-by = Gefiltert nach { $filters }
console-all-events = Alle Ereignisse
console-events-summary =
    { $count ->
        [one] { $count } Ereignis
       *[other] { $count } Ereignisse
    }, älteste zuerst. Der Export verwendet genau diese Filter.
console-events-summary-more =
    { $count ->
        [one] { $count } Ereignis
       *[other] { $count } Ereignisse
    } bisher (älteste zuerst; weitere unten). Der Export verwendet genau diese Filter.

## Tabellenspalten

console-col-time = Zeit
console-col-severity = Schweregrad
console-col-event = Ereignis
console-col-gate = Einlass
console-col-pass = Ausweis
console-col-state = Status
console-col-uses = Nutzungen
console-col-site = Standort
console-col-valid-until = Gültig bis
console-col-type = Typ
console-col-attempts = Versuche
console-col-last-error = Letzter Fehler
console-col-queued = Eingereiht
console-col-to = An
console-col-what = Was
console-col-person = Person
console-col-mode = Modus
console-col-reason = Grund
console-col-added-by = Hinzugefügt von
console-col-expires = Läuft ab
console-col-started = Gestartet
console-col-who = Wer
console-col-safe = In Sicherheit
console-col-name = Name
console-col-status = Status
console-col-last-seen = Zuletzt gesehen
console-col-marked-by = Erfasst von
console-col-where = Wo
console-col-when = Wann
console-col-email = E-Mail
console-col-role = Rolle
console-col-since = Seit
console-col-ends = Endet

## Einlässe

console-gates = Einlässe
console-gate = Einlass
console-gates-loading = Einlässe werden geladen…
console-gates-count =
    { $count ->
        [one] { $count } Einlass
       *[other] { $count } Einlässe
    }; { $online } online.
console-create-gate = Einlass anlegen
console-gate-online = ONLINE
console-gate-offline = OFFLINE
console-gate-connected-now = jetzt verbunden
console-gate-never-connected = nie verbunden
console-gate-last-seen = zuletzt gesehen { $ago } ({ $time })
console-gate-connected-now-sentence = Jetzt verbunden.
console-gate-never-connected-sentence = Nie verbunden.
console-gate-last-seen-sentence = Zuletzt gesehen { $ago } ({ $time }).
console-gate-revoked-at = gesperrt { $time }
console-gate-revoked-sentence = Gesperrt { $time }.
console-gate-connected = Jetzt verbunden.
console-gate-connected-sockets =
    Jetzt verbunden ({ $count ->
        [one] { $count } Verbindung
       *[other] { $count } Verbindungen
    }).
console-gate-not-connected = Nicht verbunden.
console-gate-stats-loading = Die letzte Stunde wird geladen…
console-gate-recent-label = Letzte Ereignisse an diesem Einlass
console-gate-recent = Letzte Ereignisse
console-gate-all-events = Alle Ereignisse dieses Einlasses
console-gate-window =
    { $minutes ->
        [one] Letzte Minute
       *[other] Letzte { $minutes } Minuten
    }
console-tile-scans = Scans
console-tile-per-minute = Pro Minute aktuell
console-tile-admissions = Zutritte
console-tile-denials = Abweisungen
console-tile-errors = Fehler
console-chart-title = Scans pro Minute
console-chart-label = Scans pro Minute in den letzten { $minutes } Minuten: { $total } insgesamt, höchstens { $max } in einer Minute
console-chart-start = vor { $minutes } min
console-chart-now = jetzt
console-denials-title = Abweisungen nach Grund
console-denials-none = Keine Abweisungen.
console-gate-manage = Diesen Einlass verwalten
console-gate-revoke = Einlass sperren
console-gate-revoke-confirm = Ja, diesen Einlass sperren
console-back-gates = ← Einlässe
console-pair-make = Kopplungslink erstellen
console-pair-qr = QR-Code des Kopplungslinks
console-pair-title = Auf dem Tablet des Einlasses öffnen
console-pair-help = Scannen Sie den Code mit der Kamera des Tablets (oder senden Sie ihm den Link). Er funktioniert einmal, bis { $until }. Die Kopplung überträgt den Einlass auf dieses Gerät und trennt jedes andere Gerät.
console-pair-link = Kopplungslink

## Ausweise

console-passes = Ausweise
console-passes-loading = Ausweise werden geladen…
console-passes-count =
    { $count ->
        [one] { $count } Ausweis
       *[other] { $count } Ausweise
    }, neueste zuerst.
console-issue-pass = Ausweis ausstellen
console-open-pass-label = Ausweis per ID öffnen
console-open = Öffnen
console-open-pass-invalid = Eine Ausweis-ID sieht so aus: 0190c3e1-7b2a-7c3d-8e4f-0123456789ab.
console-pass-state =
    { $state ->
        [issued] ausgestellt
        [claimed] hinzugefügt
        [used] aufgebraucht
        [revoked] storniert
        [expired] abgelaufen
       *[other] { $state }
    }
console-pass-uses = Nutzungen
console-pass-uses-of = { $uses } von { $max }
console-pass-site = Standort
console-pass-any-gate = jeder Einlass
console-pass-valid = Gültig
console-pass-issued = Ausgestellt
console-pass-in-wallet = In einer Wallet
console-pass-since = seit { $time }
console-pass-not-yet = noch nicht
console-pass-id = ID
console-admissions-heading = Zutritte ({ $count })
console-admission-at = an
console-admissions-none = Noch kein Zutritt.
console-pass-revoke = Ausweis stornieren
console-pass-revoke-confirm = Ja, diesen Ausweis stornieren
console-back-passes = ← Ausweise
console-pass-attempts = Alle Versuche
console-pass-in-event-log = Im Ereignisprotokoll (Filter, Export)

## Webhooks

console-webhooks = Webhooks
console-webhooks-loading = Webhooks werden geladen…
console-webhooks-count =
    { $count ->
        [one] { $count } Webhook
       *[other] { $count } Webhooks
    }; { $disabled } deaktiviert.
console-webhook-disabled = deaktiviert { $time }
console-webhook-disabled-because = deaktiviert { $time }: { $reason }
console-webhook-enabled = aktiv
console-dead-letters = Unzustellbare Ereignisse
console-dead-letters-loading = Unzustellbare Ereignisse werden geladen…
console-dead-letters-help = Ereignisse, deren Zustellversuche erschöpft sind oder deren Webhook deaktiviert wurde (ein Empfänger antwortete mit 410). „Erneut zustellen“ reiht eines wieder ein, sofort fällig, mit drei neuen Tagen Wiederholungsversuchen.
console-dead-letters-count =
    { $count ->
        [one] { $count } Ereignis
       *[other] { $count } Ereignisse
    } nicht zugestellt, neueste zuerst.
console-dead-letters-none = Keine unzustellbaren Ereignisse: Jedes Ereignis wurde zugestellt oder wird noch erneut versucht.
console-replay = Erneut zustellen
console-replay-label = { $event } erneut zustellen
console-replayed = Wieder eingereiht.
console-replayed-disabled = Wieder eingereiht; sein Webhook ist deaktiviert, daher landet es wieder hier.

## Nachrichten

console-messages-title = Nachrichten
console-messages = Nachrichten
console-messages-help = Ausweis-Links, die Besuchern per E-Mail gesendet wurden, und Spontanbesuche, die Gastgebern per E-Mail und Push gemeldet wurden. Eine unzustellbare Adresse wurde von der Empfängerseite abgelehnt; eine aufgegebene Nachricht hat alle Wiederholungsversuche erschöpft; eine zu späte wurde nicht gesendet, weil ihr Ausweis oder Spontanbesuch schon beendet war.
console-messages-loading = Nachrichten werden geladen…
console-messages-filter-attention = Handlungsbedarf (unzustellbar, aufgegeben, zu spät)
console-messages-filter-pending = Warten auf Versand
console-messages-filter-sent = Gesendet
console-messages-filter-all = Alle
console-messages-count =
    { $count ->
        [one] { $count } Nachricht
       *[other] { $count } Nachrichten
    }, neueste zuerst.
console-messages-none-attention = Kein Handlungsbedarf: Jede Nachricht wurde gesendet oder wird erneut versucht.
console-messages-none = Keine Nachrichten.
console-message-kind-invitation = Ausweis-Link
console-message-kind-approval-mail = Spontanbesuch (E-Mail)
console-message-kind-approval-push = Spontanbesuch (Push)
console-message-state =
    { $state ->
        [pending] ausstehend
        [sent] gesendet
        [bounced] unzustellbar
        [dead] aufgegeben
        [expired] zu spät
       *[other] { $state }
    }
console-message-send-again = Erneut senden
console-message-send-again-label = Erneut senden: der Ausweis-Link für { $to }
console-message-new-address = Neue Adresse für { $to }
console-message-send = Senden
console-message-sent-again = Erneut an { $to } gesendet; der vorherige Link funktioniert nicht mehr.

## Beobachtungsliste

console-watchlist = Beobachtungsliste
console-watch-loading = Beobachtungsliste wird geladen…
console-watch-help = Personen, die markiert oder ferngehalten werden sollen. Eine E-Mail-Adresse oder externe Referenz passt exakt; ein Name allein ist nur ein möglicher Treffer und weist niemanden ab. Einlässe zeigen nur „bitte warten: Das Personal ist unterwegs“; Besucher und Aussteller erfahren nie den Grund.
console-watch-form = Zur Beobachtungsliste hinzufügen
console-watch-add = Zur Beobachtungsliste hinzufügen
console-watch-name = Name
console-watch-email = E-Mail
console-watch-email-help = Passt exakt, unabhängig von Groß- und Kleinschreibung, mit oder ohne +Zusatz.
console-watch-reference = Externe Referenz
console-watch-expires = Läuft ab
console-watch-expires-help = Leer: nie.
console-watch-reason = Grund
console-watch-mode = Modus
console-watch-mode-flag-help = Markieren: einlassen und Alarm auslösen
console-watch-mode-block-help = Sperren: Ausweise abweisen, Person am Einlass aufhalten
console-watch-mode-flag = Markieren
console-watch-mode-block = Sperren
console-watch-count =
    { $count ->
        [one] { $count } Eintrag
       *[other] { $count } Einträge
    }.
console-watch-none = Niemand steht auf der Beobachtungsliste.
console-watch-remove = Entfernen
console-watch-remove-label = { $who } von der Beobachtungsliste entfernen
console-watch-added = { $who }, { $time }
console-watch-never = Nie
console-watch-expired = { $date } (abgelaufen)
console-watch-who-missing = Geben Sie einen Namen, eine E-Mail-Adresse oder eine externe Referenz an.
console-watch-reason-missing = Geben Sie an, warum die Person auf der Beobachtungsliste steht.

## Anwesenheitskontrolle

console-rollcall = Anwesenheitskontrolle
console-rc-loading = Anwesenheitskontrollen werden geladen…
console-rc-help = Bei einer Evakuierung: Ordner an den Sammelplätzen scannen die Ausweise der Besucher mit einem gekoppelten Einlass („Anwesenheitskontrolle“ am Einlass) oder haken Namen von Hand ab. Wer noch vermisst wird, steht oben.
console-rc-start-form = Anwesenheitskontrolle starten
console-rc-start = Anwesenheitskontrolle starten
console-rc-who = Wer
console-rc-who-help = Die Liste umfasst alle, die jetzt drinnen sind: in den Zonen und heute an Einlässen ohne Zone eingelassen.
console-rc-scope-everyone = Alle, alle Standorte
console-rc-scope-all = Alle Standorte
console-rc-scope-site = Standort { $site }
console-rc-scope-zone = Zone { $zone }
console-rc-count =
    { $count ->
        [one] { $count } Anwesenheitskontrolle
       *[other] { $count } Anwesenheitskontrollen
    }.
console-rc-none = Noch keine Anwesenheitskontrolle.
console-rc-table = Anwesenheitskontrollen
console-rc-started-by = { $time } von { $who }
console-rc-safe-of = { $safe } von { $inside }
console-rc-in-progress = Läuft
console-rc-ended = Beendet
console-rc-filter-all = Alle
console-rc-title = Anwesenheitskontrolle: { $scope }
console-rc-meta-active = Gestartet { $time } von { $who } · Läuft
console-rc-meta-ended = Gestartet { $time } von { $who } · Beendet { $endTime } von { $endWho }
console-rc-inside = Drinnen
console-rc-safe = In Sicherheit
console-rc-unaccounted = Vermisst
console-rc-printed = Gedruckt { $time } · { $unaccounted } von { $inside } vermisst
console-rc-download-csv = CSV herunterladen
console-rc-export-failed = Die Liste konnte nicht exportiert werden ({ $status }).
console-rc-export-network = Der Server ist nicht erreichbar: Die Liste konnte nicht exportiert werden.
console-rc-print = Drucken
console-rc-end = Anwesenheitskontrolle beenden
console-rc-end-confirm = Ja, beenden und den Bericht ablegen
console-rc-mark-safe = Als sicher erfassen
console-rc-mark-safe-label = Als sicher erfassen: { $name }
console-rc-walk-in = (Spontanbesuch)
console-rc-marked-by-hand = { $who } (von Hand)
console-rc-marked-by-scan = { $who } (Scan)
console-rc-nobody-here = Niemand in dieser Ansicht.
console-rc-nobody-inside = Beim Start der Anwesenheitskontrolle war niemand als drinnen erfasst.
console-rc-not-found = Diese Anwesenheitskontrolle gibt es nicht.
console-back-rollcalls = ← Alle Anwesenheitskontrollen
console-rc-people = Personen der Anwesenheitskontrolle

## Server vor Ort (Issue 35): der eigene Server eines Veranstaltungsorts, der die Ausweise
## seines Standorts unter einer Lease einlässt, auch wenn die Verbindung ausfällt.

console-nodes = Server vor Ort
console-nodes-help = Ein Server vor Ort lässt die Ausweise seines Standorts ein, solange er die Lease des Standorts hält, auch wenn die Verbindung des Veranstaltungsorts zu diesem Server ausgefallen ist. Die Liste wird alle 5 Sekunden neu abgerufen.
console-nodes-loading = Server vor Ort werden geladen…
console-nodes-updated = Stand: { $time }.
console-nodes-count =
    { $count ->
        [one] { $count } Server
       *[other] { $count } Server
    }: { $holding } mit Lease, { $overdue } überfällig.
console-nodes-none = Keine Server vor Ort.
console-nodes-none-help = Ein Veranstaltungsort, dessen Verbindung zu diesem Server beim Einlassansturm ausfallen kann, kann einen betreiben: siehe docs/operations.md, Abschnitt „On-site node“.
console-col-node = Server
console-col-lease-ends = Lease endet
console-col-sync-lag = Sync-Verzug (Upload)
console-col-shipped-through = Übertragen bis
console-node-state-holding = Hält Lease
console-node-state-starting = Startet
console-node-state-overdue = Überfällig
console-node-state-idle = Ruht
console-node-state-reclaimed = Zurückgeholt
console-node-state-revoked = Widerrufen
console-node-state-holding-help = Er hält die Lease des Standorts: Nur er lässt dessen Ausweise ein, dieser Server lehnt sie ab.
console-node-state-starting-help = Die Lease ist erteilt, gilt aber noch nicht: Sie beginnt, sobald alle früheren Challenges abgelaufen sind.
console-node-state-overdue-help = Die Lease ist ohne Verlängerung abgelaufen: Die Verbindung oder der Server vor Ort ist ausgefallen. Dieser Server lehnt die Ausweise des Standorts weiter ab, bis die Lease zurückgegeben oder zurückgeholt wird.
console-node-state-idle-help = Er hält keine Lease: Dieser Server lässt die Ausweise des Standorts ein.
console-node-state-reclaimed-help = Ein Admin hat seine Lease zurückgeholt: Er darf die Lease des Standorts erst wieder nehmen, wenn ein Admin es erlaubt („Lease wieder erlauben“). Dieser Server lässt die Ausweise des Standorts ein.
console-node-state-revoked-help = Endgültig widerrufen: Sein Token gilt nicht mehr, und er erhält keine Lease. Dieser Server lässt die Ausweise des Standorts ein.
console-node-states = Was die Zustände bedeuten
console-node-when = { $time } ({ $relative })
console-node-no-lease = Keine Lease
console-node-never = Nie
console-node-nothing-shipped = Noch nichts
console-node-revoked-at = Widerrufen { $when }
console-node-revoked-no-lease = Widerrufen
console-node-blocked-at = Zurückgeholt { $when }: wartet auf einen Admin
console-node-blocked = Zurückgeholt: wartet auf einen Admin
console-node-lag = { $seconds } s
console-node-reclaim = Lease zurückholen
console-node-reclaim-label = Lease zurückholen: { $label }
console-node-reclaim-confirm = Ja, Lease zurückholen
console-node-reclaim-confirm-label = Ja, Lease zurückholen: { $label }
console-node-reclaim-help = Holen Sie die Lease eines Servers vor Ort nur zurück, wenn er endgültig verloren ist: Dieser Server lässt den Standort dann wieder ein, und ein Ausweis, den der Server vor Ort eingelassen, aber nie gemeldet hat, kann ein zweites Mal eingelassen werden. Jedes Zurückholen wird mit dem Schweregrad „Hoch“ protokolliert.
console-node-reclaimed = Lease von { $label } zurückgeholt: Dieser Server lässt die Ausweise des Standorts wieder ein.
console-node-revoke-help = Widerrufen Sie einen Server vor Ort, der ausgemustert ist oder dessen Token gestohlen sein könnte: Sein Token gilt sofort nicht mehr, und seine Lease endet, endgültig. „Neues Token“ ersetzt das Token eines Servers: Das alte gilt sofort nicht mehr. Nach dem Zurückholen nimmt ein Server die Lease des Standorts erst wieder, wenn ein Admin „Lease wieder erlauben“ drückt. Alles wird protokolliert.
console-node-revoke = Widerrufen
console-node-revoke-label = Server widerrufen: { $label }
console-node-revoke-confirm = Ja, Server widerrufen
console-node-revoke-confirm-label = Ja, Server widerrufen: { $label }
console-node-revoked = { $label } widerrufen: Sein Token gilt nicht mehr, und seine Lease ist beendet.
console-node-rotate = Neues Token
console-node-rotate-label = Neues Token: { $label }
console-node-rotate-confirm = Ja, neues Token erstellen
console-node-rotate-confirm-label = Ja, neues Token erstellen: { $label }
console-node-rotated = Neues Token für { $label } erstellt: Das alte gilt nicht mehr.
console-node-token-title = Neues Token für { $label }
console-node-token-help = Das alte Token gilt ab sofort nicht mehr: Der Server wird abgewiesen, bis seine Token-Datei dieses enthält und er neu gestartet ist. Kopieren Sie es jetzt: Es wird nur dieses eine Mal angezeigt.
console-node-token = Token des Servers
console-node-token-hide = Token ausblenden
console-node-resume = Lease wieder erlauben
console-node-resume-label = Lease wieder erlauben: { $label }
console-node-resumed = { $label } darf die Lease des Standorts wieder nehmen.

## Anmeldeeinstellungen (Single Sign-on) und aktive Sitzungen

console-signin-view = Anmeldung
console-sso = Single Sign-on
console-sso-help = Lassen Sie das Personal sich über den Identitätsanbieter Ihrer Organisation anmelden (OpenID Connect). Anleitungen für Keycloak, Entra ID und Google finden Sie in docs/sign-in.md.
console-sso-form = Single-Sign-on-Einstellungen
console-sso-issuer = Issuer-URL
console-sso-issuer-help = Genau so, wie sich Ihr Identitätsanbieter selbst nennt (sein Discovery-Dokument wird beim Speichern abgerufen).
console-sso-client-id = Client-ID
console-sso-client-secret = Client-Secret
console-sso-secret-help = Beim ersten Mal erforderlich; es wird versiegelt gespeichert und nie wieder angezeigt.
console-sso-secret-stored = Ein Secret ist gespeichert. Lassen Sie das Feld leer, um es zu behalten.
console-sso-domains = Erlaubte E-Mail-Domains
console-sso-domains-help = Durch Kommas getrennt, exakter Abgleich. Leer: jeder, für den Ihr Anbieter bürgt.
console-sso-role-claim = Rollen-Claim
console-sso-role-claim-help = Der Claim des ID-Tokens, dessen Werte Rollen vergeben: groups, roles oder ein Pfad wie realm_access.roles.
console-sso-role-map = Claim-Werte, die die einzelnen Rollen vergeben (durch Kommas getrennt; der stärkste Treffer gilt, ohne Treffer wird abgelehnt)
console-sso-role-admins = Administratoren
console-sso-role-security = Sicherheitsdienst
console-sso-role-auditors = Prüfer
console-sso-role-issuers = Aussteller
console-sso-role-hosts = Gastgeber
console-sso-key-sign-in = Das Personal darf sich auf diesen Seiten auch mit einem API-Schlüssel anmelden
console-sso-save = Speichern
console-sso-issuer-missing = Geben Sie die Issuer-URL und die Client-ID ein.
console-sso-role-map-missing = Ordnen Sie mindestens einen Claim-Wert einer Rolle zu, sonst kann sich niemand anmelden.
console-sso-saved = Gespeichert. Registrieren Sie die folgenden Adressen bei Ihrem Identitätsanbieter.
console-sso-redirect-uri = Redirect-URI
console-sso-logout-uri = Back-Channel-Logout-URI
console-sso-post-logout-uri = Post-Logout-Redirect-URI
console-sso-sign-in-link = Anmeldelink für das Personal
console-sessions = Aktive Sitzungen
console-sessions-loading = Sitzungen werden geladen…
console-sessions-count =
    { $count ->
        [one] { $count } aktive Sitzung
       *[other] { $count } aktive Sitzungen
    }.
console-session-end = Beenden
console-session-end-label = Sitzung von { $who } beenden
console-session-api-key = API-Schlüssel

## Verwalten: Ausweise ausstellen, Einlässe anlegen

console-manage = Verwalten
console-issue-label = Besucher (Bezeichnung des Ausweises)
console-issue-site = Standort
console-issue-site-help = Optional: Nur Einlässe dieses Standorts lassen mit dem Ausweis ein.
console-issue-from = Gültig ab
console-issue-from-help = Leer: ab jetzt.
console-issue-until = Gültig bis
console-issue-uses = Nutzungen
console-issue-submit = Ausweis ausstellen
console-issue-label-missing = Geben Sie an, für wen der Ausweis ist.
console-issue-until-missing = Geben Sie an, bis wann der Ausweis gültig ist.
console-issue-uses-invalid = Die Nutzungen müssen eine ganze Zahl von 1 bis 100.000 sein.
console-issued-for = Ausweis für { $label } ausgestellt
console-issued-help = Senden Sie dem Besucher diesen Ausweis-Link (oder lassen Sie ihn den Code scannen). Er fügt den Ausweis genau einer Wallet hinzu.
console-claim-qr = QR-Code des Ausweis-Links
console-claim-link = Ausweis-Link
console-open-pass = Ausweis öffnen
console-gate-label = Bezeichnung des Einlasses
console-gate-label-help = Das lesen Sicherheitspersonal und Prüfer, z. B. „Nordeingang“.
console-gate-site = Standort
console-gate-site-help = Optional: Der Einlass lässt mit Ausweisen dieses Standorts ein (und mit Ausweisen ohne Standort).
console-create-gate-submit = Einlass anlegen
console-gate-label-missing = Geben Sie eine Bezeichnung für den Einlass ein.
console-gate-created = Einlass „{ $label }“ angelegt
console-gate-created-help = Koppeln Sie ein Tablet damit: Erstellen Sie einen Kopplungslink und öffnen Sie ihn auf dem Tablet.
console-open-gate = Einlass öffnen
console-device-token-summary = Gerätetoken für einen nativen Einlass (wird nur einmal angezeigt)
console-device-token = Gerätetoken

## Der Einlass im Browser (web/src/gate/): das Tablet des Sicherheitspersonals am Eingang.
## Deutsch (förmlich „Sie“); genau die Ids und Variablen von parts/gate/en.ftl. Die Wörter
## der Entscheidung (gate-word-*) werden aus zwei Metern gelesen: kurz halten.

gate-title = Tessera-Einlass
gate-loading = Einlass wird geöffnet…

## Kopplung und die Bildschirme, bevor der Einlass öffnet

gate-pairing-title = Gerät wird gekoppelt…
gate-pairing-text = Dieses Gerät wird zum Einlass. Sie müssen nichts eingeben.
gate-pairing-network = Der Server ist nicht erreichbar, das Gerät kann nicht gekoppelt werden. Prüfen Sie das Netzwerk und versuchen Sie es erneut.
gate-pairing-rate-limited = Zu viele Kopplungsversuche von diesem Gerät. Warten Sie eine Minute und öffnen Sie den Link dann erneut.
gate-pairing-invalid = Dieser Kopplungslink wurde bereits verwendet oder ist abgelaufen. Fordern Sie einen neuen an.
gate-pairing-refused = Der Server hat die Kopplung abgelehnt ({ $code }). Fordern Sie einen neuen Link an.
gate-pairing-refused-title = Kopplung abgelehnt
gate-try-again = Erneut versuchen
gate-continue-as = Weiter als { $gate }
gate-continue-as-this = Weiter als dieser Einlass
gate-unreachable = Der Server ist nicht erreichbar. Prüfen Sie das Netzwerk.
gate-unavailable-title = Einlass nicht verfügbar
gate-start-failed = Der Einlass konnte nicht starten: { $error }
gate-not-paired-title = Nicht gekoppelt
gate-not-paired-text = Dieses Gerät ist kein Einlass (oder nicht mehr). Bitten Sie die Administration des Standorts um einen Kopplungslink und öffnen Sie ihn auf diesem Gerät.
gate-not-paired-hint = Ein Kopplungslink funktioniert einmal und 10 Minuten lang. Sie müssen nichts eingeben.
gate-not-paired-revoked = Dieses Gerät ist nicht mehr als Einlass gekoppelt (es wurde gesperrt, oder an seiner Stelle wurde ein anderes Gerät gekoppelt).

## Die Statusleiste

gate-label-fallback = Einlass
gate-status-connecting = VERBINDE
gate-status-online = ONLINE
gate-status-offline = OFFLINE
gate-counters-label = Zähler der Schicht für heute
gate-counters-title = Heute
gate-count-admitted = { $count ->
   *[other] eingelassen
}
gate-count-admitted-title = Heute eingelassen
gate-count-already = { $count ->
   *[other] erneut
}
gate-count-already-title = Heute wiedergekommen (bereits eingelassen)
gate-count-denied = { $count ->
   *[other] abgewiesen
}
gate-count-denied-title = Heute abgewiesen
gate-muster-toggle = Anwesenheitskontrolle
gate-muster-toggle-back = Zurück zum Einlass
gate-offline-connecting = OFFLINE — Verbindung zum Server wird aufgebaut…
gate-offline-reconnecting = OFFLINE — niemanden einlassen. Neuer Versuch in { $seconds } s…

## Die Scannerseite

gate-scanner-panel-label = Scanner
gate-camera-label = Kamerabild
gate-camera-on = Kamera an: Halten Sie einen Code davor.
gate-camera-refused = Der Zugriff auf die Kamera wurde verweigert. Erlauben Sie die Kamera für diese Website, oder verwenden Sie einen Handscanner.
gate-camera-none = Es konnte keine Kamera gestartet werden. Verwenden Sie einen Handscanner.
gate-camera-on-back = Rückkamera an: Halten Sie einen Code davor.
gate-camera-back = Rückkamera
gate-scanner-label = Eingabe Handscanner

## Die Bühne: bereit, Prüfung, der Prüfcode für die Wallet des Besuchs

gate-ready-title = Bereit zum Scannen
gate-ready-text = Den Code des Ausweises vor die Kamera halten.
gate-muster-ready-title = Anwesenheitskontrolle: zum Erfassen scannen
gate-muster-ready-text = Den Code des Ausweises vor die Kamera halten. Solange die Anwesenheitskontrolle auf diesem Bildschirm läuft, wird niemand eingelassen.
gate-checking-code = Code wird geprüft…
gate-checking-answer = Antwort wird geprüft…
gate-code-on-way = Der Code ist unterwegs zum Server.
gate-answer-on-way = { $visitor }: Die Antwort des Smartphones ist unterwegs zum Server.
gate-answer-on-way-anonymous = Die Antwort des Smartphones ist unterwegs zum Server.
gate-offline-kept = Das wird gespeichert und gesendet, sobald die Verbindung wieder steht: Noch niemanden einlassen.
gate-challenge-title = Halten Sie Ihr Smartphone vor diesen Bildschirm
gate-challenge-qr-label = Prüfcode des Einlasses für die Wallet
gate-challenge-then = Ihre Wallet antwortet von selbst. Falls nicht: In der Wallet „Code des Einlasses scannen“ tippen, auf diesen Bildschirm richten, dann die Antwort vor die Kamera halten.
gate-countdown = Antwort innerhalb von { $seconds } s
gate-countdown-over = Zeit abgelaufen
gate-party-challenge-title = Gruppe von { $count }: Halten Sie Ihr Smartphone vor diesen Bildschirm
gate-party-challenge-qr-label = Prüfcode des Einlasses für eine Gruppe von { $count }, für die Wallet
gate-codes-on-way = Die Codes der Gruppe sind unterwegs zum Server.
gate-answers-on-way = Die Antworten der Gruppe sind unterwegs zum Server.
gate-more-waiting = { $count ->
        [one] { $count } weitere Person muss noch antworten
       *[other] { $count } weitere Personen müssen noch antworten
    }

## Kurze Meldungen unter der Bühne

gate-no-storage = Dieser Browser lässt den Einlass sein Journal nicht speichern: Beim Neuladen gehen laufende Scans verloren.
gate-journal-foreign = Das Journal gehört zu einem anderen Einlass; laden Sie die Seite neu.
gate-journal-failed = Der Einlass konnte sein Journal nicht speichern ({ $error }). Laden Sie die Seite neu.
gate-clock-skew = Die Uhr dieses Geräts weicht { $seconds } s von der des Servers ab.
gate-duplicate = Derselbe Code noch einmal: Warten auf die Antwort des Smartphones.
gate-scan-queued = Offline: Der Scan wartet und wird gesendet, sobald die Verbindung wieder steht.
gate-answer-queued = Offline: Die Antwort wartet und wird gesendet, sobald die Verbindung wieder steht.
gate-ignored = Ignoriert: { $why }.
gate-rejected-too-long = Zeile zu lang
gate-rejected-challenge = das ist der Prüfcode des Einlasses; die Wallet des Besuchs muss ihn beantworten
gate-rejected-not-tessera = kein Tessera-Code (erwartet: TSR1:…, TSR1P:…, TSR1R:… oder TSR1S:…)
gate-rejected-unreadable = unlesbare Antwort der Wallet (TSR1R:…); bitte erneut scannen
gate-rejected-no-challenge = kein offener Prüfcode für diesen Ausweis; zuerst den Code des Ausweises scannen
gate-rejected-party-unreadable = unlesbarer Gruppencode oder unlesbare Gruppenantwort (TSR1P:… oder TSR1S:…); bitte erneut scannen
gate-server-busy = Server ausgelastet ({ $code }); neuer Versuch folgt.
gate-server-refused = Der Server hat dies abgelehnt ({ $code }).
gate-server-refused-reason = Der Server hat dies abgelehnt ({ $code }): { $reason }
gate-unanswered = Keine rechtzeitige Antwort von { $visitor }: Scan beendet. Scannen Sie den Code erneut.
gate-unanswered-phone = Keine rechtzeitige Antwort vom Smartphone: Scan beendet. Scannen Sie den Code erneut.
gate-abandoned = Ein offline gemachter Scan wurde verworfen (sein Code ist inzwischen zu alt). Bitte erneut scannen.

## Entscheidungen: ganzer Bildschirm, aus zwei Metern lesbar

gate-word-admitted = EINGELASSEN
gate-word-already-admitted = BEREITS EINGELASSEN
gate-word-denied = ABGEWIESEN
gate-word-please-wait = BITTE WARTEN
gate-word-approved = GENEHMIGT
gate-word-no-answer = KEINE ANTWORT
gate-word-safe = IN SICHERHEIT
gate-word-already-safe = BEREITS IN SICHERHEIT
gate-word-not-marked = NICHT ERFASST
gate-word-not-checked = NICHT GEPRÜFT

## Die Leiste der letzten Entscheidungen und die Entscheidung für eine Gruppe

gate-strip-heading = Letzte Entscheidungen
gate-strip-unnamed = Besucher
gate-strip-why = { $reason } ({ $code })
gate-party-person = Person { $n } von { $count }
gate-party-unanswered = KEINE ANTWORT — das Smartphone hat für diesen Ausweis nicht rechtzeitig geantwortet
gate-party-not-checked = NICHT GEPRÜFT — dieser Ausweis wurde nicht geprüft; bitte erneut scannen
gate-party-all = Alle { $count } dürfen hinein
gate-party-all-already = Alle { $count } wurden schon eingelassen
gate-party-none = Niemand aus dieser Gruppe von { $count } darf hinein
gate-party-some = { $admitted } VON { $count } EINLASSEN
gate-party-some-detail = Die anderen aufhalten: Jede Zeile sagt, warum.
gate-verdict-denied = ABGEWIESEN — { $reason } ({ $code })
gate-verdict-not-marked = NICHT ERFASST — { $reason } ({ $code })
gate-verdict-hint = Zum Fortfahren tippen
gate-replayed = Nach verlorener Antwort erneut bestätigt
gate-first-entry = Erster Einlass um { $time } ({ $ago }) { $where ->
        [this] an diesem Einlass
        [another] an einem anderen Einlass
       *[named] an { $gate }
    }
gate-first-entry-earlier = Erster Einlass früher { $where ->
        [this] an diesem Einlass
        [another] an einem anderen Einlass
       *[named] an { $gate }
    }
gate-same-phone = Dasselbe Smartphone wie beim ersten Einlass: nur durchlassen, wenn die Person hinausgegangen und zurückgekommen ist
gate-hold-detail = Das Personal ist unterwegs. Die Person bitte hier warten lassen und nicht durchlassen.
gate-stale-detail = Der Code ist { $seconds } s alt. Lassen Sie sich die Wallet live zeigen.
gate-future-detail = Der Code ist { $seconds } s voraus. Die Uhr des Smartphones muss korrigiert werden.
gate-safe-detail = An diesem Sammelplatz als in Sicherheit erfasst
gate-marked-safe = Als in Sicherheit erfasst
gate-marked-safe-by = Als in Sicherheit erfasst von { $by }
gate-marked-safe-at = Als in Sicherheit erfasst um { $time } ({ $ago })
gate-marked-safe-at-by = Als in Sicherheit erfasst um { $time } ({ $ago }) von { $by }
gate-ago-earlier = früher
gate-ago-now = gerade eben
gate-ago-seconds = vor { $seconds } s
gate-ago-minutes = vor { $minutes } Min.
gate-ago-hours = vor { $hours } Std. { $minutes } Min.
gate-ago-date = am { $date }

## Warum ein Code abgewiesen wurde (Ablehnungsgründe von TSR1): kurz, nach „ABGEWIESEN —“

reason-malformed-code = kein Tessera-Code
reason-unknown-pass = unbekannter Ausweis
reason-not-claimed = Ausweis noch in keiner Wallet
reason-bad-code = falscher Code, gefälscht oder von einem anderen Smartphone
reason-stale-code = alter Code, ein Screenshot?
reason-future-code = Code aus der Zukunft, die Uhr des Smartphones geht falsch
reason-revoked = Ausweis vom Aussteller storniert
reason-expired = Ausweis abgelaufen
reason-not-yet-valid = Ausweis noch nicht gültig
reason-wrong-site = Ausweis gilt für einen anderen Standort
reason-code-replayed = Code bereits an einem anderen Einlass verwendet, eine Kopie?
reason-challenge-expired = das Smartphone hat zu spät geantwortet, erneut scannen
reason-bad-response = falsche Antwort, nicht das Smartphone des Ausweisinhabers? Erneut versuchen lassen
reason-challenge-burned = zu viele falsche Antworten, erneut scannen
reason-foreign-nonce = Antwort gehört zum Scan eines anderen Einlasses
reason-unknown-nonce = unbekannter Prüfcode, erneut scannen
reason-not-inside = nicht in diesem Bereich, nichts zu verlassen
reason-zone-not-allowed = Ausweis gilt nicht für diesen Bereich
reason-already-inside = bereits in diesem Bereich
reason-reentry-not-allowed = kein Wiedereintritt nach Verlassen dieses Bereichs
reason-entry-limit = heute keine Eintritte mehr für diesen Bereich
reason-see-staff = bitte warten: Das Personal ist unterwegs
reason-no-roll-call = keine laufende Anwesenheitskontrolle für diesen Einlass
reason-not-on-roll-call = nicht auf der Liste der Anwesenheitskontrolle (nicht als anwesend erfasst)
reason-site-delegated = wird anderswo entschieden (vom Server vor Ort oder vom zentralen Server)
reason-other = vom Server abgelehnt

## Spontanbesuche: Besuch ohne Ausweis, der Gastgeber wird auf dem Smartphone gefragt

gate-walkins-heading = Spontanbesuche
gate-walkin-open = Spontanbesuch
gate-walkins-empty = Besuch ohne Ausweis? Tippen Sie auf „Spontanbesuch“, um den Gastgeber zu fragen.
gate-walkin-list-label = Anfragen für Spontanbesuche
gate-walkin-done = Erledigt
gate-walkin-done-label = Erledigt: { $name }
gate-walkin-for = zu { $host }
gate-host-unknown = Gastgeber
gate-host-flat = Wohnung { $unit }
gate-line-asking = Gastgeber wird gefragt…
gate-line-offline = Offline: wird gesendet, sobald die Verbindung wieder steht. Noch nicht einlassen.
gate-line-waiting = Warten auf die Antwort des Gastgebers
gate-line-waiting-left = Warten auf die Antwort des Gastgebers · noch { $left }
gate-line-waiting-up = Warten auf die Antwort des Gastgebers · Zeit abgelaufen, wird geprüft…
gate-line-denied = Abgelehnt von { $host }
gate-line-expired = Keine rechtzeitige Antwort von { $host }
gate-line-failed = Nicht gesendet: Der Server hat abgelehnt ({ $code })
gate-line-failed-reason = Nicht gesendet: Der Server hat abgelehnt ({ $code }): { $reason }
gate-walkin-busy = Server ausgelastet ({ $code }); der Gastgeber wird gleich erneut gefragt.
gate-walkin-refused = Der Server hat den Spontanbesuch von { $visitor } abgelehnt ({ $code }).
gate-walkin-too-many = Es warten bereits zu viele Spontanbesuche.
gate-walkin-title = Spontanbesuch
gate-walkin-intro = Der Gastgeber wird auf seinem Smartphone gefragt; die Antwort erscheint hier.
gate-walkin-name = Name des Besuchs
gate-walkin-host = Gastgeber (Name oder Wohnung)
gate-walkin-note = Notiz für den Gastgeber (optional)
gate-walkin-submit = Gastgeber fragen
gate-cancel = Abbrechen
gate-hosts-label = Gefundene Gastgeber
gate-walkin-asking = Anfrage an { $host }
gate-host-searching = Suche läuft…
gate-host-search-network = Der Server ist für die Suche nach Gastgebern nicht erreichbar.
gate-host-search-failed = Die Suche nach Gastgebern ist fehlgeschlagen ({ $code }).
gate-hosts-found = { $count } { $count ->
        [one] Gastgeber
       *[other] Gastgeber
    }: bitte einen auswählen.
gate-hosts-found-matching = { $count } { $count ->
        [one] Gastgeber passt
       *[other] Gastgeber passen
    } zu „{ $query }“: bitte einen auswählen.
gate-hosts-none = Kein Gastgeber passt zu „{ $query }“.
gate-problem-name-missing = Geben Sie den Namen des Besuchs ein.
gate-problem-name-long = Der Name ist zu lang (höchstens { $max } Zeichen).
gate-problem-name-unprintable = Der Name enthält Zeichen, die nicht gedruckt werden können.
gate-problem-host = Wählen Sie den Gastgeber, zu dem der Besuch möchte.
gate-problem-note-long = Die Notiz ist zu lang (höchstens { $max } Zeichen).
gate-problem-note-unprintable = Die Notiz enthält Zeichen, die nicht gedruckt werden können.
gate-walkin-approved-by = Genehmigt von { $host }
gate-walkin-let-in = { $name }: einlassen
gate-walkin-refused-by = Abgelehnt von { $host }. Nicht einlassen.
gate-walkin-no-answer-detail = { $host } hat nicht geantwortet. Nicht einlassen; erneut fragen oder den Gastgeber anrufen.
gate-walkin-verdict-denied = ABGEWIESEN — der Gastgeber hat abgelehnt ({ $code })
gate-walkin-verdict-no-answer = KEINE ANTWORT — der Gastgeber hat nicht rechtzeitig geantwortet ({ $code })

## Anwesenheitskontrolle (Sammelplatz)

gate-muster-title = Anwesenheitskontrolle: { $scope }
gate-scope-all = Alle Standorte
gate-scope-site = Standort { $site }
gate-scope-zone = Bereich { $zone }
gate-muster-help = Den Ausweis einer Person scannen, um sie als in Sicherheit zu erfassen: Das Smartphone der Person muss antworten, wie am Einlass. Niemand wird eingelassen. Oder einen Namen von Hand erfassen.
gate-muster-search = Namen suchen
gate-muster-list-label = Personen der Anwesenheitskontrolle
gate-muster-counts = { $safe } von { $inside } in Sicherheit · { $unaccounted } noch nicht gesehen
gate-person-safe = In Sicherheit
gate-person-safe-by = In Sicherheit · erfasst von { $by }
gate-person-sending = In Sicherheit · wird gesendet…
gate-person-queued = In Sicherheit · wird gesendet, sobald die Verbindung wieder steht
gate-person-missing = Noch nicht gesehen · zuletzt: { $place }
gate-person-missing-walk-in = Noch nicht gesehen · Spontanbesuch ohne Ausweis, eingelassen an: { $place }
gate-mark-safe = Als sicher erfassen
gate-mark-safe-label = Als sicher erfassen: { $name }
gate-muster-empty = Niemand wurde als anwesend erfasst.
gate-muster-no-match = Niemand auf der Liste passt zu „{ $query }“.
gate-muster-ended = Die Anwesenheitskontrolle ist beendet: zurück zum Einlass.
gate-mark-save-failed = Die Erfassung konnte auf diesem Gerät nicht gespeichert werden ({ $error }).
gate-mark-refused = { $name } wurde nicht erfasst: { $code }.
gate-mark-refused-ended = { $name } wurde nicht erfasst: Die Anwesenheitskontrolle ist beendet.

## The host page (/host): a resident invites visitors and answers walk-ins from the gate.
## German (formal "Sie"); exactly the ids and variables of parts/host/en.ftl.

host-title = Tessera für Gastgeber
host-title-waiting = ({ $count }) Tessera für Gastgeber
host-opening = Wird geöffnet…
host-heading = Tessera für Gastgeber
host-try-again = Erneut versuchen
host-start-network = Der Server ist nicht erreichbar. Bitte prüfen Sie die Netzwerkverbindung.
host-start-not-ready = Der Server ist noch nicht bereit (HTTP { $status }).

## Sign-in

host-signin-intro = Laden Sie Besucher ein und lassen Sie diejenigen herein, die ohne Ausweis ankommen.
host-key = Gastgeberschlüssel
host-key-help = Der Schlüssel, den Sie von der Administration des Standorts erhalten haben. Er wird einmalig gesendet, um eine Sitzung zu öffnen, und nicht auf diesem Gerät gespeichert.
host-key-missing = Bitte geben Sie Ihren Gastgeberschlüssel ein.
host-sign-in = Anmelden
host-signin-network = Der Server ist nicht erreichbar. Bitte prüfen Sie die Netzwerkverbindung und versuchen Sie es erneut.
host-signin-key-refused = Dieser Schlüssel wurde nicht akzeptiert. Bitte prüfen Sie ihn und versuchen Sie es erneut.
host-signin-forbidden = Mit diesem Schlüssel ist hier keine Anmeldung möglich: Das geht nur mit Gastgeberschlüsseln (oder die Seite wird nicht über die eigene Adresse des Servers aufgerufen).
host-signin-rate-limited = Zu viele fehlgeschlagene Anmeldungen von dieser Adresse. Bitte warten Sie eine Minute und versuchen Sie es dann erneut.
host-signin-failed = Der Server hat die Anmeldung abgelehnt ({ $code }).
host-signin-console-session = Dieses Gerät ist mit einem { $role ->
        [admin] Administratorschlüssel
        [auditor] Prüferschlüssel
        [issuer] Ausstellerschlüssel
        [security] Schlüssel des Sicherheitsteams
       *[other] Schlüssel der Rolle „{ $role }“
    } angemeldet, für die Sicherheitskonsole unter /console. Melden Sie sich hier mit Ihrem Gastgeberschlüssel an.
host-signin-not-host = Das war ein { $role ->
        [admin] Administratorschlüssel
        [auditor] Prüferschlüssel
        [issuer] Ausstellerschlüssel
        [security] Schlüssel des Sicherheitsteams
       *[other] Schlüssel der Rolle „{ $role }“
    }: Diese Seite ist für Gastgeber. Administration und Prüfung nutzen die Sicherheitskonsole unter /console.
host-session-ended = Ihre Sitzung wurde beendet. Bitte melden Sie sich erneut an.
host-session-expired = Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.
host-signed-out = Abgemeldet.
host-fallback-name = Gastgeber

## The bar, the tabs, notifications

host-sign-out = Abmelden
host-views = Ansichten
host-tab-invite = Einladen
host-tab-visits = Besuche
host-live = LIVE
host-connecting = VERBINDE
host-reconnecting = VERBINDE NEU
host-notify-me = Benachrichtigen
host-notifying = Benachrichtigung an
host-notify-off = Benachrichtigungen sind auf diesem Gerät ausgeschaltet.
host-notify-on = Benachrichtigungen sind eingeschaltet: Ein Besucher am Einlass erreicht Sie auch bei geschlossener Seite.
host-notify-blocked = Benachrichtigungen sind für diese Website blockiert: Erlauben Sie sie in den Browsereinstellungen und versuchen Sie es dann erneut.
host-notify-failed = Benachrichtigungen konnten nicht eingeschaltet werden: { $detail }.

## A refused call

host-action-sign-out = Abmelden
host-action-notify = Einschalten der Benachrichtigungen
host-action-invite = Erstellen der Einladung
host-action-cancel = Stornieren der Einladung
host-action-read-passes = Laden Ihrer Einladungen
host-action-read-walk-ins = Laden Ihrer Spontanbesuche
host-problem-network = { $action } nicht möglich: Der Server ist nicht erreichbar. Bitte prüfen Sie die Netzwerkverbindung und versuchen Sie es erneut.
host-problem-forbidden = { $action } ist mit dieser Sitzung nicht erlaubt ({ $code }).
host-problem-rate-limited = Zu viele Anfragen. Bitte warten Sie eine Minute und versuchen Sie es dann erneut.
host-problem-failed = { $action } nicht möglich: { $reason }
host-problem-http = HTTP { $status }.

## Visitors waiting at the gate (walk-ins)

host-waiting-heading = Am Einlass
host-waiting-list = Besucher, die am Einlass warten
host-waiting-empty = Niemand wartet auf Sie. Fragt ein Besucher ohne Ausweis am Einlass nach Ihnen, erscheint er sofort hier.
host-approve = Genehmigen
host-deny = Ablehnen
host-walk-in-at = Einlass: { $gate }
host-walk-in-at-any-gate = Am Einlass
host-walk-in-where-asked = { $where } · gefragt um { $time }
host-note-label = Notiz:
host-time-left = noch { $time }
host-time-up = Zeit abgelaufen
host-arrival = { $name } wartet am Einlass und fragt nach Ihnen. Genehmigen oder ablehnen.
host-arrival-at = { $name } wartet am Einlass ({ $gate }) und fragt nach Ihnen. Genehmigen oder ablehnen.
host-arrival-note = { $name } wartet am Einlass und fragt nach Ihnen. Notiz: { $note }. Genehmigen oder ablehnen.
host-arrival-at-note = { $name } wartet am Einlass ({ $gate }) und fragt nach Ihnen. Notiz: { $note }. Genehmigen oder ablehnen.
host-arrivals = { $count ->
        [one] { $count } Besucher wartet am Einlass auf Sie.
       *[other] { $count } Besucher warten am Einlass auf Sie.
    }
host-approved = Sie haben { $name } am Einlass hereingelassen.
host-approved-at = Sie haben { $name } hereingelassen ({ $gate }).
host-denied = Sie haben { $name } abgewiesen.
host-decision-network = Der Server ist nicht erreichbar. Bitte prüfen Sie die Netzwerkverbindung und versuchen Sie es erneut.
host-decision-too-late = Zu spät: Der Einlass wartet nicht mehr auf eine Antwort. Der Besucher muss erneut fragen.
host-decision-already-answered = Diese Anfrage wurde bereits beantwortet (von Ihnen auf einem anderen Gerät oder von der Administration des Standorts).
host-decision-gone = Diese Anfrage besteht nicht mehr.
host-decision-forbidden = Mit dieser Sitzung dürfen Sie diese Anfrage nicht { $decision ->
        [approve] genehmigen
       *[deny] ablehnen
    }.
host-decision-rate-limited = Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es dann erneut.
host-decision-failed = Die Anfrage konnte nicht { $decision ->
        [approve] genehmigt
       *[deny] abgelehnt
    } werden ({ $code }).

## Inviting a visitor

host-invite-heading = Besucher einladen
host-invite-intro = Ihr Besuch erhält einen Link, der einen Ausweis auf dem Telefon hinzufügt; damit wird er am Einlass hereingelassen.
host-visitor-name = Name des Besuchers
host-valid-from = Von
host-valid-until = Bis
host-valid-help = Der Ausweis gewährt einmal Einlass, zwischen diesen Zeitpunkten.
host-invite-device-time = Sie geben diese Zeiten in der Zeitzone dieses Geräts ein ({ $zone }).
host-visitor-email = E-Mail des Besuchers (optional)
host-visitor-email-help = Wir senden den Link und seinen QR-Code per E-Mail. Lassen Sie das Feld leer, um den Link selbst zu senden.
host-visitor-language = Sprache des Besuchers
host-create-invitation = Einladung erstellen
host-creating = Wird erstellt…
host-invite-email-invalid = Geben Sie die E-Mail-Adresse des Besuchers im Format name@example.com ein oder lassen Sie das Feld leer.
host-invite-name-missing = Bitte geben Sie den Namen des Besuchers ein.
host-invite-name-too-long = Der Name ist zu lang (höchstens { $max } Zeichen).
host-invite-name-unprintable = Der Name enthält Zeichen, die nicht darstellbar sind.
host-invite-from-missing = Bitte geben Sie an, wann der Besuch beginnt.
host-invite-until-missing = Bitte geben Sie an, wann der Besuch endet.
host-invite-until-before-from = Der Besuch muss nach seinem Beginn enden.
host-invite-until-past = Das Ende des Besuchs muss in der Zukunft liegen.
host-invite-refused = Der Server hat die Einladung nicht angenommen: { $reason }
host-invitation-for = Einladung für { $name }
host-invitation-qr = QR-Code der Einladung für { $name }
host-invitation-qr-caption = Oder lassen Sie diesen Code mit der Kamera des Telefons scannen.
host-invitation-link = Einladungslink
host-invitation-mailed = Wir senden den Link per E-Mail an { $email }.
host-invitation-link-help = Senden Sie diesen Link nur an { $name }: Wer ihn zuerst öffnet, erhält den Ausweis.
host-copy-link = Link kopieren
host-link-copied = Link kopiert. Fügen Sie ihn in eine Nachricht an Ihren Besuch ein.
host-link-not-copied = Kopieren nicht möglich: Der Link ist markiert, kopieren Sie ihn aus dem Feld.
host-share = Teilen…
host-share-title = Ausweis für { $name }
host-invite-again = Weitere Person einladen
host-see-visits = Ihre Besuche ansehen

## Visits

host-when-today = Heute { $time }
host-when-tomorrow = Morgen { $time }
host-when-day = { $day } { $time }
host-span = { $from } – { $until }
host-visits-loading = Ihre Besuche werden geladen…
host-refresh = Aktualisieren
host-visits-upcoming = Anstehend
host-visits-past = Vergangen
host-visits-upcoming-list = Anstehende Besuche
host-visits-past-list = Vergangene Besuche
host-visits-upcoming-empty = Keine anstehenden Besuche.
host-visits-past-empty = Noch keine vergangenen Besuche.
host-visits-count = { $upcoming } anstehend, { $past } vergangen.
host-visit-walk-in = Spontanbesuch am Einlass · { $when }
host-visit-walk-in-at = Spontanbesuch ({ $gate }) · { $when }
host-visit-note = „{ $note }“
host-cancel = Stornieren
    .label = Einladung für { $name } stornieren
host-cancel-confirm = Einladung für { $name } stornieren? Der Ausweis funktioniert dann nicht mehr.
host-pass-cancelled = Storniert
host-pass-arrived = Angekommen
host-pass-never-opened = Link nie geöffnet
host-pass-did-not-come = Nicht gekommen
host-pass-not-opened = Link noch nicht geöffnet
host-pass-on-phone = Auf dem Telefon
host-pass-arrived-more = Angekommen, { $count ->
        [one] noch { $count } Eintritt
       *[other] noch { $count } Eintritte
    }
host-walk-in-let-in = Eingelassen
host-walk-in-turned-away = Abgewiesen
host-walk-in-no-answer = Keine rechtzeitige Antwort
host-walk-in-waiting = Wartet am Einlass

## Die Wallet der Besucher (web/src/wallet/app.js, web/src/index.html).

wallet-title = Tessera-Wallet
wallet-bar-note = Besucher-Wallet
wallet-loading = Ihre Wallet wird geöffnet…
wallet-go-to-wallet = Zu meiner Wallet

wallet-validity-valid = Gültig bis { $date }
wallet-validity-expired = Abgelaufen am { $date }
wallet-validity-not-yet = Noch nicht gültig: ab { $date }

## Keine Speicherung möglich, oder der Link ist fehlerhaft

wallet-storage-unavailable = Dieser Browser erlaubt der Wallet nicht, Ausweise zu speichern (privates Surfen, oder Websitedaten sind deaktiviert). Öffnen Sie den Link in einem normalen Browserfenster, um Ihren Ausweis auf diesem Gerät zu behalten.
wallet-storage-unavailable-retry = { wallet-storage-unavailable } Tippen Sie dann auf „Erneut versuchen“.
wallet-unavailable-title = Wallet nicht verfügbar
wallet-bad-link-title = Link nicht verwendbar
wallet-bad-link = Dieser Ausweis-Link ist ungültig oder unvollständig: { $detail }. Bitten Sie den Absender um einen neuen Link und kopieren Sie ihn vollständig.
wallet-bad-link-unreadable = der Link ist nicht lesbar
wallet-bad-link-repeated = p= oder t= kommt im Link mehrfach vor
wallet-bad-link-no-pass-id = im Link fehlt die Ausweis-ID (p=)
wallet-bad-link-pass-id-incomplete = die Ausweis-ID im Link ist unvollständig
wallet-bad-link-no-token = im Link fehlt der Zugangstoken (t=)
wallet-bad-link-token-damaged = der Zugangstoken im Link ist beschädigt
wallet-bad-link-cut-short = der Teil nach # fehlt; wurde der Link abgeschnitten?

## Die Liste der Ausweise

wallet-list-title = Ihre Ausweise
wallet-list-empty = Noch keine Ausweise.
wallet-list-empty-help = Öffnen Sie den Link, den Sie erhalten haben, um dieser Wallet einen Ausweis hinzuzufügen.
wallet-pass-short = Ausweis
wallet-visitor-pass = Besucherausweis

## Einen Ausweis hinzufügen

wallet-claim-title = Ausweis hinzufügen
wallet-claim-lead = Sie haben einen Besucherausweis erhalten. Fügen Sie ihn dieser Wallet hinzu, um ihn am Einlass vorzuzeigen.
wallet-claim-fine = Der Ausweis und seine Schlüssel bleiben auf diesem Gerät. Wer diesen Link hat, könnte den Ausweis vor Ihnen hinzufügen – geben Sie ihn deshalb nicht weiter.
wallet-claim-checking = Ausweis wird geprüft…
wallet-fact-pass = Ausweis
wallet-fact-site = Standort
wallet-fact-valid-from = Gültig ab
wallet-fact-valid-until = Gültig bis
wallet-claim-add = Zur Wallet hinzufügen
wallet-claim-adding = Wird hinzugefügt…
wallet-claim-retry = Erneut versuchen
    .aria-label = Erneut versuchen: Zur Wallet hinzufügen
wallet-claim-transfer-lead = { $holder } gibt diesen Ausweis an Sie weiter. Fügen Sie ihn dieser Wallet hinzu, um ihn am Einlass vorzuzeigen.
wallet-claim-transfer-lead-unnamed = Jemand gibt diesen Ausweis an Sie weiter. Fügen Sie ihn dieser Wallet hinzu, um ihn am Einlass vorzuzeigen.
wallet-claim-transfer-fine = Sobald Sie ihn hinzufügen, funktioniert er auf dem Telefon der anderen Person nicht mehr, sondern auf diesem. Der Ausweis und seine Schlüssel bleiben auf diesem Gerät; geben Sie diesen Link nicht weiter.
wallet-claim-revoked = Dieser Ausweis wurde vom Aussteller widerrufen. Er kann weder hinzugefügt noch verwendet werden.
wallet-claim-expired = Dieser Ausweis ist abgelaufen (er war gültig bis { $date }).
wallet-claim-elsewhere = Dieser Ausweis befindet sich bereits in einer anderen Wallet. Ein Ausweis kann nur einer einzigen Wallet hinzugefügt werden.
wallet-claim-invalid = Dieser Ausweis-Link ist ungültig: Den Ausweis gibt es nicht, oder der Link wurde falsch eingegeben. Bitten Sie um einen neuen Link.
wallet-claim-no-details = Die Angaben zum Ausweis konnten gerade nicht geladen werden. Sie können trotzdem versuchen, ihn hinzuzufügen.
wallet-claim-no-keys = Dieser Browser kann die Schlüssel, die ein Ausweis braucht, nicht erzeugen. Aktualisieren Sie ihn oder verwenden Sie einen anderen Browser.
wallet-claim-offline = Der Server war nicht erreichbar, daher ist der Ausweis noch nicht hinzugefügt. Prüfen Sie Ihre Verbindung und tippen Sie dann auf „Erneut versuchen“.
wallet-claim-taken = Dieser Ausweis befindet sich bereits in einer anderen Wallet. Ein Ausweis kann nur einer einzigen Wallet hinzugefügt werden; wenden Sie sich an den Aussteller, falls Sie das nicht waren.
wallet-claim-key-refused = Der Server hat den Schlüssel dieser Wallet nicht angenommen. Tippen Sie auf „Erneut versuchen“, um es mit einem neuen Schlüssel zu versuchen.
wallet-claim-rate-limited = Gerade zu viele Versuche. Warten Sie eine Minute und tippen Sie dann auf „Erneut versuchen“.
wallet-claim-failed = Der Server konnte den Ausweis gerade nicht hinzufügen (Fehler { $status }). Tippen Sie gleich noch einmal auf „Erneut versuchen“.
wallet-claim-bad-answer = Die Antwort des Servers war nicht verwendbar. Tippen Sie auf „Erneut versuchen“; wenn es weiterhin nicht klappt, wenden Sie sich an den Aussteller.

## Ein Ausweis: sein wechselnder Code und die Antwort an den Einlass

wallet-scan = Code des Einlasses scannen
wallet-challenge-label = Prüfcode des Einlasses einfügen
wallet-challenge-help = Falls der Einlass seinen Code nicht Ihrer Kamera zeigen kann, fügen Sie hier dessen Text ein.
wallet-brightness-hint = Stellen Sie die Bildschirmhelligkeit hoch, damit der Einlass den Code auf Anhieb liest.
wallet-all-passes = Alle Ausweise ({ $count })
wallet-remove = Diesen Ausweis von diesem Gerät entfernen
wallet-remove-confirm = „{ $label }“ von diesem Gerät entfernen? Mit demselben Link lässt er sich nicht wieder hinzufügen.
wallet-transfer = Diesen Ausweis übertragen
wallet-transfer-note = Sie haben begonnen, diesen Ausweis weiterzugeben ({ $date }). Sobald die neue Person ihn hinzufügt, funktioniert der Code hier nicht mehr.
wallet-countdown = Neuer Code in { $seconds } s
wallet-qr-entry = Einlasscode für { $label }; er wechselt { $seconds ->
        [one] jede Sekunde
       *[other] alle { $seconds } Sekunden
    }
wallet-qr-entry-unnamed = Einlasscode für diesen Ausweis; er wechselt { $seconds ->
        [one] jede Sekunde
       *[other] alle { $seconds } Sekunden
    }
wallet-expired = Abgelaufen
wallet-expired-alert = Dieser Ausweis ist abgelaufen: Er war gültig bis { $date }. Er kann am Einlass nicht mehr verwendet werden.
wallet-not-yet = Noch nicht gültig
wallet-not-yet-from = Ihr Code erscheint hier ab { $date }.
wallet-show-code-again = Meinen Code wieder anzeigen
wallet-answer-title = Zeigen Sie diese Antwort am Einlass vor
wallet-qr-answer = Antwortcode für den Einlass
wallet-answer-ready = Antwort bereit: Halten Sie sie vor den Einlass.
wallet-challenge-incomplete = Dieser Prüfcode ist unvollständig: Kopieren Sie den ganzen Text, den der Einlass anzeigt (er ist { $length } Zeichen lang).
wallet-challenge-malformed = Das ist kein Prüfcode eines Einlasses. Ein Prüfcode beginnt mit TSR1C:, gefolgt von Buchstaben und Ziffern.
wallet-challenge-other-pass = Dieser Prüfcode gilt für einen anderen Ausweis: „{ $label }“. Öffnen Sie diesen Ausweis, um ihn zu beantworten.
wallet-challenge-unknown-pass = Dieser Prüfcode gilt für einen anderen Ausweis, der nicht in dieser Wallet ist.
wallet-camera-view = Kamerabild
wallet-camera-stop = Kamera beenden
wallet-camera-point = Richten Sie die Kamera auf den Code auf dem Bildschirm des Einlasses.
wallet-camera-not-challenge = Dieser Code ist kein Prüfcode eines Einlasses. Richten Sie die Kamera auf den Bildschirm des Einlasses.
wallet-camera-timeout = Die Kamera wurde ausgeschaltet, um Akku zu sparen. Tippen Sie auf „Code des Einlasses scannen“, um es erneut zu versuchen.
wallet-camera-refused = Der Zugriff auf die Kamera wurde verweigert. Erlauben Sie die Kamera für diese Website in den Browsereinstellungen, oder fügen Sie den Prüfcode des Einlasses unten ein.
wallet-camera-missing = Auf diesem Gerät wurde keine Kamera gefunden. Fügen Sie stattdessen den Prüfcode des Einlasses unten ein.
wallet-camera-failed = Die Kamera konnte nicht gestartet werden. Fügen Sie stattdessen den Prüfcode des Einlasses unten ein.

## Von Angesicht zu Angesicht: die Frontkamera antwortet dem Einlass von selbst (Issue 52)

wallet-camera-why = Der Einlass spricht über die Kamera mit Ihrem Smartphone; nichts wird aufgezeichnet oder gesendet.
wallet-face-video = Bild der Frontkamera
wallet-face-on-title = Kamera an.
wallet-face-on = Halten Sie Ihren Bildschirm vor den Bildschirm des Einlasses: Ihr Smartphone antwortet dem Einlass von selbst.
wallet-face-ask = Kamera für den Einlass einschalten
wallet-face-blocked-title = Die Kamera ist für diese Website gesperrt
wallet-face-blocked = Damit der Einlass mit Ihrem Smartphone sprechen kann, öffnen Sie die Einstellungen dieser Website (das Symbol neben der Adresse, auf dem iPhone „aA“), stellen Sie „Kamera“ auf „Erlauben“ und laden Sie diese Seite neu. Bis dahin tippen Sie am Einlass auf „{ wallet-scan }“ oder fügen Sie seinen Prüfcode unten ein.
wallet-face-none = Hier lässt sich keine Frontkamera nutzen: Tippen Sie am Einlass auf „{ wallet-scan }“.
wallet-answer-face = Antwort angezeigt: Halten Sie Ihr Smartphone weiter vor den Einlass.

## Eine Gruppe: ein Code für mehrere Ausweise (Issue 52)

wallet-party-offer = Ein Code für alle { $count } Ausweise
wallet-party-offer-lead = Gemeinsam hinein? Zeigen Sie einen Code für { $count } Ausweise, und der Einlass prüft alle auf einmal.
wallet-party-title = Ein Code für Ihre Gruppe
wallet-party-lead = { $count ->
        [one] Ein Ausweis angehakt: Haken Sie mindestens zwei an für einen gemeinsamen Code.
       *[other] { $count } Ausweise in einem Code: einmal am Einlass vorzeigen.
    }
wallet-party-who = Wer jetzt hineingeht
wallet-party-max = Ein Gruppencode fasst höchstens { $max } Ausweise: Entfernen Sie zuerst ein Häkchen.
wallet-qr-party = Einlasscode für { $names }; er wechselt { $seconds ->
        [one] jede Sekunde
       *[other] alle { $seconds } Sekunden
    }
wallet-party-too-few-title = Mindestens zwei auswählen
wallet-party-too-few = Haken Sie zwei oder mehr Personen an, um einen Code für sie zu zeigen, oder öffnen Sie jeden Ausweis einzeln.
wallet-party-back = Zurück zu Ihren Ausweisen

## Einen Ausweis weitergeben (Übertragung)

wallet-transfer-title = „{ $label }“ übertragen
wallet-transfer-title-unnamed = Diesen Ausweis übertragen
wallet-transfer-lead = Jemand anderes geht an Ihrer Stelle? Erstellen Sie einen Link für diese Person. Sobald sie ihn öffnet und den Ausweis hinzufügt, wechselt er auf ihr Telefon.
wallet-transfer-warning = Sobald sie ihn hinzufügt, funktioniert dieser Ausweis auf diesem Telefon nicht mehr. Bis dahin funktioniert er hier weiterhin.
wallet-transfer-make = Übertragungslink erstellen
wallet-transfer-making = Link wird erstellt…
wallet-transfer-back = Zurück zu meinem Ausweis
wallet-transfer-offline = Der Server war nicht erreichbar, daher wurde kein Übertragungslink erstellt. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.
wallet-transfer-not-allowed = Dieser Ausweis kann nicht übertragen werden: Der Veranstalter erlaubt keine Weitergabe (oder er wurde bereits so oft weitergegeben wie erlaubt). Er bleibt in dieser Wallet.
wallet-transfer-revoked = Dieser Ausweis wurde vom Aussteller widerrufen. Er kann nicht weitergegeben werden.
wallet-transfer-not-held = Dieses Telefon hat diesen Ausweis nicht mehr (er wurde weitergegeben oder auf ein anderes Telefon übertragen) und kann ihn daher nicht weitergeben.
wallet-transfer-unavailable = Dieser Ausweis kann jetzt nicht übertragen werden: Möglicherweise erlaubt der Veranstalter keine Weitergabe, er wurde bereits so oft weitergegeben wie erlaubt, oder er wurde widerrufen. Er bleibt in dieser Wallet.
wallet-transfer-rate-limited = Gerade zu viele Versuche. Warten Sie eine Minute und versuchen Sie es dann erneut.
wallet-transfer-failed = Der Server konnte den Übertragungslink gerade nicht erstellen ({ $code }). Versuchen Sie es gleich noch einmal.
wallet-transfer-failed-status = Der Server konnte den Übertragungslink gerade nicht erstellen (Fehler { $status }). Versuchen Sie es gleich noch einmal.
wallet-transfer-bad-nonce = Die Übertragungsnonce des Servers war nicht verwendbar. Versuchen Sie es gleich noch einmal.
wallet-transfer-give = Geben Sie diesen Link an die neue Person weiter
wallet-transfer-stops = Der Ausweis auf diesem Telefon funktioniert nicht mehr, sobald die andere Person ihn hinzufügt. Senden Sie den Link nur an sie: Wer ihn zuerst öffnet, erhält den Ausweis.
wallet-qr-transfer = QR-Code zur Übertragung an die neue Person
wallet-transfer-scan-help = Die Person kann ihn mit der Kamera ihres Telefons scannen oder den Link öffnen.
wallet-transfer-link = Übertragungslink
wallet-transfer-copy = Link kopieren
wallet-transfer-copied = Link kopiert.
wallet-transfer-selected = Der Link ist markiert: Kopieren Sie ihn aus dem Feld.
wallet-transfer-share = Teilen…
