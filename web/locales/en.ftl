# Tessera's messages in English: the reference catalogue. Every other language has exactly
# these message ids and the same variables (test/unit/catalogues.test.mjs). Project Fluent
# syntax: https://projectfluent.org/fluent/guide/
#
# Ids are grouped by who shows them: common-* (every page), error-* (a server's error code,
# as a page explains it), mail-* and push-* (messages the server sends, in the recipient's
# language), wallet-*, gate-*, reason-*, host-*, console-*.

## About the language itself

# The language's name in itself, as the switcher lists it.
language-name = English
# ltr or rtl: the direction of the pages in this language.
language-direction = ltr

## Every page

common-language = Language
common-times-in-zone = Times are venue time ({ $zone }).
common-sso-email = Work email
common-sso-email-help = You sign in at your organisation’s own sign-in page, then come back here.
common-sso-continue = Continue with single sign-on
common-sso-email-invalid = Enter your work email address, such as ada@example.com.
common-sso-title = Sign in with your organisation

## A server's error code, in words (the code itself stays on screen where staff need it)

error-other = The server refused this ({ $code }).
error-unauthorized = You are not signed in, or your key is no longer valid.
error-forbidden = This key may not do that.
error-key-sign-in-off = Signing in with a key is turned off here: use single sign-on.
error-not-found = Not found.
error-invalid-claim = This link does not work: it was used, replaced or mistyped.
error-invalid-pairing = This pairing link was used already or has expired.
error-already-claimed = This pass is already in another wallet.
error-revoked = This pass was cancelled.
error-invalid-public-key = The wallet’s key was refused.
error-bad-request = The request was not understood.
error-payload-too-large = That is too large to send.
error-rate-limited = Too many tries: wait a moment, then try again.
error-refused-by-policy = The organisation’s rules do not allow this.
error-already-acknowledged = Someone acknowledged this alarm already.
error-already-resolved = This alarm was resolved already.
error-not-permitted = This cannot be done for this person. Please see the staff.
error-invalid-field = A field is missing or not valid.
error-storage-unavailable = The server cannot reach its database just now: try again shortly.
error-internal = The server had a fault: try again, and tell the staff if it persists.
error-transfer-not-allowed = This pass cannot be handed on.
error-not-claimed = No wallet holds this pass yet.
error-request-id-reused = This request was already sent with other content.
error-already-decided = This request was already answered.
error-approval-timeout = The time to answer this request has passed.
error-bad-proof = The transfer could not be proven by this wallet.
error-invalid-nonce = The transfer link has expired: make a new one.
error-unknown-pass = This pass is not known here.
error-key-revoked = This key was revoked: make a new one instead.
error-last-admin-key = The last admin key cannot be revoked.
error-network = No connection to the server. Check the network and try again.

## Mail and notifications the server sends (in the recipient’s language)

mail-invitation-subject = Your pass for { $venue }
mail-invitation-heading = { $venue } has a pass for you
mail-invitation-greeting = Hello { $name },
mail-invitation-when = When
mail-invitation-where = Where
mail-invitation-host = Your host
mail-invitation-any-entrance = any entrance
mail-invitation-open = Open your pass
mail-invitation-open-text = Open your pass on your phone:
mail-invitation-other-device = On another device, scan the QR code in this message.
mail-invitation-scan = On another device, scan this code with the phone’s camera:
mail-invitation-qr-alt = QR code of your pass link
mail-invitation-yours-alone = The link is yours alone: the first phone that opens it holds the pass. Show the rotating code at the gate; a screenshot will not work.
mail-invitation-button-fallback = If the button does not work, open this address: { $url }
mail-times-in-zone = Times are in the venue’s time zone ({ $zone }).
mail-approval-subject = { $visitor } is waiting at { $gate }
mail-approval-heading = { $visitor } is waiting at { $gate }
mail-approval-intro = { $visitor } is at { $gate } and asks to be let in to see you.
mail-approval-note = The guard’s note: { $note }
mail-approval-approve = Approve
mail-approval-approve-text = Approve (let them in): { $url }
mail-approval-deny = Deny
mail-approval-deny-text = Deny: { $url }
mail-approval-until = Each link works once, until { $until }; after that the request has expired. Whichever answer comes first, here or on the host page, is the one that counts.
push-walk-in-title = { $visitor } is waiting
push-walk-in-body = At { $gate }. Approve to let them in.
push-walk-in-body-note = At { $gate } ({ $note }). Approve to let them in.
push-approve = Approve
push-deny = Deny
push-approved = { $visitor } is let in
push-denied = { $visitor } is turned away
push-already-answered = { $visitor }: already answered
push-answer-failed = Could not answer for { $visitor }
push-answered-body = At { $gate }.
push-answer-failed-body = Open the host page to see what happened.

## The security console's words for the audit log (audit-*), made by src/console/model.js:
## events in one line, alarm states, the event filters' checks, times. The TSR1 names in
## them (foreign_nonce, stale_code, auth_failure, claim_conflict…) stay as they are in
## every language. Part of the English catalogue; the build appends it to en.ftl.

## Event kinds, as the log and the filters name them (an unknown kind reads as its name).

audit-kind-scan = scan
audit-kind-challenge-issued = challenge issued
audit-kind-response = response
audit-kind-challenge-unanswered = challenge unanswered
audit-kind-rate-limited = rate limited
audit-kind-gate-connection-refused = gate connection refused
audit-kind-claim = claim
audit-kind-claim-rejected = claim rejected
audit-kind-claim-conflict = claim conflict
audit-kind-pass-issued = pass issued
audit-kind-pass-revoked = pass revoked
audit-kind-api-key-created = api key created
audit-kind-api-key-revoked = api key revoked
audit-kind-api-key-rotated = api key rotated
audit-kind-gate-created = gate created
audit-kind-auth-failure = auth failure
audit-kind-gate-pairing-created = gate pairing created
audit-kind-gate-paired = gate paired
audit-kind-gate-revoked = gate revoked
audit-kind-gate-connected = gate connected
audit-kind-gate-disconnected = gate disconnected
audit-kind-console-signed-in = console signed in
audit-kind-console-signed-out = console signed out
audit-kind-retention = retention
audit-kind-host-created = host created
audit-kind-walk-in-requested = walk in requested
audit-kind-walk-in-approved = walk in approved
audit-kind-walk-in-denied = walk in denied
audit-kind-walk-in-expired = walk in expired
audit-kind-pass-rebound = pass rebound
audit-kind-transfer-started = transfer started
audit-kind-pass-transferred = pass transferred
audit-kind-transfer-rejected = transfer rejected
audit-kind-webhook-created = webhook created
audit-kind-webhook-disabled = webhook disabled
audit-kind-webhook-enabled = webhook enabled
audit-kind-webhook-secret-rotated = webhook secret rotated
audit-kind-webhook-deleted = webhook deleted
audit-kind-zone-created = zone created
audit-kind-zone-checkout = zone checkout
audit-kind-sso-configured = sso configured
audit-kind-sso-removed = sso removed
audit-kind-sso-sign-in-failed = sso sign in failed
audit-kind-sso-sessions-ended = sso sessions ended
audit-kind-sso-domain-changed = sign-in domain changed
audit-kind-session-ended = session ended
audit-kind-message-queued = message queued
audit-kind-message-sent = message sent
audit-kind-message-bounced = message bounced
audit-kind-message-dead = message dead
audit-kind-message-expired = message expired
audit-kind-mail-settings-changed = mail settings changed
audit-kind-alarm-acknowledged = alarm acknowledged
audit-kind-alarm-assigned = alarm assigned
audit-kind-alarm-resolved = alarm resolved
audit-kind-watchlist-hit = watchlist hit
audit-kind-watchlist-entry-added = watchlist entry added
audit-kind-watchlist-entry-changed = watchlist entry changed
audit-kind-watchlist-entry-removed = watchlist entry removed
audit-kind-personal-data-exported = personal data exported
audit-kind-personal-data-erased = personal data erased
audit-kind-privacy-settings-changed = privacy settings changed
audit-kind-locale-settings-changed = locale settings changed
audit-kind-roll-call-started = roll call started
audit-kind-roll-call-marked = roll call marked
audit-kind-roll-call-ended = roll call ended
audit-kind-muster-scanned = muster scanned
audit-kind-muster-refused = muster refused
audit-kind-site-node-created = on-site node enrolled
audit-kind-site-lease-granted = site lease granted
audit-kind-site-lease-ended = site lease ended
audit-kind-site-lease-extended = site lease extended on site
audit-kind-site-conflict = on-site conflict
audit-kind-site-node-revoked = on-site node revoked
audit-kind-site-node-token-rotated = on-site node given a new token
audit-kind-site-node-resumed = on-site node allowed a lease again
audit-kind-site-node-fault = on-site node shipped what was refused

## Severities

audit-severity-info = info
audit-severity-warning = warning
audit-severity-high = high

## One event in a line. $reason, $error, $detail, $surface are codes or the server's own
## details, shown as they are; $words is a denial reason in words (reason-*).

# "… — by Ada Lovelace": who did it (a person or a key's label).
audit-by = { $what } — by { $who }
# A resend of the same request.
audit-resent = { $what } (resent)
audit-on-site = { $what } (on site)
# An event an on-site node shipped (issue 50); $node: its label, or its id's first characters ("0190c3e1…").
audit-from-node = { $what } — from node { $node }
audit-node-revoked = node { $node } revoked: its token no longer works
audit-node-token-rotated = new token for node { $node }: the old one no longer works
audit-node-resumed = node { $node } may take its site’s lease again
# $count: how many events and outcomes were refused.
audit-node-fault =
    { $count ->
        [one] node { $node } shipped { $count } item this server refused
       *[other] node { $node } shipped { $count } items this server refused
    }
# $reasons: a list of audit-node-fault-reason, already joined.
audit-node-fault-why =
    { $count ->
        [one] node { $node } shipped { $count } item this server refused: { $reasons }
       *[other] node { $node } shipped { $count } items this server refused: { $reasons }
    }
# One reason: $count times $words, then its code ($reason, as the server names it).
audit-node-fault-reason = { $count } × { $words } ({ $reason })
audit-node-fault-foreign-kind = a kind no node makes
audit-node-fault-malformed-details = details of the wrong shape
audit-node-fault-severity-too-high = a severity too high for its kind
audit-node-fault-foreign-gate = a gate not of its site
audit-node-fault-foreign-pass = a pass not of its site
audit-node-fault-outside-lease = a time outside its leases
audit-node-fault-foreign-lease = a lease it never held
audit-sso-refused = single sign-on refused: { $reason }
audit-sso-refused-detail = single sign-on refused: { $reason } ({ $detail })
audit-mail-queued = claim link queued
audit-mail-queued-to = claim link queued for { $to }
audit-mail-resent = claim link sent again
audit-mail-resent-to = claim link sent again for { $to }
audit-mail-sent = mail sent
audit-mail-sent-to = mail sent to { $to }
audit-mail-bounced = mail bounced
audit-mail-bounced-to = mail bounced at { $to }
audit-mail-bounced-error = mail bounced ({ $error })
audit-mail-bounced-to-error = mail bounced at { $to } ({ $error })
audit-mail-dead = mail given up
audit-mail-dead-to = mail given up for { $to }
audit-mail-dead-error = mail given up ({ $error })
audit-mail-dead-to-error = mail given up for { $to } ({ $error })
audit-mail-expired = mail not sent: its pass expired first
audit-mail-expired-to = mail not sent: its pass expired first ({ $to })
# $cause: access_ended (the person lost access) or other (they signed out at the provider).
audit-sso-sessions-ended = sessions ended by the identity provider ({ $cause ->
        [access_ended] access ended
       *[other] sign-out there
    })
audit-scan-denied = scan denied: { $reason } — { $words }
audit-scan-resent = scan resent
audit-scan-refused = scan refused: { $error }
audit-answer = answer
audit-answer-denied = answer denied: { $reason } — { $words }
audit-answer-refused = answer refused: { $error }
# An answer's outcome.
audit-outcome-admitted = admitted
audit-outcome-already-admitted = already admitted
audit-outcome-denied = denied
audit-challenge-unanswered = challenge unanswered (expired without a valid answer)
audit-claim-conflict = claim_conflict — a second wallet tried to claim this pass
# After "auth_failure": how many failures, on which surface, and a sample reason in parentheses.
audit-auth-failure-count = × { $count }
audit-auth-failure-surface = on { $surface }
audit-detail = ({ $detail })
audit-claim-refused = claim refused
audit-claim-refused-why = claim refused ({ $reason })
audit-rate-limited = rate limited
audit-rate-limited-frames = rate limited: { $frames } frames
audit-walk-in-requested = walk-in requested
audit-walk-in-approved = walk-in approved by the host: admitted
audit-walk-in-denied = walk-in denied by the host
audit-walk-in-expired = walk-in expired: the host did not answer in time
audit-pass-rebound = pass re-bound to a new wallet (the old one stops working)
audit-pass-transferred = pass transferred to a new holder
# A gate or pass the console has no name for: its id's first characters.
audit-gate-short = gate { $id }
audit-pass-short = pass { $id }
audit-node-unknown = unknown
# An event's time on another day than today: the date's parts ($month, $day two digits)
# and the time (16:04:05), each formatted already.
audit-clock-date = { $year }-{ $month }-{ $day } { $time }

## The event filters' checks

audit-filter-gate-id = The gate must be an id like 0190c3e1-…-…; pick one from a list or paste it.
audit-filter-pass-id = The pass must be an id like 0190c3e1-…-…; pick one from a list or paste it.
audit-filter-severity = Severity must be info, warning or high.
audit-filter-since-until = “Since” must be before “until”.

## Alarms: the view's filter, how an alarm ends, where it stands

audit-alarms-filter-active = Open and acknowledged
audit-alarms-filter-open = Open
audit-alarms-filter-acknowledged = Acknowledged
audit-alarms-filter-resolved = Resolved
audit-alarms-filter-all = All
audit-alarm-outcome-confirmed = Confirmed
audit-alarm-outcome-false-alarm = False alarm
audit-alarm-outcome-duplicate = Duplicate
audit-alarm-outcome-no-action = No action
audit-alarm-state-open = Open
audit-alarm-acknowledged-by = Acknowledged by { $who }
audit-alarm-acknowledged-by-someone = Acknowledged by someone
# $outcome: confirmed, false_alarm, duplicate, no_action, or none.
audit-alarm-resolved-by = Resolved ({ $outcome ->
        [confirmed] confirmed
        [false_alarm] false alarm
        [duplicate] duplicate
        [no_action] no action
       *[none] no outcome
    }) by { $who }
audit-alarm-resolved-by-someone = Resolved ({ $outcome ->
        [confirmed] confirmed
        [false_alarm] false alarm
        [duplicate] duplicate
        [no_action] no action
       *[none] no outcome
    }) by someone

## The security console (/console): console-*

console-title = Tessera security console
console-opening = Opening the console…
console-try-again = Try again
console-start-network = Could not reach the server. Check the network.
console-start-not-ready = The server is not ready (HTTP { $status }).
console-host-session = You are signed in as a host on this device: hosts use /host. Sign in here with an admin or auditor key.

## Signing in with a key

console-signin-intro = Alarms, gates, passes and the audit log of your organisation.
console-signin-key = API key
console-signin-key-help = An admin or auditor key. It is sent once to open a session and is not kept on this device.
console-signin-button = Sign in
console-signin-key-missing = Enter an API key.
console-signin-host-key = That is a host key: hosts use the host page at /host. The console is for admin and auditor keys.
console-signin-network = Could not reach the server. Check the network, then try again.
console-signin-not-accepted = That API key was not accepted. Check it and try again.
console-signin-forbidden = This key cannot open the console: only admin and auditor keys can (or the page is not on the server’s own address).
console-signin-rate-limited = Too many failed sign-ins from this address. Wait a minute, then try again.
# $code: the server's error code, or the HTTP status.
console-signin-refused = The server refused the sign-in ({ $code }).
console-signed-out = Signed out.
console-session-ended = Your session has ended. Sign in again.
console-session-expired = Your session has expired (one shift). Sign in again.

## What went wrong with a call. $action is one of the console-action-* messages below, as
## the sentence needs it (English: "sign out", "issue the pass").

console-problem-network = Could not reach the server to { $action }. Check the network, then try again.
# $code: the server's error code (such as forbidden), or 403.
console-problem-forbidden = Not allowed to { $action } with this session ({ $code }).
console-problem-not-found = Could not { $action }: not found.
console-problem-rate-limited = Too many requests; wait a minute, then try again.
console-problem-status = Could not { $action }: HTTP { $status }.
# $reason: the server's error code in words (an error-* message), a full sentence.
console-problem-refused = Could not { $action }: { $reason }
# $field: the request's field at fault, as the API names it (valid_until).
console-invalid-field = A field is missing or not valid ({ $field }).

console-action-sign-out = sign out
console-action-read-alarms = read where the alarms stand
console-action-read-pass-events = read the pass’s events
console-action-acknowledge = acknowledge the alarm
console-action-assign = assign the alarm
console-action-resolve = resolve the alarm
console-action-read-events = read the event log
console-action-read-gate = read the gate
console-action-pair = make a pairing link
console-action-revoke-gate = revoke the gate
console-action-list-passes = list the passes
console-action-read-pass = read the pass
console-action-revoke-pass = revoke the pass
console-action-replay = replay the event
console-action-list-webhooks = list the webhooks
console-action-list-dead-letters = list the dead letters
console-action-resend = send the link again
console-action-list-messages = list the messages
console-action-read-watchlist = read the watchlist
console-action-remove-entry = remove the entry
console-action-add-watchlist = add to the watchlist
console-action-read-roll-calls = read the roll calls
console-action-start-roll-call = start the roll call
console-action-mark-safe = mark { $name } safe
console-action-end-roll-call = end the roll call
console-action-read-roll-call = read the roll call
console-action-save-sso = save the single sign-on settings
console-action-list-sessions = list the sessions
console-action-end-session = end the session
console-action-read-sso = read the single sign-on settings
console-action-issue-pass = issue the pass
console-action-create-gate = create the gate
console-action-read-nodes = read the on-site nodes
# $label: the node's label (North stand PC).
console-action-reclaim-lease = reclaim the lease of { $label }
console-action-revoke-node = revoke { $label }
console-action-rotate-node = make a new token for { $label }
console-action-resume-node = allow { $label } to take the lease again

## The bar and the tabs

console-brand-sub = Security console
console-sign-out = Sign out
# The signed-in role in the bar and in the sessions table; shown in capitals in the bar.
console-role =
    { $role ->
        [admin] admin
        [security] security
        [auditor] auditor
        [issuer] issuer
        [host] host
       *[other] { $role }
    }
console-feed-live = LIVE
console-feed-connecting = CONNECTING
console-feed-reconnecting = RECONNECTING
console-views = Views
console-tab-alarms = Alarms
console-tab-events = Events
console-tab-gates = Gates
console-tab-nodes = Nodes
console-tab-passes = Passes
console-tab-webhooks = Webhooks
console-tab-messages = Mail
console-tab-watchlist = Watchlist
console-tab-rollcall = Roll call
console-tab-admin = Manage
console-tab-signin = Sign-in

## Shared pieces

console-loading = Loading…
console-load-more = Load more
console-refresh = Refresh
console-show = Show
console-cancel = Cancel
console-copy = Copy
console-copied = Copied.
console-copy-selected = Selected: press Ctrl+C to copy.
console-timeline = Timeline
console-timeline-loading = Loading the timeline…
console-timeline-count =
    { $count ->
        [one] { $count } event
       *[other] { $count } events
    }, oldest first; new ones appear as they happen.
console-timeline-of = Timeline of { $pass }
console-tl-challenge-to = challenge issued to { $gate }
# The title of an event row: who acted in a single sign-on session.
console-actor-title = { $name }: { $subject } at { $issuer }

## Alarms

console-alarms = Alarms
console-alarms-loading = Loading the alarms…
console-alarms-none-open = No open alarms. Copied gate credentials (foreign_nonce), replayed codes (code_replayed), burned challenges, claim conflicts and watchlist matches appear here within a second.
console-alarms-none = No alarms here.
console-back-alarms = ← All alarms
console-alarm-no-pass = no pass
console-alarm-no-gate = no gate
console-alarm-at = at { $gate }
# $source: where failed authentications came from (an address).
console-alarm-from = from { $source }
# $node: an on-site node's label (or its id's first characters).
console-alarm-from-node = from node { $node }
console-alarm-at-from-node = at { $gate }, from node { $node }
console-alarm-node = node { $node }
console-alarm-challenge-of = Challenge of
console-alarm-first-used-at = Code first used at
console-alarm-about-foreign-nonce = an answer to another gate’s challenge: a copied gate credential?
console-alarm-about-code-replayed = a code that already admitted someone at another gate: a copy?
console-alarm-about-challenge-burned = a challenge burned by wrong answers
console-alarm-about-claim-conflict = a second wallet tried to claim a claimed pass: a leaked link?
console-alarm-about-watchlist-hit = a watchlisted person at a gate, or a pass issued or claimed for them (see the Watchlist)
console-alarm-about-auth-failure = failed authentications from one source (for this organisation: a console session used without its CSRF token or from another site)
console-alarm-about-site-node-fault = an on-site node shipped what this server refused: a stolen token or a faulty node? Check it, and revoke it in the Nodes view if in doubt
console-alarm-gone = This alarm is no longer in the feed.
console-alarm-choose = Choose an alarm to see what was done with it and the pass’s timeline: every scan, challenge and answer.
console-alarm-heading = Alarm { $id }
console-alarm-fact-alarm = Alarm
console-alarm-fact-state = State
console-alarm-fact-assigned-to = Assigned to
console-alarm-fact-when = When
console-alarm-fact-where = Where
console-alarm-fact-shipped-by = Shipped by node
console-alarm-fact-node = Node
console-alarm-fact-refused = Refused
console-alarm-fact-pass = Pass
console-alarm-fact-reason = Reason
console-alarm-acknowledge = Acknowledge
console-alarm-assign = Assign
console-alarm-assign-to = Assign to
console-alarm-resolve = Resolve
console-alarm-outcome = Outcome
console-alarm-note = Note
# Another console was first; $name is who.
console-alarm-already-acknowledged-by = This alarm was already acknowledged by { $name }.
console-alarm-already-acknowledged = This alarm was already acknowledged.
console-alarm-already-resolved-by = This alarm was already resolved by { $name }.
console-alarm-already-resolved = This alarm was already resolved.

## Events: filters and export

console-events = Events
console-filters = Filters
console-filter-kind = Kind
console-filter-severity = Severity
console-filter-gate = Gate
console-filter-pass = Pass
console-filter-since = Since
console-filter-until = Until
console-filter-any = any
console-filter-pass-placeholder = a pass id
console-filter-apply = Apply filters
console-filter-clear = Clear
console-gate-option-revoked = { $gate } (revoked)
console-export-csv = Export CSV
console-export-jsonl = Export JSONL
# $filters: "kind = scan, gate_id = North gate" (the filters' own names stay as they are).
console-filtered-by = Filtered by { $filters }
console-all-events = All events
console-events-summary =
    { $count ->
        [one] { $count } event
       *[other] { $count } events
    }, oldest first. The export has exactly these filters.
console-events-summary-more =
    { $count ->
        [one] { $count } event
       *[other] { $count } events
    } so far (oldest first; more below). The export has exactly these filters.

## Table columns

console-col-time = Time
console-col-severity = Severity
console-col-event = Event
console-col-gate = Gate
console-col-pass = Pass
console-col-state = State
console-col-uses = Uses
console-col-site = Site
console-col-valid-until = Valid until
console-col-type = Type
console-col-attempts = Attempts
console-col-last-error = Last error
console-col-queued = Queued
console-col-to = To
console-col-what = What
console-col-person = Person
console-col-mode = Mode
console-col-reason = Reason
console-col-added-by = Added by
console-col-expires = Expires
console-col-started = Started
console-col-who = Who
console-col-safe = Safe
console-col-name = Name
console-col-status = Status
console-col-last-seen = Last seen
console-col-marked-by = Marked by
console-col-where = Where
console-col-when = When
console-col-email = Email
console-col-role = Role
console-col-since = Since
console-col-ends = Ends

## Gates

console-gates = Gates
console-gate = Gate
console-gates-loading = Loading gates…
console-gates-count =
    { $count ->
        [one] { $count } gate
       *[other] { $count } gates
    }; { $online } online.
console-create-gate = Create a gate
console-gate-online = ONLINE
console-gate-offline = OFFLINE
console-gate-connected-now = connected now
console-gate-never-connected = never connected
# $ago: "3 min ago"; $time: the time it was.
console-gate-last-seen = last seen { $ago } ({ $time })
console-gate-connected-now-sentence = Connected now.
console-gate-never-connected-sentence = Never connected.
console-gate-last-seen-sentence = Last seen { $ago } ({ $time }).
console-gate-revoked-at = revoked { $time }
console-gate-revoked-sentence = Revoked { $time }.
console-gate-connected = Connected now.
console-gate-connected-sockets = Connected now ({ $count } sockets).
console-gate-not-connected = Not connected.
console-gate-stats-loading = Loading the last hour…
console-gate-recent-label = Recent events at this gate
console-gate-recent = Recent events
console-gate-all-events = All events of this gate
console-gate-window = Last { $minutes } minutes
console-tile-scans = Scans
console-tile-per-minute = Per minute now
console-tile-admissions = Admissions
console-tile-denials = Denials
console-tile-errors = Errors
console-chart-title = Scans per minute
console-chart-label = Scans per minute over the last { $minutes } minutes: { $total } in all, at most { $max } in one minute
console-chart-start = { $minutes } min ago
console-chart-now = now
console-denials-title = Denials by reason
console-denials-none = No denials.
console-gate-manage = Manage this gate
console-gate-revoke = Revoke gate
console-gate-revoke-confirm = Yes, revoke this gate
console-back-gates = ← Gates
console-pair-make = Make a pairing link
console-pair-qr = Pairing link QR code
console-pair-title = Open this on the gate’s tablet
# $until: the time the link stops working.
console-pair-help = Scan the code with the tablet’s camera (or send it the link). It works once, until { $until }. Pairing moves the gate to that device and cuts any other device off.
console-pair-link = Pairing link

## Passes

console-passes = Passes
console-passes-loading = Loading passes…
console-passes-count =
    { $count ->
        [one] { $count } pass
       *[other] { $count } passes
    }, newest first.
console-issue-pass = Issue a pass
console-open-pass-label = Open a pass by id
console-open = Open
console-open-pass-invalid = A pass id looks like 0190c3e1-7b2a-7c3d-8e4f-0123456789ab.
# A pass's state, as the API names it.
console-pass-state =
    { $state ->
        [issued] issued
        [claimed] claimed
        [used] used
        [revoked] revoked
        [expired] expired
       *[other] { $state }
    }
console-pass-uses = Uses
console-pass-uses-of = { $uses } of { $max }
console-pass-site = Site
console-pass-any-gate = any gate
console-pass-valid = Valid
console-pass-issued = Issued
console-pass-in-wallet = In a wallet
console-pass-since = since { $time }
console-pass-not-yet = not yet
console-pass-id = Id
console-admissions-heading = Admissions ({ $count })
# Between the time of an admission and the gate's name: "16:04:05 at North gate".
console-admission-at = at
console-admissions-none = Not admitted yet.
console-pass-revoke = Revoke pass
console-pass-revoke-confirm = Yes, revoke this pass
console-back-passes = ← Passes
console-pass-attempts = Every attempt
console-pass-in-event-log = In the event log (filters, export)

## Webhooks

console-webhooks = Webhooks
console-webhooks-loading = Loading webhooks…
console-webhooks-count =
    { $count ->
        [one] { $count } webhook
       *[other] { $count } webhooks
    }; { $disabled } disabled.
console-webhook-disabled = disabled { $time }
# $reason: why, as the server recorded it.
console-webhook-disabled-because = disabled { $time }: { $reason }
console-webhook-enabled = enabled
console-dead-letters = Dead letters
console-dead-letters-loading = Loading dead letters…
console-dead-letters-help = Events that ran out of retries or whose webhook was disabled (a receiver answered 410). Replay queues one again, due now, with a fresh three days of retries.
console-dead-letters-count =
    { $count ->
        [one] { $count } event
       *[other] { $count } events
    } not delivered, newest first.
console-dead-letters-none = No dead letters: every event was delivered or is still being retried.
console-replay = Replay
console-replay-label = Replay { $event }
console-replayed = Queued again.
console-replayed-disabled = Queued again; its webhook is disabled, so it will come back here.

## Mail

console-messages-title = Mail
console-messages = Messages
console-messages-help = Claim links mailed to visitors and walk-ins sent to hosts by mail and push. A bounced address was refused by the receiving side; a message given up ran out of retries; one too late was not sent because its pass or walk-in had ended.
console-messages-loading = Loading messages…
console-messages-filter-attention = Needs attention (bounced, given up, too late)
console-messages-filter-pending = Waiting to be sent
console-messages-filter-sent = Sent
console-messages-filter-all = All
console-messages-count =
    { $count ->
        [one] { $count } message
       *[other] { $count } messages
    }, newest first.
console-messages-none-attention = Nothing needs attention: every message was sent or is being retried.
console-messages-none = No messages.
console-message-kind-invitation = Claim link
console-message-kind-approval-mail = Walk-in (mail)
console-message-kind-approval-push = Walk-in (push)
# A message's state, as the API names it.
console-message-state =
    { $state ->
        [pending] pending
        [sent] sent
        [bounced] bounced
        [dead] dead
        [expired] expired
       *[other] { $state }
    }
console-message-send-again = Send again
console-message-send-again-label = Send again: the claim link for { $to }
console-message-new-address = New address for { $to }
console-message-send = Send
console-message-sent-again = Sent again to { $to }; the earlier link no longer works.

## Watchlist

console-watchlist = Watchlist
console-watch-loading = Loading the watchlist…
console-watch-help = People to flag or keep out. An email address or external reference matches exactly; a name alone is only a possible match and never refuses anyone. Gates say only “please wait: staff are on their way”; visitors and issuers are never told why.
console-watch-form = Add to the watchlist
console-watch-add = Add to watchlist
console-watch-name = Name
console-watch-email = Email
console-watch-email-help = Matches exactly, in any case, with or without a +tag.
console-watch-reference = External reference
console-watch-expires = Expires
console-watch-expires-help = Empty: never.
console-watch-reason = Reason
console-watch-mode = Mode
console-watch-mode-flag-help = Flag: let them in and raise an alarm
console-watch-mode-block-help = Block: refuse their passes, hold them at gates
console-watch-mode-flag = Flag
console-watch-mode-block = Block
console-watch-count =
    { $count ->
        [one] { $count } entry
       *[other] { $count } entries
    }.
console-watch-none = Nobody is on the watchlist.
console-watch-remove = Remove
console-watch-remove-label = Remove { $who } from the watchlist
# Who added an entry, and when.
console-watch-added = { $who }, { $time }
console-watch-never = Never
console-watch-expired = { $date } (expired)
console-watch-who-missing = Give a name, an email or an external reference.
console-watch-reason-missing = Say why they are on the watchlist.

## Roll call

console-rollcall = Roll call
console-rc-loading = Loading roll calls…
console-rc-help = When the building is evacuated: marshals at the assembly points scan visitors’ passes with a paired gate (“Roll call” on the gate), or tick names by hand. Everyone still unaccounted is listed first.
console-rc-start-form = Start a roll call
console-rc-start = Start roll call
console-rc-who = Who
console-rc-who-help = The list is everyone inside now: in the zones, and let in today at gates without a zone.
console-rc-scope-everyone = Everyone, all sites
console-rc-scope-all = All sites
console-rc-scope-site = Site { $site }
console-rc-scope-zone = Zone { $zone }
console-rc-count =
    { $count ->
        [one] { $count } roll call
       *[other] { $count } roll calls
    }.
console-rc-none = No roll call yet.
console-rc-table = Roll calls
console-rc-started-by = { $time } by { $who }
console-rc-safe-of = { $safe } of { $inside }
console-rc-in-progress = In progress
console-rc-ended = Ended
console-rc-filter-all = Everyone
console-rc-title = Roll call: { $scope }
console-rc-meta-active = Started { $time } by { $who } · In progress
console-rc-meta-ended = Started { $time } by { $who } · Ended { $endTime } by { $endWho }
console-rc-inside = Inside
console-rc-safe = Safe
console-rc-unaccounted = Unaccounted
# On the printed list: when it was printed, and how many are still missing.
console-rc-printed = Printed { $time } · { $unaccounted } unaccounted of { $inside }
console-rc-download-csv = Download CSV
console-rc-export-failed = Could not export the list ({ $status }).
console-rc-export-network = Could not reach the server to export the list.
console-rc-print = Print
console-rc-end = End roll call
console-rc-end-confirm = Yes, end it and file the report
console-rc-mark-safe = Mark safe
console-rc-mark-safe-label = Mark safe: { $name }
console-rc-walk-in = (walk-in)
# $who: the gate or the officer that marked the person.
console-rc-marked-by-hand = { $who } (by hand)
console-rc-marked-by-scan = { $who } (scan)
console-rc-nobody-here = Nobody in this view.
console-rc-nobody-inside = Nobody was recorded inside when the roll call started.
console-rc-not-found = No such roll call.
console-back-rollcalls = ← All roll calls
console-rc-people = People on the roll call

## On-site nodes (issue 35): a venue's own server, admitting its site's passes under a
## lease from this server while the venue's link may be down (docs/operations.md).

console-nodes = On-site nodes
console-nodes-help = A node admits its site’s passes while it holds the site’s lease, even when the venue’s link to this server is down. The list is read again every 5 seconds.
console-nodes-loading = Reading the nodes…
# $time: the venue's clock (16:04:05).
console-nodes-updated = Updated { $time }.
# $holding, $overdue: how many of them are in those states.
console-nodes-count =
    { $count ->
        [one] { $count } node
       *[other] { $count } nodes
    }: { $holding } holding a lease, { $overdue } overdue.
console-nodes-none = No on-site nodes.
# The documentation's file and section names stay in English.
console-nodes-none-help = A venue whose link to this server may fail during the entry rush can run one: see docs/operations.md, “On-site node”.
console-col-node = Node
console-col-lease-ends = Lease ends
console-col-sync-lag = Sync-up lag
console-col-shipped-through = Shipped up to
console-node-state-holding = Holding
console-node-state-starting = Starting
console-node-state-overdue = Overdue
console-node-state-idle = Idle
console-node-state-reclaimed = Reclaimed
console-node-state-revoked = Revoked
console-node-state-holding-help = It holds the site’s lease: it alone admits the site’s passes, and this server refuses them.
console-node-state-starting-help = Its lease is granted but not in force yet: it starts once every earlier challenge has closed.
console-node-state-overdue-help = Its lease ran out unrenewed: the link or the node is down. This server goes on refusing the site’s passes until the lease is returned or reclaimed.
console-node-state-idle-help = It holds no lease: this server admits the site’s passes.
console-node-state-reclaimed-help = An admin reclaimed its lease: it may not take the site’s lease again until an admin allows it (Allow lease again). This server admits the site’s passes.
console-node-state-revoked-help = Revoked for good: its token no longer works and it takes no lease. This server admits the site’s passes.
console-node-states = What the states mean
# $time: the venue's clock; $relative: how far from now, in the page's language ("in 4 minutes", "12 seconds ago").
console-node-when = { $time } ({ $relative })
console-node-no-lease = No lease
console-node-never = Never
console-node-nothing-shipped = Nothing yet
# $when: console-node-when (16:04:05 (2 minutes ago)).
console-node-revoked-at = Revoked { $when }
console-node-revoked-no-lease = Revoked
console-node-blocked-at = Reclaimed { $when }: waits for an admin
console-node-blocked = Reclaimed: waits for an admin
# $seconds: a number, already formatted (0.4, 12).
console-node-lag = { $seconds } s
console-node-reclaim = Reclaim lease
console-node-reclaim-label = Reclaim lease: { $label }
console-node-reclaim-confirm = Yes, reclaim the lease
console-node-reclaim-confirm-label = Yes, reclaim the lease: { $label }
console-node-reclaim-help = Reclaim a node’s lease only when the node is lost for good: this server then admits the site again, and a pass the node admitted but never reported may be admitted a second time. Every reclaim is audited as high.
console-node-reclaimed = Lease of { $label } reclaimed: this server admits the site’s passes again.
console-node-revoke-help = Revoke a node that is retired or whose token may have been stolen: its token stops working at once and its lease ends, for good. New token replaces a node’s token: the old one stops working at once. After a reclaim, a node takes the site’s lease again only once an admin presses Allow lease again. Each is audited.
console-node-revoke = Revoke
console-node-revoke-label = Revoke node: { $label }
console-node-revoke-confirm = Yes, revoke the node
console-node-revoke-confirm-label = Yes, revoke the node: { $label }
console-node-revoked = { $label } revoked: its token no longer works and its lease ended.
console-node-rotate = New token
console-node-rotate-label = New token: { $label }
console-node-rotate-confirm = Yes, make a new token
console-node-rotate-confirm-label = Yes, make a new token: { $label }
console-node-rotated = New token for { $label } made: the old one stopped working.
console-node-token-title = New token for { $label }
console-node-token-help = The old token stopped working at once: the node is refused until its token file holds this one and it is restarted. Copy it now: it is shown only this once.
console-node-token = Node token
console-node-token-hide = Hide the token
console-node-resume = Allow lease again
console-node-resume-label = Allow lease again: { $label }
console-node-resumed = { $label } may take the site’s lease again.

## Sign-in settings (single sign-on) and live sessions

console-signin-view = Sign-in
console-sso = Single sign-on
console-sso-help = Let staff sign in with your organisation’s identity provider (OpenID Connect). See docs/sign-in.md for Keycloak, Entra ID and Google.
console-sso-form = Single sign-on settings
console-sso-issuer = Issuer URL
console-sso-issuer-help = Exactly as your identity provider names itself (its discovery document is fetched when you save).
console-sso-client-id = Client ID
console-sso-client-secret = Client secret
console-sso-secret-help = Required the first time; it is stored sealed and never shown again.
console-sso-secret-stored = A secret is stored. Leave this empty to keep it.
console-sso-domains = Allowed email domains
console-sso-domains-help = Comma-separated, matched exactly. Empty: anyone your provider vouches for.
console-sso-role-claim = Role claim
console-sso-role-claim-help = The ID-token claim whose values give roles: groups, roles, or a path such as realm_access.roles.
console-sso-role-map = Claim values that give each role (comma-separated; the strongest match wins, none is refused)
console-sso-role-admins = Admins
console-sso-role-security = Security
console-sso-role-auditors = Auditors
console-sso-role-issuers = Issuers
console-sso-role-hosts = Hosts
console-sso-key-sign-in = Staff may also sign in to these pages with an API key
console-sso-save = Save
console-sso-issuer-missing = Enter the issuer URL and the client ID.
console-sso-role-map-missing = Map at least one claim value to a role, or nobody can sign in.
console-sso-saved = Saved. Register the addresses below at your identity provider.
console-sso-redirect-uri = Redirect URI
console-sso-logout-uri = Back-channel logout URI
console-sso-post-logout-uri = Post-logout redirect URI
console-sso-sign-in-link = Sign-in link for staff
console-sessions = Live sessions
console-sessions-loading = Loading sessions…
console-sessions-count =
    { $count ->
        [one] { $count } live session
       *[other] { $count } live sessions
    }.
console-session-end = End
console-session-end-label = End the session of { $who }
console-session-api-key = API key

## Manage: issue passes, create gates

console-manage = Manage
console-issue-label = Visitor (pass label)
console-issue-site = Site
console-issue-site-help = Optional: only gates of this site admit the pass.
console-issue-from = Valid from
console-issue-from-help = Empty: now.
console-issue-until = Valid until
console-issue-uses = Uses
console-issue-submit = Issue pass
console-issue-label-missing = Enter who the pass is for.
console-issue-until-missing = Enter until when the pass is valid.
console-issue-uses-invalid = Uses must be a whole number from 1 to 100000.
console-issued-for = Pass issued for { $label }
console-issued-help = Send the visitor this claim link (or let them scan the code). It adds the pass to one wallet only.
console-claim-qr = Claim link QR code
console-claim-link = Claim link
console-open-pass = Open the pass
console-gate-label = Gate label
console-gate-label-help = What guards and auditors read, e.g. “North entrance”.
console-gate-site = Site
console-gate-site-help = Optional: the gate admits passes of this site (and passes without one).
console-create-gate-submit = Create gate
console-gate-label-missing = Enter a label for the gate.
console-gate-created = Gate “{ $label }” created
console-gate-created-help = Pair a tablet with it: make a pairing link and open it on the tablet.
console-open-gate = Open the gate
console-device-token-summary = Device token for a native gate (shown once)
console-device-token = Device token

## The web gate (web/src/gate/): a guard's tablet at the entrance. Short words: a guard reads
## them at a glance, and the verdict words (gate-word-*) from two metres away.

gate-title = Tessera gate
gate-loading = Opening the gate…

## Pairing and the screens before the gate opens

gate-pairing-title = Pairing this device…
gate-pairing-text = Making this device a gate. Nothing to type.
gate-pairing-network = Could not reach the server to pair this device. Check the network, then try again.
gate-pairing-rate-limited = Too many pairing attempts from this device. Wait a minute, then open the link again.
gate-pairing-invalid = This pairing link was already used or has expired. Ask for a new one.
# $code: the server's error code or HTTP status, shown as is
gate-pairing-refused = The server refused the pairing ({ $code }). Ask for a new link.
gate-pairing-refused-title = Pairing refused
gate-try-again = Try again
# $gate: the gate's name, e.g. "North gate A"
gate-continue-as = Continue as { $gate }
gate-continue-as-this = Continue as this gate
gate-unreachable = Could not reach the server. Check the network.
gate-unavailable-title = Gate unavailable
# $error: a technical detail from the browser, shown as is
gate-start-failed = The gate could not start: { $error }
gate-not-paired-title = Not paired
gate-not-paired-text = This device is not a gate (or no longer is). To make it one, ask the site’s admin for a pairing link and open it on this device.
gate-not-paired-hint = A pairing link works once and for 10 minutes. Nothing needs to be typed.
gate-not-paired-revoked = This device is no longer paired as a gate (it was revoked, or another device was paired in its place).

## The status bar

# When the gate has no name
gate-label-fallback = Gate
gate-status-connecting = CONNECTING
gate-status-online = ONLINE
gate-status-offline = OFFLINE
gate-counters-label = Shift counters for today
gate-counters-title = Today
# Each counter is a number followed by this word; $count is the number
gate-count-admitted = { $count ->
   *[other] in
}
gate-count-admitted-title = Let in today
gate-count-already = { $count ->
   *[other] again
}
gate-count-already-title = Came back today (already let in)
gate-count-denied = { $count ->
   *[other] refused
}
gate-count-denied-title = Turned away today
gate-muster-toggle = Roll call
gate-muster-toggle-back = Back to admissions
gate-offline-connecting = OFFLINE — connecting to the server…
# $seconds: already formatted, e.g. "2.5"
gate-offline-reconnecting = OFFLINE — do not admit anyone. Reconnecting in { $seconds } s…

## The scanner side

gate-scanner-panel-label = Scanner
gate-camera-label = Camera view
gate-camera-on = Camera on: hold a code in front of it.
gate-camera-refused = Camera access was refused. Allow the camera for this site, or use a hand scanner.
gate-camera-none = No camera could be started. Use a hand scanner.
gate-camera-on-back = Back camera on: hold a code in front of it.
# A toggle (pressed: the back camera reads the codes; not pressed: the front one, facing the visitor)
gate-camera-back = Back camera
gate-scanner-label = Hand scanner input

## The stage: ready, checking, the challenge for the visitor's wallet

gate-ready-title = Ready to scan
gate-ready-text = Hold the visitor’s pass code in front of the camera.
gate-muster-ready-title = Roll call: scan to mark safe
gate-muster-ready-text = Hold the visitor’s pass code in front of the camera. Nobody is let in while the roll call is on this screen.
gate-checking-code = Checking the code…
gate-checking-answer = Checking the answer…
gate-code-on-way = The visitor’s code is on its way to the server.
# $visitor: the pass's name
gate-answer-on-way = { $visitor }: the phone’s answer is on its way to the server.
gate-answer-on-way-anonymous = The visitor: the phone’s answer is on its way to the server.
# Follows gate-code-on-way or gate-answer-on-way while offline
gate-offline-kept = It is kept and sent when the connection is back: do not let them in yet.
gate-challenge-title = Hold your phone up to this screen
gate-challenge-qr-label = Gate challenge for the visitor’s wallet
gate-challenge-then = Your wallet answers by itself. If it does not: press Scan gate code in the wallet, point it here, then show its answer to the camera.
gate-countdown = Answer within { $seconds } s
gate-countdown-over = Time is up
# $count: how many passes the party's challenge is for
gate-party-challenge-title = Party of { $count }: hold your phone up to this screen
gate-party-challenge-qr-label = Gate challenge for a party of { $count }, for the visitor’s wallet
gate-codes-on-way = The party’s codes are on their way to the server.
gate-answers-on-way = The party’s answers are on their way to the server.
gate-more-waiting = { $count } more visitor(s) waiting to answer

## Short messages under the stage

gate-no-storage = This browser does not let the gate store its journal: a reload loses scans in progress.
gate-journal-foreign = The journal belongs to another gate; reload the page.
gate-journal-failed = The gate could not save its journal ({ $error }). Reload the page.
gate-clock-skew = This device’s clock is { $seconds } s off the server’s.
gate-duplicate = Same code again: waiting for the phone’s answer.
gate-scan-queued = Offline: the scan waits and is sent when the connection is back.
gate-answer-queued = Offline: the answer waits and is sent when the connection is back.
# $why: one of gate-rejected-*
gate-ignored = Ignored: { $why }.
gate-rejected-too-long = line too long
gate-rejected-challenge = that is the gate's challenge; the visitor's wallet must answer it
gate-rejected-not-tessera = not a Tessera code (expected TSR1:…, TSR1P:…, TSR1R:… or TSR1S:…)
gate-rejected-unreadable = unreadable wallet answer (TSR1R:…); scan it again
gate-rejected-no-challenge = no open challenge for this pass; scan the visitor's code first
gate-rejected-party-unreadable = unreadable party code or answer (TSR1P:… or TSR1S:…); scan it again
gate-server-busy = Server busy ({ $code }); trying again.
# A code the catalogue has no words for
gate-server-refused = The server refused this ({ $code }).
# $reason: the code in words (an error-* message)
gate-server-refused-reason = The server refused this ({ $code }): { $reason }
gate-unanswered = No answer from { $visitor } in time: scan closed. Scan the code again.
gate-unanswered-phone = No answer from the phone in time: scan closed. Scan the code again.
gate-abandoned = A scan made offline was dropped (its code is too old now). Scan again.

## Verdicts: full screen, read from two metres. The word (gate-word-*) is shown big, with an
## icon; a headline with a reason starts with its word. Only the admitting verdicts may
## contain the word for "admitted".

gate-word-admitted = ADMITTED
gate-word-already-admitted = ALREADY ADMITTED
gate-word-denied = DENIED
gate-word-please-wait = PLEASE WAIT
gate-word-approved = APPROVED
gate-word-no-answer = NO ANSWER
gate-word-safe = SAFE
gate-word-already-safe = ALREADY SAFE
gate-word-not-marked = NOT MARKED
gate-word-not-checked = NOT CHECKED

## The strip of the last verdicts, and a party's verdict (one line per person)

gate-strip-heading = Last verdicts
gate-strip-unnamed = Visitor
# $reason: one of reason-*; $code: the reason's code, as is
gate-strip-why = { $reason } ({ $code })
# A party member the server did not name
gate-party-person = Person { $n } of { $count }
# Starts with gate-word-no-answer
gate-party-unanswered = NO ANSWER — the phone did not answer for this pass in time
# Starts with gate-word-not-checked
gate-party-not-checked = NOT CHECKED — this pass was not checked; scan it again
gate-party-all = All { $count } may go in
gate-party-all-already = All { $count } were let in before
gate-party-none = Nobody in this party of { $count } may go in
# The headline when some of a party may go in and others not (never the word for "admitted")
gate-party-some = LET { $admitted } OF { $count } IN
gate-party-some-detail = Stop the others: each line says why.
# Starts with gate-word-denied. $reason: one of reason-*; $code: the reason's code, as is
gate-verdict-denied = DENIED — { $reason } ({ $code })
# Starts with gate-word-not-marked
gate-verdict-not-marked = NOT MARKED — { $reason } ({ $code })
gate-verdict-hint = Tap to continue
gate-replayed = Confirmed again after a lost answer
# $time: 18:39:00; $ago: one of gate-ago-*; $where: this, another or named ($gate)
gate-first-entry = First entry { $time } ({ $ago }) { $where ->
        [this] at this gate
        [another] at another gate
       *[named] at { $gate }
    }
gate-first-entry-earlier = First entry earlier { $where ->
        [this] at this gate
        [another] at another gate
       *[named] at { $gate }
    }
gate-same-phone = Same phone as the first entry: let them through only if they left and came back
# A neutral hold: it must not say why (the visitor may read it)
gate-hold-detail = Staff are on their way. Keep the visitor here; do not let them through.
gate-stale-detail = The code is { $seconds } s old. Ask for the live wallet.
gate-future-detail = The code is { $seconds } s ahead. The phone's clock needs fixing.
gate-safe-detail = Marked safe at this assembly point
gate-marked-safe = Marked safe
# $by: the marshal's gate, or the officer
gate-marked-safe-by = Marked safe by { $by }
gate-marked-safe-at = Marked safe at { $time } ({ $ago })
gate-marked-safe-at-by = Marked safe at { $time } ({ $ago }) by { $by }
gate-ago-earlier = earlier
gate-ago-now = just now
gate-ago-seconds = { $seconds } s ago
gate-ago-minutes = { $minutes } min ago
gate-ago-hours = { $hours } h { $minutes } min ago
# $date: 2025-11-29
gate-ago-date = on { $date }

## Why a code was refused (TSR1 denial reasons): short, plain words after "DENIED —"

reason-malformed-code = not a Tessera code
reason-unknown-pass = unknown pass
reason-not-claimed = pass not added to a wallet yet
reason-bad-code = wrong code, forged or from another phone
reason-stale-code = old code, a screenshot?
reason-future-code = code from the future, the phone's clock is wrong
reason-revoked = pass cancelled by the issuer
reason-expired = pass has expired
reason-not-yet-valid = pass not valid yet
reason-wrong-site = pass is for another site
reason-code-replayed = code already used at another gate, a copy?
reason-challenge-expired = the phone answered too late, scan again
reason-bad-response = wrong answer, not the pass holder’s phone? Let them try again
reason-challenge-burned = too many wrong answers, scan again
reason-foreign-nonce = answer belongs to another gate's scan
reason-unknown-nonce = unknown challenge, scan again
reason-not-inside = not inside this zone, nothing to leave
reason-zone-not-allowed = pass is not valid for this zone
reason-already-inside = already inside this zone
reason-reentry-not-allowed = no re-entry after leaving this zone
reason-entry-limit = no entries left today for this zone
reason-see-staff = please wait: staff are on their way
reason-no-roll-call = no roll call in progress for this gate
reason-not-on-roll-call = not on the roll call list (not recorded inside)
reason-site-delegated = decided elsewhere (the venue’s on-site node or the central server)
# A reason this gate does not know yet
reason-other = refused by the server

## Walk-ins: a visitor without a pass, a host asked on their phone

gate-walkins-heading = Walk-ins
gate-walkin-open = Walk-in
gate-walkins-empty = A visitor without a pass? Press Walk-in to ask their host.
gate-walkin-list-label = Walk-in requests
gate-walkin-done = Done
# $name: the visitor's name
gate-walkin-done-label = Done with { $name }
# $host: the host's name, or gate-host-flat, or gate-host-unknown
gate-walkin-for = for { $host }
gate-host-unknown = the host
gate-host-flat = Flat { $unit }
gate-line-asking = Asking the host…
gate-line-offline = Offline: sent when the connection is back. Do not let them in yet.
gate-line-waiting = Waiting for the host to answer
# $left: the time left, e.g. 4:32
gate-line-waiting-left = Waiting for the host to answer · { $left } left
gate-line-waiting-up = Waiting for the host to answer · time is up, checking…
gate-line-denied = Denied by { $host }
gate-line-expired = No answer from { $host } in time
gate-line-failed = Not sent: the server refused it ({ $code })
gate-line-failed-reason = Not sent: the server refused it ({ $code }): { $reason }
gate-walkin-busy = Server busy ({ $code }); asking the host again shortly.
gate-walkin-refused = The server refused the walk-in for { $visitor } ({ $code }).
gate-walkin-too-many = Too many walk-ins are waiting already.
gate-walkin-title = Walk-in visitor
gate-walkin-intro = The host is asked on their phone; the answer shows here.
gate-walkin-name = Visitor name
gate-walkin-host = Host (name or flat)
gate-walkin-note = Note for the host (optional)
gate-walkin-submit = Ask the host
gate-cancel = Cancel
gate-hosts-label = Hosts found
# The host's name follows, in bold
gate-walkin-asking = Asking { $host }
gate-host-searching = Searching…
gate-host-search-network = Could not reach the server to search for hosts.
gate-host-search-failed = The host search failed ({ $code }).
gate-hosts-found = { $count } { $count ->
        [one] host
       *[other] hosts
    }: choose one.
gate-hosts-found-matching = { $count } { $count ->
        [one] host
       *[other] hosts
    } matching “{ $query }”: choose one.
gate-hosts-none = No host matches “{ $query }”.
gate-problem-name-missing = Enter the visitor’s name.
gate-problem-name-long = The name is too long (at most { $max } characters).
gate-problem-name-unprintable = The name has characters that cannot be printed.
gate-problem-host = Choose the host the visitor asks for.
gate-problem-note-long = The note is too long (at most { $max } characters).
gate-problem-note-unprintable = The note has characters that cannot be printed.
gate-walkin-approved-by = Approved by { $host }
gate-walkin-let-in = { $name }: let them in
gate-walkin-refused-by = Refused by { $host }. Do not let them in.
gate-walkin-no-answer-detail = { $host } did not answer. Do not let them in; ask again or call the host.
# Starts with gate-word-denied; $code: host_denied, as is
gate-walkin-verdict-denied = DENIED — the host said no ({ $code })
# Starts with gate-word-no-answer; $code: approval_timeout, as is
gate-walkin-verdict-no-answer = NO ANSWER — the host did not answer in time ({ $code })

## Roll call (muster mode)

# $scope: one of gate-scope-*
gate-muster-title = Roll call: { $scope }
gate-scope-all = All sites
gate-scope-site = Site { $site }
gate-scope-zone = Zone { $zone }
gate-muster-help = Scan a visitor’s pass to mark them safe: their phone must answer, as at a gate. Nobody is let in. Or mark a name by hand.
gate-muster-search = Find a name
gate-muster-list-label = People on the roll call
gate-muster-counts = { $safe } of { $inside } safe · { $unaccounted } not yet seen
gate-person-safe = Safe
gate-person-safe-by = Safe · marked by { $by }
gate-person-sending = Safe · sending…
gate-person-queued = Safe · sent when the connection is back
# $place: a zone, or the gate that let them in
gate-person-missing = Not yet seen · last seen { $place }
gate-person-missing-walk-in = Not yet seen · walk-in without a pass, let in at { $place }
gate-mark-safe = Mark safe
gate-mark-safe-label = Mark safe: { $name }
gate-muster-empty = Nobody was recorded inside.
gate-muster-no-match = Nobody on the list matches “{ $query }”.
gate-muster-ended = The roll call has ended: back to admissions.
gate-mark-save-failed = The mark could not be saved on this device ({ $error }).
gate-mark-refused = { $name } was not marked: { $code }.
gate-mark-refused-ended = { $name } was not marked: the roll call has ended.

## The host page (/host): a resident invites visitors and answers walk-ins from the gate.
## Part of the English catalogue (host-*); the build appends it to en.ftl.

# The page's title (the browser tab) and its title while visitors wait ($count: how many).
host-title = Tessera host
host-title-waiting = ({ $count }) Tessera host
host-opening = Opening…
host-heading = Tessera for hosts
host-try-again = Try again
host-start-network = Could not reach the server. Check the network.
# $status: an HTTP status code, such as 503.
host-start-not-ready = The server is not ready (HTTP { $status }).

## Sign-in

host-signin-intro = Invite visitors, and let in the ones who arrive without a pass.
host-key = Host key
host-key-help = The key the site’s admin gave you. It is sent once to open a session and is not kept on this device.
host-key-missing = Enter your host key.
host-sign-in = Sign in
host-signin-network = Could not reach the server. Check the network, then try again.
host-signin-key-refused = That key was not accepted. Check it and try again.
host-signin-forbidden = This key cannot sign in here: only host keys can (or the page is not on the server’s own address).
host-signin-rate-limited = Too many failed sign-ins from this address. Wait a minute, then try again.
# $code: the server's error code (or HTTP status), shown as it is.
host-signin-failed = The server refused the sign-in ({ $code }).
# $role: the key's role as the server names it (admin, auditor, issuer, security).
host-signin-console-session = This device is signed in with { $role ->
        [admin] an admin
        [auditor] an auditor
       *[other] a { $role }
    } key, for the security console at /console. Sign in here with your host key.
host-signin-not-host = That was { $role ->
        [admin] an admin
        [auditor] an auditor
       *[other] a { $role }
    } key: this page is for hosts. Admins and auditors use the security console at /console.
host-session-ended = Your session has ended. Sign in again.
host-session-expired = Your session has expired. Sign in again.
host-signed-out = Signed out.
# Shown in the bar when the host's key has no name.
host-fallback-name = Host

## The bar, the tabs, notifications

host-sign-out = Sign out
host-views = Views
host-tab-invite = Invite
host-tab-visits = Visits
# The live feed's state, in the bar's pill (capitals in English).
host-live = LIVE
host-connecting = CONNECTING
host-reconnecting = RECONNECTING
host-notify-me = Notify me
host-notifying = Notifying
host-notify-off = Notifications are off on this device.
host-notify-on = Notifications are on: a visitor at the gate reaches you with this page closed.
host-notify-blocked = Notifications are blocked for this site: allow them in the browser’s settings, then try again.
# $detail: the browser's own reason, in its words.
host-notify-failed = Could not turn notifications on: { $detail }.

## A refused call. $action is one of host-action-* (what was tried); $reason is the
## server's error code in words (an error-* sentence) or host-problem-http.

host-action-sign-out = sign out
host-action-notify = turn notifications on
host-action-invite = create the invitation
host-action-cancel = cancel the invitation
host-action-read-passes = read your invitations
host-action-read-walk-ins = read your walk-ins
host-problem-network = Could not reach the server to { $action }. Check the network, then try again.
# $code: the server's error code, shown as it is.
host-problem-forbidden = Not allowed to { $action } with this session ({ $code }).
host-problem-rate-limited = Too many requests; wait a minute, then try again.
host-problem-failed = Could not { $action }: { $reason }
host-problem-http = HTTP { $status }.

## Visitors waiting at the gate (walk-ins)

host-waiting-heading = At the gate
host-waiting-list = Visitors waiting at the gate
host-waiting-empty = Nobody is waiting for you. A visitor without a pass who asks for you at the gate appears here at once.
host-approve = Approve
host-deny = Deny
host-walk-in-at = At { $gate }
host-walk-in-at-any-gate = At the gate
# $where: host-walk-in-at or host-walk-in-at-any-gate; $time: when the visitor asked.
host-walk-in-where-asked = { $where } · asked { $time }
# Read before the guard's note by screen readers.
host-note-label = Note:
# The countdown on a waiting visitor's card; $time is m:ss.
host-time-left = { $time } left
host-time-up = Time is up
# Announced (live region) when a visitor asks for the host.
host-arrival = { $name } is waiting at the gate and asks for you. Approve or deny.
host-arrival-at = { $name } is waiting at { $gate } and asks for you. Approve or deny.
host-arrival-note = { $name } is waiting at the gate and asks for you. Note: { $note }. Approve or deny.
host-arrival-at-note = { $name } is waiting at { $gate } and asks for you. Note: { $note }. Approve or deny.
# Announced when the page opens with several visitors waiting.
host-arrivals = { $count } visitors are waiting for you at the gate.
host-approved = You let { $name } in at the gate.
host-approved-at = You let { $name } in at { $gate }.
host-denied = You said no to { $name }.
# An approve or deny that failed. $decision: approve or deny.
host-decision-network = Could not reach the server. Check the network, then try again.
host-decision-too-late = Too late: the gate stopped waiting for an answer. The visitor has to ask again.
host-decision-already-answered = This request was already answered (by you on another device, or by the site’s admin).
host-decision-gone = This request is no longer there.
host-decision-forbidden = Not allowed to { $decision ->
        [approve] approve
       *[deny] deny
    } this request with this session.
host-decision-rate-limited = Too many requests; wait a moment, then try again.
# $code: the server's error code, or "HTTP 500" and the like, shown as it is.
host-decision-failed = Could not { $decision ->
        [approve] approve
       *[deny] deny
    } the request ({ $code }).

## Inviting a visitor

host-invite-heading = Invite a visitor
host-invite-intro = They get a link that adds a pass to their phone; the gate lets them in with it.
host-visitor-name = Visitor name
host-valid-from = From
host-valid-until = Until
host-valid-help = The pass lets them in once, between these times.
# Shown when this device is in another time zone than the venue; $zone: the device's (IANA name).
host-invite-device-time = You enter these times in this device’s time zone ({ $zone }).
host-visitor-email = Visitor email (optional)
host-visitor-email-help = We email them the link and its QR code. Leave it empty to send the link yourself.
# The language of the visitor's pass and mail; the list names each language in itself.
host-visitor-language = Visitor’s language
host-create-invitation = Create invitation
host-creating = Creating…
host-invite-email-invalid = Enter the visitor’s email address like name@example.com, or leave it empty.
host-invite-name-missing = Enter the visitor’s name.
host-invite-name-too-long = The name is too long (at most { $max } characters).
host-invite-name-unprintable = The name has characters that cannot be printed.
host-invite-from-missing = Enter when the visit starts.
host-invite-until-missing = Enter when the visit ends.
host-invite-until-before-from = The visit must end after it starts.
host-invite-until-past = The visit must end in the future.
# $reason: the server's error code in words (an error-* sentence).
host-invite-refused = The server did not accept the invitation: { $reason }
host-invitation-for = Invitation for { $name }
host-invitation-qr = Invitation QR code for { $name }
host-invitation-qr-caption = Or let them scan this with their phone’s camera.
host-invitation-link = Invitation link
host-invitation-mailed = We are emailing the link to { $email }.
host-invitation-link-help = Send this link to { $name } only: whoever opens it first gets the pass.
host-copy-link = Copy link
host-link-copied = Link copied. Paste it into a message to them.
host-link-not-copied = Could not copy: the link is selected, copy it from the field.
host-share = Share…
# The title of the shared link (the phone's share sheet).
host-share-title = Pass for { $name }
host-invite-again = Invite someone else
host-see-visits = See your visits

## Visits

# "Today 14:00", "Tomorrow 09:30", "Sat 6 Dec 18:00"; $time and $day are formatted already.
host-when-today = Today { $time }
host-when-tomorrow = Tomorrow { $time }
host-when-day = { $day } { $time }
# A visit's time span: "Today 14:00 – 23:59".
host-span = { $from } – { $until }
host-visits-loading = Loading your visits…
host-refresh = Refresh
host-visits-upcoming = Upcoming
host-visits-past = Past
host-visits-upcoming-list = Upcoming visits
host-visits-past-list = Past visits
# Followed by a link "Invite a visitor".
host-visits-upcoming-empty = No visits to come.
host-visits-past-empty = No past visits yet.
host-visits-count = { $upcoming } to come, { $past } past.
host-visit-walk-in = Walk-in at the gate · { $when }
host-visit-walk-in-at = Walk-in at { $gate } · { $when }
# The guard's note on a past walk-in, quoted.
host-visit-note = “{ $note }”
host-cancel = Cancel
    .label = Cancel the invitation for { $name }
host-cancel-confirm = Cancel the invitation for { $name }? Their pass stops working.
# What a pass's state means to the host (a badge).
host-pass-cancelled = Cancelled
host-pass-arrived = Arrived
host-pass-never-opened = Link never opened
host-pass-did-not-come = Did not come
host-pass-not-opened = Link not opened yet
host-pass-on-phone = On their phone
# $count: the entries left on a pass that was used.
host-pass-arrived-more = Arrived, { $count } more { $count ->
        [one] entry
       *[other] entries
    }
host-walk-in-let-in = Let in
host-walk-in-turned-away = Turned away
host-walk-in-no-answer = No answer in time
host-walk-in-waiting = Waiting at the gate

## The visitor's wallet (web/src/wallet/app.js, web/src/index.html): claim, passes, the pass's
## code, answering a gate, handing a pass on. Names of passes and sites come in as
## { $label } / { $holder }; dates come in formatted ({ $date }) in the venue's time zone.

wallet-title = Tessera wallet
wallet-bar-note = Visitor wallet
wallet-loading = Opening your wallet…
wallet-go-to-wallet = Go to my wallet

# A pass's validity, under its name and in the list of passes.
wallet-validity-valid = Valid until { $date }
wallet-validity-expired = Expired { $date }
wallet-validity-not-yet = Not yet valid: from { $date }

## The browser keeps no data, or the link is broken

wallet-storage-unavailable = This browser is not letting the wallet store passes (private browsing, or site data turned off). Open the link in a normal browser window to keep your pass on this device.
wallet-storage-unavailable-retry = { wallet-storage-unavailable } Then press Retry.
wallet-unavailable-title = Wallet unavailable
wallet-bad-link-title = Link not usable
# $detail is one of the wallet-bad-link-* reasons below.
wallet-bad-link = This claim link is invalid or incomplete: { $detail }. Ask whoever sent it for a new link, and copy all of it.
wallet-bad-link-unreadable = the link cannot be read
wallet-bad-link-repeated = the link repeats p= or t=
wallet-bad-link-no-pass-id = the link has no pass id (p=)
wallet-bad-link-pass-id-incomplete = the pass id in the link is not complete
wallet-bad-link-no-token = the link has no claim token (t=)
wallet-bad-link-token-damaged = the claim token in the link is damaged
wallet-bad-link-cut-short = the part after # is missing; was the link cut short?

## The list of passes

wallet-list-title = Your passes
wallet-list-empty = No passes yet.
wallet-list-empty-help = Open the claim link you were sent to add a pass to this wallet.
# A pass without a name, in the list.
wallet-pass-short = Pass
# A pass without a name, as a heading.
wallet-visitor-pass = Visitor pass

## Adding a pass (the claim link)

wallet-claim-title = Add a pass
wallet-claim-lead = You have been sent a visitor pass. Add it to this wallet to show it at the gate.
wallet-claim-fine = The pass and its keys stay on this device. Anyone with this link could add the pass first, so do not share it.
wallet-claim-checking = Checking the pass…
wallet-fact-pass = Pass
wallet-fact-site = Site
wallet-fact-valid-from = Valid from
wallet-fact-valid-until = Valid until
wallet-claim-add = Add to wallet
wallet-claim-adding = Adding…
# The button after a failed try; its accessible name keeps "Add to wallet".
wallet-claim-retry = Retry
    .aria-label = Retry: Add to wallet
# A transfer link: $holder is the pass's name (the person handing it on).
wallet-claim-transfer-lead = { $holder } is handing you this pass. Add it to this wallet to show it at the gate.
wallet-claim-transfer-lead-unnamed = Someone is handing you this pass. Add it to this wallet to show it at the gate.
wallet-claim-transfer-fine = Once you add it, it stops working on their phone and works on this one. The pass and its keys stay on this device; do not share this link.
wallet-claim-revoked = This pass has been revoked by its issuer. It cannot be added or used.
wallet-claim-expired = This pass has expired (it was valid until { $date }).
wallet-claim-elsewhere = This pass is already in another wallet. A pass can be added to one wallet only.
wallet-claim-invalid = This claim link is not valid: the pass does not exist or the link was mistyped. Ask for a new link.
wallet-claim-no-details = The pass details could not be loaded just now. You can still try to add it.
wallet-claim-no-keys = This browser cannot create the keys a pass needs. Update it, or use another browser.
wallet-claim-offline = Could not reach the server, so the pass is not added yet. Check your connection, then press Retry.
wallet-claim-taken = This pass is already in another wallet. A pass can be added to one wallet only; ask the issuer if that was not you.
wallet-claim-key-refused = The server did not accept this wallet’s key. Press Retry to try with a new one.
wallet-claim-rate-limited = Too many attempts just now. Wait a minute, then press Retry.
# $status is the HTTP status number, e.g. 500.
wallet-claim-failed = The server could not add the pass just now (error { $status }). Press Retry in a moment.
wallet-claim-bad-answer = The server’s answer could not be used. Press Retry; if it keeps failing, ask the issuer.

## A pass: its rotating code, and answering a gate's challenge

wallet-scan = Scan gate code
wallet-challenge-label = Paste a gate challenge
wallet-challenge-help = If the gate cannot show its code to your camera, paste its text here.
wallet-brightness-hint = Turn your screen brightness up so the gate reads the code first time.
# A link back to the list; $count is how many passes it holds (two or more).
wallet-all-passes = All passes ({ $count })
wallet-remove = Remove this pass from this device
wallet-remove-confirm = Remove “{ $label }” from this device? It cannot be added back with the same link.
wallet-transfer = Transfer this pass
wallet-transfer-note = You started handing this pass on ({ $date }). Once the new holder adds it, the code here stops working.
# $seconds: seconds until the code changes.
wallet-countdown = New code in { $seconds } s
# The accessible name of the code's QR image; $seconds is the code's period.
wallet-qr-entry = Entry code for { $label }; it changes every { $seconds ->
        [one] { $seconds } second
       *[other] { $seconds } seconds
    }
wallet-qr-entry-unnamed = Entry code for this pass; it changes every { $seconds ->
        [one] { $seconds } second
       *[other] { $seconds } seconds
    }
wallet-expired = Expired
wallet-expired-alert = This pass has expired: it was valid until { $date }. It can no longer be used at the gate.
wallet-not-yet = Not yet valid
wallet-not-yet-from = Your code appears here from { $date }.
wallet-show-code-again = Show my code again
wallet-answer-title = Show this answer to the gate
wallet-qr-answer = Answer code for the gate
wallet-answer-ready = Answer ready: hold it up to the gate.
# $length is the length of a whole challenge (85).
wallet-challenge-incomplete = This challenge is incomplete: copy the whole text the gate shows (it is { $length } characters long).
wallet-challenge-malformed = That is not a gate challenge. A gate challenge starts with TSR1C: followed by letters and digits.
wallet-challenge-other-pass = This challenge is for another pass: “{ $label }”. Open that pass to answer it.
wallet-challenge-unknown-pass = This challenge is for another pass, which is not in this wallet.
wallet-camera-view = Camera view
wallet-camera-stop = Stop camera
wallet-camera-point = Point the camera at the code on the gate’s screen.
wallet-camera-not-challenge = That code is not a gate challenge. Point the camera at the gate’s screen.
wallet-camera-timeout = The camera was turned off to save battery. Press Scan gate code to try again.
wallet-camera-refused = Camera access was refused. Allow the camera for this site in your browser settings, or paste the gate’s challenge below.
wallet-camera-missing = No camera was found on this device. Paste the gate’s challenge below instead.
wallet-camera-failed = The camera could not be started. Paste the gate’s challenge below instead.

## Face to face: the front camera answers the gate by itself (issue 52)

wallet-camera-why = The gate talks to your phone through its camera; nothing is recorded or sent.
wallet-face-video = Front camera view
wallet-face-on-title = Camera on.
wallet-face-on = Hold your screen up to the gate’s screen: your phone answers the gate by itself.
wallet-face-ask = Turn on the camera for the gate
wallet-face-blocked-title = The camera is blocked for this site
wallet-face-blocked = To let the gate talk to your phone, open this site’s settings (the icon beside the address, or “aA” on an iPhone), set Camera to Allow, then reload this page. Until then, press “{ wallet-scan }” at the gate or paste its challenge below.
wallet-face-none = No front camera can be used here: at the gate, press “{ wallet-scan }”.
wallet-answer-face = Answer shown: keep holding your phone up to the gate.

## A party: one code for several passes (issue 52)

wallet-party-offer = One code for all { $count } passes
wallet-party-offer-lead = Going in together? Show one code for { $count } passes and the gate checks everyone at once.
wallet-party-title = One code for your party
wallet-party-lead = { $count ->
        [one] One pass ticked: tick at least two for one code.
       *[other] { $count } passes in one code: hold it up once at the gate.
    }
wallet-party-who = Who is going through now
wallet-party-max = A party code holds at most { $max } passes: untick someone first.
# $names: the people's names, separated by commas
wallet-qr-party = Entry code for { $names }; it changes every { $seconds ->
        [one] { $seconds } second
       *[other] { $seconds } seconds
    }
wallet-party-too-few-title = Choose at least two
wallet-party-too-few = Tick two or more people to show one code for them, or open each pass on its own.
wallet-party-back = Back to your passes

## Handing a pass on (transfer)

wallet-transfer-title = Transfer “{ $label }”
wallet-transfer-title-unnamed = Transfer “this pass”
wallet-transfer-lead = Someone else is going instead of you? Make a link for them. When they open it and add the pass, it moves to their phone.
wallet-transfer-warning = Once they add it, this pass stops working on this phone. Until then it still works here.
wallet-transfer-make = Make a transfer link
wallet-transfer-making = Making the link…
wallet-transfer-back = Back to my pass
wallet-transfer-offline = Could not reach the server, so no transfer link was made. Check your connection, then try again.
wallet-transfer-not-allowed = This pass cannot be transferred: its organiser does not allow handing it on (or it has been handed on as often as allowed). It stays in this wallet.
wallet-transfer-revoked = This pass has been revoked by its issuer. It cannot be handed on.
wallet-transfer-not-held = This phone no longer holds this pass (it was handed on or moved to another phone), so it cannot hand it on.
wallet-transfer-unavailable = This pass cannot be transferred now: its organiser may not allow handing it on, it may have been handed on as often as allowed, or it was revoked. It stays in this wallet.
wallet-transfer-rate-limited = Too many attempts just now. Wait a minute, then try again.
# $code is the server's error code, shown as it is (e.g. storage_unavailable).
wallet-transfer-failed = The server could not make the transfer link just now ({ $code }). Try again in a moment.
# $status is the HTTP status number.
wallet-transfer-failed-status = The server could not make the transfer link just now (error { $status }). Try again in a moment.
wallet-transfer-bad-nonce = The server’s transfer nonce could not be used. Try again in a moment.
wallet-transfer-give = Give this link to the new holder
wallet-transfer-stops = This phone’s pass stops working once your friend adds it. Send the link to them only: whoever opens it first gets the pass.
wallet-qr-transfer = Transfer QR code for the new holder
wallet-transfer-scan-help = They can scan this with their phone’s camera, or open the link.
wallet-transfer-link = Transfer link
wallet-transfer-copy = Copy link
wallet-transfer-copied = Link copied.
wallet-transfer-selected = The link is selected: copy it from the field.
wallet-transfer-share = Share…
