# Tessera's messages in Spanish (Español, neutral, formal "usted"): a translation of en.ftl
# with exactly its message ids and variables (test/unit/catalogues.test.mjs). Project Fluent
# syntax: https://projectfluent.org/fluent/guide/

## About the language itself

# The language's name in itself, as the switcher lists it.
language-name = Español
# ltr or rtl: the direction of the pages in this language.
language-direction = ltr

## Every page

common-language = Idioma
common-times-in-zone = Las horas corresponden a la zona horaria de la sede ({ $zone }).
common-sso-email = Correo electrónico corporativo
common-sso-email-help = Iniciará sesión en la página de acceso de su organización y, después, volverá aquí.
common-sso-continue = Continuar con inicio de sesión único
common-sso-email-invalid = Escriba su dirección de correo corporativo, por ejemplo, ada@example.com.
common-sso-title = Iniciar sesión con su organización

## A server's error code, in words (the code itself stays on screen where staff need it)

error-other = El servidor rechazó la operación ({ $code }).
error-unauthorized = No ha iniciado sesión o su clave ya no es válida.
error-forbidden = Esta clave no tiene permiso para hacer eso.
error-key-sign-in-off = El inicio de sesión con clave está desactivado aquí: use el inicio de sesión único.
error-not-found = No se encontró.
error-invalid-claim = Este enlace no funciona: ya se usó, se reemplazó o está mal escrito.
error-invalid-pairing = Este enlace de vinculación ya se usó o ha expirado.
error-already-claimed = Este pase ya está en otra billetera.
error-revoked = Este pase fue cancelado.
error-invalid-public-key = Se rechazó la clave de la billetera.
error-bad-request = No se entendió la solicitud.
error-payload-too-large = Es demasiado grande para enviarlo.
error-rate-limited = Demasiados intentos: espere un momento y vuelva a intentarlo.
error-refused-by-policy = Las normas de la organización no lo permiten.
error-already-acknowledged = Alguien ya reconoció esta alarma.
error-already-resolved = Esta alarma ya se resolvió.
error-not-permitted = No es posible hacerlo para esta persona. Diríjase al personal.
error-invalid-field = Falta un campo o no es válido.
error-storage-unavailable = El servidor no puede acceder a su base de datos en este momento: vuelva a intentarlo en breve.
error-internal = Se produjo un error en el servidor: vuelva a intentarlo y avise al personal si el problema continúa.
error-transfer-not-allowed = Este pase no se puede transferir.
error-not-claimed = Este pase aún no está en ninguna billetera.
error-request-id-reused = Esta solicitud ya se envió con otro contenido.
error-already-decided = Esta solicitud ya tiene respuesta.
error-approval-timeout = Ya pasó el plazo para responder a esta solicitud.
error-bad-proof = Esta billetera no pudo demostrar la transferencia.
error-invalid-nonce = El enlace de transferencia ha expirado: cree uno nuevo.
error-unknown-pass = Este pase no figura aquí.
error-key-revoked = Esta clave fue revocada: cree una nueva.
error-last-admin-key = No se puede revocar la última clave de administrador.
error-network = No hay conexión con el servidor. Compruebe la red y vuelva a intentarlo.

## Mail and notifications the server sends (in the recipient’s language)

mail-invitation-subject = Su pase para { $venue }
mail-invitation-heading = { $venue } tiene un pase para usted
mail-invitation-greeting = Hola, { $name }:
mail-invitation-when = Cuándo
mail-invitation-where = Dónde
mail-invitation-host = Su anfitrión
mail-invitation-any-entrance = cualquier entrada
mail-invitation-open = Abrir su pase
mail-invitation-open-text = Abra su pase en el teléfono:
mail-invitation-other-device = En otro dispositivo, escanee el código QR de este mensaje.
mail-invitation-scan = En otro dispositivo, escanee este código con la cámara del teléfono:
mail-invitation-qr-alt = Código QR del enlace a su pase
mail-invitation-yours-alone = El enlace es solo para usted: el primer teléfono que lo abra se queda con el pase. Muestre el código dinámico en el acceso; una captura de pantalla no funcionará.
mail-invitation-button-fallback = Si el botón no funciona, abra esta dirección: { $url }
mail-times-in-zone = Las horas se indican en la zona horaria de la sede ({ $zone }).
mail-approval-subject = { $visitor } espera en { $gate }
mail-approval-heading = { $visitor } espera en { $gate }
mail-approval-intro = { $visitor } está en { $gate } y solicita entrar para reunirse con usted.
mail-approval-note = Nota del personal de seguridad: { $note }
mail-approval-approve = Aprobar
mail-approval-approve-text = Aprobar (dejar entrar): { $url }
mail-approval-deny = Rechazar
mail-approval-deny-text = Rechazar: { $url }
mail-approval-until = Cada enlace funciona una sola vez, hasta { $until }; después, la solicitud expira. Cuenta la primera respuesta que llegue, aquí o en la página del anfitrión.
push-walk-in-title = { $visitor } está esperando
push-walk-in-body = En { $gate }. Apruebe para dejarle pasar.
push-walk-in-body-note = En { $gate } ({ $note }). Apruebe para dejarle pasar.
push-approve = Aprobar
push-deny = Rechazar
push-approved = { $visitor } puede pasar
push-denied = { $visitor } no puede pasar
push-already-answered = { $visitor }: ya respondido
push-answer-failed = No se pudo responder por { $visitor }
push-answered-body = En { $gate }.
push-answer-failed-body = Abra la página del anfitrión para ver qué ha pasado.

## The security console's words for the audit log (audit-*), made by src/console/model.js.
## Spanish (neutral "usted"); exactly the ids and variables of parts/audit/en.ftl. The TSR1
## names (foreign_nonce, stale_code, auth_failure, claim_conflict…) stay as they are.

## Event kinds

audit-kind-scan = escaneo
audit-kind-challenge-issued = desafío emitido
audit-kind-response = respuesta
audit-kind-challenge-unanswered = desafío sin respuesta
audit-kind-rate-limited = frecuencia limitada
audit-kind-gate-connection-refused = conexión de entrada rechazada
audit-kind-claim = pase añadido a una billetera
audit-kind-claim-rejected = adición a la billetera rechazada
audit-kind-claim-conflict = conflicto al añadir a la billetera
audit-kind-pass-issued = pase emitido
audit-kind-pass-revoked = pase cancelado
audit-kind-api-key-created = clave de API creada
audit-kind-api-key-revoked = clave de API revocada
audit-kind-api-key-rotated = clave de API renovada
audit-kind-gate-created = entrada creada
audit-kind-auth-failure = fallo de autenticación
audit-kind-gate-pairing-created = enlace de vinculación de entrada creado
audit-kind-gate-paired = entrada vinculada
audit-kind-gate-revoked = entrada revocada
audit-kind-gate-connected = entrada conectada
audit-kind-gate-disconnected = entrada desconectada
audit-kind-console-signed-in = inicio de sesión en la consola
audit-kind-console-signed-out = cierre de sesión en la consola
audit-kind-retention = plazo de conservación aplicado
audit-kind-host-created = anfitrión creado
audit-kind-walk-in-requested = visita sin cita solicitada
audit-kind-walk-in-approved = visita sin cita aprobada
audit-kind-walk-in-denied = visita sin cita rechazada
audit-kind-walk-in-expired = visita sin cita caducada
audit-kind-pass-rebound = pase revinculado
audit-kind-transfer-started = transferencia iniciada
audit-kind-pass-transferred = pase transferido
audit-kind-transfer-rejected = transferencia rechazada
audit-kind-webhook-created = webhook creado
audit-kind-webhook-disabled = webhook desactivado
audit-kind-webhook-enabled = webhook activado
audit-kind-webhook-secret-rotated = secreto del webhook renovado
audit-kind-webhook-deleted = webhook eliminado
audit-kind-zone-created = zona creada
audit-kind-zone-checkout = salida de zona
audit-kind-sso-configured = inicio de sesión único configurado
audit-kind-sso-removed = inicio de sesión único eliminado
audit-kind-sso-sign-in-failed = fallo de inicio de sesión único
audit-kind-sso-sessions-ended = sesiones de inicio de sesión único terminadas
audit-kind-sso-domain-changed = dominio de inicio de sesión cambiado
audit-kind-session-ended = sesión terminada
audit-kind-message-queued = mensaje en cola
audit-kind-message-sent = mensaje enviado
audit-kind-message-bounced = mensaje rebotado
audit-kind-message-dead = mensaje descartado
audit-kind-message-expired = mensaje caducado
audit-kind-mail-settings-changed = configuración de correo modificada
audit-kind-alarm-acknowledged = alarma reconocida
audit-kind-alarm-assigned = alarma asignada
audit-kind-alarm-resolved = alarma resuelta
audit-kind-watchlist-hit = coincidencia en la lista de vigilancia
audit-kind-watchlist-entry-added = registro añadido a la lista de vigilancia
audit-kind-watchlist-entry-changed = registro de la lista de vigilancia modificado
audit-kind-watchlist-entry-removed = registro eliminado de la lista de vigilancia
audit-kind-personal-data-exported = datos personales exportados
audit-kind-personal-data-erased = datos personales borrados
audit-kind-privacy-settings-changed = configuración de privacidad modificada
audit-kind-locale-settings-changed = configuración de idioma y zona horaria modificada
audit-kind-roll-call-started = recuento iniciado
audit-kind-roll-call-marked = persona marcada en el recuento
audit-kind-roll-call-ended = recuento finalizado
audit-kind-muster-scanned = escaneo en el punto de encuentro
audit-kind-muster-refused = escaneo rechazado en el punto de encuentro
audit-kind-site-node-created = servidor del recinto registrado
audit-kind-site-lease-granted = concesión del recinto otorgada
audit-kind-site-lease-ended = concesión del recinto terminada
audit-kind-site-lease-extended = concesión del recinto prorrogada in situ
audit-kind-site-conflict = conflicto en el recinto
audit-kind-site-node-revoked = servidor del recinto revocado
audit-kind-site-node-token-rotated = nuevo token para un servidor del recinto
audit-kind-site-node-resumed = servidor del recinto autorizado de nuevo a tomar una concesión
audit-kind-site-node-fault = servidor del recinto: envío rechazado

## Severities

audit-severity-info = info
audit-severity-warning = advertencia
audit-severity-high = alta

## One event in a line

audit-by = { $what } — por { $who }
audit-resent = { $what } (reenvío)
audit-on-site = { $what } (en el recinto)
audit-from-node = { $what } — del servidor { $node }
audit-node-revoked = servidor { $node } revocado: su token ya no funciona
audit-node-token-rotated = nuevo token para el servidor { $node }: el anterior ya no funciona
audit-node-resumed = el servidor { $node } puede volver a tomar la concesión de su recinto
audit-node-fault =
    { $count ->
        [one] el servidor { $node } envió { $count } elemento que este servidor rechazó
       *[other] el servidor { $node } envió { $count } elementos que este servidor rechazó
    }
audit-node-fault-why =
    { $count ->
        [one] el servidor { $node } envió { $count } elemento que este servidor rechazó: { $reasons }
       *[other] el servidor { $node } envió { $count } elementos que este servidor rechazó: { $reasons }
    }
audit-node-fault-reason = { $count } × { $words } ({ $reason })
audit-node-fault-foreign-kind = un tipo que ningún servidor del recinto produce
audit-node-fault-malformed-details = detalles con forma incorrecta
audit-node-fault-severity-too-high = una gravedad demasiado alta para su tipo
audit-node-fault-foreign-gate = una entrada de otro recinto
audit-node-fault-foreign-pass = un pase de otro recinto
audit-node-fault-outside-lease = una hora fuera de sus concesiones
audit-node-fault-foreign-lease = una concesión que nunca tuvo
audit-sso-refused = inicio de sesión único rechazado: { $reason }
audit-sso-refused-detail = inicio de sesión único rechazado: { $reason } ({ $detail })
audit-mail-queued = enlace del pase en cola de envío
audit-mail-queued-to = enlace del pase para { $to } en cola de envío
audit-mail-resent = enlace del pase reenviado
audit-mail-resent-to = enlace del pase reenviado a { $to }
audit-mail-sent = correo enviado
audit-mail-sent-to = correo enviado a { $to }
audit-mail-bounced = correo rebotado
audit-mail-bounced-to = correo rebotado en { $to }
audit-mail-bounced-error = correo rebotado ({ $error })
audit-mail-bounced-to-error = correo rebotado en { $to } ({ $error })
audit-mail-dead = envío de correo abandonado
audit-mail-dead-to = envío de correo a { $to } abandonado
audit-mail-dead-error = envío de correo abandonado ({ $error })
audit-mail-dead-to-error = envío de correo a { $to } abandonado ({ $error })
audit-mail-expired = correo no enviado: su pase caducó antes
audit-mail-expired-to = correo no enviado: su pase caducó antes ({ $to })
audit-sso-sessions-ended = sesiones terminadas por el proveedor de identidad ({ $cause ->
        [access_ended] acceso retirado
       *[other] cierre de sesión en el proveedor
    })
audit-scan-denied = escaneo denegado: { $reason } — { $words }
audit-scan-resent = escaneo reenviado
audit-scan-refused = escaneo rechazado: { $error }
audit-answer = respuesta
audit-answer-denied = respuesta denegada: { $reason } — { $words }
audit-answer-refused = respuesta rechazada: { $error }
audit-outcome-admitted = admitido
audit-outcome-already-admitted = ya admitido
audit-outcome-denied = denegado
audit-challenge-unanswered = desafío sin respuesta (caducó sin una respuesta válida)
audit-claim-conflict = claim_conflict — una segunda billetera intentó añadir este pase
audit-auth-failure-count = × { $count }
audit-auth-failure-surface = en { $surface }
audit-detail = ({ $detail })
audit-claim-refused = adición a la billetera rechazada
audit-claim-refused-why = adición a la billetera rechazada ({ $reason })
audit-rate-limited = frecuencia limitada
audit-rate-limited-frames = frecuencia limitada: { $frames ->
        [one] { $frames } trama
       *[other] { $frames } tramas
    }
audit-walk-in-requested = visita sin cita solicitada
audit-walk-in-approved = visita sin cita aprobada por el anfitrión: admitido
audit-walk-in-denied = visita sin cita rechazada por el anfitrión
audit-walk-in-expired = visita sin cita caducada: el anfitrión no respondió a tiempo
audit-pass-rebound = pase vinculado a una nueva billetera (la anterior deja de funcionar)
audit-pass-transferred = pase transferido a un nuevo titular
audit-gate-short = entrada { $id }
audit-pass-short = pase { $id }
audit-node-unknown = desconocido
audit-clock-date = { $day }/{ $month }/{ $year } { $time }

## The event filters' checks

audit-filter-gate-id = La entrada debe ser un identificador como 0190c3e1-…-…; elija una de una lista o pegue su identificador.
audit-filter-pass-id = El pase debe ser un identificador como 0190c3e1-…-…; elija uno de una lista o pegue su identificador.
audit-filter-severity = La gravedad debe ser «info», «advertencia» o «alta».
audit-filter-since-until = El inicio debe ser anterior al final.

## Alarms

audit-alarms-filter-active = Abiertas y reconocidas
audit-alarms-filter-open = Abiertas
audit-alarms-filter-acknowledged = Reconocidas
audit-alarms-filter-resolved = Resueltas
audit-alarms-filter-all = Todas
audit-alarm-outcome-confirmed = Confirmada
audit-alarm-outcome-false-alarm = Falsa alarma
audit-alarm-outcome-duplicate = Duplicada
audit-alarm-outcome-no-action = Sin acción
audit-alarm-state-open = Abierta
audit-alarm-acknowledged-by = Reconocida por { $who }
audit-alarm-acknowledged-by-someone = Reconocida por alguien
audit-alarm-resolved-by = Resuelta ({ $outcome ->
        [confirmed] confirmada
        [false_alarm] falsa alarma
        [duplicate] duplicada
        [no_action] sin acción
       *[none] sin resultado
    }) por { $who }
audit-alarm-resolved-by-someone = Resuelta ({ $outcome ->
        [confirmed] confirmada
        [false_alarm] falsa alarma
        [duplicate] duplicada
        [no_action] sin acción
       *[none] sin resultado
    }) por alguien

## La consola de seguridad (/console): console-*
## Español (trato de usted, estilo impersonal); exactamente los ids y variables de
## parts/console/en.ftl. Términos como en el puesto de entrada y el registro: entrada (gate),
## pase, reconocer, resolver, recuento (roll call), a salvo, vinculación, visita sin cita.

console-title = Consola de seguridad de Tessera
console-opening = Abriendo la consola…
console-try-again = Reintentar
console-start-network = No se pudo conectar con el servidor. Compruebe la red.
console-start-not-ready = El servidor no está listo (HTTP { $status }).
console-host-session = Ha iniciado sesión como anfitrión en este dispositivo: los anfitriones usan /host. Inicie sesión aquí con una clave de administrador o de auditor.

## Inicio de sesión con una clave

console-signin-intro = Las alarmas, las entradas, los pases y el registro de auditoría de su organización.
console-signin-key = Clave de API
console-signin-key-help = Una clave de administrador o de auditor. Se envía una sola vez para abrir una sesión y no se guarda en este dispositivo.
console-signin-button = Iniciar sesión
console-signin-key-missing = Introduzca una clave de API.
console-signin-host-key = Es una clave de anfitrión: los anfitriones usan la página de anfitriones, /host. La consola es para claves de administrador y de auditor.
console-signin-network = No se pudo conectar con el servidor. Compruebe la red y vuelva a intentarlo.
console-signin-not-accepted = No se aceptó esa clave de API. Revísela y vuelva a intentarlo.
console-signin-forbidden = Esta clave no puede abrir la consola: solo pueden hacerlo las claves de administrador y de auditor (o la página no está en la dirección propia del servidor).
console-signin-rate-limited = Demasiados inicios de sesión fallidos desde esta dirección. Espere un minuto y vuelva a intentarlo.
console-signin-refused = El servidor rechazó el inicio de sesión ({ $code }).
console-signed-out = Sesión cerrada.
console-session-ended = Su sesión ha terminado. Vuelva a iniciar sesión.
console-session-expired = Su sesión ha caducado (un turno). Vuelva a iniciar sesión.

## Fallo de una llamada. $action es uno de los mensajes console-action-* de abajo: un
## infinitivo con su complemento («cerrar la sesión», «emitir el pase»).

console-problem-network = No se pudo conectar con el servidor para { $action }. Compruebe la red y vuelva a intentarlo.
console-problem-forbidden = Esta sesión no permite { $action } ({ $code }).
console-problem-not-found = No se pudo { $action }: no se encontró.
console-problem-rate-limited = Demasiadas solicitudes; espere un minuto y vuelva a intentarlo.
console-problem-status = No se pudo { $action }: HTTP { $status }.
console-problem-refused = No se pudo { $action }: { $reason }
console-invalid-field = Falta un campo o no es válido ({ $field }).

console-action-sign-out = cerrar la sesión
console-action-read-alarms = consultar el estado de las alarmas
console-action-read-pass-events = consultar los eventos del pase
console-action-acknowledge = reconocer la alarma
console-action-assign = asignar la alarma
console-action-resolve = resolver la alarma
console-action-read-events = consultar el registro de eventos
console-action-read-gate = consultar la entrada
console-action-pair = crear un enlace de vinculación
console-action-revoke-gate = revocar la entrada
console-action-list-passes = listar los pases
console-action-read-pass = consultar el pase
console-action-revoke-pass = revocar el pase
console-action-replay = reenviar el evento
console-action-list-webhooks = listar los webhooks
console-action-list-dead-letters = listar los eventos no entregados
console-action-resend = reenviar el enlace
console-action-list-messages = listar los mensajes
console-action-read-watchlist = consultar la lista de vigilancia
console-action-remove-entry = quitar el registro
console-action-add-watchlist = añadir a la lista de vigilancia
console-action-read-roll-calls = consultar los recuentos
console-action-start-roll-call = iniciar el recuento
console-action-mark-safe = marcar a { $name } a salvo
console-action-end-roll-call = terminar el recuento
console-action-read-roll-call = consultar el recuento
console-action-save-sso = guardar la configuración del inicio de sesión único
console-action-list-sessions = listar las sesiones
console-action-end-session = finalizar la sesión
console-action-read-sso = consultar la configuración del inicio de sesión único
console-action-issue-pass = emitir el pase
console-action-create-gate = crear la entrada
console-action-read-nodes = consultar los servidores del recinto
console-action-reclaim-lease = recuperar la concesión de { $label }
console-action-revoke-node = revocar { $label }
console-action-rotate-node = crear un nuevo token para { $label }
console-action-resume-node = permitir de nuevo la concesión a { $label }

## Barra y pestañas

console-brand-sub = Consola de seguridad
console-sign-out = Cerrar sesión
console-role =
    { $role ->
        [admin] administrador
        [security] seguridad
        [auditor] auditor
        [issuer] emisor
        [host] anfitrión
       *[other] { $role }
    }
console-feed-live = EN DIRECTO
console-feed-connecting = CONECTANDO
console-feed-reconnecting = RECONECTANDO
console-views = Vistas
console-tab-alarms = Alarmas
console-tab-events = Eventos
console-tab-gates = Entradas
console-tab-nodes = Servidores del recinto
console-tab-passes = Pases
console-tab-webhooks = Webhooks
console-tab-messages = Correo
console-tab-watchlist = Vigilancia
console-tab-rollcall = Recuento
console-tab-admin = Gestionar
console-tab-signin = Inicio de sesión

## Elementos comunes

console-loading = Cargando…
console-load-more = Cargar más
console-refresh = Actualizar
console-show = Mostrar
console-cancel = Cancelar
console-copy = Copiar
console-copied = Copiado.
console-copy-selected = Seleccionado: pulse Ctrl+C para copiar.
console-timeline = Cronología
console-timeline-loading = Cargando la cronología…
console-timeline-count =
    { $count ->
        [one] { $count } evento
       *[other] { $count } eventos
    }, del más antiguo al más reciente; los nuevos aparecen a medida que ocurren.
console-timeline-of = Cronología de { $pass }
console-tl-challenge-to = desafío emitido para { $gate }
console-actor-title = { $name }: { $subject } en { $issuer }

## Alarmas

console-alarms = Alarmas
console-alarms-loading = Cargando las alarmas…
console-alarms-none-open = No hay alarmas abiertas. Las credenciales de entrada copiadas (foreign_nonce), los códigos reutilizados (code_replayed), los desafíos agotados, los conflictos al añadir pases y las coincidencias con la lista de vigilancia aparecen aquí en menos de un segundo.
console-alarms-none = No hay alarmas aquí.
console-back-alarms = ← Todas las alarmas
console-alarm-no-pass = sin pase
console-alarm-no-gate = sin entrada
console-alarm-at = en { $gate }
console-alarm-from = desde { $source }
console-alarm-from-node = del servidor { $node }
console-alarm-at-from-node = en { $gate }, del servidor { $node }
console-alarm-node = servidor { $node }
console-alarm-challenge-of = Desafío de
console-alarm-first-used-at = Código usado primero en
console-alarm-about-foreign-nonce = una respuesta al desafío de otra entrada: ¿credenciales de una entrada copiadas?
console-alarm-about-code-replayed = un código que ya dejó pasar a alguien en otra entrada: ¿una copia?
console-alarm-about-challenge-burned = un desafío agotado por respuestas incorrectas
console-alarm-about-claim-conflict = una segunda cartera intentó añadir un pase ya añadido: ¿un enlace filtrado?
console-alarm-about-watchlist-hit = una persona de la lista de vigilancia en una entrada, o un pase emitido o añadido para ella (véase la lista de vigilancia)
console-alarm-about-auth-failure = autenticaciones fallidas desde un mismo origen (para esta organización: una sesión de consola usada sin su token CSRF o desde otro sitio)
console-alarm-about-site-node-fault = un servidor del recinto envió lo que este servidor rechazó: ¿un token robado o un servidor averiado? Revíselo y, si hay dudas, revóquelo en la vista «Servidores del recinto»
console-alarm-gone = Esta alarma ya no está en el flujo.
console-alarm-choose = Elija una alarma para ver qué se hizo con ella y la cronología del pase: cada escaneo, desafío y respuesta.
console-alarm-heading = Alarma { $id }
console-alarm-fact-alarm = Alarma
console-alarm-fact-state = Estado
console-alarm-fact-assigned-to = Asignada a
console-alarm-fact-when = Cuándo
console-alarm-fact-where = Dónde
console-alarm-fact-shipped-by = Enviado por el servidor
console-alarm-fact-node = Servidor
console-alarm-fact-refused = Rechazado
console-alarm-fact-pass = Pase
console-alarm-fact-reason = Motivo
console-alarm-acknowledge = Reconocer
console-alarm-assign = Asignar
console-alarm-assign-to = Asignar a
console-alarm-resolve = Resolver
console-alarm-outcome = Resultado
console-alarm-note = Nota
console-alarm-already-acknowledged-by = { $name } ya reconoció esta alarma.
console-alarm-already-acknowledged = Esta alarma ya se reconoció.
console-alarm-already-resolved-by = { $name } ya resolvió esta alarma.
console-alarm-already-resolved = Esta alarma ya se resolvió.

## Eventos: filtros y exportación

console-events = Eventos
console-filters = Filtros
console-filter-kind = Tipo
console-filter-severity = Gravedad
console-filter-gate = Entrada
console-filter-pass = Pase
console-filter-since = Desde
console-filter-until = Hasta
console-filter-any = cualquiera
console-filter-pass-placeholder = un id de pase
console-filter-apply = Aplicar filtros
console-filter-clear = Borrar
console-gate-option-revoked = { $gate } (revocada)
console-export-csv = Exportar CSV
console-export-jsonl = Exportar JSONL
console-filtered-by = Filtrado por { $filters }
console-all-events = Todos los eventos
console-events-summary =
    { $count ->
        [one] { $count } evento
       *[other] { $count } eventos
    }, del más antiguo al más reciente. La exportación usa exactamente estos filtros.
console-events-summary-more =
    { $count ->
        [one] { $count } evento
       *[other] { $count } eventos
    } por ahora (del más antiguo al más reciente; hay más abajo). La exportación usa exactamente estos filtros.

## Columnas de las tablas

console-col-time = Hora
console-col-severity = Gravedad
console-col-event = Evento
console-col-gate = Entrada
console-col-pass = Pase
console-col-state = Estado
console-col-uses = Usos
console-col-site = Sede
console-col-valid-until = Válido hasta
console-col-type = Tipo
console-col-attempts = Intentos
console-col-last-error = Último error
console-col-queued = En cola
console-col-to = Para
console-col-what = Qué
console-col-person = Persona
console-col-mode = Modo
console-col-reason = Motivo
console-col-added-by = Añadido por
console-col-expires = Caduca
console-col-started = Iniciado
console-col-who = Quién
console-col-safe = A salvo
console-col-name = Nombre
console-col-status = Situación
console-col-last-seen = Visto por última vez
console-col-marked-by = Marcado por
console-col-where = Dónde
console-col-when = Cuándo
console-col-email = Correo
console-col-role = Rol
console-col-since = Desde
console-col-ends = Termina

## Entradas

console-gates = Entradas
console-gate = Entrada
console-gates-loading = Cargando las entradas…
console-gates-count =
    { $count ->
        [one] { $count } entrada
       *[other] { $count } entradas
    }; { $online } en línea.
console-create-gate = Crear una entrada
console-gate-online = EN LÍNEA
console-gate-offline = SIN CONEXIÓN
console-gate-connected-now = conectada ahora
console-gate-never-connected = nunca conectada
console-gate-last-seen = vista por última vez { $ago } ({ $time })
console-gate-connected-now-sentence = Conectada ahora.
console-gate-never-connected-sentence = Nunca conectada.
console-gate-last-seen-sentence = Vista por última vez { $ago } ({ $time }).
console-gate-revoked-at = revocada { $time }
console-gate-revoked-sentence = Revocada { $time }.
console-gate-connected = Conectada ahora.
console-gate-connected-sockets =
    Conectada ahora ({ $count ->
        [one] { $count } conexión
       *[other] { $count } conexiones
    }).
console-gate-not-connected = No conectada.
console-gate-stats-loading = Cargando la última hora…
console-gate-recent-label = Eventos recientes en esta entrada
console-gate-recent = Eventos recientes
console-gate-all-events = Todos los eventos de esta entrada
console-gate-window =
    { $minutes ->
        [one] Último minuto
       *[other] Últimos { $minutes } minutos
    }
console-tile-scans = Escaneos
console-tile-per-minute = Por minuto ahora
console-tile-admissions = Admisiones
console-tile-denials = Denegaciones
console-tile-errors = Errores
console-chart-title = Escaneos por minuto
console-chart-label = Escaneos por minuto en los últimos { $minutes } minutos: { $total } en total, como máximo { $max } en un minuto
console-chart-start = hace { $minutes } min
console-chart-now = ahora
console-denials-title = Denegaciones por motivo
console-denials-none = Sin denegaciones.
console-gate-manage = Gestionar esta entrada
console-gate-revoke = Revocar la entrada
console-gate-revoke-confirm = Sí, revocar esta entrada
console-back-gates = ← Entradas
console-pair-make = Crear un enlace de vinculación
console-pair-qr = Código QR del enlace de vinculación
console-pair-title = Abra esto en la tableta de la entrada
console-pair-help = Escanee el código con la cámara de la tableta (o envíele el enlace). Funciona una sola vez, hasta { $until }. La vinculación traslada la entrada a ese dispositivo y desconecta cualquier otro.
console-pair-link = Enlace de vinculación

## Pases

console-passes = Pases
console-passes-loading = Cargando los pases…
console-passes-count =
    { $count ->
        [one] { $count } pase
       *[other] { $count } pases
    }, del más reciente al más antiguo.
console-issue-pass = Emitir un pase
console-open-pass-label = Abrir un pase por id
console-open = Abrir
console-open-pass-invalid = Un id de pase tiene este aspecto: 0190c3e1-7b2a-7c3d-8e4f-0123456789ab.
console-pass-state =
    { $state ->
        [issued] emitido
        [claimed] añadido
        [used] agotado
        [revoked] revocado
        [expired] caducado
       *[other] { $state }
    }
console-pass-uses = Usos
console-pass-uses-of = { $uses } de { $max }
console-pass-site = Sede
console-pass-any-gate = cualquier entrada
console-pass-valid = Validez
console-pass-issued = Emitido
console-pass-in-wallet = En una cartera
console-pass-since = desde { $time }
console-pass-not-yet = todavía no
console-pass-id = Id
console-admissions-heading = Admisiones ({ $count })
console-admission-at = en
console-admissions-none = Sin admisiones todavía.
console-pass-revoke = Revocar el pase
console-pass-revoke-confirm = Sí, revocar este pase
console-back-passes = ← Pases
console-pass-attempts = Todos los intentos
console-pass-in-event-log = En el registro de eventos (filtros, exportación)

## Webhooks

console-webhooks = Webhooks
console-webhooks-loading = Cargando los webhooks…
console-webhooks-count =
    { $count ->
        [one] { $count } webhook
       *[other] { $count } webhooks
    }; { $disabled ->
        [one] { $disabled } desactivado
       *[other] { $disabled } desactivados
    }.
console-webhook-disabled = desactivado { $time }
console-webhook-disabled-because = desactivado { $time }: { $reason }
console-webhook-enabled = activo
console-dead-letters = Eventos no entregados
console-dead-letters-loading = Cargando los eventos no entregados…
console-dead-letters-help = Eventos que agotaron los reintentos o cuyo webhook se desactivó (un receptor respondió 410). «Reenviar» vuelve a poner uno en cola, para ya, con otros tres días de reintentos.
console-dead-letters-count =
    { $count ->
        [one] { $count } evento no entregado
       *[other] { $count } eventos no entregados
    }, del más reciente al más antiguo.
console-dead-letters-none = No hay eventos no entregados: cada evento se entregó o aún se está reintentando.
console-replay = Reenviar
console-replay-label = Reenviar { $event }
console-replayed = De nuevo en cola.
console-replayed-disabled = De nuevo en cola; su webhook está desactivado, así que volverá aquí.

## Correo

console-messages-title = Correo
console-messages = Mensajes
console-messages-help = Enlaces de pase enviados por correo a los visitantes y visitas sin cita avisadas a los anfitriones por correo y por notificación. Una dirección rebotada fue rechazada por el destino; un mensaje abandonado agotó sus reintentos; uno tardío no se envió porque su pase o su visita ya había terminado.
console-messages-loading = Cargando los mensajes…
console-messages-filter-attention = Requieren atención (rebotados, abandonados, tardíos)
console-messages-filter-pending = Pendientes de envío
console-messages-filter-sent = Enviados
console-messages-filter-all = Todos
console-messages-count =
    { $count ->
        [one] { $count } mensaje
       *[other] { $count } mensajes
    }, del más reciente al más antiguo.
console-messages-none-attention = Nada requiere atención: cada mensaje se envió o se está reintentando.
console-messages-none = No hay mensajes.
console-message-kind-invitation = Enlace del pase
console-message-kind-approval-mail = Visita sin cita (correo)
console-message-kind-approval-push = Visita sin cita (notificación)
console-message-state =
    { $state ->
        [pending] pendiente
        [sent] enviado
        [bounced] rebotado
        [dead] abandonado
        [expired] tardío
       *[other] { $state }
    }
console-message-send-again = Reenviar
console-message-send-again-label = Reenviar el enlace del pase de { $to }
console-message-new-address = Nueva dirección para { $to }
console-message-send = Enviar
console-message-sent-again = Reenviado a { $to }; el enlace anterior ya no funciona.

## Lista de vigilancia

console-watchlist = Lista de vigilancia
console-watch-loading = Cargando la lista de vigilancia…
console-watch-help = Personas a las que señalar o impedir el paso. Una dirección de correo o una referencia externa coincide exactamente; un nombre solo es una posible coincidencia y nunca deniega el paso a nadie. Las entradas solo muestran «espere, por favor: el personal va de camino»; a los visitantes y a los emisores nunca se les dice el motivo.
console-watch-form = Añadir a la lista de vigilancia
console-watch-add = Añadir a la lista
console-watch-name = Nombre
console-watch-email = Correo
console-watch-email-help = Coincidencia exacta, sin distinguir mayúsculas, con o sin +etiqueta.
console-watch-reference = Referencia externa
console-watch-expires = Caduca
console-watch-expires-help = Vacío: nunca.
console-watch-reason = Motivo
console-watch-mode = Modo
console-watch-mode-flag-help = Señalar: dejar pasar y activar una alarma
console-watch-mode-block-help = Bloquear: rechazar sus pases y retenerla en las entradas
console-watch-mode-flag = Señalar
console-watch-mode-block = Bloquear
console-watch-count =
    { $count ->
        [one] { $count } registro
       *[other] { $count } registros
    }.
console-watch-none = No hay nadie en la lista de vigilancia.
console-watch-remove = Quitar
console-watch-remove-label = Quitar a { $who } de la lista de vigilancia
console-watch-added = { $who }, { $time }
console-watch-never = Nunca
console-watch-expired = { $date } (caducado)
console-watch-who-missing = Indique un nombre, un correo o una referencia externa.
console-watch-reason-missing = Indique por qué está en la lista de vigilancia.

## Recuento

console-rollcall = Recuento
console-rc-loading = Cargando los recuentos…
console-rc-help = Cuando se evacúa el edificio: en los puntos de encuentro, el personal de evacuación escanea los pases de los visitantes con una entrada vinculada («Recuento» en la entrada) o marca los nombres a mano. Quien sigue sin localizar aparece primero.
console-rc-start-form = Iniciar un recuento
console-rc-start = Iniciar el recuento
console-rc-who = Quién
console-rc-who-help = La lista incluye a todos los que están dentro ahora: en las zonas, y quienes entraron hoy por entradas sin zona.
console-rc-scope-everyone = Todos, todas las sedes
console-rc-scope-all = Todas las sedes
console-rc-scope-site = Sede { $site }
console-rc-scope-zone = Zona { $zone }
console-rc-count =
    { $count ->
        [one] { $count } recuento
       *[other] { $count } recuentos
    }.
console-rc-none = Todavía no hay recuentos.
console-rc-table = Recuentos
console-rc-started-by = { $time } por { $who }
console-rc-safe-of = { $safe } de { $inside }
console-rc-in-progress = En curso
console-rc-ended = Terminado
console-rc-filter-all = Todos
console-rc-title = Recuento: { $scope }
console-rc-meta-active = Iniciado { $time } por { $who } · En curso
console-rc-meta-ended = Iniciado { $time } por { $who } · Terminado { $endTime } por { $endWho }
console-rc-inside = Dentro
console-rc-safe = A salvo
console-rc-unaccounted = Sin localizar
console-rc-printed = Impreso el { $time } · { $unaccounted } sin localizar de { $inside }
console-rc-download-csv = Descargar CSV
console-rc-export-failed = No se pudo exportar la lista ({ $status }).
console-rc-export-network = No se pudo conectar con el servidor para exportar la lista.
console-rc-print = Imprimir
console-rc-end = Terminar el recuento
console-rc-end-confirm = Sí, terminarlo y archivar el informe
console-rc-mark-safe = Marcar a salvo
console-rc-mark-safe-label = Marcar a salvo: { $name }
console-rc-walk-in = (visita sin cita)
console-rc-marked-by-hand = { $who } (a mano)
console-rc-marked-by-scan = { $who } (escaneo)
console-rc-nobody-here = Nadie en esta vista.
console-rc-nobody-inside = No había nadie registrado dentro cuando empezó el recuento.
console-rc-not-found = Ese recuento no existe.
console-back-rollcalls = ← Todos los recuentos
console-rc-people = Personas del recuento

## Servidores del recinto (issue 35): el servidor propio de un recinto, que admite los pases
## de su recinto con una concesión de este servidor aunque se caiga la conexión.

console-nodes = Servidores del recinto
console-nodes-help = Un servidor del recinto admite los pases de su recinto mientras tiene la concesión del recinto, aunque se caiga la conexión del recinto con este servidor. La lista se vuelve a consultar cada 5 segundos.
console-nodes-loading = Cargando los servidores del recinto…
console-nodes-updated = Actualizado: { $time }.
console-nodes-count =
    { $count ->
        [one] { $count } servidor
       *[other] { $count } servidores
    }: { $holding } con concesión, { $overdue } vencidos.
console-nodes-none = No hay servidores del recinto.
console-nodes-none-help = Un recinto cuya conexión con este servidor pueda caerse durante la avalancha de entradas puede usar uno: consulte docs/operations.md, sección «On-site node».
console-col-node = Servidor
console-col-lease-ends = Fin de la concesión
console-col-sync-lag = Retraso de envío
console-col-shipped-through = Enviado hasta
console-node-state-holding = Con concesión
console-node-state-starting = Iniciando
console-node-state-overdue = Vencido
console-node-state-idle = Inactivo
console-node-state-reclaimed = Recuperado
console-node-state-revoked = Revocado
console-node-state-holding-help = Tiene la concesión del recinto: solo él admite los pases del recinto, y este servidor los rechaza.
console-node-state-starting-help = Su concesión está otorgada pero aún no en vigor: empieza cuando hayan caducado todos los desafíos anteriores.
console-node-state-overdue-help = Su concesión venció sin renovarse: la conexión o el servidor del recinto está caído. Este servidor sigue rechazando los pases del recinto hasta que la concesión se devuelva o se recupere.
console-node-state-idle-help = No tiene concesión: este servidor admite los pases del recinto.
console-node-state-reclaimed-help = Un admin recuperó su concesión: no puede volver a tomar la concesión del recinto hasta que un admin lo permita («Permitir de nuevo la concesión»). Este servidor admite los pases del recinto.
console-node-state-revoked-help = Revocado para siempre: su token ya no funciona y no toma ninguna concesión. Este servidor admite los pases del recinto.
console-node-states = Qué significan los estados
console-node-when = { $time } ({ $relative })
console-node-no-lease = Sin concesión
console-node-never = Nunca
console-node-nothing-shipped = Nada todavía
console-node-revoked-at = Revocado { $when }
console-node-revoked-no-lease = Revocado
console-node-blocked-at = Recuperado { $when }: espera a un admin
console-node-blocked = Recuperado: espera a un admin
console-node-lag = { $seconds } s
console-node-reclaim = Recuperar la concesión
console-node-reclaim-label = Recuperar la concesión: { $label }
console-node-reclaim-confirm = Sí, recuperar la concesión
console-node-reclaim-confirm-label = Sí, recuperar la concesión: { $label }
console-node-reclaim-help = Recupere la concesión de un servidor del recinto solo si se perdió para siempre: este servidor vuelve entonces a admitir el recinto, y un pase que el servidor del recinto admitió sin llegar a notificarlo puede admitirse una segunda vez. Cada recuperación queda auditada con gravedad alta.
console-node-reclaimed = Concesión de { $label } recuperada: este servidor vuelve a admitir los pases del recinto.
console-node-revoke-help = Revoque un servidor del recinto retirado o cuyo token pueda haber sido robado: su token deja de funcionar al instante y su concesión termina, para siempre. «Nuevo token» sustituye el token de un servidor: el anterior deja de funcionar al instante. Tras una recuperación, un servidor vuelve a tomar la concesión del recinto solo cuando un admin pulsa «Permitir de nuevo la concesión». Todo queda auditado.
console-node-revoke = Revocar
console-node-revoke-label = Revocar el servidor: { $label }
console-node-revoke-confirm = Sí, revocar el servidor
console-node-revoke-confirm-label = Sí, revocar el servidor: { $label }
console-node-revoked = { $label } revocado: su token ya no funciona y su concesión terminó.
console-node-rotate = Nuevo token
console-node-rotate-label = Nuevo token: { $label }
console-node-rotate-confirm = Sí, crear un nuevo token
console-node-rotate-confirm-label = Sí, crear un nuevo token: { $label }
console-node-rotated = Nuevo token creado para { $label }: el anterior ya no funciona.
console-node-token-title = Nuevo token para { $label }
console-node-token-help = El token anterior dejó de funcionar al instante: el servidor queda rechazado hasta que su archivo de token contenga este y se reinicie. Cópielo ahora: solo se muestra esta vez.
console-node-token = Token del servidor
console-node-token-hide = Ocultar el token
console-node-resume = Permitir de nuevo la concesión
console-node-resume-label = Permitir de nuevo la concesión: { $label }
console-node-resumed = { $label } puede volver a tomar la concesión del recinto.

## Inicio de sesión: inicio de sesión único y sesiones activas

console-signin-view = Inicio de sesión
console-sso = Inicio de sesión único
console-sso-help = Permita que el personal inicie sesión con el proveedor de identidad de su organización (OpenID Connect). Consulte docs/sign-in.md para Keycloak, Entra ID y Google.
console-sso-form = Configuración del inicio de sesión único
console-sso-issuer = URL del emisor
console-sso-issuer-help = Exactamente como se identifica su proveedor de identidad (su documento de descubrimiento se obtiene al guardar).
console-sso-client-id = ID de cliente
console-sso-client-secret = Secreto de cliente
console-sso-secret-help = Obligatorio la primera vez; se guarda sellado y no vuelve a mostrarse.
console-sso-secret-stored = Hay un secreto guardado. Deje este campo vacío para conservarlo.
console-sso-domains = Dominios de correo permitidos
console-sso-domains-help = Separados por comas, coincidencia exacta. Vacío: cualquiera que su proveedor avale.
console-sso-role-claim = Claim de rol
console-sso-role-claim-help = El claim del token de ID cuyos valores otorgan roles: groups, roles o una ruta como realm_access.roles.
console-sso-role-map = Valores del claim que otorgan cada rol (separados por comas; gana la coincidencia más fuerte; sin coincidencia se rechaza)
console-sso-role-admins = Administradores
console-sso-role-security = Seguridad
console-sso-role-auditors = Auditores
console-sso-role-issuers = Emisores
console-sso-role-hosts = Anfitriones
console-sso-key-sign-in = El personal también puede iniciar sesión en estas páginas con una clave de API
console-sso-save = Guardar
console-sso-issuer-missing = Introduzca la URL del emisor y el ID de cliente.
console-sso-role-map-missing = Asigne al menos un valor del claim a un rol; si no, nadie podrá iniciar sesión.
console-sso-saved = Guardado. Registre las direcciones siguientes en su proveedor de identidad.
console-sso-redirect-uri = URI de redirección
console-sso-logout-uri = URI de cierre de sesión back-channel
console-sso-post-logout-uri = URI de redirección tras cerrar sesión
console-sso-sign-in-link = Enlace de inicio de sesión para el personal
console-sessions = Sesiones activas
console-sessions-loading = Cargando las sesiones…
console-sessions-count =
    { $count ->
        [one] { $count } sesión activa
       *[other] { $count } sesiones activas
    }.
console-session-end = Finalizar
console-session-end-label = Finalizar la sesión de { $who }
console-session-api-key = Clave de API

## Gestionar: emitir pases, crear entradas

console-manage = Gestionar
console-issue-label = Visitante (nombre del pase)
console-issue-site = Sede
console-issue-site-help = Opcional: solo las entradas de esta sede aceptan el pase.
console-issue-from = Válido desde
console-issue-from-help = Vacío: desde ahora.
console-issue-until = Válido hasta
console-issue-uses = Usos
console-issue-submit = Emitir pase
console-issue-label-missing = Indique para quién es el pase.
console-issue-until-missing = Indique hasta cuándo es válido el pase.
console-issue-uses-invalid = Los usos deben ser un número entero de 1 a 100 000.
console-issued-for = Pase emitido para { $label }
console-issued-help = Envíe al visitante este enlace del pase (o deje que escanee el código). Añade el pase a una sola cartera.
console-claim-qr = Código QR del enlace del pase
console-claim-link = Enlace del pase
console-open-pass = Abrir el pase
console-gate-label = Nombre de la entrada
console-gate-label-help = Lo que leen los vigilantes y los auditores, p. ej. «Entrada norte».
console-gate-site = Sede
console-gate-site-help = Opcional: la entrada acepta los pases de esta sede (y los pases sin sede).
console-create-gate-submit = Crear entrada
console-gate-label-missing = Introduzca un nombre para la entrada.
console-gate-created = Entrada «{ $label }» creada
console-gate-created-help = Vincule una tableta con ella: cree un enlace de vinculación y ábralo en la tableta.
console-open-gate = Abrir la entrada
console-device-token-summary = Token de dispositivo para una entrada nativa (se muestra una sola vez)
console-device-token = Token de dispositivo

## El puesto de entrada en el navegador (web/src/gate/): la tableta del vigilante en la entrada.
## Español ("usted" neutro); exactamente los ids y variables de parts/gate/en.ftl. Las
## palabras del veredicto (gate-word-*) se leen a dos metros: breves.

gate-title = Puesto de entrada Tessera
gate-loading = Abriendo el puesto de entrada…

## Vinculación y pantallas antes de abrir el puesto

gate-pairing-title = Vinculando este dispositivo…
gate-pairing-text = Este dispositivo se convierte en un puesto de entrada. No hay que escribir nada.
gate-pairing-network = No se pudo conectar con el servidor para vincular este dispositivo. Compruebe la red y vuelva a intentarlo.
gate-pairing-rate-limited = Demasiados intentos de vinculación desde este dispositivo. Espere un minuto y vuelva a abrir el enlace.
gate-pairing-invalid = Este enlace de vinculación ya se usó o ha caducado. Pida uno nuevo.
gate-pairing-refused = El servidor rechazó la vinculación ({ $code }). Pida un enlace nuevo.
gate-pairing-refused-title = Vinculación rechazada
gate-try-again = Reintentar
gate-continue-as = Continuar como { $gate }
gate-continue-as-this = Continuar como este puesto
gate-unreachable = No se pudo conectar con el servidor. Compruebe la red.
gate-unavailable-title = Puesto de entrada no disponible
gate-start-failed = El puesto de entrada no pudo iniciarse: { $error }
gate-not-paired-title = No vinculado
gate-not-paired-text = Este dispositivo no es (o ya no es) un puesto de entrada. Para convertirlo en uno, pida a la administración del sitio un enlace de vinculación y ábralo en este dispositivo.
gate-not-paired-hint = Un enlace de vinculación sirve una sola vez y durante 10 minutos. No hay que escribir nada.
gate-not-paired-revoked = Este dispositivo ya no está vinculado como puesto de entrada (se revocó, o se vinculó otro dispositivo en su lugar).

## La barra de estado

gate-label-fallback = Entrada
gate-status-connecting = CONECTANDO
gate-status-online = EN LÍNEA
gate-status-offline = SIN CONEXIÓN
gate-counters-label = Contadores del turno de hoy
gate-counters-title = Hoy
gate-count-admitted = { $count ->
    [one] admitido
   *[other] admitidos
}
gate-count-admitted-title = Admitidos hoy
gate-count-already = { $count ->
    [one] repetido
   *[other] repetidos
}
gate-count-already-title = Volvieron hoy (ya admitidos)
gate-count-denied = { $count ->
    [one] rechazado
   *[other] rechazados
}
gate-count-denied-title = Rechazados hoy
gate-muster-toggle = Recuento
gate-muster-toggle-back = Volver a las entradas
gate-offline-connecting = SIN CONEXIÓN — conectando con el servidor…
gate-offline-reconnecting = SIN CONEXIÓN — no deje entrar a nadie. Reconectando en { $seconds } s…

## El lado del lector

gate-scanner-panel-label = Lector
gate-camera-label = Imagen de la cámara
gate-camera-on = Cámara activa: acerque un código.
gate-camera-refused = Se denegó el acceso a la cámara. Permita la cámara para este sitio o use un lector de mano.
gate-camera-none = No se pudo iniciar ninguna cámara. Use un lector de mano.
gate-camera-on-back = Cámara trasera activa: acerque un código.
gate-camera-back = Cámara trasera
gate-scanner-label = Entrada del lector de mano

## El escenario: listo, comprobación, el código de control para la billetera del visitante

gate-ready-title = Listo para escanear
gate-ready-text = Acercar el código del pase a la cámara.
gate-muster-ready-title = Recuento: escanear para marcar a salvo
gate-muster-ready-text = Acercar el código del pase a la cámara. Nadie entra mientras el recuento está en esta pantalla.
gate-checking-code = Comprobando el código…
gate-checking-answer = Comprobando la respuesta…
gate-code-on-way = El código va de camino al servidor.
gate-answer-on-way = { $visitor }: la respuesta del teléfono va de camino al servidor.
gate-answer-on-way-anonymous = La respuesta del teléfono va de camino al servidor.
gate-offline-kept = Se guarda y se envía cuando vuelva la conexión: no deje entrar todavía.
gate-challenge-title = Acerque su teléfono a esta pantalla
gate-challenge-qr-label = Código de control de la entrada para la billetera del visitante
gate-challenge-then = Su billetera responde sola. Si no: pulse «Escanear código del control de acceso» en la billetera, apunte a esta pantalla y luego acerque su respuesta a la cámara.
gate-countdown = Responder en { $seconds } s
gate-countdown-over = Se acabó el tiempo
gate-party-challenge-title = Grupo de { $count }: acerque su teléfono a esta pantalla
gate-party-challenge-qr-label = Código de control de la entrada para un grupo de { $count }, para la billetera del visitante
gate-codes-on-way = Los códigos del grupo van camino del servidor.
gate-answers-on-way = Las respuestas del grupo van camino del servidor.
gate-more-waiting = { $count ->
        [one] { $count } persona más espera para responder
       *[other] { $count } personas más esperan para responder
    }

## Mensajes breves bajo el escenario

gate-no-storage = Este navegador no deja al puesto guardar su registro: al recargar se pierden los escaneos en curso.
gate-journal-foreign = El registro pertenece a otro puesto; recargue la página.
gate-journal-failed = El puesto no pudo guardar su registro ({ $error }). Recargue la página.
gate-clock-skew = El reloj de este dispositivo difiere { $seconds } s del del servidor.
gate-duplicate = El mismo código otra vez: esperando la respuesta del teléfono.
gate-scan-queued = Sin conexión: el escaneo espera y se envía cuando vuelva la conexión.
gate-answer-queued = Sin conexión: la respuesta espera y se envía cuando vuelva la conexión.
gate-ignored = Ignorado: { $why }.
gate-rejected-too-long = línea demasiado larga
gate-rejected-challenge = es el código de control de la entrada; debe responderlo la billetera del visitante
gate-rejected-not-tessera = no es un código de Tessera (se esperaba TSR1:…, TSR1P:…, TSR1R:… o TSR1S:…)
gate-rejected-unreadable = respuesta de la billetera ilegible (TSR1R:…); escanéela de nuevo
gate-rejected-no-challenge = no hay control abierto para este pase; escanee primero el código del visitante
gate-rejected-party-unreadable = código o respuesta de grupo ilegible (TSR1P:… o TSR1S:…); escanéelo de nuevo
gate-server-busy = Servidor ocupado ({ $code }); se reintentará.
gate-server-refused = El servidor rechazó esto ({ $code }).
gate-server-refused-reason = El servidor rechazó esto ({ $code }): { $reason }
gate-unanswered = { $visitor } no respondió a tiempo: escaneo cerrado. Escanee el código de nuevo.
gate-unanswered-phone = El teléfono no respondió a tiempo: escaneo cerrado. Escanee el código de nuevo.
gate-abandoned = Se descartó un escaneo hecho sin conexión (su código ya es demasiado antiguo). Escanee de nuevo.

## Veredictos: pantalla completa, legibles a dos metros

gate-word-admitted = ADMITIDO
gate-word-already-admitted = YA ADMITIDO
gate-word-denied = DENEGADO
gate-word-please-wait = ESPERE, POR FAVOR
gate-word-approved = APROBADO
gate-word-no-answer = SIN RESPUESTA
gate-word-safe = A SALVO
gate-word-already-safe = YA A SALVO
gate-word-not-marked = NO REGISTRADO
gate-word-not-checked = SIN COMPROBAR

## La franja de los últimos veredictos, y el veredicto de un grupo

gate-strip-heading = Últimos veredictos
gate-strip-unnamed = Visitante
gate-strip-why = { $reason } ({ $code })
gate-party-person = Persona { $n } de { $count }
gate-party-unanswered = SIN RESPUESTA — el teléfono no respondió a tiempo por este pase
gate-party-not-checked = SIN COMPROBAR — este pase no se comprobó; escanéelo de nuevo
gate-party-all = Los { $count } pueden entrar
gate-party-all-already = Los { $count } ya entraron antes
gate-party-none = Nadie de este grupo de { $count } puede entrar
gate-party-some = DEJAR PASAR A { $admitted } DE { $count }
gate-party-some-detail = Detenga a los demás: cada línea dice por qué.
gate-verdict-denied = DENEGADO — { $reason } ({ $code })
gate-verdict-not-marked = NO REGISTRADO — { $reason } ({ $code })
gate-verdict-hint = Toque para continuar
gate-replayed = Confirmado de nuevo tras una respuesta perdida
gate-first-entry = Primer acceso a las { $time } ({ $ago }) { $where ->
        [this] en esta entrada
        [another] en otra entrada
       *[named] en { $gate }
    }
gate-first-entry-earlier = Primer acceso antes { $where ->
        [this] en esta entrada
        [another] en otra entrada
       *[named] en { $gate }
    }
gate-same-phone = El mismo teléfono que en el primer acceso: dejar pasar solo si salió y volvió
gate-hold-detail = El personal está en camino. Mantenga aquí a la persona; no la deje pasar.
gate-stale-detail = El código tiene { $seconds } s de antigüedad. Pida ver la billetera en directo.
gate-future-detail = El código va { $seconds } s adelantado. Hay que corregir el reloj del teléfono.
gate-safe-detail = Registrado a salvo en este punto de reunión
gate-marked-safe = Registrado a salvo
gate-marked-safe-by = Registrado a salvo por { $by }
gate-marked-safe-at = Registrado a salvo a las { $time } ({ $ago })
gate-marked-safe-at-by = Registrado a salvo a las { $time } ({ $ago }) por { $by }
gate-ago-earlier = antes
gate-ago-now = ahora mismo
gate-ago-seconds = hace { $seconds } s
gate-ago-minutes = hace { $minutes } min
gate-ago-hours = hace { $hours } h { $minutes } min
gate-ago-date = el { $date }

## Por qué se rechazó un código (motivos de denegación de TSR1): breves, tras «DENEGADO —»

reason-malformed-code = no es un código de Tessera
reason-unknown-pass = pase desconocido
reason-not-claimed = el pase aún no está en una billetera
reason-bad-code = código erróneo, falsificado o de otro teléfono
reason-stale-code = código antiguo, ¿una captura de pantalla?
reason-future-code = código del futuro, el reloj del teléfono está mal
reason-revoked = pase cancelado por el emisor
reason-expired = el pase ha caducado
reason-not-yet-valid = el pase aún no es válido
reason-wrong-site = el pase es para otra sede
reason-code-replayed = código ya usado en otra entrada, ¿una copia?
reason-challenge-expired = el teléfono respondió tarde, escanee de nuevo
reason-bad-response = respuesta errónea, ¿no es el teléfono del titular? Déjele intentarlo de nuevo
reason-challenge-burned = demasiadas respuestas erróneas, escanee de nuevo
reason-foreign-nonce = la respuesta es del escaneo de otra entrada
reason-unknown-nonce = control desconocido, escanee de nuevo
reason-not-inside = no está dentro de esta zona, no hay nada que dejar
reason-zone-not-allowed = el pase no es válido para esta zona
reason-already-inside = ya está dentro de esta zona
reason-reentry-not-allowed = no se permite volver a entrar tras salir de esta zona
reason-entry-limit = no quedan entradas hoy para esta zona
reason-see-staff = espere, por favor: el personal está en camino
reason-no-roll-call = no hay ningún recuento en curso para esta entrada
reason-not-on-roll-call = no figura en la lista del recuento (no consta dentro)
reason-site-delegated = se decide en otro lugar (el servidor del recinto o el servidor central)
reason-other = rechazado por el servidor

## Visitas sin cita: alguien sin pase, se pregunta a su anfitrión en su teléfono

gate-walkins-heading = Visitas sin cita
gate-walkin-open = Sin cita
gate-walkins-empty = ¿Un visitante sin pase? Toque «Sin cita» para preguntar a su anfitrión.
gate-walkin-list-label = Solicitudes de visitas sin cita
gate-walkin-done = Listo
gate-walkin-done-label = Listo con { $name }
gate-walkin-for = para { $host }
gate-host-unknown = la persona anfitriona
gate-host-flat = Apartamento { $unit }
gate-line-asking = Preguntando al anfitrión…
gate-line-offline = Sin conexión: se envía cuando vuelva la conexión. No deje entrar todavía.
gate-line-waiting = Esperando la respuesta del anfitrión
gate-line-waiting-left = Esperando la respuesta del anfitrión · quedan { $left }
gate-line-waiting-up = Esperando la respuesta del anfitrión · se acabó el tiempo, comprobando…
gate-line-denied = Denegado por { $host }
gate-line-expired = Sin respuesta a tiempo de { $host }
gate-line-failed = No enviado: el servidor lo rechazó ({ $code })
gate-line-failed-reason = No enviado: el servidor lo rechazó ({ $code }): { $reason }
gate-walkin-busy = Servidor ocupado ({ $code }); se volverá a preguntar al anfitrión en breve.
gate-walkin-refused = El servidor rechazó la visita sin cita de { $visitor } ({ $code }).
gate-walkin-too-many = Ya hay demasiadas visitas sin cita en espera.
gate-walkin-title = Visita sin cita
gate-walkin-intro = Se pregunta al anfitrión en su teléfono; la respuesta aparece aquí.
gate-walkin-name = Nombre del visitante
gate-walkin-host = Anfitrión (nombre o apartamento)
gate-walkin-note = Nota para el anfitrión (opcional)
gate-walkin-submit = Preguntar al anfitrión
gate-cancel = Cancelar
gate-hosts-label = Anfitriones encontrados
gate-walkin-asking = Se pregunta a { $host }
gate-host-searching = Buscando…
gate-host-search-network = No se pudo conectar con el servidor para buscar anfitriones.
gate-host-search-failed = La búsqueda de anfitriones falló ({ $code }).
gate-hosts-found = { $count } { $count ->
        [one] anfitrión
       *[other] anfitriones
    }: elija uno.
gate-hosts-found-matching = { $count } { $count ->
        [one] anfitrión coincide
       *[other] anfitriones coinciden
    } con «{ $query }»: elija uno.
gate-hosts-none = Ningún anfitrión coincide con «{ $query }».
gate-problem-name-missing = Escriba el nombre del visitante.
gate-problem-name-long = El nombre es demasiado largo (máximo { $max } caracteres).
gate-problem-name-unprintable = El nombre tiene caracteres que no se pueden imprimir.
gate-problem-host = Elija el anfitrión por el que pregunta el visitante.
gate-problem-note-long = La nota es demasiado larga (máximo { $max } caracteres).
gate-problem-note-unprintable = La nota tiene caracteres que no se pueden imprimir.
gate-walkin-approved-by = Aprobado por { $host }
gate-walkin-let-in = { $name }: dejar entrar
gate-walkin-refused-by = Denegado por { $host }. No deje entrar.
gate-walkin-no-answer-detail = { $host }: sin respuesta. No deje entrar; vuelva a preguntar o llame al anfitrión.
gate-walkin-verdict-denied = DENEGADO — el anfitrión dijo que no ({ $code })
gate-walkin-verdict-no-answer = SIN RESPUESTA — el anfitrión no respondió a tiempo ({ $code })

## Recuento (punto de reunión)

gate-muster-title = Recuento: { $scope }
gate-scope-all = Todas las sedes
gate-scope-site = Sede { $site }
gate-scope-zone = Zona { $zone }
gate-muster-help = Escanee el pase de una persona para marcarla a salvo: su teléfono debe responder, como en una entrada. No se deja entrar a nadie. O marque un nombre a mano.
gate-muster-search = Buscar un nombre
gate-muster-list-label = Personas del recuento
gate-muster-counts = { $safe } de { $inside } a salvo · { $unaccounted } aún sin ver
gate-person-safe = A salvo
gate-person-safe-by = A salvo · registrado por { $by }
gate-person-sending = A salvo · enviando…
gate-person-queued = A salvo · se envía cuando vuelva la conexión
gate-person-missing = Aún sin ver · visto por última vez en { $place }
gate-person-missing-walk-in = Aún sin ver · visita sin cita ni pase, entró por { $place }
gate-mark-safe = Marcar a salvo
gate-mark-safe-label = Marcar a salvo: { $name }
gate-muster-empty = No consta nadie dentro.
gate-muster-no-match = Nadie de la lista coincide con «{ $query }».
gate-muster-ended = El recuento ha terminado: se vuelve a las entradas.
gate-mark-save-failed = No se pudo guardar la marca en este dispositivo ({ $error }).
gate-mark-refused = { $name } no se registró: { $code }.
gate-mark-refused-ended = { $name } no se registró: el recuento ha terminado.

## The host page (/host): a resident invites visitors and answers walk-ins from the gate.
## Spanish (neutral "usted"); exactly the ids and variables of parts/host/en.ftl.

host-title = Tessera para anfitriones
host-title-waiting = ({ $count }) Tessera para anfitriones
host-opening = Abriendo…
host-heading = Tessera para anfitriones
host-try-again = Reintentar
host-start-network = No se pudo conectar con el servidor. Compruebe la red.
host-start-not-ready = El servidor no está listo (HTTP { $status }).

## Sign-in

host-signin-intro = Invite a sus visitantes y deje entrar a quienes lleguen sin pase.
host-key = Clave de anfitrión
host-key-help = La clave que le dio la administración del sitio. Se envía una sola vez para abrir una sesión y no se guarda en este dispositivo.
host-key-missing = Escriba su clave de anfitrión.
host-sign-in = Iniciar sesión
host-signin-network = No se pudo conectar con el servidor. Compruebe la red y vuelva a intentarlo.
host-signin-key-refused = No se aceptó esa clave. Revísela y vuelva a intentarlo.
host-signin-forbidden = Esta clave no permite iniciar sesión aquí: solo las claves de anfitrión pueden hacerlo (o la página no está en la dirección propia del servidor).
host-signin-rate-limited = Demasiados inicios de sesión fallidos desde esta dirección. Espere un minuto y vuelva a intentarlo.
host-signin-failed = El servidor rechazó el inicio de sesión ({ $code }).
host-signin-console-session = Este dispositivo tiene una sesión iniciada con una clave { $role ->
        [admin] de administrador
        [auditor] de auditor
        [issuer] de emisor
        [security] del equipo de seguridad
       *[other] con el rol «{ $role }»
    }, para la consola de seguridad en /console. Inicie sesión aquí con su clave de anfitrión.
host-signin-not-host = Era una clave { $role ->
        [admin] de administrador
        [auditor] de auditor
        [issuer] de emisor
        [security] del equipo de seguridad
       *[other] con el rol «{ $role }»
    }: esta página es para anfitriones. Administradores y auditores usan la consola de seguridad en /console.
host-session-ended = Su sesión ha terminado. Vuelva a iniciar sesión.
host-session-expired = Su sesión ha caducado. Vuelva a iniciar sesión.
host-signed-out = Sesión cerrada.
host-fallback-name = Anfitrión

## The bar, the tabs, notifications

host-sign-out = Cerrar sesión
host-views = Vistas
host-tab-invite = Invitar
host-tab-visits = Visitas
host-live = EN VIVO
host-connecting = CONECTANDO
host-reconnecting = RECONECTANDO
host-notify-me = Avisarme
host-notifying = Avisos activos
host-notify-off = Las notificaciones están desactivadas en este dispositivo.
host-notify-on = Las notificaciones están activadas: un visitante en la entrada le llegará aunque esta página esté cerrada.
host-notify-blocked = Las notificaciones están bloqueadas para este sitio: permítalas en la configuración del navegador y vuelva a intentarlo.
host-notify-failed = No se pudieron activar las notificaciones: { $detail }.

## A refused call

host-action-sign-out = cerrar la sesión
host-action-notify = activar las notificaciones
host-action-invite = crear la invitación
host-action-cancel = cancelar la invitación
host-action-read-passes = cargar sus invitaciones
host-action-read-walk-ins = cargar sus visitas sin cita
host-problem-network = No se pudo conectar con el servidor para { $action }. Compruebe la red y vuelva a intentarlo.
host-problem-forbidden = Esta sesión no permite { $action } ({ $code }).
host-problem-rate-limited = Demasiadas solicitudes; espere un minuto y vuelva a intentarlo.
host-problem-failed = No se pudo { $action }: { $reason }
host-problem-http = HTTP { $status }.

## Visitors waiting at the gate (walk-ins)

host-waiting-heading = En la entrada
host-waiting-list = Visitantes que esperan en la entrada
host-waiting-empty = Nadie le espera. Si un visitante sin pase pregunta por usted en la entrada, aparecerá aquí al instante.
host-approve = Aprobar
host-deny = Rechazar
host-walk-in-at = En { $gate }
host-walk-in-at-any-gate = En la entrada
host-walk-in-where-asked = { $where } · preguntó a las { $time }
host-note-label = Nota:
host-time-left = quedan { $time }
host-time-up = Se acabó el tiempo
host-arrival = { $name } espera en la entrada y pregunta por usted. Apruebe o rechace.
host-arrival-at = { $name } espera en { $gate } y pregunta por usted. Apruebe o rechace.
host-arrival-note = { $name } espera en la entrada y pregunta por usted. Nota: { $note }. Apruebe o rechace.
host-arrival-at-note = { $name } espera en { $gate } y pregunta por usted. Nota: { $note }. Apruebe o rechace.
host-arrivals = { $count ->
        [one] { $count } visitante le espera en la entrada.
       *[other] { $count } visitantes le esperan en la entrada.
    }
host-approved = Dejó pasar a { $name }.
host-approved-at = Dejó pasar a { $name } en { $gate }.
host-denied = Rechazó la entrada de { $name }.
host-decision-network = No se pudo conectar con el servidor. Compruebe la red y vuelva a intentarlo.
host-decision-too-late = Demasiado tarde: la entrada dejó de esperar una respuesta. El visitante tiene que volver a preguntar.
host-decision-already-answered = Esta solicitud ya tiene respuesta (suya desde otro dispositivo o de la administración del sitio).
host-decision-gone = Esta solicitud ya no existe.
host-decision-forbidden = Esta sesión no permite { $decision ->
        [approve] aprobar
       *[deny] rechazar
    } esta solicitud.
host-decision-rate-limited = Demasiadas solicitudes; espere un momento y vuelva a intentarlo.
host-decision-failed = No se pudo { $decision ->
        [approve] aprobar
       *[deny] rechazar
    } la solicitud ({ $code }).

## Inviting a visitor

host-invite-heading = Invitar a un visitante
host-invite-intro = El visitante recibe un enlace que añade un pase a su teléfono; con él podrá pasar por la entrada.
host-visitor-name = Nombre del visitante
host-valid-from = Desde
host-valid-until = Hasta
host-valid-help = El pase permite entrar una vez, entre estas horas.
host-invite-device-time = Estas horas se indican en la zona horaria de este dispositivo ({ $zone }).
host-visitor-email = Correo del visitante (opcional)
host-visitor-email-help = Le enviamos por correo el enlace y su código QR. Déjelo vacío para enviar el enlace usted mismo.
host-visitor-language = Idioma del visitante
host-create-invitation = Crear invitación
host-creating = Creando…
host-invite-email-invalid = Escriba el correo del visitante con el formato nombre@example.com, o deje el campo vacío.
host-invite-name-missing = Escriba el nombre del visitante.
host-invite-name-too-long = El nombre es demasiado largo (máximo { $max } caracteres).
host-invite-name-unprintable = El nombre tiene caracteres que no se pueden mostrar.
host-invite-from-missing = Indique cuándo empieza la visita.
host-invite-until-missing = Indique cuándo termina la visita.
host-invite-until-before-from = La visita debe terminar después de empezar.
host-invite-until-past = La visita debe terminar en el futuro.
host-invite-refused = El servidor no aceptó la invitación: { $reason }
host-invitation-for = Invitación para { $name }
host-invitation-qr = Código QR de la invitación para { $name }
host-invitation-qr-caption = O pídale que lo escanee con la cámara de su teléfono.
host-invitation-link = Enlace de invitación
host-invitation-mailed = Estamos enviando el enlace por correo a { $email }.
host-invitation-link-help = Envíe este enlace solo a { $name }: quien lo abra primero obtiene el pase.
host-copy-link = Copiar enlace
host-link-copied = Enlace copiado. Péguelo en un mensaje para su visitante.
host-link-not-copied = No se pudo copiar: el enlace está seleccionado, cópielo del campo.
host-share = Compartir…
host-share-title = Pase para { $name }
host-invite-again = Invitar a otra persona
host-see-visits = Ver sus visitas

## Visits

host-when-today = Hoy { $time }
host-when-tomorrow = Mañana { $time }
host-when-day = { $day } { $time }
host-span = { $from } – { $until }
host-visits-loading = Cargando sus visitas…
host-refresh = Actualizar
host-visits-upcoming = Próximas
host-visits-past = Anteriores
host-visits-upcoming-list = Próximas visitas
host-visits-past-list = Visitas anteriores
host-visits-upcoming-empty = No hay visitas próximas.
host-visits-past-empty = Aún no hay visitas anteriores.
host-visits-count = { $upcoming ->
        [one] { $upcoming } próxima
       *[other] { $upcoming } próximas
    }, { $past ->
        [one] { $past } anterior
       *[other] { $past } anteriores
    }.
host-visit-walk-in = Visita sin cita en la entrada · { $when }
host-visit-walk-in-at = Visita sin cita en { $gate } · { $when }
host-visit-note = «{ $note }»
host-cancel = Cancelar
    .label = Cancelar la invitación de { $name }
host-cancel-confirm = ¿Cancelar la invitación de { $name }? Su pase dejará de funcionar.
host-pass-cancelled = Cancelada
host-pass-arrived = Llegó
host-pass-never-opened = Enlace nunca abierto
host-pass-did-not-come = No vino
host-pass-not-opened = Enlace aún sin abrir
host-pass-on-phone = En su teléfono
host-pass-arrived-more = Llegó, { $count ->
        [one] le queda { $count } entrada
       *[other] le quedan { $count } entradas
    }
host-walk-in-let-in = Entró
host-walk-in-turned-away = Rechazado
host-walk-in-no-answer = Sin respuesta a tiempo
host-walk-in-waiting = Esperando en la entrada

## La cartera del visitante (web/src/wallet/app.js, web/src/index.html).

wallet-title = Cartera Tessera
wallet-bar-note = Cartera de visitante
wallet-loading = Abriendo su cartera…
wallet-go-to-wallet = Ir a mi cartera

wallet-validity-valid = Válido hasta el { $date }
wallet-validity-expired = Caducó el { $date }
wallet-validity-not-yet = Aún no es válido: desde el { $date }

## No se pueden guardar datos, o el enlace está dañado

wallet-storage-unavailable = Este navegador no permite que la cartera guarde pases (navegación privada o datos de sitios desactivados). Abra el enlace en una ventana normal del navegador para conservar su pase en este dispositivo.
wallet-storage-unavailable-retry = { wallet-storage-unavailable } Después, pulse «Reintentar».
wallet-unavailable-title = Cartera no disponible
wallet-bad-link-title = Enlace no utilizable
wallet-bad-link = Este enlace para añadir el pase no es válido o está incompleto: { $detail }. Pida un enlace nuevo a quien se lo envió y cópielo entero.
wallet-bad-link-unreadable = no se puede leer el enlace
wallet-bad-link-repeated = el enlace repite p= o t=
wallet-bad-link-no-pass-id = al enlace le falta el identificador del pase (p=)
wallet-bad-link-pass-id-incomplete = el identificador del pase en el enlace está incompleto
wallet-bad-link-no-token = al enlace le falta el token de alta (t=)
wallet-bad-link-token-damaged = el token de alta del enlace está dañado
wallet-bad-link-cut-short = falta la parte que va después de #; ¿se cortó el enlace?

## La lista de pases

wallet-list-title = Sus pases
wallet-list-empty = Aún no hay pases.
wallet-list-empty-help = Abra el enlace que recibió para añadir un pase a esta cartera.
wallet-pass-short = Pase
wallet-visitor-pass = Pase de visitante

## Añadir un pase

wallet-claim-title = Añadir un pase
wallet-claim-lead = Le han enviado un pase de visitante. Añádalo a esta cartera para mostrarlo en el control de acceso.
wallet-claim-fine = El pase y sus claves se quedan en este dispositivo. Cualquiera que tenga este enlace podría añadir el pase antes, así que no lo comparta.
wallet-claim-checking = Comprobando el pase…
wallet-fact-pass = Pase
wallet-fact-site = Sede
wallet-fact-valid-from = Válido desde
wallet-fact-valid-until = Válido hasta
wallet-claim-add = Añadir a la cartera
wallet-claim-adding = Añadiendo…
wallet-claim-retry = Reintentar
    .aria-label = Reintentar: Añadir a la cartera
wallet-claim-transfer-lead = { $holder } le cede este pase. Añádalo a esta cartera para mostrarlo en el control de acceso.
wallet-claim-transfer-lead-unnamed = Alguien le cede este pase. Añádalo a esta cartera para mostrarlo en el control de acceso.
wallet-claim-transfer-fine = En cuanto lo añada, dejará de funcionar en el teléfono de la otra persona y funcionará en este. El pase y sus claves se quedan en este dispositivo; no comparta este enlace.
wallet-claim-revoked = El emisor ha revocado este pase. No se puede añadir ni usar.
wallet-claim-expired = Este pase ha caducado (era válido hasta el { $date }).
wallet-claim-elsewhere = Este pase ya está en otra cartera. Un pase solo se puede añadir a una cartera.
wallet-claim-invalid = Este enlace no es válido: el pase no existe o el enlace se escribió mal. Pida un enlace nuevo.
wallet-claim-no-details = No se han podido cargar los datos del pase en este momento. Aun así, puede intentar añadirlo.
wallet-claim-no-keys = Este navegador no puede crear las claves que necesita un pase. Actualícelo o use otro navegador.
wallet-claim-offline = No se ha podido conectar con el servidor, así que el pase aún no se ha añadido. Compruebe su conexión y pulse «Reintentar».
wallet-claim-taken = Este pase ya está en otra cartera. Un pase solo se puede añadir a una cartera; si no fue usted, consulte al emisor.
wallet-claim-key-refused = El servidor no ha aceptado la clave de esta cartera. Pulse «Reintentar» para probar con una nueva.
wallet-claim-rate-limited = Demasiados intentos en este momento. Espere un minuto y pulse «Reintentar».
wallet-claim-failed = El servidor no ha podido añadir el pase en este momento (error { $status }). Pulse «Reintentar» dentro de un momento.
wallet-claim-bad-answer = No se ha podido usar la respuesta del servidor. Pulse «Reintentar»; si sigue fallando, consulte al emisor.

## Un pase: su código cambiante y la respuesta al control de acceso

wallet-scan = Escanear código del control de acceso
wallet-challenge-label = Pegar el código de verificación del control
wallet-challenge-help = Si el control de acceso no puede mostrar su código a la cámara, pegue aquí su texto.
wallet-brightness-hint = Suba el brillo de la pantalla para que el control de acceso lea el código a la primera.
wallet-all-passes = Todos los pases ({ $count })
wallet-remove = Quitar este pase de este dispositivo
wallet-remove-confirm = ¿Quitar «{ $label }» de este dispositivo? No se podrá volver a añadir con el mismo enlace.
wallet-transfer = Transferir este pase
wallet-transfer-note = Ha empezado a ceder este pase ({ $date }). En cuanto la otra persona lo añada, el código dejará de funcionar aquí.
wallet-countdown = Nuevo código en { $seconds } s
wallet-qr-entry = Código de entrada de { $label }; cambia { $seconds ->
        [one] cada segundo
       *[other] cada { $seconds } segundos
    }
wallet-qr-entry-unnamed = Código de entrada de este pase; cambia { $seconds ->
        [one] cada segundo
       *[other] cada { $seconds } segundos
    }
wallet-expired = Caducado
wallet-expired-alert = Este pase ha caducado: era válido hasta el { $date }. Ya no se puede usar en el control de acceso.
wallet-not-yet = Aún no es válido
wallet-not-yet-from = Su código aparecerá aquí a partir del { $date }.
wallet-show-code-again = Volver a mostrar mi código
wallet-answer-title = Muestre esta respuesta en el control de acceso
wallet-qr-answer = Código de respuesta para el control de acceso
wallet-answer-ready = Respuesta lista: muéstrela en el control de acceso.
wallet-challenge-incomplete = Este código de verificación está incompleto: copie todo el texto que muestra el control (tiene { $length } caracteres).
wallet-challenge-malformed = Eso no es un código de verificación del control. Un código de verificación empieza por TSR1C: seguido de letras y cifras.
wallet-challenge-other-pass = Este código de verificación es de otro pase: «{ $label }». Abra ese pase para responderlo.
wallet-challenge-unknown-pass = Este código de verificación es de otro pase, que no está en esta cartera.
wallet-camera-view = Imagen de la cámara
wallet-camera-stop = Detener la cámara
wallet-camera-point = Apunte la cámara al código que aparece en la pantalla del control de acceso.
wallet-camera-not-challenge = Ese código no es un código de verificación del control. Apunte la cámara a la pantalla del control de acceso.
wallet-camera-timeout = La cámara se ha apagado para ahorrar batería. Pulse «Escanear código del control de acceso» para volver a intentarlo.
wallet-camera-refused = Se ha denegado el acceso a la cámara. Permita la cámara para este sitio en los ajustes del navegador o pegue abajo el código de verificación del control.
wallet-camera-missing = No se ha encontrado ninguna cámara en este dispositivo. Pegue abajo el código de verificación del control.
wallet-camera-failed = No se ha podido iniciar la cámara. Pegue abajo el código de verificación del control.

## Cara a cara: la cámara frontal responde sola al control de acceso (incidencia 52)

wallet-camera-why = El control de acceso se comunica con su teléfono a través de la cámara; no se graba ni se envía nada.
wallet-face-video = Imagen de la cámara frontal
wallet-face-on-title = Cámara encendida.
wallet-face-on = Acerque su pantalla a la pantalla del control de acceso: su teléfono responde solo.
wallet-face-ask = Activar la cámara para el control de acceso
wallet-face-blocked-title = La cámara está bloqueada para este sitio
wallet-face-blocked = Para que el control de acceso pueda comunicarse con su teléfono, abra los ajustes de este sitio (el icono junto a la dirección, o «aA» en un iPhone), ponga Cámara en Permitir y vuelva a cargar esta página. Mientras tanto, pulse «{ wallet-scan }» en la entrada o pegue abajo su código de verificación.
wallet-face-none = Aquí no se puede usar una cámara frontal: en la entrada, pulse «{ wallet-scan }».
wallet-answer-face = Respuesta en pantalla: mantenga el teléfono frente al control de acceso.

## Un grupo: un solo código para varios pases (incidencia 52)

wallet-party-offer = Un solo código para los { $count } pases
wallet-party-offer-lead = ¿Entran juntos? Muestre un solo código para { $count } pases y el control los comprueba todos a la vez.
wallet-party-title = Un solo código para su grupo
wallet-party-lead = { $count ->
        [one] Un solo pase marcado: marque al menos dos para un código común.
       *[other] { $count } pases en un solo código: muéstrelo una vez en la entrada.
    }
wallet-party-who = Quién entra ahora
wallet-party-max = Un código de grupo admite como máximo { $max } pases: desmarque antes a alguien.
wallet-qr-party = Código de entrada de { $names }; cambia { $seconds ->
        [one] cada segundo
       *[other] cada { $seconds } segundos
    }
wallet-party-too-few-title = Elija al menos dos
wallet-party-too-few = Marque dos o más personas para mostrar un solo código para ellas, o abra cada pase por separado.
wallet-party-back = Volver a sus pases

## Ceder un pase (transferencia)

wallet-transfer-title = Transferir «{ $label }»
wallet-transfer-title-unnamed = Transferir este pase
wallet-transfer-lead = ¿Va otra persona en su lugar? Cree un enlace para ella. Cuando lo abra y añada el pase, este pasará a su teléfono.
wallet-transfer-warning = En cuanto lo añada, este pase dejará de funcionar en este teléfono. Hasta entonces, sigue funcionando aquí.
wallet-transfer-make = Crear enlace de transferencia
wallet-transfer-making = Creando el enlace…
wallet-transfer-back = Volver a mi pase
wallet-transfer-offline = No se ha podido conectar con el servidor, así que no se ha creado ningún enlace de transferencia. Compruebe su conexión y vuelva a intentarlo.
wallet-transfer-not-allowed = Este pase no se puede transferir: el organizador no permite cederlo (o ya se ha cedido tantas veces como se permite). Se queda en esta cartera.
wallet-transfer-revoked = El emisor ha revocado este pase. No se puede ceder.
wallet-transfer-not-held = Este teléfono ya no tiene este pase (se cedió o se pasó a otro teléfono), así que no puede cederlo.
wallet-transfer-unavailable = Este pase no se puede transferir ahora: puede que el organizador no permita cederlo, que ya se haya cedido tantas veces como se permite o que se haya revocado. Se queda en esta cartera.
wallet-transfer-rate-limited = Demasiados intentos en este momento. Espere un minuto y vuelva a intentarlo.
wallet-transfer-failed = El servidor no ha podido crear el enlace de transferencia en este momento ({ $code }). Vuelva a intentarlo dentro de un momento.
wallet-transfer-failed-status = El servidor no ha podido crear el enlace de transferencia en este momento (error { $status }). Vuelva a intentarlo dentro de un momento.
wallet-transfer-bad-nonce = No se ha podido usar el nonce de transferencia del servidor. Vuelva a intentarlo dentro de un momento.
wallet-transfer-give = Envíe este enlace a la persona que recibe el pase
wallet-transfer-stops = El pase de este teléfono dejará de funcionar en cuanto la otra persona lo añada. Envíe el enlace solo a ella: quien lo abra primero se queda con el pase.
wallet-qr-transfer = Código QR de transferencia para la persona que recibe el pase
wallet-transfer-scan-help = Puede escanearlo con la cámara de su teléfono o abrir el enlace.
wallet-transfer-link = Enlace de transferencia
wallet-transfer-copy = Copiar enlace
wallet-transfer-copied = Enlace copiado.
wallet-transfer-selected = El enlace está seleccionado: cópielo desde el campo.
wallet-transfer-share = Compartir…
