# Tessera's messages in French (Français, "vous"): a translation of en.ftl with exactly its
# message ids and variables (test/unit/catalogues.test.mjs). French spacing: a no-break space
# before ":" and a narrow no-break space before ";", "?" and "!". Project Fluent syntax:
# https://projectfluent.org/fluent/guide/

## About the language itself

# The language's name in itself, as the switcher lists it.
language-name = Français
# ltr or rtl: the direction of the pages in this language.
language-direction = ltr

## Every page

common-language = Langue
common-times-in-zone = Les heures sont celles du site ({ $zone }).
common-sso-email = Adresse e-mail professionnelle
common-sso-email-help = Vous vous connectez sur la page de connexion de votre organisation, puis vous revenez ici.
common-sso-continue = Continuer avec l’authentification unique
common-sso-email-invalid = Saisissez votre adresse e-mail professionnelle, par exemple ada@example.com.
common-sso-title = Connexion avec votre organisation

## A server's error code, in words (the code itself stays on screen where staff need it)

error-other = Le serveur a refusé cette opération ({ $code }).
error-unauthorized = Connexion requise, ou votre clé n’est plus valide.
error-forbidden = Cette clé n’a pas l’autorisation de faire cela.
error-key-sign-in-off = La connexion par clé est désactivée ici : utilisez l’authentification unique.
error-not-found = Introuvable.
error-invalid-claim = Ce lien ne fonctionne pas : il a déjà été utilisé, remplacé ou mal saisi.
error-invalid-pairing = Ce lien d’association a déjà été utilisé ou a expiré.
error-already-claimed = Ce pass se trouve déjà dans un autre portefeuille.
error-revoked = Ce pass a été annulé.
error-invalid-public-key = La clé du portefeuille a été refusée.
error-bad-request = La requête n’a pas été comprise.
error-payload-too-large = C’est trop volumineux pour être envoyé.
error-rate-limited = Trop de tentatives : patientez un instant, puis réessayez.
error-refused-by-policy = Les règles de l’organisation ne le permettent pas.
error-already-acknowledged = Quelqu’un a déjà acquitté cette alarme.
error-already-resolved = Cette alarme a déjà été résolue.
error-not-permitted = Cette action est impossible pour cette personne. Veuillez vous adresser au personnel.
error-invalid-field = Un champ est manquant ou non valide.
error-storage-unavailable = Le serveur ne parvient pas à joindre sa base de données pour le moment : réessayez dans quelques instants.
error-internal = Le serveur a rencontré une erreur : réessayez, et prévenez le personnel si le problème persiste.
error-transfer-not-allowed = Ce pass ne peut pas être transmis.
error-not-claimed = Aucun portefeuille ne contient encore ce pass.
error-request-id-reused = Cette demande a déjà été envoyée avec un autre contenu.
error-already-decided = Cette demande a déjà reçu une réponse.
error-approval-timeout = Le délai pour répondre à cette demande est dépassé.
error-bad-proof = Ce portefeuille n’a pas pu prouver le transfert.
error-invalid-nonce = Le lien de transfert a expiré : créez-en un nouveau.
error-unknown-pass = Ce pass est inconnu ici.
error-key-revoked = Cette clé a été révoquée : créez-en une nouvelle.
error-last-admin-key = La dernière clé d’administration ne peut pas être révoquée.
error-network = Pas de connexion au serveur. Vérifiez le réseau, puis réessayez.

## Mail and notifications the server sends (in the recipient’s language)

mail-invitation-subject = Votre pass pour { $venue }
mail-invitation-heading = { $venue } vous envoie un pass
mail-invitation-greeting = Bonjour { $name },
mail-invitation-when = Quand
mail-invitation-where = Où
mail-invitation-host = Votre hôte
mail-invitation-any-entrance = n’importe quelle entrée
mail-invitation-open = Ouvrir votre pass
mail-invitation-open-text = Ouvrez votre pass sur votre téléphone :
mail-invitation-other-device = Sur un autre appareil, scannez le code QR de ce message.
mail-invitation-scan = Sur un autre appareil, scannez ce code avec l’appareil photo de votre téléphone :
mail-invitation-qr-alt = Code QR du lien vers votre pass
mail-invitation-yours-alone = Ce lien est strictement personnel : le premier téléphone qui l’ouvre reçoit le pass. Présentez le code dynamique à l’entrée ; une capture d’écran ne fonctionnera pas.
mail-invitation-button-fallback = Si le bouton ne fonctionne pas, ouvrez cette adresse : { $url }
mail-times-in-zone = Les heures sont indiquées dans le fuseau horaire du site ({ $zone }).
mail-approval-subject = { $visitor } vous attend ({ $gate })
mail-approval-heading = { $visitor } vous attend ({ $gate })
mail-approval-intro = { $visitor } se trouve à l’entrée ({ $gate }) et demande à entrer pour vous voir.
mail-approval-note = Note de l’agent de sécurité : { $note }
mail-approval-approve = Autoriser
mail-approval-approve-text = Autoriser (laisser entrer) : { $url }
mail-approval-deny = Refuser
mail-approval-deny-text = Refuser : { $url }
mail-approval-until = Chaque lien ne fonctionne qu’une fois, jusqu’à { $until } ; passé ce délai, la demande expire. Seule la première réponse compte, qu’elle soit donnée ici ou sur la page hôte.
push-walk-in-title = { $visitor } attend
push-walk-in-body = À l’entrée { $gate }. Autorisez pour le faire entrer.
push-walk-in-body-note = À l’entrée { $gate } ({ $note }). Autorisez pour le faire entrer.
push-approve = Autoriser
push-deny = Refuser
push-approved = { $visitor } peut entrer
push-denied = { $visitor } est refusé·e
push-already-answered = { $visitor } : déjà répondu
push-answer-failed = Impossible de répondre pour { $visitor }
push-answered-body = À l’entrée { $gate }.
push-answer-failed-body = Ouvrez la page hôte pour voir ce qui s’est passé.

## The security console's words for the audit log (audit-*), made by src/console/model.js.
## French ("vous"); exactly the ids and variables of parts/audit/en.ftl. The TSR1 names
## (foreign_nonce, stale_code, auth_failure, claim_conflict…) stay as they are.

## Event kinds

audit-kind-scan = scan
audit-kind-challenge-issued = défi émis
audit-kind-response = réponse
audit-kind-challenge-unanswered = défi sans réponse
audit-kind-rate-limited = débit limité
audit-kind-gate-connection-refused = connexion d’une entrée refusée
audit-kind-claim = pass ajouté à un portefeuille
audit-kind-claim-rejected = ajout au portefeuille refusé
audit-kind-claim-conflict = conflit d’ajout au portefeuille
audit-kind-pass-issued = pass émis
audit-kind-pass-revoked = pass annulé
audit-kind-api-key-created = clé API créée
audit-kind-api-key-revoked = clé API révoquée
audit-kind-api-key-rotated = clé API renouvelée
audit-kind-gate-created = entrée créée
audit-kind-auth-failure = échec d’authentification
audit-kind-gate-pairing-created = lien d’association d’une entrée créé
audit-kind-gate-paired = entrée associée
audit-kind-gate-revoked = entrée révoquée
audit-kind-gate-connected = entrée connectée
audit-kind-gate-disconnected = entrée déconnectée
audit-kind-console-signed-in = connexion à la console
audit-kind-console-signed-out = déconnexion de la console
audit-kind-retention = durée de conservation appliquée
audit-kind-host-created = hôte créé
audit-kind-walk-in-requested = visite sans rendez-vous demandée
audit-kind-walk-in-approved = visite sans rendez-vous autorisée
audit-kind-walk-in-denied = visite sans rendez-vous refusée
audit-kind-walk-in-expired = visite sans rendez-vous expirée
audit-kind-pass-rebound = pass réassocié
audit-kind-transfer-started = transfert lancé
audit-kind-pass-transferred = pass transféré
audit-kind-transfer-rejected = transfert refusé
audit-kind-webhook-created = webhook créé
audit-kind-webhook-disabled = webhook désactivé
audit-kind-webhook-enabled = webhook activé
audit-kind-webhook-secret-rotated = secret du webhook renouvelé
audit-kind-webhook-deleted = webhook supprimé
audit-kind-zone-created = zone créée
audit-kind-zone-checkout = sortie de zone
audit-kind-sso-configured = authentification unique configurée
audit-kind-sso-removed = authentification unique supprimée
audit-kind-sso-sign-in-failed = échec de connexion par authentification unique
audit-kind-sso-sessions-ended = sessions d’authentification unique terminées
audit-kind-sso-domain-changed = domaine de connexion modifié
audit-kind-session-ended = session terminée
audit-kind-message-queued = message mis en file d’attente
audit-kind-message-sent = message envoyé
audit-kind-message-bounced = message rejeté
audit-kind-message-dead = message abandonné
audit-kind-message-expired = message expiré
audit-kind-mail-settings-changed = paramètres d’e-mail modifiés
audit-kind-alarm-acknowledged = alarme acquittée
audit-kind-alarm-assigned = alarme attribuée
audit-kind-alarm-resolved = alarme résolue
audit-kind-watchlist-hit = correspondance sur la liste de surveillance
audit-kind-watchlist-entry-added = entrée ajoutée à la liste de surveillance
audit-kind-watchlist-entry-changed = entrée de la liste de surveillance modifiée
audit-kind-watchlist-entry-removed = entrée retirée de la liste de surveillance
audit-kind-personal-data-exported = données personnelles exportées
audit-kind-personal-data-erased = données personnelles effacées
audit-kind-privacy-settings-changed = paramètres de confidentialité modifiés
audit-kind-locale-settings-changed = paramètres de langue et de fuseau horaire modifiés
audit-kind-roll-call-started = appel lancé
audit-kind-roll-call-marked = personne pointée lors de l’appel
audit-kind-roll-call-ended = appel terminé
audit-kind-muster-scanned = scan au point de rassemblement
audit-kind-muster-refused = scan refusé au point de rassemblement
audit-kind-site-node-created = serveur sur site enregistré
audit-kind-site-lease-granted = bail du site accordé
audit-kind-site-lease-ended = bail du site terminé
audit-kind-site-lease-extended = bail du site prolongé sur place
audit-kind-site-conflict = conflit sur site
audit-kind-site-node-revoked = serveur sur site révoqué
audit-kind-site-node-token-rotated = nouveau jeton pour un serveur sur site
audit-kind-site-node-resumed = serveur sur site de nouveau autorisé à prendre un bail
audit-kind-site-node-fault = serveur sur site : envoi refusé

## Severities

audit-severity-info = info
audit-severity-warning = avertissement
audit-severity-high = élevée

## One event in a line

audit-by = { $what } — par { $who }
audit-resent = { $what } (renvoi)
audit-on-site = { $what } (sur site)
audit-from-node = { $what } — du serveur { $node }
audit-node-revoked = serveur { $node } révoqué : son jeton ne fonctionne plus
audit-node-token-rotated = nouveau jeton pour le serveur { $node } : l’ancien ne fonctionne plus
audit-node-resumed = le serveur { $node } peut de nouveau prendre le bail de son site
audit-node-fault =
    { $count ->
        [one] le serveur { $node } a envoyé { $count } élément refusé par ce serveur
       *[other] le serveur { $node } a envoyé { $count } éléments refusés par ce serveur
    }
audit-node-fault-why =
    { $count ->
        [one] le serveur { $node } a envoyé { $count } élément refusé par ce serveur : { $reasons }
       *[other] le serveur { $node } a envoyé { $count } éléments refusés par ce serveur : { $reasons }
    }
audit-node-fault-reason = { $count } × { $words } ({ $reason })
audit-node-fault-foreign-kind = un type qu’aucun serveur sur site ne produit
audit-node-fault-malformed-details = des détails de forme incorrecte
audit-node-fault-severity-too-high = une gravité trop élevée pour son type
audit-node-fault-foreign-gate = une entrée d’un autre site
audit-node-fault-foreign-pass = un pass d’un autre site
audit-node-fault-outside-lease = une heure hors de ses baux
audit-node-fault-foreign-lease = un bail qu’il n’a jamais détenu
audit-sso-refused = authentification unique refusée : { $reason }
audit-sso-refused-detail = authentification unique refusée : { $reason } ({ $detail })
audit-mail-queued = lien du pass mis en file d’attente
audit-mail-queued-to = lien du pass mis en file d’attente pour { $to }
audit-mail-resent = lien du pass renvoyé
audit-mail-resent-to = lien du pass renvoyé à { $to }
audit-mail-sent = e-mail envoyé
audit-mail-sent-to = e-mail envoyé à { $to }
audit-mail-bounced = e-mail rejeté
audit-mail-bounced-to = e-mail rejeté par { $to }
audit-mail-bounced-error = e-mail rejeté ({ $error })
audit-mail-bounced-to-error = e-mail rejeté par { $to } ({ $error })
audit-mail-dead = envoi de l’e-mail abandonné
audit-mail-dead-to = envoi de l’e-mail à { $to } abandonné
audit-mail-dead-error = envoi de l’e-mail abandonné ({ $error })
audit-mail-dead-to-error = envoi de l’e-mail à { $to } abandonné ({ $error })
audit-mail-expired = e-mail non envoyé : son pass a expiré avant
audit-mail-expired-to = e-mail non envoyé : son pass a expiré avant ({ $to })
audit-sso-sessions-ended = sessions terminées par le fournisseur d’identité ({ $cause ->
        [access_ended] accès retiré
       *[other] déconnexion chez le fournisseur
    })
audit-scan-denied = scan refusé : { $reason } — { $words }
audit-scan-resent = scan renvoyé
audit-scan-refused = scan rejeté : { $error }
audit-answer = réponse
audit-answer-denied = réponse refusée : { $reason } — { $words }
audit-answer-refused = réponse rejetée : { $error }
audit-outcome-admitted = admis
audit-outcome-already-admitted = déjà admis
audit-outcome-denied = refusé
audit-challenge-unanswered = défi sans réponse (expiré sans réponse valide)
audit-claim-conflict = claim_conflict — un second portefeuille a tenté d’ajouter ce pass
audit-auth-failure-count = × { $count }
audit-auth-failure-surface = sur { $surface }
audit-detail = ({ $detail })
audit-claim-refused = ajout au portefeuille refusé
audit-claim-refused-why = ajout au portefeuille refusé ({ $reason })
audit-rate-limited = débit limité
audit-rate-limited-frames = débit limité : { $frames ->
        [one] { $frames } trame
       *[other] { $frames } trames
    }
audit-walk-in-requested = visite sans rendez-vous demandée
audit-walk-in-approved = visite sans rendez-vous autorisée par l’hôte : admis
audit-walk-in-denied = visite sans rendez-vous refusée par l’hôte
audit-walk-in-expired = visite sans rendez-vous expirée : l’hôte n’a pas répondu à temps
audit-pass-rebound = pass réassocié à un nouveau portefeuille (l’ancien ne fonctionne plus)
audit-pass-transferred = pass transféré à un nouveau titulaire
audit-gate-short = entrée { $id }
audit-pass-short = pass { $id }
audit-node-unknown = inconnu
audit-clock-date = { $day }/{ $month }/{ $year } { $time }

## The event filters' checks

audit-filter-gate-id = L’entrée doit être un identifiant comme 0190c3e1-…-… ; choisissez-en une dans une liste ou collez son identifiant.
audit-filter-pass-id = Le pass doit être un identifiant comme 0190c3e1-…-… ; choisissez-en un dans une liste ou collez son identifiant.
audit-filter-severity = La gravité doit être « info », « avertissement » ou « élevée ».
audit-filter-since-until = Le début doit précéder la fin.

## Alarms

audit-alarms-filter-active = Ouvertes et acquittées
audit-alarms-filter-open = Ouvertes
audit-alarms-filter-acknowledged = Acquittées
audit-alarms-filter-resolved = Résolues
audit-alarms-filter-all = Toutes
audit-alarm-outcome-confirmed = Confirmée
audit-alarm-outcome-false-alarm = Fausse alerte
audit-alarm-outcome-duplicate = Doublon
audit-alarm-outcome-no-action = Aucune action
audit-alarm-state-open = Ouverte
audit-alarm-acknowledged-by = Acquittée par { $who }
audit-alarm-acknowledged-by-someone = Acquittée par quelqu’un
audit-alarm-resolved-by = Résolue ({ $outcome ->
        [confirmed] confirmée
        [false_alarm] fausse alerte
        [duplicate] doublon
        [no_action] aucune action
       *[none] sans issue
    }) par { $who }
audit-alarm-resolved-by-someone = Résolue ({ $outcome ->
        [confirmed] confirmée
        [false_alarm] fausse alerte
        [duplicate] doublon
        [no_action] aucune action
       *[none] sans issue
    }) par quelqu’un

## La console de sécurité (/console) : console-*
## Français (vouvoiement) ; exactement les ids et variables de parts/console/en.ftl.
## Termes comme à l’entrée et dans le journal : entrée (gate), pass, acquitter, résoudre,
## appel (roll call), en sécurité, association, visite sans rendez-vous.

console-title = Console de sécurité Tessera
console-opening = Ouverture de la console…
console-try-again = Réessayer
console-start-network = Impossible de joindre le serveur. Vérifiez le réseau.
console-start-not-ready = Le serveur n’est pas prêt (HTTP { $status }).
console-host-session = Vous êtes connecté comme hôte sur cet appareil : les hôtes utilisent /host. Connectez-vous ici avec une clé d’administrateur ou d’auditeur.

## Connexion avec une clé

console-signin-intro = Les alarmes, les entrées, les pass et le journal d’audit de votre organisation.
console-signin-key = Clé d’API
console-signin-key-help = Une clé d’administrateur ou d’auditeur. Elle est envoyée une seule fois pour ouvrir une session et n’est pas conservée sur cet appareil.
console-signin-button = Se connecter
console-signin-key-missing = Saisissez une clé d’API.
console-signin-host-key = C’est une clé d’hôte : les hôtes utilisent la page des hôtes, /host. La console est réservée aux clés d’administrateur et d’auditeur.
console-signin-network = Impossible de joindre le serveur. Vérifiez le réseau, puis réessayez.
console-signin-not-accepted = Cette clé d’API n’a pas été acceptée. Vérifiez-la et réessayez.
console-signin-forbidden = Cette clé ne peut pas ouvrir la console : seules les clés d’administrateur et d’auditeur le peuvent (ou la page n’est pas à l’adresse propre du serveur).
console-signin-rate-limited = Trop de connexions échouées depuis cette adresse. Patientez une minute, puis réessayez.
console-signin-refused = Le serveur a refusé la connexion ({ $code }).
console-signed-out = Déconnecté.
console-session-ended = Votre session est terminée. Reconnectez-vous.
console-session-expired = Votre session a expiré (une vacation). Reconnectez-vous.

## Échec d’un appel. $action est l’un des messages console-action-* ci-dessous : un
## infinitif précédé de « de » ou « d’ » (« de se déconnecter », « d’émettre le pass »).

console-problem-network = Impossible { $action } : le serveur est injoignable. Vérifiez le réseau, puis réessayez.
console-problem-forbidden = Cette session ne permet pas { $action } ({ $code }).
console-problem-not-found = Impossible { $action } : introuvable.
console-problem-rate-limited = Trop de requêtes ; patientez une minute, puis réessayez.
console-problem-status = Impossible { $action } : HTTP { $status }.
console-problem-refused = Impossible { $action } : { $reason }
console-invalid-field = Un champ est manquant ou invalide ({ $field }).

console-action-sign-out = de se déconnecter
console-action-read-alarms = de charger l’état des alarmes
console-action-read-pass-events = de charger les événements du pass
console-action-acknowledge = d’acquitter l’alarme
console-action-assign = d’attribuer l’alarme
console-action-resolve = de résoudre l’alarme
console-action-read-events = de charger le journal des événements
console-action-read-gate = de charger l’entrée
console-action-pair = de créer un lien d’association
console-action-revoke-gate = de révoquer l’entrée
console-action-list-passes = de charger la liste des pass
console-action-read-pass = de charger le pass
console-action-revoke-pass = de révoquer le pass
console-action-replay = de renvoyer l’événement
console-action-list-webhooks = de charger les webhooks
console-action-list-dead-letters = de charger les événements non distribués
console-action-resend = de renvoyer le lien
console-action-list-messages = de charger les messages
console-action-read-watchlist = de charger la liste de surveillance
console-action-remove-entry = de retirer l’inscription
console-action-add-watchlist = d’ajouter à la liste de surveillance
console-action-read-roll-calls = de charger les appels
console-action-start-roll-call = de lancer l’appel
console-action-mark-safe = de pointer { $name } en sécurité
console-action-end-roll-call = de clore l’appel
console-action-read-roll-call = de charger l’appel
console-action-save-sso = d’enregistrer les paramètres d’authentification unique
console-action-list-sessions = de charger les sessions
console-action-end-session = de fermer la session
console-action-read-sso = de charger les paramètres d’authentification unique
console-action-issue-pass = d’émettre le pass
console-action-create-gate = de créer l’entrée
console-action-read-nodes = de charger les serveurs sur site
console-action-reclaim-lease = de reprendre le bail de { $label }
console-action-revoke-node = de révoquer { $label }
console-action-rotate-node = de créer un nouveau jeton pour { $label }
console-action-resume-node = d’autoriser de nouveau le bail pour { $label }

## Barre et onglets

console-brand-sub = Console de sécurité
console-sign-out = Se déconnecter
console-role =
    { $role ->
        [admin] administrateur
        [security] sécurité
        [auditor] auditeur
        [issuer] émetteur
        [host] hôte
       *[other] { $role }
    }
console-feed-live = EN DIRECT
console-feed-connecting = CONNEXION
console-feed-reconnecting = RECONNEXION
console-views = Vues
console-tab-alarms = Alarmes
console-tab-events = Événements
console-tab-gates = Entrées
console-tab-nodes = Serveurs sur site
console-tab-passes = Pass
console-tab-webhooks = Webhooks
console-tab-messages = Messages
console-tab-watchlist = Surveillance
console-tab-rollcall = Appel
console-tab-admin = Gérer
console-tab-signin = Connexion

## Éléments communs

console-loading = Chargement…
console-load-more = Afficher plus
console-refresh = Actualiser
console-show = Afficher
console-cancel = Annuler
console-copy = Copier
console-copied = Copié.
console-copy-selected = Sélectionné : appuyez sur Ctrl+C pour copier.
console-timeline = Chronologie
console-timeline-loading = Chargement de la chronologie…
console-timeline-count =
    { $count ->
        [one] { $count } événement
       *[other] { $count } événements
    }, du plus ancien au plus récent ; les nouveaux s’affichent au fur et à mesure.
console-timeline-of = Chronologie de { $pass }
console-tl-challenge-to = défi émis pour { $gate }
console-actor-title = { $name } : { $subject } chez { $issuer }

## Alarmes

console-alarms = Alarmes
console-alarms-loading = Chargement des alarmes…
console-alarms-none-open = Aucune alarme ouverte. Les identifiants d’entrée copiés (foreign_nonce), les codes rejoués (code_replayed), les défis grillés, les conflits d’ajout et les correspondances sur la liste de surveillance apparaissent ici en moins d’une seconde.
console-alarms-none = Aucune alarme ici.
console-back-alarms = ← Toutes les alarmes
console-alarm-no-pass = aucun pass
console-alarm-no-gate = aucune entrée
console-alarm-at = à { $gate }
console-alarm-from = depuis { $source }
console-alarm-from-node = du serveur { $node }
console-alarm-at-from-node = à { $gate }, du serveur { $node }
console-alarm-node = serveur { $node }
console-alarm-challenge-of = Défi de
console-alarm-first-used-at = Code utilisé d’abord à
console-alarm-about-foreign-nonce = une réponse au défi d’une autre entrée : des identifiants d’entrée copiés ?
console-alarm-about-code-replayed = un code qui a déjà fait entrer quelqu’un à une autre entrée : une copie ?
console-alarm-about-challenge-burned = un défi grillé par de mauvaises réponses
console-alarm-about-claim-conflict = un second portefeuille a tenté d’ajouter un pass déjà ajouté : un lien divulgué ?
console-alarm-about-watchlist-hit = une personne de la liste de surveillance à une entrée, ou un pass émis ou ajouté pour elle (voir la liste de surveillance)
console-alarm-about-auth-failure = des échecs d’authentification depuis une même source (pour cette organisation : une session de console utilisée sans son jeton CSRF ou depuis un autre site)
console-alarm-about-site-node-fault = un serveur sur site a envoyé ce que ce serveur a refusé : un jeton volé ou un serveur défaillant ? Vérifiez-le et, en cas de doute, révoquez-le dans la vue « Serveurs sur site »
console-alarm-gone = Cette alarme n’est plus dans le flux.
console-alarm-choose = Choisissez une alarme pour voir ce qui en a été fait et la chronologie du pass : chaque scan, chaque défi et chaque réponse.
console-alarm-heading = Alarme { $id }
console-alarm-fact-alarm = Alarme
console-alarm-fact-state = État
console-alarm-fact-assigned-to = Attribuée à
console-alarm-fact-when = Quand
console-alarm-fact-where = Où
console-alarm-fact-shipped-by = Envoyé par le serveur
console-alarm-fact-node = Serveur
console-alarm-fact-refused = Refusé
console-alarm-fact-pass = Pass
console-alarm-fact-reason = Motif
console-alarm-acknowledge = Acquitter
console-alarm-assign = Attribuer
console-alarm-assign-to = Attribuer à
console-alarm-resolve = Résoudre
console-alarm-outcome = Issue
console-alarm-note = Note
console-alarm-already-acknowledged-by = Cette alarme a déjà été acquittée par { $name }.
console-alarm-already-acknowledged = Cette alarme a déjà été acquittée.
console-alarm-already-resolved-by = Cette alarme a déjà été résolue par { $name }.
console-alarm-already-resolved = Cette alarme a déjà été résolue.

## Événements : filtres et export

console-events = Événements
console-filters = Filtres
console-filter-kind = Type
console-filter-severity = Gravité
console-filter-gate = Entrée
console-filter-pass = Pass
console-filter-since = Depuis
console-filter-until = Jusqu’à
console-filter-any = tous
console-filter-pass-placeholder = un identifiant de pass
console-filter-apply = Appliquer les filtres
console-filter-clear = Effacer
console-gate-option-revoked = { $gate } (révoquée)
console-export-csv = Exporter en CSV
console-export-jsonl = Exporter en JSONL
console-filtered-by = Filtré par { $filters }
console-all-events = Tous les événements
console-events-summary =
    { $count ->
        [one] { $count } événement
       *[other] { $count } événements
    }, du plus ancien au plus récent. L’export reprend exactement ces filtres.
console-events-summary-more =
    { $count ->
        [one] { $count } événement
       *[other] { $count } événements
    } pour l’instant (du plus ancien au plus récent ; la suite plus bas). L’export reprend exactement ces filtres.

## Colonnes des tableaux

console-col-time = Heure
console-col-severity = Gravité
console-col-event = Événement
console-col-gate = Entrée
console-col-pass = Pass
console-col-state = État
console-col-uses = Utilisations
console-col-site = Site
console-col-valid-until = Valable jusqu’au
console-col-type = Type
console-col-attempts = Tentatives
console-col-last-error = Dernière erreur
console-col-queued = Mis en file
console-col-to = Destinataire
console-col-what = Quoi
console-col-person = Personne
console-col-mode = Mode
console-col-reason = Motif
console-col-added-by = Ajouté par
console-col-expires = Expire
console-col-started = Lancé
console-col-who = Qui
console-col-safe = En sécurité
console-col-name = Nom
console-col-status = Statut
console-col-last-seen = Vu en dernier
console-col-marked-by = Pointé par
console-col-where = Où
console-col-when = Quand
console-col-email = E-mail
console-col-role = Rôle
console-col-since = Depuis
console-col-ends = Fin

## Entrées

console-gates = Entrées
console-gate = Entrée
console-gates-loading = Chargement des entrées…
console-gates-count =
    { $count ->
        [one] { $count } entrée
       *[other] { $count } entrées
    } ; { $online } en ligne.
console-create-gate = Créer une entrée
console-gate-online = EN LIGNE
console-gate-offline = HORS LIGNE
console-gate-connected-now = connectée
console-gate-never-connected = jamais connectée
console-gate-last-seen = vue { $ago } ({ $time })
console-gate-connected-now-sentence = Connectée.
console-gate-never-connected-sentence = Jamais connectée.
console-gate-last-seen-sentence = Vue { $ago } ({ $time }).
console-gate-revoked-at = révoquée { $time }
console-gate-revoked-sentence = Révoquée { $time }.
console-gate-connected = Connectée.
console-gate-connected-sockets =
    Connectée ({ $count ->
        [one] { $count } connexion
       *[other] { $count } connexions
    }).
console-gate-not-connected = Non connectée.
console-gate-stats-loading = Chargement de la dernière heure…
console-gate-recent-label = Événements récents à cette entrée
console-gate-recent = Événements récents
console-gate-all-events = Tous les événements de cette entrée
console-gate-window =
    { $minutes ->
        [one] Dernière minute
       *[other] { $minutes } dernières minutes
    }
console-tile-scans = Scans
console-tile-per-minute = Par minute
console-tile-admissions = Admissions
console-tile-denials = Refus
console-tile-errors = Erreurs
console-chart-title = Scans par minute
console-chart-label = Scans par minute sur les { $minutes } dernières minutes : { $total } au total, au plus { $max } en une minute
console-chart-start = il y a { $minutes } min
console-chart-now = maintenant
console-denials-title = Refus par motif
console-denials-none = Aucun refus.
console-gate-manage = Gérer cette entrée
console-gate-revoke = Révoquer l’entrée
console-gate-revoke-confirm = Oui, révoquer cette entrée
console-back-gates = ← Entrées
console-pair-make = Créer un lien d’association
console-pair-qr = QR code du lien d’association
console-pair-title = Ouvrez ceci sur la tablette de l’entrée
console-pair-help = Scannez le code avec l’appareil photo de la tablette (ou envoyez-lui le lien). Il fonctionne une seule fois, jusqu’à { $until }. L’association transfère l’entrée sur cet appareil et déconnecte tout autre appareil.
console-pair-link = Lien d’association

## Pass

console-passes = Pass
console-passes-loading = Chargement des pass…
console-passes-count =
    { $count ->
        [one] { $count } pass
       *[other] { $count } pass
    }, du plus récent au plus ancien.
console-issue-pass = Émettre un pass
console-open-pass-label = Ouvrir un pass par identifiant
console-open = Ouvrir
console-open-pass-invalid = Un identifiant de pass ressemble à 0190c3e1-7b2a-7c3d-8e4f-0123456789ab.
console-pass-state =
    { $state ->
        [issued] émis
        [claimed] ajouté
        [used] épuisé
        [revoked] révoqué
        [expired] expiré
       *[other] { $state }
    }
console-pass-uses = Utilisations
console-pass-uses-of = { $uses } sur { $max }
console-pass-site = Site
console-pass-any-gate = toute entrée
console-pass-valid = Validité
console-pass-issued = Émis
console-pass-in-wallet = Dans un portefeuille
console-pass-since = depuis { $time }
console-pass-not-yet = pas encore
console-pass-id = Identifiant
console-admissions-heading = Admissions ({ $count })
console-admission-at = à
console-admissions-none = Aucune admission pour l’instant.
console-pass-revoke = Révoquer le pass
console-pass-revoke-confirm = Oui, révoquer ce pass
console-back-passes = ← Pass
console-pass-attempts = Toutes les tentatives
console-pass-in-event-log = Dans le journal des événements (filtres, export)

## Webhooks

console-webhooks = Webhooks
console-webhooks-loading = Chargement des webhooks…
console-webhooks-count =
    { $count ->
        [one] { $count } webhook
       *[other] { $count } webhooks
    } ; { $disabled ->
        [one] { $disabled } désactivé
       *[other] { $disabled } désactivés
    }.
console-webhook-disabled = désactivé { $time }
console-webhook-disabled-because = désactivé { $time } : { $reason }
console-webhook-enabled = actif
console-dead-letters = Événements non distribués
console-dead-letters-loading = Chargement des événements non distribués…
console-dead-letters-help = Événements dont les nouvelles tentatives sont épuisées ou dont le webhook a été désactivé (un destinataire a répondu 410). « Renvoyer » en remet un en file, à échéance immédiate, avec trois nouveaux jours de tentatives.
console-dead-letters-count =
    { $count ->
        [one] { $count } événement non distribué
       *[other] { $count } événements non distribués
    }, du plus récent au plus ancien.
console-dead-letters-none = Aucun événement non distribué : chaque événement a été distribué ou fait encore l’objet de tentatives.
console-replay = Renvoyer
console-replay-label = Renvoyer { $event }
console-replayed = Remis en file.
console-replayed-disabled = Remis en file ; son webhook est désactivé, il reviendra donc ici.

## Messages

console-messages-title = Messages
console-messages = Messages
console-messages-help = Liens d’ajout envoyés par e-mail aux visiteurs, et visites sans rendez-vous signalées aux hôtes par e-mail et par notification. Une adresse rejetée a été refusée par le destinataire ; un message abandonné a épuisé ses tentatives ; un message trop tardif n’a pas été envoyé car son pass ou sa visite avait pris fin.
console-messages-loading = Chargement des messages…
console-messages-filter-attention = À traiter (rejetés, abandonnés, trop tardifs)
console-messages-filter-pending = En attente d’envoi
console-messages-filter-sent = Envoyés
console-messages-filter-all = Tous
console-messages-count =
    { $count ->
        [one] { $count } message
       *[other] { $count } messages
    }, du plus récent au plus ancien.
console-messages-none-attention = Rien à traiter : chaque message a été envoyé ou fait l’objet de nouvelles tentatives.
console-messages-none = Aucun message.
console-message-kind-invitation = Lien d’ajout
console-message-kind-approval-mail = Sans rendez-vous (e-mail)
console-message-kind-approval-push = Sans rendez-vous (notification)
console-message-state =
    { $state ->
        [pending] en attente
        [sent] envoyé
        [bounced] rejeté
        [dead] abandonné
        [expired] trop tardif
       *[other] { $state }
    }
console-message-send-again = Renvoyer
console-message-send-again-label = Renvoyer le lien d’ajout de { $to }
console-message-new-address = Nouvelle adresse pour { $to }
console-message-send = Envoyer
console-message-sent-again = Renvoyé à { $to } ; le lien précédent ne fonctionne plus.

## Liste de surveillance

console-watchlist = Liste de surveillance
console-watch-loading = Chargement de la liste de surveillance…
console-watch-help = Personnes à signaler ou à tenir à l’écart. Une adresse e-mail ou une référence externe correspond exactement ; un nom seul n’est qu’une correspondance possible et ne fait jamais refuser personne. Les entrées affichent seulement « veuillez patienter : le personnel arrive » ; les visiteurs et les émetteurs n’en connaissent jamais la raison.
console-watch-form = Ajouter à la liste de surveillance
console-watch-add = Ajouter à la liste
console-watch-name = Nom
console-watch-email = E-mail
console-watch-email-help = Correspondance exacte, sans tenir compte de la casse, avec ou sans +étiquette.
console-watch-reference = Référence externe
console-watch-expires = Expire le
console-watch-expires-help = Vide : jamais.
console-watch-reason = Motif
console-watch-mode = Mode
console-watch-mode-flag-help = Signaler : laisser entrer et déclencher une alarme
console-watch-mode-block-help = Bloquer : refuser ses pass, la retenir aux entrées
console-watch-mode-flag = Signaler
console-watch-mode-block = Bloquer
console-watch-count =
    { $count ->
        [one] { $count } inscription
       *[other] { $count } inscriptions
    }.
console-watch-none = Personne n’est sur la liste de surveillance.
console-watch-remove = Retirer
console-watch-remove-label = Retirer { $who } de la liste de surveillance
console-watch-added = { $who }, { $time }
console-watch-never = Jamais
console-watch-expired = { $date } (expirée)
console-watch-who-missing = Indiquez un nom, un e-mail ou une référence externe.
console-watch-reason-missing = Indiquez pourquoi cette personne est sur la liste de surveillance.

## Appel

console-rollcall = Appel
console-rc-loading = Chargement des appels…
console-rc-help = Lors d’une évacuation : aux points de rassemblement, les serre-files scannent les pass des visiteurs avec une entrée associée (« Appel » sur l’entrée), ou pointent les noms à la main. Les personnes encore manquantes apparaissent en premier.
console-rc-start-form = Lancer un appel
console-rc-start = Lancer l’appel
console-rc-who = Qui
console-rc-who-help = La liste comprend toutes les personnes présentes : dans les zones, et admises aujourd’hui aux entrées sans zone.
console-rc-scope-everyone = Tout le monde, tous les sites
console-rc-scope-all = Tous les sites
console-rc-scope-site = Site { $site }
console-rc-scope-zone = Zone { $zone }
console-rc-count =
    { $count ->
        [one] { $count } appel
       *[other] { $count } appels
    }.
console-rc-none = Aucun appel pour l’instant.
console-rc-table = Appels
console-rc-started-by = { $time } par { $who }
console-rc-safe-of = { $safe } sur { $inside }
console-rc-in-progress = En cours
console-rc-ended = Terminé
console-rc-filter-all = Tout le monde
console-rc-title = Appel : { $scope }
console-rc-meta-active = Lancé { $time } par { $who } · En cours
console-rc-meta-ended = Lancé { $time } par { $who } · Terminé { $endTime } par { $endWho }
console-rc-inside = Présents
console-rc-safe = En sécurité
console-rc-unaccounted = Manquants
console-rc-printed =
    Imprimé le { $time } · { $unaccounted ->
        [one] { $unaccounted } manquant
       *[other] { $unaccounted } manquants
    } sur { $inside }
console-rc-download-csv = Télécharger en CSV
console-rc-export-failed = Impossible d’exporter la liste ({ $status }).
console-rc-export-network = Impossible de joindre le serveur pour exporter la liste.
console-rc-print = Imprimer
console-rc-end = Clore l’appel
console-rc-end-confirm = Oui, le clore et classer le rapport
console-rc-mark-safe = Pointer en sécurité
console-rc-mark-safe-label = Pointer en sécurité : { $name }
console-rc-walk-in = (sans rendez-vous)
console-rc-marked-by-hand = { $who } (à la main)
console-rc-marked-by-scan = { $who } (scan)
console-rc-nobody-here = Personne dans cette vue.
console-rc-nobody-inside = Personne n’était enregistré comme présent au lancement de l’appel.
console-rc-not-found = Cet appel n’existe pas.
console-back-rollcalls = ← Tous les appels
console-rc-people = Personnes de l’appel

## Serveurs sur site (issue 35) : le serveur propre d’un lieu, qui admet les pass de son
## site sous un bail de ce serveur, même quand le lien du lieu est coupé.

console-nodes = Serveurs sur site
console-nodes-help = Un serveur sur site admet les pass de son site tant qu’il détient le bail du site, même quand le lien entre le lieu et ce serveur est coupé. La liste est relue toutes les 5 secondes.
console-nodes-loading = Chargement des serveurs sur site…
console-nodes-updated = Mis à jour : { $time }.
console-nodes-count =
    { $count ->
        [one] { $count } serveur
       *[other] { $count } serveurs
    } : { $holding } avec bail, { $overdue } en retard.
console-nodes-none = Aucun serveur sur site.
console-nodes-none-help = Un lieu dont le lien avec ce serveur risque de tomber pendant l’affluence à l’entrée peut en faire tourner un : voir docs/operations.md, section « On-site node ».
console-col-node = Serveur
console-col-lease-ends = Fin du bail
console-col-sync-lag = Retard d’envoi
console-col-shipped-through = Envoyé jusqu’à
console-node-state-holding = Détient le bail
console-node-state-starting = Démarre
console-node-state-overdue = En retard
console-node-state-idle = Inactif
console-node-state-reclaimed = Repris
console-node-state-revoked = Révoqué
console-node-state-holding-help = Il détient le bail du site : lui seul admet les pass du site, et ce serveur les refuse.
console-node-state-starting-help = Son bail est accordé mais pas encore en vigueur : il commence une fois tous les défis antérieurs expirés.
console-node-state-overdue-help = Son bail a expiré sans être renouvelé : le lien ou le serveur sur site est en panne. Ce serveur continue de refuser les pass du site jusqu’à ce que le bail soit rendu ou repris.
console-node-state-idle-help = Il ne détient aucun bail : ce serveur admet les pass du site.
console-node-state-reclaimed-help = Un admin a repris son bail : il ne peut reprendre le bail du site qu’après l’accord d’un admin (« Autoriser de nouveau le bail »). Ce serveur admet les pass du site.
console-node-state-revoked-help = Révoqué pour de bon : son jeton ne fonctionne plus et il ne prend aucun bail. Ce serveur admet les pass du site.
console-node-states = Signification des états
console-node-when = { $time } ({ $relative })
console-node-no-lease = Aucun bail
console-node-never = Jamais
console-node-nothing-shipped = Rien pour l’instant
console-node-revoked-at = Révoqué { $when }
console-node-revoked-no-lease = Révoqué
console-node-blocked-at = Repris { $when } : attend un admin
console-node-blocked = Repris : attend un admin
console-node-lag = { $seconds } s
console-node-reclaim = Reprendre le bail
console-node-reclaim-label = Reprendre le bail : { $label }
console-node-reclaim-confirm = Oui, reprendre le bail
console-node-reclaim-confirm-label = Oui, reprendre le bail : { $label }
console-node-reclaim-help = Ne reprenez le bail d’un serveur sur site que s’il est perdu pour de bon : ce serveur admet alors de nouveau le site, et un pass que le serveur sur site a admis sans jamais le signaler peut être admis une seconde fois. Chaque reprise est journalisée avec la gravité « élevée ».
console-node-reclaimed = Bail de { $label } repris : ce serveur admet de nouveau les pass du site.
console-node-revoke-help = Révoquez un serveur sur site retiré du service ou dont le jeton a pu être volé : son jeton cesse aussitôt de fonctionner et son bail prend fin, pour de bon. « Nouveau jeton » remplace le jeton d’un serveur : l’ancien cesse aussitôt de fonctionner. Après une reprise, un serveur ne reprend le bail du site qu’une fois qu’un admin a appuyé sur « Autoriser de nouveau le bail ». Tout est journalisé.
console-node-revoke = Révoquer
console-node-revoke-label = Révoquer le serveur : { $label }
console-node-revoke-confirm = Oui, révoquer le serveur
console-node-revoke-confirm-label = Oui, révoquer le serveur : { $label }
console-node-revoked = { $label } révoqué : son jeton ne fonctionne plus et son bail a pris fin.
console-node-rotate = Nouveau jeton
console-node-rotate-label = Nouveau jeton : { $label }
console-node-rotate-confirm = Oui, créer un nouveau jeton
console-node-rotate-confirm-label = Oui, créer un nouveau jeton : { $label }
console-node-rotated = Nouveau jeton créé pour { $label } : l’ancien ne fonctionne plus.
console-node-token-title = Nouveau jeton pour { $label }
console-node-token-help = L’ancien jeton a cessé de fonctionner : le serveur est refusé tant que son fichier de jeton ne contient pas celui-ci et qu’il n’a pas redémarré. Copiez-le maintenant : il n’est affiché que cette fois.
console-node-token = Jeton du serveur
console-node-token-hide = Masquer le jeton
console-node-resume = Autoriser de nouveau le bail
console-node-resume-label = Autoriser de nouveau le bail : { $label }
console-node-resumed = { $label } peut de nouveau prendre le bail du site.

## Connexion : authentification unique et sessions actives

console-signin-view = Connexion
console-sso = Authentification unique
console-sso-help = Permettez au personnel de se connecter avec le fournisseur d’identité de votre organisation (OpenID Connect). Voir docs/sign-in.md pour Keycloak, Entra ID et Google.
console-sso-form = Paramètres d’authentification unique
console-sso-issuer = URL de l’émetteur
console-sso-issuer-help = Exactement comme votre fournisseur d’identité se nomme lui-même (son document de découverte est récupéré à l’enregistrement).
console-sso-client-id = ID client
console-sso-client-secret = Secret client
console-sso-secret-help = Obligatoire la première fois ; il est stocké scellé et n’est plus jamais affiché.
console-sso-secret-stored = Un secret est enregistré. Laissez ce champ vide pour le conserver.
console-sso-domains = Domaines de messagerie autorisés
console-sso-domains-help = Séparés par des virgules, correspondance exacte. Vide : toute personne dont votre fournisseur se porte garant.
console-sso-role-claim = Claim de rôle
console-sso-role-claim-help = Le claim du jeton d’ID dont les valeurs donnent les rôles : groups, roles ou un chemin comme realm_access.roles.
console-sso-role-map = Valeurs du claim qui donnent chaque rôle (séparées par des virgules ; la correspondance la plus forte l’emporte, sans correspondance la connexion est refusée)
console-sso-role-admins = Administrateurs
console-sso-role-security = Sécurité
console-sso-role-auditors = Auditeurs
console-sso-role-issuers = Émetteurs
console-sso-role-hosts = Hôtes
console-sso-key-sign-in = Le personnel peut aussi se connecter à ces pages avec une clé d’API
console-sso-save = Enregistrer
console-sso-issuer-missing = Saisissez l’URL de l’émetteur et l’ID client.
console-sso-role-map-missing = Associez au moins une valeur du claim à un rôle, sinon personne ne pourra se connecter.
console-sso-saved = Enregistré. Déclarez les adresses ci-dessous auprès de votre fournisseur d’identité.
console-sso-redirect-uri = URI de redirection
console-sso-logout-uri = URI de déconnexion back-channel
console-sso-post-logout-uri = URI de redirection après déconnexion
console-sso-sign-in-link = Lien de connexion pour le personnel
console-sessions = Sessions actives
console-sessions-loading = Chargement des sessions…
console-sessions-count =
    { $count ->
        [one] { $count } session active
       *[other] { $count } sessions actives
    }.
console-session-end = Fermer
console-session-end-label = Fermer la session de { $who }
console-session-api-key = Clé d’API

## Gérer : émettre des pass, créer des entrées

console-manage = Gérer
console-issue-label = Visiteur (libellé du pass)
console-issue-site = Site
console-issue-site-help = Facultatif : seules les entrées de ce site acceptent le pass.
console-issue-from = Valable à partir du
console-issue-from-help = Vide : maintenant.
console-issue-until = Valable jusqu’au
console-issue-uses = Utilisations
console-issue-submit = Émettre le pass
console-issue-label-missing = Indiquez pour qui est le pass.
console-issue-until-missing = Indiquez jusqu’à quand le pass est valable.
console-issue-uses-invalid = Le nombre d’utilisations doit être un entier de 1 à 100 000.
console-issued-for = Pass émis pour { $label }
console-issued-help = Envoyez ce lien d’ajout au visiteur (ou faites-lui scanner le code). Il ajoute le pass à un seul portefeuille.
console-claim-qr = QR code du lien d’ajout
console-claim-link = Lien d’ajout
console-open-pass = Ouvrir le pass
console-gate-label = Libellé de l’entrée
console-gate-label-help = Ce que lisent les agents et les auditeurs, par exemple « Entrée nord ».
console-gate-site = Site
console-gate-site-help = Facultatif : l’entrée accepte les pass de ce site (et les pass sans site).
console-create-gate-submit = Créer l’entrée
console-gate-label-missing = Saisissez un libellé pour l’entrée.
console-gate-created = Entrée « { $label } » créée
console-gate-created-help = Associez-lui une tablette : créez un lien d’association et ouvrez-le sur la tablette.
console-open-gate = Ouvrir l’entrée
console-device-token-summary = Jeton d’appareil pour une entrée native (affiché une seule fois)
console-device-token = Jeton d’appareil

## Le poste d’entrée dans le navigateur (web/src/gate/) : la tablette de l’agent à l’entrée.
## Français (« vous ») ; exactement les ids et variables de parts/gate/en.ftl. Les mots du
## verdict (gate-word-*) se lisent à deux mètres : courts.

gate-title = Poste d’entrée Tessera
gate-loading = Ouverture du poste d’entrée…

## Association et écrans avant l’ouverture du poste

gate-pairing-title = Association de cet appareil…
gate-pairing-text = Cet appareil devient un poste d’entrée. Rien à saisir.
gate-pairing-network = Impossible de joindre le serveur pour associer cet appareil. Vérifiez le réseau, puis réessayez.
gate-pairing-rate-limited = Trop de tentatives d’association depuis cet appareil. Patientez une minute, puis rouvrez le lien.
gate-pairing-invalid = Ce lien d’association a déjà été utilisé ou a expiré. Demandez-en un nouveau.
gate-pairing-refused = Le serveur a refusé l’association ({ $code }). Demandez un nouveau lien.
gate-pairing-refused-title = Association refusée
gate-try-again = Réessayer
gate-continue-as = Continuer en tant que { $gate }
gate-continue-as-this = Continuer avec ce poste
gate-unreachable = Impossible de joindre le serveur. Vérifiez le réseau.
gate-unavailable-title = Poste d’entrée indisponible
gate-start-failed = Le poste d’entrée n’a pas pu démarrer : { $error }
gate-not-paired-title = Non associé
gate-not-paired-text = Cet appareil n’est pas (ou plus) un poste d’entrée. Pour en faire un, demandez un lien d’association à l’administrateur du site et ouvrez-le sur cet appareil.
gate-not-paired-hint = Un lien d’association ne sert qu’une fois, pendant 10 minutes. Rien à saisir.
gate-not-paired-revoked = Cet appareil n’est plus associé comme poste d’entrée (il a été révoqué, ou un autre appareil a été associé à sa place).

## La barre d’état

gate-label-fallback = Entrée
gate-status-connecting = CONNEXION
gate-status-online = EN LIGNE
gate-status-offline = HORS LIGNE
gate-counters-label = Compteurs de la journée
gate-counters-title = Aujourd’hui
gate-count-admitted = { $count ->
   *[other] admis
}
gate-count-admitted-title = Admis aujourd’hui
gate-count-already = { $count ->
    [one] retour
   *[other] retours
}
gate-count-already-title = Revenus aujourd’hui (déjà admis)
gate-count-denied = { $count ->
    [one] refusé
   *[other] refusés
}
gate-count-denied-title = Refusés aujourd’hui
gate-muster-toggle = Appel
gate-muster-toggle-back = Retour aux entrées
gate-offline-connecting = HORS LIGNE — connexion au serveur…
gate-offline-reconnecting = HORS LIGNE — ne laissez entrer personne. Reconnexion dans { $seconds } s…

## Le côté lecteur

gate-scanner-panel-label = Lecteur
gate-camera-label = Image de la caméra
gate-camera-on = Caméra active : présentez un code devant.
gate-camera-refused = L’accès à la caméra a été refusé. Autorisez la caméra pour ce site, ou utilisez un lecteur manuel.
gate-camera-none = Aucune caméra n’a pu démarrer. Utilisez un lecteur manuel.
gate-camera-on-back = Caméra arrière active : présentez un code devant.
gate-camera-back = Caméra arrière
gate-scanner-label = Saisie du lecteur manuel

## La scène : prêt, vérification, le code de contrôle pour le portefeuille du visiteur

gate-ready-title = Prêt à scanner
gate-ready-text = Présentez le code du pass devant la caméra.
gate-muster-ready-title = Appel : scannez pour pointer en sécurité
gate-muster-ready-text = Présentez le code du pass devant la caméra. Personne n’entre tant que l’appel est affiché sur cet écran.
gate-checking-code = Vérification du code…
gate-checking-answer = Vérification de la réponse…
gate-code-on-way = Le code est en route vers le serveur.
gate-answer-on-way = { $visitor } : la réponse du téléphone est en route vers le serveur.
gate-answer-on-way-anonymous = La réponse du téléphone est en route vers le serveur.
gate-offline-kept = Tout est conservé et envoyé au retour de la connexion : ne laissez pas encore entrer.
gate-challenge-title = Présentez votre téléphone face à cet écran
gate-challenge-qr-label = Code de contrôle de l’entrée pour le portefeuille du visiteur
gate-challenge-then = Votre portefeuille répond tout seul. Sinon : appuyez sur « Scanner le code de l’entrée » dans le portefeuille, visez cet écran, puis présentez sa réponse à la caméra.
gate-countdown = Répondre dans les { $seconds } s
gate-countdown-over = Temps écoulé
gate-party-challenge-title = Groupe de { $count } : présentez votre téléphone face à cet écran
gate-party-challenge-qr-label = Code de contrôle de l’entrée pour un groupe de { $count }, pour le portefeuille du visiteur
gate-codes-on-way = Les codes du groupe sont en route vers le serveur.
gate-answers-on-way = Les réponses du groupe sont en route vers le serveur.
gate-more-waiting = { $count ->
        [one] { $count } autre personne doit encore répondre
       *[other] { $count } autres personnes doivent encore répondre
    }

## Messages courts sous la scène

gate-no-storage = Ce navigateur ne permet pas au poste d’enregistrer son journal : un rechargement perd les scans en cours.
gate-journal-foreign = Le journal appartient à un autre poste ; rechargez la page.
gate-journal-failed = Le poste n’a pas pu enregistrer son journal ({ $error }). Rechargez la page.
gate-clock-skew = L’horloge de cet appareil a { $seconds } s d’écart avec celle du serveur.
gate-duplicate = Même code à nouveau : en attente de la réponse du téléphone.
gate-scan-queued = Hors ligne : le scan attend et sera envoyé au retour de la connexion.
gate-answer-queued = Hors ligne : la réponse attend et sera envoyée au retour de la connexion.
gate-ignored = Ignoré : { $why }.
gate-rejected-too-long = ligne trop longue
gate-rejected-challenge = c’est le code de contrôle de l’entrée ; le portefeuille du visiteur doit y répondre
gate-rejected-not-tessera = pas un code Tessera (attendu : TSR1:…, TSR1P:…, TSR1R:… ou TSR1S:…)
gate-rejected-unreadable = réponse du portefeuille illisible (TSR1R:…) ; scannez-la à nouveau
gate-rejected-no-challenge = aucun contrôle en cours pour ce pass ; scannez d’abord le code du visiteur
gate-rejected-party-unreadable = code ou réponse de groupe illisible (TSR1P:… ou TSR1S:…) ; scannez-le à nouveau
gate-server-busy = Serveur occupé ({ $code }) ; nouvelle tentative en cours.
gate-server-refused = Le serveur a refusé ceci ({ $code }).
gate-server-refused-reason = Le serveur a refusé ceci ({ $code }) : { $reason }
gate-unanswered = Pas de réponse de { $visitor } à temps : scan clos. Scannez à nouveau le code.
gate-unanswered-phone = Pas de réponse du téléphone à temps : scan clos. Scannez à nouveau le code.
gate-abandoned = Un scan fait hors ligne a été abandonné (son code est trop ancien). Scannez à nouveau.

## Verdicts : plein écran, lisibles à deux mètres

gate-word-admitted = ADMIS
gate-word-already-admitted = DÉJÀ ADMIS
gate-word-denied = REFUSÉ
gate-word-please-wait = VEUILLEZ PATIENTER
gate-word-approved = AUTORISÉ
gate-word-no-answer = SANS RÉPONSE
gate-word-safe = EN SÉCURITÉ
gate-word-already-safe = DÉJÀ EN SÉCURITÉ
gate-word-not-marked = NON POINTÉ
gate-word-not-checked = NON CONTRÔLÉ

## Le bandeau des derniers verdicts, et le verdict d’un groupe

gate-strip-heading = Derniers verdicts
gate-strip-unnamed = Visiteur
gate-strip-why = { $reason } ({ $code })
gate-party-person = Personne { $n } sur { $count }
gate-party-unanswered = SANS RÉPONSE — le téléphone n’a pas répondu à temps pour ce pass
gate-party-not-checked = NON CONTRÔLÉ — ce pass n’a pas été contrôlé ; scannez-le à nouveau
gate-party-all = Les { $count } peuvent entrer
gate-party-all-already = Les { $count } sont déjà entrés
gate-party-none = Personne de ce groupe de { $count } ne peut entrer
gate-party-some = LAISSER ENTRER { $admitted } SUR { $count }
gate-party-some-detail = Arrêtez les autres : chaque ligne dit pourquoi.
gate-verdict-denied = REFUSÉ — { $reason } ({ $code })
gate-verdict-not-marked = NON POINTÉ — { $reason } ({ $code })
gate-verdict-hint = Touchez pour continuer
gate-replayed = Confirmé à nouveau après une réponse perdue
gate-first-entry = Premier passage à { $time } ({ $ago }) { $where ->
        [this] à cette entrée
        [another] à une autre entrée
       *[named] à { $gate }
    }
gate-first-entry-earlier = Premier passage plus tôt { $where ->
        [this] à cette entrée
        [another] à une autre entrée
       *[named] à { $gate }
    }
gate-same-phone = Même téléphone qu’au premier passage : ne laissez passer que si la personne est sortie puis revenue
gate-hold-detail = Le personnel arrive. Gardez la personne ici ; ne la laissez pas passer.
gate-stale-detail = Le code date de { $seconds } s. Demandez le portefeuille en direct.
gate-future-detail = Le code a { $seconds } s d’avance. L’horloge du téléphone doit être corrigée.
gate-safe-detail = Pointé en sécurité à ce point de rassemblement
gate-marked-safe = Pointé en sécurité
gate-marked-safe-by = Pointé en sécurité par { $by }
gate-marked-safe-at = Pointé en sécurité à { $time } ({ $ago })
gate-marked-safe-at-by = Pointé en sécurité à { $time } ({ $ago }) par { $by }
gate-ago-earlier = plus tôt
gate-ago-now = à l’instant
gate-ago-seconds = il y a { $seconds } s
gate-ago-minutes = il y a { $minutes } min
gate-ago-hours = il y a { $hours } h { $minutes } min
gate-ago-date = le { $date }

## Pourquoi un code est refusé (motifs de refus TSR1) : courts, après « REFUSÉ — »

reason-malformed-code = pas un code Tessera
reason-unknown-pass = pass inconnu
reason-not-claimed = pass pas encore ajouté à un portefeuille
reason-bad-code = mauvais code, falsifié ou d’un autre téléphone
reason-stale-code = code périmé, une capture d’écran ?
reason-future-code = code venu du futur, l’horloge du téléphone est fausse
reason-revoked = pass annulé par l’émetteur
reason-expired = pass expiré
reason-not-yet-valid = pass pas encore valable
reason-wrong-site = pass valable pour un autre site
reason-code-replayed = code déjà utilisé à une autre entrée, une copie ?
reason-challenge-expired = le téléphone a répondu trop tard, scannez à nouveau
reason-bad-response = mauvaise réponse, pas le téléphone du titulaire ? Laissez-le réessayer
reason-challenge-burned = trop de mauvaises réponses, scannez à nouveau
reason-foreign-nonce = réponse destinée au scan d’une autre entrée
reason-unknown-nonce = contrôle inconnu, scannez à nouveau
reason-not-inside = pas dans cette zone, rien à quitter
reason-zone-not-allowed = pass non valable pour cette zone
reason-already-inside = déjà dans cette zone
reason-reentry-not-allowed = pas de retour après avoir quitté cette zone
reason-entry-limit = plus d’entrée possible aujourd’hui dans cette zone
reason-see-staff = veuillez patienter : le personnel arrive
reason-no-roll-call = aucun appel en cours pour cette entrée
reason-not-on-roll-call = absent de la liste d’appel (pas enregistré à l’intérieur)
reason-site-delegated = décidé ailleurs (le serveur sur site ou le serveur central)
reason-other = refusé par le serveur

## Visites sans rendez-vous : une personne sans pass, son hôte interrogé sur son téléphone

gate-walkins-heading = Sans rendez-vous
gate-walkin-open = Sans rendez-vous
gate-walkins-empty = Un visiteur sans pass ? Touchez « Sans rendez-vous » pour interroger son hôte.
gate-walkin-list-label = Demandes de visite sans rendez-vous
gate-walkin-done = Terminé
gate-walkin-done-label = Terminé pour { $name }
gate-walkin-for = pour { $host }
gate-host-unknown = l’hôte
gate-host-flat = Appartement { $unit }
gate-line-asking = Demande à l’hôte en cours…
gate-line-offline = Hors ligne : envoyé au retour de la connexion. Ne laissez pas encore entrer.
gate-line-waiting = En attente de la réponse de l’hôte
gate-line-waiting-left = En attente de la réponse de l’hôte · encore { $left }
gate-line-waiting-up = En attente de la réponse de l’hôte · temps écoulé, vérification…
gate-line-denied = Refusé par { $host }
gate-line-expired = Pas de réponse à temps de { $host }
gate-line-failed = Non envoyé : le serveur l’a refusé ({ $code })
gate-line-failed-reason = Non envoyé : le serveur l’a refusé ({ $code }) : { $reason }
gate-walkin-busy = Serveur occupé ({ $code }) ; l’hôte sera de nouveau interrogé sous peu.
gate-walkin-refused = Le serveur a refusé la visite sans rendez-vous de { $visitor } ({ $code }).
gate-walkin-too-many = Trop de visites sans rendez-vous sont déjà en attente.
gate-walkin-title = Visite sans rendez-vous
gate-walkin-intro = L’hôte est interrogé sur son téléphone ; la réponse s’affiche ici.
gate-walkin-name = Nom du visiteur
gate-walkin-host = Hôte (nom ou appartement)
gate-walkin-note = Note pour l’hôte (facultatif)
gate-walkin-submit = Interroger l’hôte
gate-cancel = Annuler
gate-hosts-label = Hôtes trouvés
gate-walkin-asking = Demande à { $host }
gate-host-searching = Recherche…
gate-host-search-network = Impossible de joindre le serveur pour rechercher les hôtes.
gate-host-search-failed = La recherche d’hôtes a échoué ({ $code }).
gate-hosts-found = { $count } { $count ->
        [one] hôte
       *[other] hôtes
    } : choisissez-en un.
gate-hosts-found-matching = { $count } { $count ->
        [one] hôte correspond
       *[other] hôtes correspondent
    } à « { $query } » : choisissez-en un.
gate-hosts-none = Aucun hôte ne correspond à « { $query } ».
gate-problem-name-missing = Saisissez le nom du visiteur.
gate-problem-name-long = Le nom est trop long ({ $max } caractères au plus).
gate-problem-name-unprintable = Le nom contient des caractères non imprimables.
gate-problem-host = Choisissez l’hôte que le visiteur demande.
gate-problem-note-long = La note est trop longue ({ $max } caractères au plus).
gate-problem-note-unprintable = La note contient des caractères non imprimables.
gate-walkin-approved-by = Autorisé par { $host }
gate-walkin-let-in = { $name } : laissez entrer
gate-walkin-refused-by = Refusé par { $host }. Ne laissez pas entrer.
gate-walkin-no-answer-detail = { $host } n’a pas répondu. Ne laissez pas entrer ; redemandez ou appelez l’hôte.
gate-walkin-verdict-denied = REFUSÉ — l’hôte a dit non ({ $code })
gate-walkin-verdict-no-answer = SANS RÉPONSE — l’hôte n’a pas répondu à temps ({ $code })

## L’appel (point de rassemblement)

gate-muster-title = Appel : { $scope }
gate-scope-all = Tous les sites
gate-scope-site = Site { $site }
gate-scope-zone = Zone { $zone }
gate-muster-help = Scannez le pass d’une personne pour la pointer en sécurité : son téléphone doit répondre, comme à l’entrée. Personne n’entre. Ou pointez un nom à la main.
gate-muster-search = Chercher un nom
gate-muster-list-label = Personnes de l’appel
gate-muster-counts = { $safe } sur { $inside } en sécurité · { $unaccounted } pas encore vus
gate-person-safe = En sécurité
gate-person-safe-by = En sécurité · pointé par { $by }
gate-person-sending = En sécurité · envoi…
gate-person-queued = En sécurité · envoyé au retour de la connexion
gate-person-missing = Pas encore vu · vu pour la dernière fois : { $place }
gate-person-missing-walk-in = Pas encore vu · sans rendez-vous ni pass, entré par : { $place }
gate-mark-safe = Pointer en sécurité
gate-mark-safe-label = Pointer en sécurité : { $name }
gate-muster-empty = Personne n’a été enregistré à l’intérieur.
gate-muster-no-match = Personne sur la liste ne correspond à « { $query } ».
gate-muster-ended = L’appel est terminé : retour aux entrées.
gate-mark-save-failed = Le pointage n’a pas pu être enregistré sur cet appareil ({ $error }).
gate-mark-refused = { $name } n’a pas été pointé : { $code }.
gate-mark-refused-ended = { $name } n’a pas été pointé : l’appel est terminé.

## The host page (/host): a resident invites visitors and answers walk-ins from the gate.
## French ("vous"); exactly the ids and variables of parts/host/en.ftl.

host-title = Tessera pour les hôtes
host-title-waiting = ({ $count }) Tessera pour les hôtes
host-opening = Ouverture…
host-heading = Tessera pour les hôtes
host-try-again = Réessayer
host-start-network = Impossible de joindre le serveur. Vérifiez le réseau.
host-start-not-ready = Le serveur n’est pas prêt (HTTP { $status }).

## Sign-in

host-signin-intro = Invitez vos visiteurs et laissez entrer ceux qui arrivent sans pass.
host-key = Clé d’hôte
host-key-help = La clé que l’administrateur du site vous a remise. Elle n’est envoyée qu’une fois pour ouvrir une session et n’est pas conservée sur cet appareil.
host-key-missing = Saisissez votre clé d’hôte.
host-sign-in = Se connecter
host-signin-network = Impossible de joindre le serveur. Vérifiez le réseau, puis réessayez.
host-signin-key-refused = Cette clé n’a pas été acceptée. Vérifiez-la et réessayez.
host-signin-forbidden = Cette clé ne permet pas de se connecter ici : seules les clés d’hôte le peuvent (ou la page n’est pas ouverte à l’adresse propre du serveur).
host-signin-rate-limited = Trop de connexions échouées depuis cette adresse. Patientez une minute, puis réessayez.
host-signin-failed = Le serveur a refusé la connexion ({ $code }).
host-signin-console-session = Cet appareil est connecté avec une clé { $role ->
        [admin] d’administration
        [auditor] d’auditeur
        [issuer] d’émetteur
        [security] de l’équipe de sécurité
       *[other] de rôle « { $role } »
    }, destinée à la console de sécurité (/console). Connectez-vous ici avec votre clé d’hôte.
host-signin-not-host = C’était une clé { $role ->
        [admin] d’administration
        [auditor] d’auditeur
        [issuer] d’émetteur
        [security] de l’équipe de sécurité
       *[other] de rôle « { $role } »
    } : cette page est réservée aux hôtes. Les administrateurs et les auditeurs utilisent la console de sécurité (/console).
host-session-ended = Votre session a pris fin. Reconnectez-vous.
host-session-expired = Votre session a expiré. Reconnectez-vous.
host-signed-out = Déconnecté.
host-fallback-name = Hôte

## The bar, the tabs, notifications

host-sign-out = Déconnexion
host-views = Vues
host-tab-invite = Inviter
host-tab-visits = Visites
host-live = EN DIRECT
host-connecting = CONNEXION
host-reconnecting = RECONNEXION
host-notify-me = M’avertir
host-notifying = Alertes activées
host-notify-off = Les notifications sont désactivées sur cet appareil.
host-notify-on = Les notifications sont activées : un visiteur à l’entrée vous joint même quand cette page est fermée.
host-notify-blocked = Les notifications sont bloquées pour ce site : autorisez-les dans les réglages du navigateur, puis réessayez.
host-notify-failed = Impossible d’activer les notifications : { $detail }.

## A refused call

host-action-sign-out = Déconnexion
host-action-notify = Activation des notifications
host-action-invite = Création de l’invitation
host-action-cancel = Annulation de l’invitation
host-action-read-passes = Chargement de vos invitations
host-action-read-walk-ins = Chargement de vos visites sans rendez-vous
host-problem-network = { $action } impossible : le serveur est injoignable. Vérifiez le réseau, puis réessayez.
host-problem-forbidden = Cette session ne permet pas cette opération : { $action } ({ $code }).
host-problem-rate-limited = Trop de requêtes ; patientez une minute, puis réessayez.
host-problem-failed = { $action } impossible : { $reason }
host-problem-http = HTTP { $status }.

## Visitors waiting at the gate (walk-ins)

host-waiting-heading = À l’entrée
host-waiting-list = Visiteurs qui attendent à l’entrée
host-waiting-empty = Personne ne vous attend. Un visiteur sans pass qui vous demande à l’entrée apparaît ici immédiatement.
host-approve = Autoriser
host-deny = Refuser
host-walk-in-at = Entrée : { $gate }
host-walk-in-at-any-gate = À l’entrée
host-walk-in-where-asked = { $where } · demande à { $time }
host-note-label = Note :
host-time-left = encore { $time }
host-time-up = Temps écoulé
host-arrival = { $name } vous attend à l’entrée et vous demande. Autorisez ou refusez.
host-arrival-at = { $name } vous attend à l’entrée ({ $gate }) et vous demande. Autorisez ou refusez.
host-arrival-note = { $name } vous attend à l’entrée et vous demande. Note : { $note }. Autorisez ou refusez.
host-arrival-at-note = { $name } vous attend à l’entrée ({ $gate }) et vous demande. Note : { $note }. Autorisez ou refusez.
host-arrivals = { $count ->
        [one] { $count } visiteur vous attend à l’entrée.
       *[other] { $count } visiteurs vous attendent à l’entrée.
    }
host-approved = Vous avez laissé entrer { $name } à l’entrée.
host-approved-at = Vous avez laissé entrer { $name } ({ $gate }).
host-denied = Vous avez refusé l’entrée à { $name }.
host-decision-network = Impossible de joindre le serveur. Vérifiez le réseau, puis réessayez.
host-decision-too-late = Trop tard : l’entrée n’attend plus de réponse. Le visiteur doit refaire sa demande.
host-decision-already-answered = Cette demande a déjà reçu une réponse (de votre part sur un autre appareil, ou de l’administrateur du site).
host-decision-gone = Cette demande n’existe plus.
host-decision-forbidden = Cette session ne permet pas { $decision ->
        [approve] d’autoriser
       *[deny] de refuser
    } cette demande.
host-decision-rate-limited = Trop de requêtes ; patientez un instant, puis réessayez.
host-decision-failed = Impossible { $decision ->
        [approve] d’autoriser
       *[deny] de refuser
    } la demande ({ $code }).

## Inviting a visitor

host-invite-heading = Inviter un visiteur
host-invite-intro = Votre visiteur reçoit un lien qui ajoute un pass à son téléphone ; l’entrée le laisse passer avec.
host-visitor-name = Nom du visiteur
host-valid-from = Début
host-valid-until = Fin
host-valid-help = Le pass permet d’entrer une fois, dans cette plage horaire.
host-invite-device-time = Ces heures sont à saisir dans le fuseau horaire de cet appareil ({ $zone }).
host-visitor-email = E-mail du visiteur (facultatif)
host-visitor-email-help = Nous lui envoyons par e-mail le lien et son code QR. Laissez vide pour envoyer le lien vous-même.
host-visitor-language = Langue du visiteur
host-create-invitation = Créer l’invitation
host-creating = Création…
host-invite-email-invalid = Saisissez l’adresse e-mail du visiteur sous la forme nom@example.com, ou laissez le champ vide.
host-invite-name-missing = Saisissez le nom du visiteur.
host-invite-name-too-long = Le nom est trop long ({ $max } caractères au maximum).
host-invite-name-unprintable = Le nom contient des caractères non imprimables.
host-invite-from-missing = Indiquez le début de la visite.
host-invite-until-missing = Indiquez la fin de la visite.
host-invite-until-before-from = La visite doit se terminer après son début.
host-invite-until-past = La fin de la visite doit être dans le futur.
host-invite-refused = Le serveur n’a pas accepté l’invitation : { $reason }
host-invitation-for = Invitation pour { $name }
host-invitation-qr = Code QR de l’invitation pour { $name }
host-invitation-qr-caption = Ou faites-le scanner avec l’appareil photo de son téléphone.
host-invitation-link = Lien d’invitation
host-invitation-mailed = Nous envoyons le lien par e-mail à { $email }.
host-invitation-link-help = N’envoyez ce lien qu’à { $name } : la première personne qui l’ouvre obtient le pass.
host-copy-link = Copier le lien
host-link-copied = Lien copié. Collez-le dans un message à votre visiteur.
host-link-not-copied = Copie impossible : le lien est sélectionné, copiez-le depuis le champ.
host-share = Partager…
host-share-title = Pass pour { $name }
host-invite-again = Inviter quelqu’un d’autre
host-see-visits = Voir vos visites

## Visits

host-when-today = Aujourd’hui { $time }
host-when-tomorrow = Demain { $time }
host-when-day = { $day } { $time }
host-span = { $from } – { $until }
host-visits-loading = Chargement de vos visites…
host-refresh = Actualiser
host-visits-upcoming = À venir
host-visits-past = Passées
host-visits-upcoming-list = Visites à venir
host-visits-past-list = Visites passées
host-visits-upcoming-empty = Aucune visite à venir.
host-visits-past-empty = Aucune visite passée pour l’instant.
host-visits-count = { $upcoming } à venir, { $past ->
        [one] { $past } passée
       *[other] { $past } passées
    }.
host-visit-walk-in = Visite sans rendez-vous à l’entrée · { $when }
host-visit-walk-in-at = Visite sans rendez-vous ({ $gate }) · { $when }
host-visit-note = « { $note } »
host-cancel = Annuler
    .label = Annuler l’invitation de { $name }
host-cancel-confirm = Annuler l’invitation de { $name } ? Son pass ne fonctionnera plus.
host-pass-cancelled = Annulée
host-pass-arrived = Arrivé
host-pass-never-opened = Lien jamais ouvert
host-pass-did-not-come = Pas venu
host-pass-not-opened = Lien pas encore ouvert
host-pass-on-phone = Sur son téléphone
host-pass-arrived-more = Arrivé, { $count ->
        [one] encore { $count } entrée
       *[other] encore { $count } entrées
    }
host-walk-in-let-in = Entré
host-walk-in-turned-away = Refusé
host-walk-in-no-answer = Pas de réponse à temps
host-walk-in-waiting = Attend à l’entrée

## Le portefeuille du visiteur (web/src/wallet/app.js, web/src/index.html).

wallet-title = Portefeuille Tessera
wallet-bar-note = Portefeuille visiteur
wallet-loading = Ouverture de votre portefeuille…
wallet-go-to-wallet = Aller à mon portefeuille

wallet-validity-valid = Valable jusqu’au { $date }
wallet-validity-expired = Expiré le { $date }
wallet-validity-not-yet = Pas encore valable : à partir du { $date }

## Stockage impossible, ou lien défectueux

wallet-storage-unavailable = Ce navigateur ne permet pas au portefeuille d’enregistrer des pass (navigation privée, ou données de site désactivées). Ouvrez le lien dans une fenêtre de navigation normale pour conserver votre pass sur cet appareil.
wallet-storage-unavailable-retry = { wallet-storage-unavailable } Appuyez ensuite sur « Réessayer ».
wallet-unavailable-title = Portefeuille indisponible
wallet-bad-link-title = Lien inutilisable
wallet-bad-link = Ce lien d’ajout est invalide ou incomplet : { $detail }. Demandez un nouveau lien à la personne qui vous l’a envoyé, et copiez-le en entier.
wallet-bad-link-unreadable = le lien est illisible
wallet-bad-link-repeated = le lien contient p= ou t= plusieurs fois
wallet-bad-link-no-pass-id = le lien ne contient pas l’identifiant du pass (p=)
wallet-bad-link-pass-id-incomplete = l’identifiant du pass dans le lien est incomplet
wallet-bad-link-no-token = le lien ne contient pas le jeton d’ajout (t=)
wallet-bad-link-token-damaged = le jeton d’ajout dans le lien est endommagé
wallet-bad-link-cut-short = la partie après # manque ; le lien a-t-il été coupé ?

## La liste des pass

wallet-list-title = Vos pass
wallet-list-empty = Aucun pass pour l’instant.
wallet-list-empty-help = Ouvrez le lien d’ajout que vous avez reçu pour ajouter un pass à ce portefeuille.
wallet-pass-short = Pass
wallet-visitor-pass = Pass visiteur

## Ajouter un pass

wallet-claim-title = Ajouter un pass
wallet-claim-lead = Vous avez reçu un pass visiteur. Ajoutez-le à ce portefeuille pour le présenter à l’entrée.
wallet-claim-fine = Le pass et ses clés restent sur cet appareil. Toute personne disposant de ce lien pourrait ajouter le pass avant vous : ne le partagez donc pas.
wallet-claim-checking = Vérification du pass…
wallet-fact-pass = Pass
wallet-fact-site = Site
wallet-fact-valid-from = Valable du
wallet-fact-valid-until = Valable jusqu’au
wallet-claim-add = Ajouter au portefeuille
wallet-claim-adding = Ajout en cours…
wallet-claim-retry = Réessayer
    .aria-label = Réessayer : Ajouter au portefeuille
wallet-claim-transfer-lead = { $holder } vous transmet ce pass. Ajoutez-le à ce portefeuille pour le présenter à l’entrée.
wallet-claim-transfer-lead-unnamed = Quelqu’un vous transmet ce pass. Ajoutez-le à ce portefeuille pour le présenter à l’entrée.
wallet-claim-transfer-fine = Dès que vous l’ajoutez, il cesse de fonctionner sur le téléphone de l’autre personne et fonctionne sur celui-ci. Le pass et ses clés restent sur cet appareil ; ne partagez pas ce lien.
wallet-claim-revoked = Ce pass a été révoqué par son émetteur. Il ne peut être ni ajouté ni utilisé.
wallet-claim-expired = Ce pass a expiré (il était valable jusqu’au { $date }).
wallet-claim-elsewhere = Ce pass se trouve déjà dans un autre portefeuille. Un pass ne peut être ajouté qu’à un seul portefeuille.
wallet-claim-invalid = Ce lien d’ajout n’est pas valide : le pass n’existe pas ou le lien a été mal saisi. Demandez un nouveau lien.
wallet-claim-no-details = Impossible de charger les détails du pass pour le moment. Vous pouvez tout de même essayer de l’ajouter.
wallet-claim-no-keys = Ce navigateur ne peut pas créer les clés dont un pass a besoin. Mettez-le à jour, ou utilisez un autre navigateur.
wallet-claim-offline = Impossible de joindre le serveur : le pass n’est pas encore ajouté. Vérifiez votre connexion, puis appuyez sur « Réessayer ».
wallet-claim-taken = Ce pass se trouve déjà dans un autre portefeuille. Un pass ne peut être ajouté qu’à un seul portefeuille ; si ce n’était pas vous, contactez l’émetteur.
wallet-claim-key-refused = Le serveur n’a pas accepté la clé de ce portefeuille. Appuyez sur « Réessayer » pour essayer avec une nouvelle clé.
wallet-claim-rate-limited = Trop de tentatives pour le moment. Patientez une minute, puis appuyez sur « Réessayer ».
wallet-claim-failed = Le serveur n’a pas pu ajouter le pass pour le moment (erreur { $status }). Appuyez sur « Réessayer » dans un instant.
wallet-claim-bad-answer = La réponse du serveur est inutilisable. Appuyez sur « Réessayer » ; si le problème persiste, contactez l’émetteur.

## Un pass : son code tournant, et la réponse au contrôle de l’entrée

wallet-scan = Scanner le code de l’entrée
wallet-challenge-label = Coller le code de contrôle de l’entrée
wallet-challenge-help = Si l’entrée ne peut pas montrer son code à votre caméra, collez-en le texte ici.
wallet-brightness-hint = Augmentez la luminosité de l’écran pour que le code soit lu du premier coup à l’entrée.
wallet-all-passes = Tous les pass ({ $count })
wallet-remove = Retirer ce pass de cet appareil
wallet-remove-confirm = Retirer « { $label } » de cet appareil ? Il ne pourra pas être ajouté de nouveau avec le même lien.
wallet-transfer = Transférer ce pass
wallet-transfer-note = Vous avez commencé à transmettre ce pass ({ $date }). Dès que la personne qui le reçoit l’aura ajouté, le code ne fonctionnera plus ici.
wallet-countdown = Nouveau code dans { $seconds } s
wallet-qr-entry = Code d’entrée de { $label } ; il change { $seconds ->
        [one] chaque seconde
       *[other] toutes les { $seconds } secondes
    }
wallet-qr-entry-unnamed = Code d’entrée de ce pass ; il change { $seconds ->
        [one] chaque seconde
       *[other] toutes les { $seconds } secondes
    }
wallet-expired = Expiré
wallet-expired-alert = Ce pass a expiré : il était valable jusqu’au { $date }. Il ne peut plus être utilisé à l’entrée.
wallet-not-yet = Pas encore valable
wallet-not-yet-from = Votre code apparaîtra ici à partir du { $date }.
wallet-show-code-again = Afficher de nouveau mon code
wallet-answer-title = Présentez cette réponse à l’entrée
wallet-qr-answer = Code de réponse pour l’entrée
wallet-answer-ready = Réponse prête : présentez-la à l’entrée.
wallet-challenge-incomplete = Ce code de contrôle est incomplet : copiez tout le texte affiché à l’entrée (il compte { $length } caractères).
wallet-challenge-malformed = Ce n’est pas un code de contrôle de l’entrée. Un code de contrôle commence par TSR1C: suivi de lettres et de chiffres.
wallet-challenge-other-pass = Ce code de contrôle concerne un autre pass : « { $label } ». Ouvrez ce pass pour y répondre.
wallet-challenge-unknown-pass = Ce code de contrôle concerne un autre pass, qui n’est pas dans ce portefeuille.
wallet-camera-view = Image de la caméra
wallet-camera-stop = Arrêter la caméra
wallet-camera-point = Dirigez la caméra vers le code affiché sur l’écran de l’entrée.
wallet-camera-not-challenge = Ce code n’est pas un code de contrôle de l’entrée. Dirigez la caméra vers l’écran de l’entrée.
wallet-camera-timeout = La caméra a été coupée pour économiser la batterie. Appuyez sur « Scanner le code de l’entrée » pour réessayer.
wallet-camera-refused = L’accès à la caméra a été refusé. Autorisez la caméra pour ce site dans les réglages du navigateur, ou collez ci-dessous le code de contrôle de l’entrée.
wallet-camera-missing = Aucune caméra n’a été trouvée sur cet appareil. Collez plutôt ci-dessous le code de contrôle de l’entrée.
wallet-camera-failed = Impossible de démarrer la caméra. Collez plutôt ci-dessous le code de contrôle de l’entrée.

## Face à face : la caméra avant répond toute seule à l’entrée (ticket 52)

wallet-camera-why = L’entrée communique avec votre téléphone par la caméra ; rien n’est enregistré ni envoyé.
wallet-face-video = Image de la caméra avant
wallet-face-on-title = Caméra allumée.
wallet-face-on = Présentez votre écran face à l’écran de l’entrée : votre téléphone répond tout seul à l’entrée.
wallet-face-ask = Activer la caméra pour l’entrée
wallet-face-blocked-title = La caméra est bloquée pour ce site
wallet-face-blocked = Pour que l’entrée puisse communiquer avec votre téléphone, ouvrez les réglages de ce site (l’icône à côté de l’adresse, ou « aA » sur un iPhone), réglez Caméra sur Autoriser, puis rechargez cette page. D’ici là, appuyez sur « { wallet-scan } » à l’entrée, ou collez ci-dessous son code de contrôle.
wallet-face-none = Aucune caméra avant n’est utilisable ici : à l’entrée, appuyez sur « { wallet-scan } ».
wallet-answer-face = Réponse affichée : gardez votre téléphone face à l’entrée.

## Un groupe : un seul code pour plusieurs pass (ticket 52)

wallet-party-offer = Un seul code pour les { $count } pass
wallet-party-offer-lead = Vous entrez ensemble ? Montrez un seul code pour { $count } pass et l’entrée les contrôle tous d’un coup.
wallet-party-title = Un seul code pour votre groupe
wallet-party-lead = { $count ->
        [one] Un seul pass coché : cochez-en au moins deux pour un code commun.
       *[other] { $count } pass dans un seul code : présentez-le une fois à l’entrée.
    }
wallet-party-who = Qui passe maintenant
wallet-party-max = Un code de groupe contient au plus { $max } pass : décochez d’abord quelqu’un.
wallet-qr-party = Code d’entrée de { $names } ; il change { $seconds ->
        [one] chaque seconde
       *[other] toutes les { $seconds } secondes
    }
wallet-party-too-few-title = Choisissez-en au moins deux
wallet-party-too-few = Cochez au moins deux personnes pour afficher un seul code pour elles, ou ouvrez chaque pass séparément.
wallet-party-back = Retour à vos pass

## Transmettre un pass (transfert)

wallet-transfer-title = Transférer « { $label } »
wallet-transfer-title-unnamed = Transférer ce pass
wallet-transfer-lead = Quelqu’un d’autre y va à votre place ? Créez un lien pour cette personne. Lorsqu’elle l’ouvre et ajoute le pass, celui-ci passe sur son téléphone.
wallet-transfer-warning = Dès qu’elle l’aura ajouté, ce pass ne fonctionnera plus sur ce téléphone. D’ici là, il fonctionne toujours ici.
wallet-transfer-make = Créer un lien de transfert
wallet-transfer-making = Création du lien…
wallet-transfer-back = Retour à mon pass
wallet-transfer-offline = Impossible de joindre le serveur : aucun lien de transfert n’a été créé. Vérifiez votre connexion, puis réessayez.
wallet-transfer-not-allowed = Ce pass ne peut pas être transféré : son organisateur n’autorise pas sa transmission (ou il a déjà été transmis autant de fois que permis). Il reste dans ce portefeuille.
wallet-transfer-revoked = Ce pass a été révoqué par son émetteur. Il ne peut pas être transmis.
wallet-transfer-not-held = Ce téléphone ne détient plus ce pass (il a été transmis ou déplacé vers un autre téléphone) ; il ne peut donc pas le transmettre.
wallet-transfer-unavailable = Ce pass ne peut pas être transféré pour le moment : son organisateur n’autorise peut-être pas sa transmission, il a peut-être déjà été transmis autant de fois que permis, ou il a été révoqué. Il reste dans ce portefeuille.
wallet-transfer-rate-limited = Trop de tentatives pour le moment. Patientez une minute, puis réessayez.
wallet-transfer-failed = Le serveur n’a pas pu créer le lien de transfert pour le moment ({ $code }). Réessayez dans un instant.
wallet-transfer-failed-status = Le serveur n’a pas pu créer le lien de transfert pour le moment (erreur { $status }). Réessayez dans un instant.
wallet-transfer-bad-nonce = Le nonce de transfert envoyé par le serveur est inutilisable. Réessayez dans un instant.
wallet-transfer-give = Donnez ce lien à la personne qui reprend le pass
wallet-transfer-stops = Le pass de ce téléphone cessera de fonctionner dès que la personne l’aura ajouté. N’envoyez le lien qu’à elle : la première personne qui l’ouvre obtient le pass.
wallet-qr-transfer = QR code de transfert pour la personne qui reprend le pass
wallet-transfer-scan-help = Elle peut le scanner avec l’appareil photo de son téléphone, ou ouvrir le lien.
wallet-transfer-link = Lien de transfert
wallet-transfer-copy = Copier le lien
wallet-transfer-copied = Lien copié.
wallet-transfer-selected = Le lien est sélectionné : copiez-le depuis le champ.
wallet-transfer-share = Partager…
