# Tessera's messages in Arabic (العربية, Modern Standard Arabic, right to left): a translation
# of en.ftl with exactly its message ids and variables (test/unit/catalogues.test.mjs).
# Project Fluent syntax: https://projectfluent.org/fluent/guide/

## About the language itself

# The language's name in itself, as the switcher lists it.
language-name = العربية
# ltr or rtl: the direction of the pages in this language.
language-direction = rtl

## Every page

common-language = اللغة
common-times-in-zone = الأوقات بالتوقيت المحلي للمقر ({ $zone }).
common-sso-email = البريد الإلكتروني للعمل
common-sso-email-help = ستسجّل الدخول من صفحة تسجيل الدخول الخاصة بمؤسستك، ثم تعود إلى هنا.
common-sso-continue = المتابعة بتسجيل الدخول الموحّد
common-sso-email-invalid = أدخل عنوان بريدك الإلكتروني للعمل، مثل: ada@example.com
common-sso-title = تسجيل الدخول عبر مؤسستك

## A server's error code, in words (the code itself stays on screen where staff need it)

error-other = رفض الخادم هذا الطلب ({ $code }).
error-unauthorized = لم يتم تسجيل الدخول، أو أن مفتاحك لم يعد صالحًا.
error-forbidden = لا يملك هذا المفتاح صلاحية القيام بذلك.
error-key-sign-in-off = تسجيل الدخول بمفتاح معطّل هنا: يُرجى استخدام تسجيل الدخول الموحّد.
error-not-found = غير موجود.
error-invalid-claim = هذا الرابط لا يعمل: فقد سبق استخدامه أو استُبدل أو كُتب بشكل خاطئ.
error-invalid-pairing = سبق استخدام رابط الاقتران هذا أو انتهت صلاحيته.
error-already-claimed = هذا التصريح موجود بالفعل في محفظة أخرى.
error-revoked = تم إلغاء هذا التصريح.
error-invalid-public-key = تم رفض مفتاح المحفظة.
error-bad-request = تعذّر فهم الطلب.
error-payload-too-large = حجم البيانات أكبر من أن يُرسَل.
error-rate-limited = محاولات كثيرة جدًا: يُرجى الانتظار قليلًا ثم المحاولة مرة أخرى.
error-refused-by-policy = قواعد المؤسسة لا تسمح بذلك.
error-already-acknowledged = سبق أن أقرّ أحدهم باستلام هذا الإنذار.
error-already-resolved = تمت معالجة هذا الإنذار بالفعل.
error-not-permitted = لا يمكن تنفيذ ذلك لهذا الشخص. يُرجى مراجعة الموظفين.
error-invalid-field = أحد الحقول مفقود أو غير صالح.
error-storage-unavailable = يتعذّر على الخادم الوصول إلى قاعدة بياناته حاليًا: يُرجى المحاولة مرة أخرى بعد قليل.
error-internal = حدث خطأ في الخادم: يُرجى المحاولة مرة أخرى، وإبلاغ الموظفين إذا استمر الخطأ.
error-transfer-not-allowed = لا يمكن نقل هذا التصريح إلى شخص آخر.
error-not-claimed = لم يُضَف هذا التصريح إلى أي محفظة بعد.
error-request-id-reused = سبق إرسال هذا الطلب بمحتوى مختلف.
error-already-decided = سبق الرد على هذا الطلب.
error-approval-timeout = انتهت مهلة الرد على هذا الطلب.
error-bad-proof = تعذّر على هذه المحفظة إثبات النقل.
error-invalid-nonce = انتهت صلاحية رابط النقل: يُرجى إنشاء رابط جديد.
error-unknown-pass = هذا التصريح غير معروف هنا.
error-key-revoked = تم إبطال هذا المفتاح: يُرجى إنشاء مفتاح جديد بدلًا منه.
error-last-admin-key = لا يمكن إبطال آخر مفتاح للمسؤول.
error-network = لا يوجد اتصال بالخادم. يُرجى التحقق من الشبكة والمحاولة مرة أخرى.

## Mail and notifications the server sends (in the recipient’s language)

mail-invitation-subject = تصريح دخولك إلى { $venue }
mail-invitation-heading = لديك تصريح دخول إلى { $venue }
mail-invitation-greeting = مرحبًا { $name }،
mail-invitation-when = الموعد
mail-invitation-where = المكان
mail-invitation-host = مُضيفك
mail-invitation-any-entrance = أي مدخل
mail-invitation-open = فتح التصريح
mail-invitation-open-text = افتح تصريحك على هاتفك:
mail-invitation-other-device = على جهاز آخر، امسح رمز QR الموجود في هذه الرسالة.
mail-invitation-scan = على جهاز آخر، امسح هذا الرمز بكاميرا الهاتف:
mail-invitation-qr-alt = رمز QR لرابط تصريحك
mail-invitation-yours-alone = هذا الرابط خاص بك وحدك: أول هاتف يفتحه يحتفظ بالتصريح. اعرض الرمز المتغيّر عند البوابة؛ فلقطة الشاشة لن تُقبل.
mail-invitation-button-fallback = إذا لم يعمل الزر، فافتح هذا العنوان: { $url }
mail-times-in-zone = الأوقات بحسب المنطقة الزمنية للمقر ({ $zone }).
mail-approval-subject = { $visitor } بانتظارك عند { $gate }
mail-approval-heading = { $visitor } بانتظارك عند { $gate }
mail-approval-intro = { $visitor } عند { $gate }، ويطلب الدخول لمقابلتك.
mail-approval-note = ملاحظة موظف الأمن: { $note }
mail-approval-approve = موافقة
mail-approval-approve-text = موافقة (السماح بالدخول): { $url }
mail-approval-deny = رفض
mail-approval-deny-text = رفض: { $url }
mail-approval-until = يعمل كل رابط مرة واحدة فقط حتى { $until }، وبعدها تنتهي صلاحية الطلب. يُعتمد الرد الذي يصل أولًا، سواء هنا أو في صفحة المضيف.
push-walk-in-title = { $visitor } بانتظارك
push-walk-in-body = عند { $gate }. وافق للسماح بالدخول.
push-walk-in-body-note = عند { $gate } ({ $note }). وافق للسماح بالدخول.
push-approve = موافقة
push-deny = رفض
push-approved = سُمح لـ { $visitor } بالدخول
push-denied = رُفض دخول { $visitor }
push-already-answered = { $visitor }: تم الرد مسبقًا
push-answer-failed = تعذّر الرد بشأن { $visitor }
push-answered-body = عند { $gate }.
push-answer-failed-body = افتح صفحة المضيف لمعرفة ما حدث.

## The security console's words for the audit log (audit-*), made by src/console/model.js.
## Arabic (Modern Standard Arabic); exactly the ids and variables of parts/audit/en.ftl.
## The TSR1 names (foreign_nonce, stale_code, auth_failure, claim_conflict…) stay as they are.

## Event kinds

audit-kind-scan = مسح
audit-kind-challenge-issued = إصدار تحدٍّ
audit-kind-response = رد
audit-kind-challenge-unanswered = تحدٍّ دون رد
audit-kind-rate-limited = تقييد المعدل
audit-kind-gate-connection-refused = رفض اتصال بوابة
audit-kind-claim = إضافة تصريح إلى محفظة
audit-kind-claim-rejected = رفض إضافة تصريح إلى محفظة
audit-kind-claim-conflict = تعارض في إضافة تصريح إلى محفظة
audit-kind-pass-issued = إصدار تصريح
audit-kind-pass-revoked = إلغاء تصريح
audit-kind-api-key-created = إنشاء مفتاح API
audit-kind-api-key-revoked = إبطال مفتاح API
audit-kind-api-key-rotated = تجديد مفتاح API
audit-kind-gate-created = إنشاء بوابة
audit-kind-auth-failure = فشل المصادقة
audit-kind-gate-pairing-created = إنشاء رابط اقتران بوابة
audit-kind-gate-paired = اقتران بوابة
audit-kind-gate-revoked = إبطال بوابة
audit-kind-gate-connected = اتصال بوابة
audit-kind-gate-disconnected = انقطاع اتصال بوابة
audit-kind-console-signed-in = تسجيل دخول إلى وحدة التحكم
audit-kind-console-signed-out = تسجيل خروج من وحدة التحكم
audit-kind-retention = تطبيق مدة الاحتفاظ بالبيانات
audit-kind-host-created = إنشاء مضيف
audit-kind-walk-in-requested = طلب زيارة دون موعد
audit-kind-walk-in-approved = الموافقة على زيارة دون موعد
audit-kind-walk-in-denied = رفض زيارة دون موعد
audit-kind-walk-in-expired = انتهاء مهلة زيارة دون موعد
audit-kind-pass-rebound = ربط تصريح بمحفظة جديدة
audit-kind-transfer-started = بدء نقل تصريح
audit-kind-pass-transferred = نقل تصريح
audit-kind-transfer-rejected = رفض نقل تصريح
audit-kind-webhook-created = إنشاء Webhook
audit-kind-webhook-disabled = تعطيل Webhook
audit-kind-webhook-enabled = تفعيل Webhook
audit-kind-webhook-secret-rotated = تجديد سرّ Webhook
audit-kind-webhook-deleted = حذف Webhook
audit-kind-zone-created = إنشاء منطقة
audit-kind-zone-checkout = الخروج من منطقة
audit-kind-sso-configured = إعداد تسجيل الدخول الموحّد
audit-kind-sso-removed = إزالة تسجيل الدخول الموحّد
audit-kind-sso-sign-in-failed = فشل تسجيل الدخول الموحّد
audit-kind-sso-sessions-ended = إنهاء جلسات تسجيل الدخول الموحّد
audit-kind-sso-domain-changed = تغيّر نطاق تسجيل الدخول
audit-kind-session-ended = إنهاء جلسة
audit-kind-message-queued = إدراج رسالة في قائمة الإرسال
audit-kind-message-sent = إرسال رسالة
audit-kind-message-bounced = ارتداد رسالة
audit-kind-message-dead = التخلّي عن رسالة
audit-kind-message-expired = انتهاء صلاحية رسالة
audit-kind-mail-settings-changed = تغيير إعدادات البريد
audit-kind-alarm-acknowledged = الإقرار بإنذار
audit-kind-alarm-assigned = إسناد إنذار
audit-kind-alarm-resolved = معالجة إنذار
audit-kind-watchlist-hit = تطابق مع قائمة المراقبة
audit-kind-watchlist-entry-added = إضافة إدخال إلى قائمة المراقبة
audit-kind-watchlist-entry-changed = تعديل إدخال في قائمة المراقبة
audit-kind-watchlist-entry-removed = إزالة إدخال من قائمة المراقبة
audit-kind-personal-data-exported = تصدير بيانات شخصية
audit-kind-personal-data-erased = محو بيانات شخصية
audit-kind-privacy-settings-changed = تغيير إعدادات الخصوصية
audit-kind-locale-settings-changed = تغيير إعدادات اللغة والمنطقة الزمنية
audit-kind-roll-call-started = بدء تفقّد الحضور
audit-kind-roll-call-marked = تسجيل شخص في تفقّد الحضور
audit-kind-roll-call-ended = انتهاء تفقّد الحضور
audit-kind-muster-scanned = مسح عند نقطة التجمّع
audit-kind-muster-refused = رفض مسح عند نقطة التجمّع
audit-kind-site-node-created = تم تسجيل خادم الموقع
audit-kind-site-lease-granted = مُنح تفويض الموقع
audit-kind-site-lease-ended = انتهى تفويض الموقع
audit-kind-site-lease-extended = مُدِّد تفويض الموقع محليًا
audit-kind-site-conflict = تعارض في الموقع
audit-kind-site-node-revoked = إبطال خادم موقع
audit-kind-site-node-token-rotated = رمز جديد لخادم موقع
audit-kind-site-node-resumed = السماح لخادم موقع بأخذ التفويض من جديد
audit-kind-site-node-fault = خادم موقع أرسل ما رُفض

## Severities

audit-severity-info = معلومات
audit-severity-warning = تحذير
audit-severity-high = مرتفعة

## One event in a line

audit-by = { $what } — بواسطة { $who }
audit-resent = { $what } (إعادة إرسال)
audit-on-site = { $what } (في الموقع)
audit-from-node = { $what } — من الخادم { $node }
audit-node-revoked = أُبطل الخادم { $node }: لم يعد رمزه يعمل
audit-node-token-rotated = رمز جديد للخادم { $node }: لم يعد الرمز القديم يعمل
audit-node-resumed = يمكن للخادم { $node } أن يأخذ تفويض موقعه من جديد
audit-node-fault =
    { $count ->
        [zero] أرسل الخادم { $node } عناصر رفضها هذا الخادم: { $count }
        [one] أرسل الخادم { $node } عنصرًا واحدًا رفضه هذا الخادم
        [two] أرسل الخادم { $node } عنصرين رفضهما هذا الخادم
        [few] أرسل الخادم { $node } { $count } عناصر رفضها هذا الخادم
        [many] أرسل الخادم { $node } { $count } عنصرًا رفضها هذا الخادم
       *[other] أرسل الخادم { $node } { $count } عنصر رفضها هذا الخادم
    }
audit-node-fault-why =
    { $count ->
        [zero] أرسل الخادم { $node } عناصر رفضها هذا الخادم: { $count }؛ { $reasons }
        [one] أرسل الخادم { $node } عنصرًا واحدًا رفضه هذا الخادم: { $reasons }
        [two] أرسل الخادم { $node } عنصرين رفضهما هذا الخادم: { $reasons }
        [few] أرسل الخادم { $node } { $count } عناصر رفضها هذا الخادم: { $reasons }
        [many] أرسل الخادم { $node } { $count } عنصرًا رفضها هذا الخادم: { $reasons }
       *[other] أرسل الخادم { $node } { $count } عنصر رفضها هذا الخادم: { $reasons }
    }
audit-node-fault-reason = { $count } × { $words } ({ $reason })
audit-node-fault-foreign-kind = نوع لا يُنشئه أي خادم موقع
audit-node-fault-malformed-details = تفاصيل بشكل خاطئ
audit-node-fault-severity-too-high = خطورة أعلى مما يسمح به نوعه
audit-node-fault-foreign-gate = بوابة ليست من موقعه
audit-node-fault-foreign-pass = تصريح ليس من موقعه
audit-node-fault-outside-lease = وقت خارج تفويضاته
audit-node-fault-foreign-lease = تفويض لم يحمله قط
audit-sso-refused = رُفض تسجيل الدخول الموحّد: { $reason }
audit-sso-refused-detail = رُفض تسجيل الدخول الموحّد: { $reason } ({ $detail })
audit-mail-queued = أُدرج رابط التصريح في قائمة الإرسال
audit-mail-queued-to = أُدرج رابط التصريح الموجّه إلى { $to } في قائمة الإرسال
audit-mail-resent = أُعيد إرسال رابط التصريح
audit-mail-resent-to = أُعيد إرسال رابط التصريح إلى { $to }
audit-mail-sent = أُرسل البريد
audit-mail-sent-to = أُرسل البريد إلى { $to }
audit-mail-bounced = ارتدّ البريد
audit-mail-bounced-to = ارتدّ البريد المرسل إلى { $to }
audit-mail-bounced-error = ارتدّ البريد ({ $error })
audit-mail-bounced-to-error = ارتدّ البريد المرسل إلى { $to } ({ $error })
audit-mail-dead = أُوقفت محاولات إرسال البريد
audit-mail-dead-to = أُوقفت محاولات إرسال البريد إلى { $to }
audit-mail-dead-error = أُوقفت محاولات إرسال البريد ({ $error })
audit-mail-dead-to-error = أُوقفت محاولات إرسال البريد إلى { $to } ({ $error })
audit-mail-expired = لم يُرسَل البريد: انتهت صلاحية التصريح قبل ذلك
audit-mail-expired-to = لم يُرسَل البريد: انتهت صلاحية التصريح قبل ذلك ({ $to })
audit-sso-sessions-ended = أنهى موفّر الهوية الجلسات ({ $cause ->
        [access_ended] سُحبت صلاحية الوصول
       *[other] سُجّل الخروج لديه
    })
audit-scan-denied = رُفض المسح: { $reason } — { $words }
audit-scan-resent = أُعيد إرسال المسح
audit-scan-refused = لم يُقبَل المسح: { $error }
audit-answer = رد
audit-answer-denied = رُفض الرد: { $reason } — { $words }
audit-answer-refused = لم يُقبَل الرد: { $error }
audit-outcome-admitted = سُمح بالدخول
audit-outcome-already-admitted = سبق السماح بالدخول
audit-outcome-denied = رُفض الدخول
audit-challenge-unanswered = تحدٍّ دون رد (انتهت صلاحيته دون رد صالح)
audit-claim-conflict = claim_conflict — حاولت محفظة ثانية إضافة هذا التصريح
audit-auth-failure-count = × { $count }
audit-auth-failure-surface = على { $surface }
audit-detail = ({ $detail })
audit-claim-refused = رُفضت إضافة التصريح إلى المحفظة
audit-claim-refused-why = رُفضت إضافة التصريح إلى المحفظة ({ $reason })
audit-rate-limited = قُيّد المعدل
audit-rate-limited-frames = قُيّد المعدل: { $frames ->
        [zero] { $frames } إطار
        [one] إطار واحد
        [two] إطاران
        [few] { $frames } إطارات
        [many] { $frames } إطارًا
       *[other] { $frames } إطار
    }
audit-walk-in-requested = طُلبت زيارة دون موعد
audit-walk-in-approved = وافق المضيف على الزيارة دون موعد: سُمح بالدخول
audit-walk-in-denied = رفض المضيف الزيارة دون موعد
audit-walk-in-expired = انتهت مهلة الزيارة دون موعد: لم يردّ المضيف في الوقت المناسب
audit-pass-rebound = رُبط التصريح بمحفظة جديدة (تتوقف المحفظة القديمة عن العمل)
audit-pass-transferred = نُقل التصريح إلى حامل جديد
audit-gate-short = بوابة { $id }
audit-pass-short = تصريح { $id }
audit-node-unknown = غير معروف
audit-clock-date = { $day }/{ $month }/{ $year } { $time }

## The event filters' checks

audit-filter-gate-id = يجب أن تكون البوابة معرّفًا مثل 0190c3e1-…-…؛ اخترها من قائمة أو الصق معرّفها.
audit-filter-pass-id = يجب أن يكون التصريح معرّفًا مثل 0190c3e1-…-…؛ اختره من قائمة أو الصق معرّفه.
audit-filter-severity = يجب أن تكون درجة الخطورة «معلومات» أو «تحذير» أو «مرتفعة».
audit-filter-since-until = يجب أن تكون البداية قبل النهاية.

## Alarms

audit-alarms-filter-active = المفتوحة والمُقَرّ بها
audit-alarms-filter-open = المفتوحة
audit-alarms-filter-acknowledged = المُقَرّ بها
audit-alarms-filter-resolved = المعالَجة
audit-alarms-filter-all = الكل
audit-alarm-outcome-confirmed = مؤكَّد
audit-alarm-outcome-false-alarm = إنذار كاذب
audit-alarm-outcome-duplicate = مكرَّر
audit-alarm-outcome-no-action = لا إجراء
audit-alarm-state-open = مفتوح
audit-alarm-acknowledged-by = أقرّ به { $who }
audit-alarm-acknowledged-by-someone = أقرّ به أحدهم
audit-alarm-resolved-by = عالجه { $who } ({ $outcome ->
        [confirmed] مؤكَّد
        [false_alarm] إنذار كاذب
        [duplicate] مكرَّر
        [no_action] لا إجراء
       *[none] دون نتيجة
    })
audit-alarm-resolved-by-someone = عالجه أحدهم ({ $outcome ->
        [confirmed] مؤكَّد
        [false_alarm] إنذار كاذب
        [duplicate] مكرَّر
        [no_action] لا إجراء
       *[none] دون نتيجة
    })

## وحدة تحكم الأمان (/console): console-*
## العربية الفصحى؛ المعرّفات والمتغيرات نفسها تمامًا كما في parts/console/en.ftl.
## المصطلحات كما في البوابة والسجل: بوابة (gate)، تصريح (pass)، الإقرار بالإنذار، معالجة،
## تفقّد الحضور (roll call)، بأمان، الاقتران، زيارة دون موعد.

console-title = وحدة تحكم الأمان في Tessera
console-opening = جارٍ فتح وحدة التحكم…
console-try-again = حاول مرة أخرى
console-start-network = تعذّر الوصول إلى الخادم. تحقّق من الشبكة.
console-start-not-ready = الخادم غير جاهز (HTTP { $status }).
console-host-session = أنت مسجَّل الدخول بصفتك مضيفًا على هذا الجهاز: يستخدم المضيفون /host. سجّل الدخول هنا بمفتاح مسؤول أو مدقق.

## تسجيل الدخول بمفتاح

console-signin-intro = الإنذارات والبوابات والتصاريح وسجل التدقيق الخاص بمؤسستك.
console-signin-key = مفتاح API
console-signin-key-help = مفتاح مسؤول أو مدقق. يُرسَل مرة واحدة لفتح جلسة، ولا يُحفظ على هذا الجهاز.
console-signin-button = تسجيل الدخول
console-signin-key-missing = أدخل مفتاح API.
console-signin-host-key = هذا مفتاح مضيف: يستخدم المضيفون صفحة المضيف على /host. وحدة التحكم مخصصة لمفاتيح المسؤولين والمدققين.
console-signin-network = تعذّر الوصول إلى الخادم. تحقّق من الشبكة، ثم حاول مرة أخرى.
console-signin-not-accepted = لم يُقبل مفتاح API هذا. تحقّق منه وحاول مرة أخرى.
console-signin-forbidden = لا يمكن لهذا المفتاح فتح وحدة التحكم: لا يفتحها إلا مفتاح مسؤول أو مدقق (أو أن الصفحة ليست على عنوان الخادم نفسه).
console-signin-rate-limited = محاولات تسجيل دخول فاشلة كثيرة جدًا من هذا العنوان. انتظر دقيقة، ثم حاول مرة أخرى.
console-signin-refused = رفض الخادم تسجيل الدخول ({ $code }).
console-signed-out = تم تسجيل الخروج.
console-session-ended = انتهت جلستك. سجّل الدخول مرة أخرى.
console-session-expired = انتهت صلاحية جلستك (مناوبة واحدة). سجّل الدخول مرة أخرى.

## تعذّر طلب. $action إحدى رسائل console-action-* أدناه: مصدر مع ما يتعلق به
## («تسجيل الخروج»، «إصدار التصريح»)، يأتي بعد «تعذّر» و«صلاحية».

console-problem-network = تعذّر { $action }: الخادم غير متاح. تحقّق من الشبكة، ثم حاول مرة أخرى.
console-problem-forbidden = لا تملك هذه الجلسة صلاحية { $action } ({ $code }).
console-problem-not-found = تعذّر { $action }: غير موجود.
console-problem-rate-limited = طلبات كثيرة جدًا؛ انتظر دقيقة، ثم حاول مرة أخرى.
console-problem-status = تعذّر { $action }: HTTP { $status }.
console-problem-refused = تعذّر { $action }: { $reason }
console-invalid-field = حقل ناقص أو غير صالح ({ $field }).

console-action-sign-out = تسجيل الخروج
console-action-read-alarms = قراءة حالة الإنذارات
console-action-read-pass-events = قراءة أحداث التصريح
console-action-acknowledge = الإقرار بالإنذار
console-action-assign = إسناد الإنذار
console-action-resolve = معالجة الإنذار
console-action-read-events = قراءة سجل الأحداث
console-action-read-gate = قراءة بيانات البوابة
console-action-pair = إنشاء رابط اقتران
console-action-revoke-gate = إبطال البوابة
console-action-list-passes = عرض قائمة التصاريح
console-action-read-pass = قراءة بيانات التصريح
console-action-revoke-pass = إبطال التصريح
console-action-replay = إعادة إرسال الحدث
console-action-list-webhooks = عرض خطافات الويب
console-action-list-dead-letters = عرض الأحداث غير المُسلَّمة
console-action-resend = إعادة إرسال الرابط
console-action-list-messages = عرض الرسائل
console-action-read-watchlist = قراءة قائمة المراقبة
console-action-remove-entry = حذف القيد
console-action-add-watchlist = الإضافة إلى قائمة المراقبة
console-action-read-roll-calls = قراءة عمليات تفقّد الحضور
console-action-start-roll-call = بدء تفقّد الحضور
console-action-mark-safe = تسجيل { $name } بأمان
console-action-end-roll-call = إنهاء تفقّد الحضور
console-action-read-roll-call = قراءة تفقّد الحضور
console-action-save-sso = حفظ إعدادات تسجيل الدخول الموحّد
console-action-list-sessions = عرض الجلسات
console-action-end-session = إنهاء الجلسة
console-action-read-sso = قراءة إعدادات تسجيل الدخول الموحّد
console-action-issue-pass = إصدار التصريح
console-action-create-gate = إنشاء البوابة
console-action-read-nodes = قراءة خوادم المواقع
console-action-reclaim-lease = استعادة تفويض { $label }
console-action-revoke-node = إبطال { $label }
console-action-rotate-node = إنشاء رمز جديد لـ { $label }
console-action-resume-node = السماح لـ { $label } بأخذ التفويض من جديد

## الشريط والتبويبات

console-brand-sub = وحدة تحكم الأمان
console-sign-out = تسجيل الخروج
console-role =
    { $role ->
        [admin] مسؤول
        [security] أمن
        [auditor] مدقق
        [issuer] مُصدِر
        [host] مضيف
       *[other] { $role }
    }
console-feed-live = مباشر
console-feed-connecting = جارٍ الاتصال
console-feed-reconnecting = جارٍ إعادة الاتصال
console-views = طرق العرض
console-tab-alarms = الإنذارات
console-tab-events = الأحداث
console-tab-gates = البوابات
console-tab-nodes = خوادم المواقع
console-tab-passes = التصاريح
console-tab-webhooks = خطافات الويب
console-tab-messages = البريد
console-tab-watchlist = قائمة المراقبة
console-tab-rollcall = تفقّد الحضور
console-tab-admin = الإدارة
console-tab-signin = تسجيل الدخول

## عناصر مشتركة

console-loading = جارٍ التحميل…
console-load-more = تحميل المزيد
console-refresh = تحديث
console-show = عرض
console-cancel = إلغاء
console-copy = نسخ
console-copied = تم النسخ.
console-copy-selected = تم التحديد: اضغط Ctrl+C للنسخ.
console-timeline = التسلسل الزمني
console-timeline-loading = جارٍ تحميل التسلسل الزمني…
console-timeline-count =
    { $count ->
        [zero] لا أحداث، الأقدم أولًا؛ تظهر الأحداث الجديدة فور وقوعها.
        [one] حدث واحد، الأقدم أولًا؛ تظهر الأحداث الجديدة فور وقوعها.
        [two] حدثان، الأقدم أولًا؛ تظهر الأحداث الجديدة فور وقوعها.
        [few] { $count } أحداث، الأقدم أولًا؛ تظهر الأحداث الجديدة فور وقوعها.
        [many] { $count } حدثًا، الأقدم أولًا؛ تظهر الأحداث الجديدة فور وقوعها.
       *[other] { $count } حدث، الأقدم أولًا؛ تظهر الأحداث الجديدة فور وقوعها.
    }
console-timeline-of = التسلسل الزمني لـ { $pass }
console-tl-challenge-to = صدر التحدي إلى { $gate }
console-actor-title = { $name }: { $subject } لدى { $issuer }

## الإنذارات

console-alarms = الإنذارات
console-alarms-loading = جارٍ تحميل الإنذارات…
console-alarms-none-open = لا إنذارات مفتوحة. تظهر هنا خلال ثانية بيانات اعتماد البوابات المنسوخة (foreign_nonce)، والرموز المعاد استخدامها (code_replayed)، والتحديات المستنفدة، وتعارضات إضافة التصاريح، والتطابقات مع قائمة المراقبة.
console-alarms-none = لا إنذارات هنا.
console-back-alarms = → كل الإنذارات
console-alarm-no-pass = بلا تصريح
console-alarm-no-gate = بلا بوابة
console-alarm-at = عند { $gate }
console-alarm-from = من { $source }
console-alarm-from-node = من الخادم { $node }
console-alarm-at-from-node = عند { $gate }، من الخادم { $node }
console-alarm-node = الخادم { $node }
console-alarm-challenge-of = تحدٍّ صادر عن
console-alarm-first-used-at = استُخدم الرمز أولًا عند
console-alarm-about-foreign-nonce = إجابة عن تحدٍّ صادر عن بوابة أخرى: بيانات اعتماد بوابة منسوخة؟
console-alarm-about-code-replayed = رمز سبق أن أدخل شخصًا عند بوابة أخرى: نسخة؟
console-alarm-about-challenge-burned = تحدٍّ استُنفد بسبب إجابات خاطئة
console-alarm-about-claim-conflict = حاولت محفظة ثانية إضافة تصريح سبقت إضافته: رابط مسرَّب؟
console-alarm-about-watchlist-hit = شخص مدرج في قائمة المراقبة عند بوابة، أو تصريح صدر له أو أضيف باسمه (راجع قائمة المراقبة)
console-alarm-about-auth-failure = محاولات مصادقة فاشلة من مصدر واحد (لهذه المؤسسة: جلسة وحدة تحكم استُخدمت دون رمز CSRF الخاص بها أو من موقع آخر)
console-alarm-about-site-node-fault = أرسل خادم موقع ما رفضه هذا الخادم: رمز مسروق أم خادم معطوب؟ افحصه، وأبطِله في عرض «خوادم المواقع» عند الشك
console-alarm-gone = لم يعد هذا الإنذار في التدفق.
console-alarm-choose = اختر إنذارًا لترى ما اتُّخذ بشأنه والتسلسل الزمني للتصريح: كل مسح وكل تحدٍّ وكل إجابة.
console-alarm-heading = الإنذار { $id }
console-alarm-fact-alarm = الإنذار
console-alarm-fact-state = الحالة
console-alarm-fact-assigned-to = مُسنَد إلى
console-alarm-fact-when = متى
console-alarm-fact-where = أين
console-alarm-fact-shipped-by = أرسله الخادم
console-alarm-fact-node = الخادم
console-alarm-fact-refused = المرفوض
console-alarm-fact-pass = التصريح
console-alarm-fact-reason = السبب
console-alarm-acknowledge = إقرار
console-alarm-assign = إسناد
console-alarm-assign-to = إسناد إلى
console-alarm-resolve = معالجة
console-alarm-outcome = النتيجة
console-alarm-note = ملاحظة
console-alarm-already-acknowledged-by = سبق أن أقرّ { $name } بهذا الإنذار.
console-alarm-already-acknowledged = سبق الإقرار بهذا الإنذار.
console-alarm-already-resolved-by = سبق أن عالج { $name } هذا الإنذار.
console-alarm-already-resolved = سبقت معالجة هذا الإنذار.

## الأحداث: عوامل التصفية والتصدير

console-events = الأحداث
console-filters = عوامل التصفية
console-filter-kind = النوع
console-filter-severity = الخطورة
console-filter-gate = البوابة
console-filter-pass = التصريح
console-filter-since = منذ
console-filter-until = حتى
console-filter-any = الكل
console-filter-pass-placeholder = معرّف تصريح
console-filter-apply = تطبيق عوامل التصفية
console-filter-clear = مسح
console-gate-option-revoked = { $gate } (مُبطَلة)
console-export-csv = تصدير CSV
console-export-jsonl = تصدير JSONL
console-filtered-by = مصفّاة حسب { $filters }
console-all-events = كل الأحداث
console-events-summary =
    { $count ->
        [zero] لا أحداث، الأقدم أولًا. يستخدم التصدير عوامل التصفية هذه بالضبط.
        [one] حدث واحد، الأقدم أولًا. يستخدم التصدير عوامل التصفية هذه بالضبط.
        [two] حدثان، الأقدم أولًا. يستخدم التصدير عوامل التصفية هذه بالضبط.
        [few] { $count } أحداث، الأقدم أولًا. يستخدم التصدير عوامل التصفية هذه بالضبط.
        [many] { $count } حدثًا، الأقدم أولًا. يستخدم التصدير عوامل التصفية هذه بالضبط.
       *[other] { $count } حدث، الأقدم أولًا. يستخدم التصدير عوامل التصفية هذه بالضبط.
    }
console-events-summary-more =
    { $count ->
        [zero] لا أحداث حتى الآن (الأقدم أولًا؛ المزيد في الأسفل). يستخدم التصدير عوامل التصفية هذه بالضبط.
        [one] حدث واحد حتى الآن (الأقدم أولًا؛ المزيد في الأسفل). يستخدم التصدير عوامل التصفية هذه بالضبط.
        [two] حدثان حتى الآن (الأقدم أولًا؛ المزيد في الأسفل). يستخدم التصدير عوامل التصفية هذه بالضبط.
        [few] { $count } أحداث حتى الآن (الأقدم أولًا؛ المزيد في الأسفل). يستخدم التصدير عوامل التصفية هذه بالضبط.
        [many] { $count } حدثًا حتى الآن (الأقدم أولًا؛ المزيد في الأسفل). يستخدم التصدير عوامل التصفية هذه بالضبط.
       *[other] { $count } حدث حتى الآن (الأقدم أولًا؛ المزيد في الأسفل). يستخدم التصدير عوامل التصفية هذه بالضبط.
    }

## أعمدة الجداول

console-col-time = الوقت
console-col-severity = الخطورة
console-col-event = الحدث
console-col-gate = البوابة
console-col-pass = التصريح
console-col-state = الحالة
console-col-uses = مرات الاستخدام
console-col-site = الموقع
console-col-valid-until = صالح حتى
console-col-type = النوع
console-col-attempts = المحاولات
console-col-last-error = آخر خطأ
console-col-queued = أُدرج في الطابور
console-col-to = إلى
console-col-what = ماذا
console-col-person = الشخص
console-col-mode = الوضع
console-col-reason = السبب
console-col-added-by = أضافه
console-col-expires = ينتهي
console-col-started = البدء
console-col-who = مَن
console-col-safe = بأمان
console-col-name = الاسم
console-col-status = الحالة
console-col-last-seen = آخر ظهور
console-col-marked-by = سجّله
console-col-where = أين
console-col-when = متى
console-col-email = البريد الإلكتروني
console-col-role = الدور
console-col-since = منذ
console-col-ends = ينتهي

## البوابات

console-gates = البوابات
console-gate = البوابة
console-gates-loading = جارٍ تحميل البوابات…
console-gates-count =
    { $count ->
        [zero] لا بوابات؛ المتصلة منها: { $online }.
        [one] بوابة واحدة؛ المتصلة منها: { $online }.
        [two] بوابتان؛ المتصلة منها: { $online }.
        [few] { $count } بوابات؛ المتصلة منها: { $online }.
        [many] { $count } بوابةً؛ المتصلة منها: { $online }.
       *[other] { $count } بوابة؛ المتصلة منها: { $online }.
    }
console-create-gate = إنشاء بوابة
console-gate-online = متصلة
console-gate-offline = غير متصلة
console-gate-connected-now = متصلة الآن
console-gate-never-connected = لم تتصل قط
console-gate-last-seen = آخر ظهور { $ago } ({ $time })
console-gate-connected-now-sentence = متصلة الآن.
console-gate-never-connected-sentence = لم تتصل قط.
console-gate-last-seen-sentence = آخر ظهور { $ago } ({ $time }).
console-gate-revoked-at = أُبطلت { $time }
console-gate-revoked-sentence = أُبطلت { $time }.
console-gate-connected = متصلة الآن.
console-gate-connected-sockets =
    { $count ->
        [zero] متصلة الآن.
        [one] متصلة الآن (اتصال واحد).
        [two] متصلة الآن (اتصالان).
        [few] متصلة الآن ({ $count } اتصالات).
        [many] متصلة الآن ({ $count } اتصالًا).
       *[other] متصلة الآن ({ $count } اتصال).
    }
console-gate-not-connected = غير متصلة.
console-gate-stats-loading = جارٍ تحميل الساعة الأخيرة…
console-gate-recent-label = أحدث الأحداث عند هذه البوابة
console-gate-recent = أحدث الأحداث
console-gate-all-events = كل أحداث هذه البوابة
console-gate-window =
    { $minutes ->
        [zero] الدقيقة الأخيرة
        [one] الدقيقة الأخيرة
        [two] الدقيقتان الأخيرتان
        [few] آخر { $minutes } دقائق
        [many] آخر { $minutes } دقيقة
       *[other] آخر { $minutes } دقيقة
    }
console-tile-scans = عمليات المسح
console-tile-per-minute = في الدقيقة الآن
console-tile-admissions = مرات الدخول
console-tile-denials = مرات الرفض
console-tile-errors = الأخطاء
console-chart-title = عمليات المسح في الدقيقة
console-chart-label = عمليات المسح في الدقيقة خلال آخر { $minutes } دقيقة: { $total } إجمالًا، وبحد أقصى { $max } في دقيقة واحدة
console-chart-start = قبل { $minutes } دقيقة
console-chart-now = الآن
console-denials-title = مرات الرفض حسب السبب
console-denials-none = لا حالات رفض.
console-gate-manage = إدارة هذه البوابة
console-gate-revoke = إبطال البوابة
console-gate-revoke-confirm = نعم، أبطِل هذه البوابة
console-back-gates = → البوابات
console-pair-make = إنشاء رابط اقتران
console-pair-qr = رمز QR لرابط الاقتران
console-pair-title = افتح هذا على جهاز البوابة اللوحي
console-pair-help = امسح الرمز بكاميرا الجهاز اللوحي (أو أرسل إليه الرابط). يعمل مرة واحدة، حتى { $until }. ينقل الاقتران البوابة إلى ذلك الجهاز ويفصل أي جهاز آخر.
console-pair-link = رابط الاقتران

## التصاريح

console-passes = التصاريح
console-passes-loading = جارٍ تحميل التصاريح…
console-passes-count =
    { $count ->
        [zero] لا تصاريح، الأحدث أولًا.
        [one] تصريح واحد، الأحدث أولًا.
        [two] تصريحان، الأحدث أولًا.
        [few] { $count } تصاريح، الأحدث أولًا.
        [many] { $count } تصريحًا، الأحدث أولًا.
       *[other] { $count } تصريح، الأحدث أولًا.
    }
console-issue-pass = إصدار تصريح
console-open-pass-label = فتح تصريح بمعرّفه
console-open = فتح
console-open-pass-invalid = يبدو معرّف التصريح هكذا: 0190c3e1-7b2a-7c3d-8e4f-0123456789ab.
console-pass-state =
    { $state ->
        [issued] صادر
        [claimed] مُضاف إلى محفظة
        [used] مُستنفَد
        [revoked] مُبطَل
        [expired] منتهي الصلاحية
       *[other] { $state }
    }
console-pass-uses = مرات الاستخدام
console-pass-uses-of = { $uses } من { $max }
console-pass-site = الموقع
console-pass-any-gate = أي بوابة
console-pass-valid = الصلاحية
console-pass-issued = تاريخ الإصدار
console-pass-in-wallet = في محفظة
console-pass-since = منذ { $time }
console-pass-not-yet = ليس بعد
console-pass-id = المعرّف
console-admissions-heading = مرات الدخول ({ $count })
console-admission-at = عند
console-admissions-none = لم يدخل بعد.
console-pass-revoke = إبطال التصريح
console-pass-revoke-confirm = نعم، أبطِل هذا التصريح
console-back-passes = → التصاريح
console-pass-attempts = كل المحاولات
console-pass-in-event-log = في سجل الأحداث (التصفية، التصدير)

## خطافات الويب

console-webhooks = خطافات الويب
console-webhooks-loading = جارٍ تحميل خطافات الويب…
console-webhooks-count =
    { $count ->
        [zero] لا خطافات ويب؛ المعطّلة منها: { $disabled }.
        [one] خطاف ويب واحد؛ المعطّلة منها: { $disabled }.
        [two] خطافا ويب؛ المعطّلة منها: { $disabled }.
        [few] { $count } خطافات ويب؛ المعطّلة منها: { $disabled }.
        [many] { $count } خطافَ ويب؛ المعطّلة منها: { $disabled }.
       *[other] { $count } خطافِ ويب؛ المعطّلة منها: { $disabled }.
    }
console-webhook-disabled = معطّل { $time }
console-webhook-disabled-because = معطّل { $time }: { $reason }
console-webhook-enabled = مفعّل
console-dead-letters = أحداث لم تُسلَّم
console-dead-letters-loading = جارٍ تحميل الأحداث التي لم تُسلَّم…
console-dead-letters-help = أحداث استنفدت محاولات الإرسال أو عُطّل خطافها (أجاب مستلم بالرمز 410). تعيد «إعادة الإرسال» حدثًا إلى الطابور، مستحقًا الآن، مع ثلاثة أيام جديدة من المحاولات.
console-dead-letters-count =
    { $count ->
        [zero] لا أحداث لم تُسلَّم
        [one] حدث واحد لم يُسلَّم، الأحدث أولًا.
        [two] حدثان لم يُسلَّما، الأحدث أولًا.
        [few] { $count } أحداث لم تُسلَّم، الأحدث أولًا.
        [many] { $count } حدثًا لم يُسلَّم، الأحدث أولًا.
       *[other] { $count } حدث لم يُسلَّم، الأحدث أولًا.
    }
console-dead-letters-none = لا أحداث لم تُسلَّم: سُلِّم كل حدث أو ما زالت محاولات إرساله جارية.
console-replay = إعادة الإرسال
console-replay-label = إعادة إرسال { $event }
console-replayed = أُعيد إلى الطابور.
console-replayed-disabled = أُعيد إلى الطابور؛ خطافه معطّل، لذا سيعود إلى هنا.

## البريد

console-messages-title = البريد
console-messages = الرسائل
console-messages-help = روابط الاستلام المرسلة بالبريد إلى الزوار، والزيارات دون موعد المرسلة إلى المضيفين بالبريد والإشعارات. العنوان المرتد رفضه الطرف المستقبِل؛ والرسالة المتخلى عنها استنفدت محاولاتها؛ والرسالة المتأخرة لم تُرسل لأن تصريحها أو زيارتها كان قد انتهى.
console-messages-loading = جارٍ تحميل الرسائل…
console-messages-filter-attention = تحتاج إلى متابعة (مرتدة، متخلى عنها، متأخرة)
console-messages-filter-pending = بانتظار الإرسال
console-messages-filter-sent = مُرسلة
console-messages-filter-all = الكل
console-messages-count =
    { $count ->
        [zero] لا رسائل، الأحدث أولًا.
        [one] رسالة واحدة، الأحدث أولًا.
        [two] رسالتان، الأحدث أولًا.
        [few] { $count } رسائل، الأحدث أولًا.
        [many] { $count } رسالةً، الأحدث أولًا.
       *[other] { $count } رسالة، الأحدث أولًا.
    }
console-messages-none-attention = لا شيء يحتاج إلى متابعة: أُرسلت كل رسالة أو ما زالت محاولات إرسالها جارية.
console-messages-none = لا رسائل.
console-message-kind-invitation = رابط الاستلام
console-message-kind-approval-mail = زيارة دون موعد (بريد)
console-message-kind-approval-push = زيارة دون موعد (إشعار)
console-message-state =
    { $state ->
        [pending] قيد الانتظار
        [sent] مُرسلة
        [bounced] مرتدة
        [dead] متخلى عنها
        [expired] متأخرة
       *[other] { $state }
    }
console-message-send-again = إعادة الإرسال
console-message-send-again-label = إعادة إرسال رابط الاستلام إلى { $to }
console-message-new-address = عنوان جديد بدلًا من { $to }
console-message-send = إرسال
console-message-sent-again = أُعيد الإرسال إلى { $to }؛ لم يعد الرابط السابق يعمل.

## قائمة المراقبة

console-watchlist = قائمة المراقبة
console-watch-loading = جارٍ تحميل قائمة المراقبة…
console-watch-help = أشخاص يجب التنبيه إليهم أو منعهم من الدخول. يتطابق عنوان البريد الإلكتروني أو المرجع الخارجي تطابقًا تامًا؛ أما الاسم وحده فتطابق محتمل فقط ولا يؤدي إلى رفض أحد. لا تعرض البوابات سوى «يُرجى الانتظار: الموظفون في الطريق»؛ ولا يُبلَّغ الزوار ولا المُصدِرون بالسبب أبدًا.
console-watch-form = الإضافة إلى قائمة المراقبة
console-watch-add = إضافة إلى القائمة
console-watch-name = الاسم
console-watch-email = البريد الإلكتروني
console-watch-email-help = تطابق تام، بصرف النظر عن حالة الأحرف، مع وسم +tag أو دونه.
console-watch-reference = مرجع خارجي
console-watch-expires = ينتهي في
console-watch-expires-help = فارغ: لا ينتهي.
console-watch-reason = السبب
console-watch-mode = الوضع
console-watch-mode-flag-help = تنبيه: السماح بالدخول وإطلاق إنذار
console-watch-mode-block-help = حظر: رفض تصاريحه واستبقاؤه عند البوابات
console-watch-mode-flag = تنبيه
console-watch-mode-block = حظر
console-watch-count =
    { $count ->
        [zero] لا قيود.
        [one] قيد واحد.
        [two] قيدان.
        [few] { $count } قيود.
        [many] { $count } قيدًا.
       *[other] { $count } قيد.
    }
console-watch-none = لا أحد في قائمة المراقبة.
console-watch-remove = إزالة
console-watch-remove-label = إزالة { $who } من قائمة المراقبة
console-watch-added = { $who }، { $time }
console-watch-never = أبدًا
console-watch-expired = { $date } (منتهٍ)
console-watch-who-missing = أدخل اسمًا أو بريدًا إلكترونيًا أو مرجعًا خارجيًا.
console-watch-reason-missing = اذكر سبب إدراجه في قائمة المراقبة.

## تفقّد الحضور

console-rollcall = تفقّد الحضور
console-rc-loading = جارٍ تحميل عمليات تفقّد الحضور…
console-rc-help = عند إخلاء المبنى: يمسح المشرفون عند نقاط التجمع تصاريح الزوار ببوابة مقترنة («تفقّد الحضور» على البوابة)، أو يسجّلون الأسماء يدويًا. يُعرض أولًا كل من لم يُعثر عليه بعد.
console-rc-start-form = بدء تفقّد الحضور
console-rc-start = بدء تفقّد الحضور
console-rc-who = مَن
console-rc-who-help = القائمة هي كل من في الداخل الآن: في المناطق، ومن دخلوا اليوم عبر بوابات لا منطقة لها.
console-rc-scope-everyone = الجميع، كل المواقع
console-rc-scope-all = كل المواقع
console-rc-scope-site = الموقع { $site }
console-rc-scope-zone = المنطقة { $zone }
console-rc-count =
    { $count ->
        [zero] لا عمليات تفقّد.
        [one] عملية تفقّد واحدة.
        [two] عمليتا تفقّد.
        [few] { $count } عمليات تفقّد.
        [many] { $count } عمليةَ تفقّد.
       *[other] { $count } عمليةِ تفقّد.
    }
console-rc-none = لا عمليات تفقّد بعد.
console-rc-table = عمليات تفقّد الحضور
console-rc-started-by = { $time } بواسطة { $who }
console-rc-safe-of = { $safe } من { $inside }
console-rc-in-progress = جارٍ
console-rc-ended = انتهى
console-rc-filter-all = الجميع
console-rc-title = تفقّد الحضور: { $scope }
console-rc-meta-active = بدأ { $time } بواسطة { $who } · جارٍ
console-rc-meta-ended = بدأ { $time } بواسطة { $who } · انتهى { $endTime } بواسطة { $endWho }
console-rc-inside = في الداخل
console-rc-safe = بأمان
console-rc-unaccounted = مفقودون
console-rc-printed = طُبع في { $time } · المفقودون: { $unaccounted } من أصل { $inside }
console-rc-download-csv = تنزيل CSV
console-rc-export-failed = تعذّر تصدير القائمة ({ $status }).
console-rc-export-network = تعذّر الوصول إلى الخادم لتصدير القائمة.
console-rc-print = طباعة
console-rc-end = إنهاء تفقّد الحضور
console-rc-end-confirm = نعم، أنهِه وأرشِف التقرير
console-rc-mark-safe = تسجيل بأمان
console-rc-mark-safe-label = تسجيل بأمان: { $name }
console-rc-walk-in = (زيارة دون موعد)
console-rc-marked-by-hand = { $who } (يدويًا)
console-rc-marked-by-scan = { $who } (بالمسح)
console-rc-nobody-here = لا أحد في هذا العرض.
console-rc-nobody-inside = لم يكن أحد مسجَّلًا في الداخل عند بدء تفقّد الحضور.
console-rc-not-found = لا توجد عملية تفقّد بهذا المعرّف.
console-back-rollcalls = → كل عمليات تفقّد الحضور
console-rc-people = الأشخاص في تفقّد الحضور

## خوادم المواقع (issue 35): خادم المقر الخاص الذي يسمح بدخول تصاريح موقعه بتفويض من هذا
## الخادم حتى إذا انقطع اتصال المقر.

console-nodes = خوادم المواقع
console-nodes-help = يسمح خادم الموقع بدخول تصاريح موقعه ما دام يحمل تفويض الموقع، حتى إذا انقطع اتصال المقر بهذا الخادم. تُقرأ القائمة من جديد كل 5 ثوانٍ.
console-nodes-loading = جارٍ تحميل خوادم المواقع…
console-nodes-updated = آخر تحديث: { $time }.
console-nodes-count =
    { $count ->
        [zero] لا خوادم؛ بتفويض: { $holding }، متأخرة: { $overdue }.
        [one] خادم واحد؛ بتفويض: { $holding }، متأخرة: { $overdue }.
        [two] خادمان؛ بتفويض: { $holding }، متأخرة: { $overdue }.
        [few] { $count } خوادم؛ بتفويض: { $holding }، متأخرة: { $overdue }.
        [many] { $count } خادمًا؛ بتفويض: { $holding }، متأخرة: { $overdue }.
       *[other] { $count } خادم؛ بتفويض: { $holding }، متأخرة: { $overdue }.
    }
console-nodes-none = لا توجد خوادم مواقع.
console-nodes-none-help = يمكن للمقر الذي قد ينقطع اتصاله بهذا الخادم أثناء ذروة الدخول أن يشغّل خادمًا: راجع docs/operations.md، قسم «On-site node».
console-col-node = الخادم
console-col-lease-ends = نهاية التفويض
console-col-sync-lag = تأخر الإرسال
console-col-shipped-through = أُرسل حتى
console-node-state-holding = يحمل التفويض
console-node-state-starting = قيد البدء
console-node-state-overdue = متأخر
console-node-state-idle = خامل
console-node-state-reclaimed = مُستعاد
console-node-state-revoked = مُبطَل
console-node-state-holding-help = يحمل تفويض الموقع: هو وحده يسمح بدخول تصاريح الموقع، وهذا الخادم يرفضها.
console-node-state-starting-help = مُنح تفويضه لكنه لم يسرِ بعد: يبدأ بعد أن تنتهي كل التحديات السابقة.
console-node-state-overdue-help = انتهى تفويضه دون تجديد: الاتصال أو خادم الموقع متوقف. يظل هذا الخادم يرفض تصاريح الموقع حتى يُعاد التفويض أو يُستعاد.
console-node-state-idle-help = لا يحمل تفويضًا: هذا الخادم يسمح بدخول تصاريح الموقع.
console-node-state-reclaimed-help = استعاد مشرف تفويضه: لا يمكنه أخذ تفويض الموقع من جديد حتى يسمح له مشرف («السماح بالتفويض من جديد»). هذا الخادم يسمح بدخول تصاريح الموقع.
console-node-state-revoked-help = أُبطل نهائيًا: لم يعد رمزه يعمل ولا يأخذ أي تفويض. هذا الخادم يسمح بدخول تصاريح الموقع.
console-node-states = معنى الحالات
console-node-when = { $time } ({ $relative })
console-node-no-lease = لا تفويض
console-node-never = أبدًا
console-node-nothing-shipped = لا شيء بعد
console-node-revoked-at = أُبطل { $when }
console-node-revoked-no-lease = مُبطَل
console-node-blocked-at = استُعيد { $when }: ينتظر مشرفًا
console-node-blocked = استُعيد: ينتظر مشرفًا
console-node-lag = { $seconds } ث
console-node-reclaim = استعادة التفويض
console-node-reclaim-label = استعادة التفويض: { $label }
console-node-reclaim-confirm = نعم، استعِد التفويض
console-node-reclaim-confirm-label = نعم، استعِد التفويض: { $label }
console-node-reclaim-help = لا تستعِد تفويض خادم موقع إلا إذا فُقد نهائيًا: عندها يعود هذا الخادم إلى السماح بدخول الموقع، وقد يُسمح مرة ثانية بدخول تصريح سمح به خادم الموقع ولم يُبلغ عنه. تُسجَّل كل استعادة في سجل التدقيق بخطورة مرتفعة.
console-node-reclaimed = استُعيد تفويض { $label }: يسمح هذا الخادم بدخول تصاريح الموقع من جديد.
console-node-revoke-help = أبطِل خادم الموقع الذي خرج من الخدمة أو ربما سُرق رمزه: يتوقف رمزه عن العمل فورًا وينتهي تفويضه، نهائيًا. «رمز جديد» يستبدل رمز الخادم: يتوقف القديم عن العمل فورًا. بعد الاستعادة، لا يأخذ الخادم تفويض الموقع من جديد إلا بعد أن يضغط مشرف «السماح بالتفويض من جديد». يُسجَّل كل ذلك في سجل التدقيق.
console-node-revoke = إبطال
console-node-revoke-label = إبطال الخادم: { $label }
console-node-revoke-confirm = نعم، أبطِل الخادم
console-node-revoke-confirm-label = نعم، أبطِل الخادم: { $label }
console-node-revoked = أُبطل { $label }: لم يعد رمزه يعمل وانتهى تفويضه.
console-node-rotate = رمز جديد
console-node-rotate-label = رمز جديد: { $label }
console-node-rotate-confirm = نعم، أنشئ رمزًا جديدًا
console-node-rotate-confirm-label = نعم، أنشئ رمزًا جديدًا: { $label }
console-node-rotated = أُنشئ رمز جديد لـ { $label }: توقف الرمز القديم عن العمل.
console-node-token-title = رمز جديد لـ { $label }
console-node-token-help = توقف الرمز القديم عن العمل فورًا: يُرفض الخادم حتى يحتوي ملف رمزه على هذا الرمز ويُعاد تشغيله. انسخه الآن: لن يُعرض إلا هذه المرة.
console-node-token = رمز الخادم
console-node-token-hide = إخفاء الرمز
console-node-resume = السماح بالتفويض من جديد
console-node-resume-label = السماح بالتفويض من جديد: { $label }
console-node-resumed = يمكن لـ { $label } أن يأخذ تفويض الموقع من جديد.

## تسجيل الدخول: الدخول الموحّد والجلسات النشطة

console-signin-view = تسجيل الدخول
console-sso = تسجيل الدخول الموحّد
console-sso-help = دع الموظفين يسجّلون الدخول عبر موفّر الهوية الخاص بمؤسستك (OpenID Connect). راجع docs/sign-in.md لإعداد Keycloak وEntra ID وGoogle.
console-sso-form = إعدادات تسجيل الدخول الموحّد
console-sso-issuer = عنوان URL للجهة المُصدِرة
console-sso-issuer-help = تمامًا كما يسمّي موفّر الهوية نفسه (يُجلب مستند الاكتشاف الخاص به عند الحفظ).
console-sso-client-id = معرّف العميل
console-sso-client-secret = سر العميل
console-sso-secret-help = مطلوب في المرة الأولى؛ يُخزَّن مختومًا ولا يُعرض مرة أخرى أبدًا.
console-sso-secret-stored = هناك سر مخزَّن. اترك هذا الحقل فارغًا للإبقاء عليه.
console-sso-domains = نطاقات البريد المسموح بها
console-sso-domains-help = مفصولة بفواصل، بتطابق تام. فارغ: كل من يضمنه موفّر الهوية.
console-sso-role-claim = مطالبة الدور
console-sso-role-claim-help = مطالبة رمز المعرّف (ID token) التي تمنح قيمُها الأدوار: groups أو roles أو مسار مثل realm_access.roles.
console-sso-role-map = قيم المطالبة التي تمنح كل دور (مفصولة بفواصل؛ الأقوى تطابقًا يفوز، ومن لا يطابق شيئًا يُرفض)
console-sso-role-admins = المسؤولون
console-sso-role-security = الأمن
console-sso-role-auditors = المدققون
console-sso-role-issuers = المُصدِرون
console-sso-role-hosts = المضيفون
console-sso-key-sign-in = يمكن للموظفين أيضًا تسجيل الدخول إلى هذه الصفحات بمفتاح API
console-sso-save = حفظ
console-sso-issuer-missing = أدخل عنوان URL للجهة المُصدِرة ومعرّف العميل.
console-sso-role-map-missing = اربط قيمة مطالبة واحدة على الأقل بدور، وإلا فلن يتمكن أحد من تسجيل الدخول.
console-sso-saved = تم الحفظ. سجّل العناوين أدناه لدى موفّر الهوية.
console-sso-redirect-uri = عنوان URI لإعادة التوجيه
console-sso-logout-uri = عنوان URI لتسجيل الخروج عبر القناة الخلفية
console-sso-post-logout-uri = عنوان URI لإعادة التوجيه بعد تسجيل الخروج
console-sso-sign-in-link = رابط تسجيل الدخول للموظفين
console-sessions = الجلسات النشطة
console-sessions-loading = جارٍ تحميل الجلسات…
console-sessions-count =
    { $count ->
        [zero] لا جلسات نشطة.
        [one] جلسة نشطة واحدة.
        [two] جلستان نشطتان.
        [few] { $count } جلسات نشطة.
        [many] { $count } جلسةً نشطة.
       *[other] { $count } جلسةٍ نشطة.
    }
console-session-end = إنهاء
console-session-end-label = إنهاء جلسة { $who }
console-session-api-key = مفتاح API

## الإدارة: إصدار التصاريح وإنشاء البوابات

console-manage = الإدارة
console-issue-label = الزائر (اسم التصريح)
console-issue-site = الموقع
console-issue-site-help = اختياري: لا تقبل التصريحَ إلا بوابات هذا الموقع.
console-issue-from = صالح من
console-issue-from-help = فارغ: من الآن.
console-issue-until = صالح حتى
console-issue-uses = مرات الاستخدام
console-issue-submit = إصدار التصريح
console-issue-label-missing = أدخل اسم صاحب التصريح.
console-issue-until-missing = أدخل تاريخ انتهاء صلاحية التصريح.
console-issue-uses-invalid = يجب أن يكون عدد مرات الاستخدام عددًا صحيحًا من 1 إلى 100000.
console-issued-for = صدر تصريح لـ { $label }
console-issued-help = أرسل إلى الزائر رابط الاستلام هذا (أو دعه يمسح الرمز). يضيف التصريح إلى محفظة واحدة فقط.
console-claim-qr = رمز QR لرابط الاستلام
console-claim-link = رابط الاستلام
console-open-pass = فتح التصريح
console-gate-label = اسم البوابة
console-gate-label-help = ما يقرؤه الحراس والمدققون، مثل «المدخل الشمالي».
console-gate-site = الموقع
console-gate-site-help = اختياري: تقبل البوابة تصاريح هذا الموقع (والتصاريح التي لا موقع لها).
console-create-gate-submit = إنشاء البوابة
console-gate-label-missing = أدخل اسمًا للبوابة.
console-gate-created = أُنشئت البوابة «{ $label }»
console-gate-created-help = اقرن بها جهازًا لوحيًا: أنشئ رابط اقتران وافتحه على الجهاز اللوحي.
console-open-gate = فتح البوابة
console-device-token-summary = رمز الجهاز لبوابة أصلية (يُعرض مرة واحدة)
console-device-token = رمز الجهاز

## البوابة في المتصفح (web/src/gate/): جهاز الحارس اللوحي عند المدخل.
## العربية الفصحى؛ المعرّفات والمتغيرات نفسها كما في parts/gate/en.ftl. كلمات القرار
## (gate-word-*) تُقرأ من مسافة مترين: قصيرة.

gate-title = بوابة Tessera
gate-loading = جارٍ فتح البوابة…

## الربط والشاشات قبل فتح البوابة

gate-pairing-title = جارٍ ربط هذا الجهاز…
gate-pairing-text = يصبح هذا الجهاز بوابة. لا حاجة إلى كتابة أي شيء.
gate-pairing-network = تعذّر الوصول إلى الخادم لربط هذا الجهاز. تحقّق من الشبكة، ثم حاول مرة أخرى.
gate-pairing-rate-limited = محاولات ربط كثيرة جدًا من هذا الجهاز. انتظر دقيقة، ثم افتح الرابط مرة أخرى.
gate-pairing-invalid = رابط الربط هذا استُخدم من قبل أو انتهت صلاحيته. اطلب رابطًا جديدًا.
gate-pairing-refused = رفض الخادم الربط ({ $code }). اطلب رابطًا جديدًا.
gate-pairing-refused-title = رُفض الربط
gate-try-again = إعادة المحاولة
gate-continue-as = المتابعة باسم { $gate }
gate-continue-as-this = المتابعة بهذه البوابة
gate-unreachable = تعذّر الوصول إلى الخادم. تحقّق من الشبكة.
gate-unavailable-title = البوابة غير متاحة
gate-start-failed = تعذّر تشغيل البوابة: { $error }
gate-not-paired-title = غير مربوط
gate-not-paired-text = هذا الجهاز ليس بوابة (أو لم يعد كذلك). لجعله بوابة، اطلب من مسؤول الموقع رابط ربط وافتحه على هذا الجهاز.
gate-not-paired-hint = يعمل رابط الربط مرة واحدة ولمدة 10 دقائق. لا حاجة إلى كتابة أي شيء.
gate-not-paired-revoked = لم يعد هذا الجهاز مربوطًا كبوابة (أُلغي ربطه، أو رُبط جهاز آخر مكانه).

## شريط الحالة

gate-label-fallback = بوابة
gate-status-connecting = جارٍ الاتصال
gate-status-online = متصل
gate-status-offline = غير متصل
gate-counters-label = عدّادات وردية اليوم
gate-counters-title = اليوم
gate-count-admitted = { $count ->
   *[other] دخول
}
gate-count-admitted-title = مَن سُمح لهم بالدخول اليوم
gate-count-already = { $count ->
   *[other] عودة
}
gate-count-already-title = مَن عادوا اليوم (دخلوا سابقًا)
gate-count-denied = { $count ->
   *[other] رفض
}
gate-count-denied-title = مَن رُفضوا اليوم
gate-muster-toggle = تفقّد الحضور
gate-muster-toggle-back = العودة إلى الدخول
gate-offline-connecting = غير متصل — جارٍ الاتصال بالخادم…
gate-offline-reconnecting = غير متصل — لا تسمح بدخول أحد. إعادة الاتصال خلال { $seconds } ث…

## جهة الماسح

gate-scanner-panel-label = الماسح
gate-camera-label = صورة الكاميرا
gate-camera-on = الكاميرا تعمل: ضع رمزًا أمامها.
gate-camera-refused = رُفض الوصول إلى الكاميرا. اسمح باستخدام الكاميرا لهذا الموقع، أو استخدم ماسحًا يدويًا.
gate-camera-none = تعذّر تشغيل أي كاميرا. استخدم ماسحًا يدويًا.
gate-camera-on-back = الكاميرا الخلفية تعمل: ضع رمزًا أمامها.
gate-camera-back = الكاميرا الخلفية
gate-scanner-label = إدخال الماسح اليدوي

## المنصة: جاهز، تحقق، رمز التحقق لمحفظة الزائر

gate-ready-title = جاهز للمسح
gate-ready-text = ضع رمز التصريح أمام الكاميرا.
gate-muster-ready-title = تفقّد الحضور: امسح لتسجيل السلامة
gate-muster-ready-text = ضع رمز التصريح أمام الكاميرا. لا يُسمح بدخول أحد ما دام تفقّد الحضور معروضًا على هذه الشاشة.
gate-checking-code = جارٍ التحقق من الرمز…
gate-checking-answer = جارٍ التحقق من الإجابة…
gate-code-on-way = الرمز في طريقه إلى الخادم.
gate-answer-on-way = { $visitor }: إجابة الهاتف في طريقها إلى الخادم.
gate-answer-on-way-anonymous = إجابة الهاتف في طريقها إلى الخادم.
gate-offline-kept = سيُحفَظ ذلك ويُرسَل عند عودة الاتصال: لا تسمح بالدخول بعد.
gate-challenge-title = وجّه هاتفك نحو هذه الشاشة
gate-challenge-qr-label = رمز تحقق البوابة لمحفظة الزائر
gate-challenge-then = تجيب محفظتك من تلقاء نفسها. إن لم تفعل: اضغط «مسح رمز البوابة» في المحفظة ووجّهها إلى هذه الشاشة، ثم اعرض إجابتها أمام الكاميرا.
gate-countdown = أجب خلال { $seconds } ث
gate-countdown-over = انتهى الوقت
gate-party-challenge-title = مجموعة من { $count }: وجّه هاتفك نحو هذه الشاشة
gate-party-challenge-qr-label = رمز تحقق البوابة لمجموعة من { $count }، لمحفظة الزائر
gate-codes-on-way = رموز المجموعة في طريقها إلى الخادم.
gate-answers-on-way = إجابات المجموعة في طريقها إلى الخادم.
gate-more-waiting = { $count ->
        [zero] لا أحد آخر بانتظار الإجابة
        [one] زائر آخر بانتظار الإجابة
        [two] زائران آخران بانتظار الإجابة
        [few] { $count } زوار آخرين بانتظار الإجابة
        [many] { $count } زائرًا آخر بانتظار الإجابة
       *[other] { $count } زائر آخر بانتظار الإجابة
    }

## رسائل قصيرة تحت المنصة

gate-no-storage = لا يسمح هذا المتصفح للبوابة بحفظ سجلها: إعادة التحميل تُفقد عمليات المسح الجارية.
gate-journal-foreign = السجل يخص بوابة أخرى؛ أعد تحميل الصفحة.
gate-journal-failed = تعذّر على البوابة حفظ سجلها ({ $error }). أعد تحميل الصفحة.
gate-clock-skew = تختلف ساعة هذا الجهاز عن ساعة الخادم بمقدار { $seconds } ث.
gate-duplicate = الرمز نفسه مرة أخرى: بانتظار إجابة الهاتف.
gate-scan-queued = غير متصل: المسح ينتظر ويُرسَل عند عودة الاتصال.
gate-answer-queued = غير متصل: الإجابة تنتظر وتُرسَل عند عودة الاتصال.
gate-ignored = تم التجاهل: { $why }.
gate-rejected-too-long = السطر طويل جدًا
gate-rejected-challenge = هذا رمز تحقق البوابة؛ يجب أن تجيب عنه محفظة الزائر
gate-rejected-not-tessera = ليس رمز Tessera (المتوقع {"\u2066"}TSR1:…{"\u2069"} أو {"\u2066"}TSR1P:…{"\u2069"} أو {"\u2066"}TSR1R:…{"\u2069"} أو {"\u2066"}TSR1S:…{"\u2069"})
gate-rejected-unreadable = إجابة محفظة غير مقروءة ({"\u2066"}TSR1R:…{"\u2069"})؛ امسحها مرة أخرى
gate-rejected-no-challenge = لا يوجد تحقق مفتوح لهذا التصريح؛ امسح رمز الزائر أولًا
gate-rejected-party-unreadable = رمز مجموعة أو إجابة مجموعة غير مقروءة ({"\u2066"}TSR1P:…{"\u2069"} أو {"\u2066"}TSR1S:…{"\u2069"})؛ امسحه مرة أخرى
gate-server-busy = الخادم مشغول ({ $code })؛ ستُعاد المحاولة.
gate-server-refused = رفض الخادم هذا ({ $code }).
gate-server-refused-reason = رفض الخادم هذا ({ $code }): { $reason }
gate-unanswered = لم تصل إجابة من { $visitor } في الوقت المحدد: أُغلق المسح. امسح الرمز مرة أخرى.
gate-unanswered-phone = لم تصل إجابة من الهاتف في الوقت المحدد: أُغلق المسح. امسح الرمز مرة أخرى.
gate-abandoned = أُسقط مسحٌ أُجري دون اتصال (أصبح رمزه قديمًا جدًا). امسح مرة أخرى.

## القرارات: ملء الشاشة، تُقرأ من مسافة مترين

gate-word-admitted = مسموح بالدخول
gate-word-already-admitted = دخل سابقًا
gate-word-denied = مرفوض
gate-word-please-wait = يُرجى الانتظار
gate-word-approved = تمت الموافقة
gate-word-no-answer = لا رد
gate-word-safe = بأمان
gate-word-already-safe = مسجَّل بأمان سابقًا
gate-word-not-marked = لم يُسجَّل
gate-word-not-checked = لم يُفحص

## شريط آخر القرارات، وقرار المجموعة

gate-strip-heading = آخر القرارات
gate-strip-unnamed = زائر
gate-strip-why = { $reason } ({ $code })
gate-party-person = الشخص { $n } من { $count }
gate-party-unanswered = لا رد — لم يُجب الهاتف عن هذا التصريح في الوقت المحدد
gate-party-not-checked = لم يُفحص — لم يُفحص هذا التصريح؛ امسحه مرة أخرى
gate-party-all = يمكن للجميع ({ $count }) الدخول
gate-party-all-already = دخل الجميع ({ $count }) من قبل
gate-party-none = لا يمكن لأحد من هذه المجموعة ({ $count }) الدخول
gate-party-some = اسمح بدخول { $admitted } من { $count }
gate-party-some-detail = أوقف الآخرين: كل سطر يذكر السبب.
gate-verdict-denied = مرفوض — { $reason } ({ $code })
gate-verdict-not-marked = لم يُسجَّل — { $reason } ({ $code })
gate-verdict-hint = اضغط للمتابعة
gate-replayed = أُكِّد مجددًا بعد فقدان إجابة
gate-first-entry = أول دخول الساعة { $time } ({ $ago }) { $where ->
        [this] عند هذه البوابة
        [another] عند بوابة أخرى
       *[named] عند { $gate }
    }
gate-first-entry-earlier = أول دخول في وقت سابق { $where ->
        [this] عند هذه البوابة
        [another] عند بوابة أخرى
       *[named] عند { $gate }
    }
gate-same-phone = الهاتف نفسه كما في الدخول الأول: اسمح بالمرور فقط إن خرج الشخص ثم عاد
gate-hold-detail = الموظفون في الطريق. أبقِ الزائر هنا؛ لا تسمح له بالمرور.
gate-stale-detail = عمر الرمز { $seconds } ث. اطلب عرض المحفظة مباشرة.
gate-future-detail = الرمز متقدّم بمقدار { $seconds } ث. يجب تصحيح ساعة الهاتف.
gate-safe-detail = سُجِّل بأمان عند نقطة التجمع هذه
gate-marked-safe = سُجِّل بأمان
gate-marked-safe-by = سُجِّل بأمان بواسطة { $by }
gate-marked-safe-at = سُجِّل بأمان الساعة { $time } ({ $ago })
gate-marked-safe-at-by = سُجِّل بأمان الساعة { $time } ({ $ago }) بواسطة { $by }
gate-ago-earlier = في وقت سابق
gate-ago-now = الآن
gate-ago-seconds = منذ { $seconds } ث
gate-ago-minutes = منذ { $minutes } د
gate-ago-hours = منذ { $hours } س { $minutes } د
gate-ago-date = بتاريخ { $date }

## سبب رفض الرمز (أسباب الرفض في TSR1): قصيرة، بعد «مرفوض —»

reason-malformed-code = ليس رمز Tessera
reason-unknown-pass = تصريح غير معروف
reason-not-claimed = لم يُضَف التصريح إلى محفظة بعد
reason-bad-code = رمز خاطئ، مزوَّر أو من هاتف آخر
reason-stale-code = رمز قديم، لقطة شاشة؟
reason-future-code = رمز من المستقبل، ساعة الهاتف خاطئة
reason-revoked = ألغت الجهة المُصدِرة التصريح
reason-expired = انتهت صلاحية التصريح
reason-not-yet-valid = التصريح غير صالح بعد
reason-wrong-site = التصريح لموقع آخر
reason-code-replayed = الرمز استُخدم عند بوابة أخرى، نسخة؟
reason-challenge-expired = أجاب الهاتف متأخرًا، امسح مرة أخرى
reason-bad-response = إجابة خاطئة، ليس هاتف صاحب التصريح؟ دعه يحاول مرة أخرى
reason-challenge-burned = إجابات خاطئة كثيرة جدًا، امسح مرة أخرى
reason-foreign-nonce = الإجابة تخص مسحًا عند بوابة أخرى
reason-unknown-nonce = تحقق غير معروف، امسح مرة أخرى
reason-not-inside = ليس داخل هذه المنطقة، لا شيء لمغادرته
reason-zone-not-allowed = التصريح غير صالح لهذه المنطقة
reason-already-inside = موجود داخل هذه المنطقة بالفعل
reason-reentry-not-allowed = لا يُسمح بالعودة بعد مغادرة هذه المنطقة
reason-entry-limit = لم تتبقَّ مرات دخول اليوم لهذه المنطقة
reason-see-staff = يُرجى الانتظار: الموظفون في الطريق
reason-no-roll-call = لا يوجد تفقّد حضور جارٍ لهذه البوابة
reason-not-on-roll-call = ليس على قائمة تفقّد الحضور (غير مسجَّل في الداخل)
reason-site-delegated = يُقرَّر في مكان آخر (خادم الموقع أو الخادم المركزي)
reason-other = رفضه الخادم

## الزيارات دون موعد: زائر دون تصريح، يُسأل مضيفه على هاتفه

gate-walkins-heading = زيارات دون موعد
gate-walkin-open = زيارة دون موعد
gate-walkins-empty = زائر دون تصريح؟ اضغط «زيارة دون موعد» لسؤال مضيفه.
gate-walkin-list-label = طلبات الزيارات دون موعد
gate-walkin-done = تم
gate-walkin-done-label = تم: { $name }
gate-walkin-for = لزيارة { $host }
gate-host-unknown = المضيف
gate-host-flat = شقة { $unit }
gate-line-asking = جارٍ سؤال المضيف…
gate-line-offline = غير متصل: يُرسَل عند عودة الاتصال. لا تسمح بالدخول بعد.
gate-line-waiting = بانتظار رد المضيف
gate-line-waiting-left = بانتظار رد المضيف · متبقٍّ { $left }
gate-line-waiting-up = بانتظار رد المضيف · انتهى الوقت، جارٍ التحقق…
gate-line-denied = رفض { $host }
gate-line-expired = لم يرد { $host } في الوقت المحدد
gate-line-failed = لم يُرسَل: رفضه الخادم ({ $code })
gate-line-failed-reason = لم يُرسَل: رفضه الخادم ({ $code }): { $reason }
gate-walkin-busy = الخادم مشغول ({ $code })؛ سيُسأل المضيف مجددًا بعد قليل.
gate-walkin-refused = رفض الخادم الزيارة دون موعد لـ { $visitor } ({ $code }).
gate-walkin-too-many = هناك زيارات دون موعد كثيرة جدًا بانتظار الرد.
gate-walkin-title = زائر دون موعد
gate-walkin-intro = يُسأل المضيف على هاتفه، ويظهر الرد هنا.
gate-walkin-name = اسم الزائر
gate-walkin-host = المضيف (الاسم أو الشقة)
gate-walkin-note = ملاحظة للمضيف (اختيارية)
gate-walkin-submit = اسأل المضيف
gate-cancel = إلغاء
gate-hosts-label = المضيفون الذين عُثر عليهم
gate-walkin-asking = المضيف المختار: { $host }
gate-host-searching = جارٍ البحث…
gate-host-search-network = تعذّر الوصول إلى الخادم للبحث عن المضيفين.
gate-host-search-failed = فشل البحث عن المضيفين ({ $code }).
gate-hosts-found = { $count ->
        [zero] لا يوجد مضيفون
        [one] مضيف واحد: اختره.
        [two] مضيفان: اختر أحدهما.
        [few] { $count } مضيفين: اختر واحدًا.
        [many] { $count } مضيفًا: اختر واحدًا.
       *[other] { $count } مضيف: اختر واحدًا.
    }
gate-hosts-found-matching = { $count ->
        [zero] لا يوجد مضيف يطابق «{ $query }».
        [one] مضيف واحد يطابق «{ $query }»: اختره.
        [two] مضيفان يطابقان «{ $query }»: اختر أحدهما.
        [few] { $count } مضيفين يطابقون «{ $query }»: اختر واحدًا.
        [many] { $count } مضيفًا يطابقون «{ $query }»: اختر واحدًا.
       *[other] { $count } مضيف يطابقون «{ $query }»: اختر واحدًا.
    }
gate-hosts-none = لا يوجد مضيف يطابق «{ $query }».
gate-problem-name-missing = أدخل اسم الزائر.
gate-problem-name-long = الاسم طويل جدًا (بحد أقصى { $max } حرف).
gate-problem-name-unprintable = يحتوي الاسم على أحرف لا يمكن طباعتها.
gate-problem-host = اختر المضيف الذي يطلبه الزائر.
gate-problem-note-long = الملاحظة طويلة جدًا (بحد أقصى { $max } حرف).
gate-problem-note-unprintable = تحتوي الملاحظة على أحرف لا يمكن طباعتها.
gate-walkin-approved-by = وافق { $host }
gate-walkin-let-in = { $name }: اسمح بالدخول
gate-walkin-refused-by = رفض { $host }. لا تسمح بالدخول.
gate-walkin-no-answer-detail = لم يرد { $host }. لا تسمح بالدخول؛ اسأل مجددًا أو اتصل بالمضيف.
gate-walkin-verdict-denied = مرفوض — رفض المضيف ({ $code })
gate-walkin-verdict-no-answer = لا رد — لم يرد المضيف في الوقت المحدد ({ $code })

## تفقّد الحضور (نقطة التجمع)

gate-muster-title = تفقّد الحضور: { $scope }
gate-scope-all = جميع المواقع
gate-scope-site = موقع { $site }
gate-scope-zone = منطقة { $zone }
gate-muster-help = امسح تصريح الشخص لتسجيله بأمان: يجب أن يجيب هاتفه، كما عند البوابة. لا يُسمح بدخول أحد. أو سجّل اسمًا يدويًا.
gate-muster-search = ابحث عن اسم
gate-muster-list-label = الأشخاص في تفقّد الحضور
gate-muster-counts = { $safe } من { $inside } بأمان · { $unaccounted } لم يُرَوا بعد
gate-person-safe = بأمان
gate-person-safe-by = بأمان · سجّله { $by }
gate-person-sending = بأمان · جارٍ الإرسال…
gate-person-queued = بأمان · يُرسَل عند عودة الاتصال
gate-person-missing = لم يُرَ بعد · آخر ظهور: { $place }
gate-person-missing-walk-in = لم يُرَ بعد · زائر دون تصريح، دخل عند: { $place }
gate-mark-safe = تسجيل بأمان
gate-mark-safe-label = تسجيل بأمان: { $name }
gate-muster-empty = لم يُسجَّل أحد في الداخل.
gate-muster-no-match = لا أحد في القائمة يطابق «{ $query }».
gate-muster-ended = انتهى تفقّد الحضور: العودة إلى الدخول.
gate-mark-save-failed = تعذّر حفظ التسجيل على هذا الجهاز ({ $error }).
gate-mark-refused = لم يُسجَّل { $name }: { $code }.
gate-mark-refused-ended = لم يُسجَّل { $name }: انتهى تفقّد الحضور.

## The host page (/host): a resident invites visitors and answers walk-ins from the gate.
## Arabic (Modern Standard Arabic); exactly the ids and variables of parts/host/en.ftl.

host-title = Tessera للمضيفين
host-title-waiting = ({ $count }) Tessera للمضيفين
host-opening = جارٍ الفتح…
host-heading = Tessera للمضيفين
host-try-again = إعادة المحاولة
host-start-network = تعذّر الوصول إلى الخادم. تحقّق من الشبكة.
host-start-not-ready = الخادم غير جاهز (HTTP { $status }).

## Sign-in

host-signin-intro = ادعُ زوّارك، واسمح بدخول من يصلون دون تصريح.
host-key = مفتاح المضيف
host-key-help = المفتاح الذي أعطاك إياه مسؤول الموقع. يُرسَل مرة واحدة لفتح جلسة، ولا يُحفَظ على هذا الجهاز.
host-key-missing = أدخل مفتاح المضيف الخاص بك.
host-sign-in = تسجيل الدخول
host-signin-network = تعذّر الوصول إلى الخادم. تحقّق من الشبكة ثم حاول مرة أخرى.
host-signin-key-refused = لم يُقبَل هذا المفتاح. تحقّق منه وحاول مرة أخرى.
host-signin-forbidden = لا يمكن تسجيل الدخول هنا بهذا المفتاح: هذا متاح لمفاتيح المضيفين فقط (أو أن الصفحة لم تُفتح من عنوان الخادم نفسه).
host-signin-rate-limited = محاولات تسجيل دخول فاشلة كثيرة من هذا العنوان. انتظر دقيقة ثم حاول مرة أخرى.
host-signin-failed = رفض الخادم تسجيل الدخول ({ $code }).
host-signin-console-session = هذا الجهاز مسجَّل الدخول بمفتاح { $role ->
        [admin] مسؤول
        [auditor] مدقِّق
        [issuer] جهة إصدار
        [security] فريق الأمن
       *[other] بدور «{ $role }»
    }، وهو مخصّص لوحدة التحكم الأمنية على {"\u200E"}/console. سجّل الدخول هنا بمفتاح المضيف الخاص بك.
host-signin-not-host = كان هذا مفتاح { $role ->
        [admin] مسؤول
        [auditor] مدقِّق
        [issuer] جهة إصدار
        [security] فريق الأمن
       *[other] بدور «{ $role }»
    }: هذه الصفحة مخصّصة للمضيفين. يستخدم المسؤولون والمدقّقون وحدة التحكم الأمنية على {"\u200E"}/console.
host-session-ended = انتهت جلستك. سجّل الدخول مرة أخرى.
host-session-expired = انتهت صلاحية جلستك. سجّل الدخول مرة أخرى.
host-signed-out = تم تسجيل الخروج.
host-fallback-name = المضيف

## The bar, the tabs, notifications

host-sign-out = تسجيل الخروج
host-views = طرق العرض
host-tab-invite = دعوة
host-tab-visits = الزيارات
host-live = مباشر
host-connecting = جارٍ الاتصال
host-reconnecting = جارٍ إعادة الاتصال
host-notify-me = نبّهني
host-notifying = التنبيهات مفعّلة
host-notify-off = الإشعارات متوقفة على هذا الجهاز.
host-notify-on = الإشعارات مفعّلة: سيصلك خبر الزائر عند المدخل حتى لو كانت هذه الصفحة مغلقة.
host-notify-blocked = الإشعارات محظورة لهذا الموقع: اسمح بها من إعدادات المتصفح، ثم حاول مرة أخرى.
host-notify-failed = تعذّر تفعيل الإشعارات: { $detail }.

## A refused call

host-action-sign-out = تسجيل الخروج
host-action-notify = تفعيل الإشعارات
host-action-invite = إنشاء الدعوة
host-action-cancel = إلغاء الدعوة
host-action-read-passes = تحميل دعواتك
host-action-read-walk-ins = تحميل زياراتك دون موعد
host-problem-network = تعذّر الوصول إلى الخادم من أجل { $action }. تحقّق من الشبكة ثم حاول مرة أخرى.
host-problem-forbidden = لا تسمح هذه الجلسة بـ{ $action } ({ $code }).
host-problem-rate-limited = طلبات كثيرة جدًا؛ انتظر دقيقة ثم حاول مرة أخرى.
host-problem-failed = تعذّر { $action }: { $reason }
host-problem-http = HTTP { $status }.

## Visitors waiting at the gate (walk-ins)

host-waiting-heading = عند المدخل
host-waiting-list = الزوار المنتظرون عند المدخل
host-waiting-empty = لا أحد بانتظارك. إذا سأل عنك زائر ليس لديه تصريح عند المدخل، فسيظهر هنا فورًا.
host-approve = موافقة
host-deny = رفض
host-walk-in-at = عند { $gate }
host-walk-in-at-any-gate = عند المدخل
host-walk-in-where-asked = { $where } · طلب الدخول الساعة { $time }
host-note-label = ملاحظة:
host-time-left = متبقٍّ { $time }
host-time-up = انتهى الوقت
host-arrival = { $name } بانتظارك عند المدخل ويسأل عنك. وافِق أو ارفض.
host-arrival-at = { $name } بانتظارك عند { $gate } ويسأل عنك. وافِق أو ارفض.
host-arrival-note = { $name } بانتظارك عند المدخل ويسأل عنك. ملاحظة: { $note }. وافِق أو ارفض.
host-arrival-at-note = { $name } بانتظارك عند { $gate } ويسأل عنك. ملاحظة: { $note }. وافِق أو ارفض.
host-arrivals = { $count ->
        [zero] لا أحد بانتظارك عند المدخل.
        [one] زائر واحد بانتظارك عند المدخل.
        [two] زائران بانتظارك عند المدخل.
        [few] { $count } زوار بانتظارك عند المدخل.
        [many] { $count } زائرًا بانتظارك عند المدخل.
       *[other] { $count } زائر بانتظارك عند المدخل.
    }
host-approved = سمحتَ بدخول { $name } من المدخل.
host-approved-at = سمحتَ بدخول { $name } من { $gate }.
host-denied = رفضتَ دخول { $name }.
host-decision-network = تعذّر الوصول إلى الخادم. تحقّق من الشبكة ثم حاول مرة أخرى.
host-decision-too-late = فات الأوان: توقّف المدخل عن انتظار الرد. على الزائر أن يطلب مرة أخرى.
host-decision-already-answered = سبق الرد على هذا الطلب (منك على جهاز آخر، أو من مسؤول الموقع).
host-decision-gone = لم يعد هذا الطلب موجودًا.
host-decision-forbidden = لا تسمح هذه الجلسة { $decision ->
        [approve] بالموافقة على
       *[deny] برفض
    } هذا الطلب.
host-decision-rate-limited = طلبات كثيرة جدًا؛ انتظر لحظة ثم حاول مرة أخرى.
host-decision-failed = تعذّر { $decision ->
        [approve] قبول
       *[deny] رفض
    } الطلب ({ $code }).

## Inviting a visitor

host-invite-heading = دعوة زائر
host-invite-intro = يتلقّى الزائر رابطًا يضيف تصريحًا إلى هاتفه، وبه يُسمح له بالدخول من المدخل.
host-visitor-name = اسم الزائر
host-valid-from = من
host-valid-until = إلى
host-valid-help = يتيح التصريح الدخول مرة واحدة بين هذين الوقتين.
host-invite-device-time = تُدخَل هذه الأوقات بتوقيت هذا الجهاز ({ $zone }).
host-visitor-email = البريد الإلكتروني للزائر (اختياري)
host-visitor-email-help = سنرسل إليه الرابط ورمز QR الخاص به بالبريد الإلكتروني. اترك الحقل فارغًا لترسل الرابط بنفسك.
host-visitor-language = لغة الزائر
host-create-invitation = إنشاء الدعوة
host-creating = جارٍ الإنشاء…
host-invite-email-invalid = أدخل البريد الإلكتروني للزائر بصيغة مثل name@example.com، أو اترك الحقل فارغًا.
host-invite-name-missing = أدخل اسم الزائر.
host-invite-name-too-long = الاسم طويل جدًا (الحد الأقصى { $max ->
        [zero] { $max } حرف
        [one] حرف واحد
        [two] حرفان
        [few] { $max } أحرف
        [many] { $max } حرفًا
       *[other] { $max } حرف
    }).
host-invite-name-unprintable = يحتوي الاسم على أحرف لا يمكن طباعتها.
host-invite-from-missing = أدخل وقت بدء الزيارة.
host-invite-until-missing = أدخل وقت انتهاء الزيارة.
host-invite-until-before-from = يجب أن تنتهي الزيارة بعد بدئها.
host-invite-until-past = يجب أن ينتهي موعد الزيارة في المستقبل.
host-invite-refused = لم يقبل الخادم الدعوة: { $reason }
host-invitation-for = دعوة لـ{ $name }
host-invitation-qr = رمز QR لدعوة { $name }
host-invitation-qr-caption = أو دعه يمسح هذا الرمز بكاميرا هاتفه.
host-invitation-link = رابط الدعوة
host-invitation-mailed = نرسل الرابط بالبريد الإلكتروني إلى { $email }.
host-invitation-link-help = أرسل هذا الرابط إلى { $name } فقط: أول من يفتحه يحصل على التصريح.
host-copy-link = نسخ الرابط
host-link-copied = تم نسخ الرابط. الصقه في رسالة إلى زائرك.
host-link-not-copied = تعذّر النسخ: الرابط محدَّد، انسخه من الحقل.
host-share = مشاركة…
host-share-title = تصريح لـ{ $name }
host-invite-again = دعوة شخص آخر
host-see-visits = عرض زياراتك

## Visits

host-when-today = اليوم { $time }
host-when-tomorrow = غدًا { $time }
host-when-day = { $day } { $time }
host-span = { $from } – { $until }
host-visits-loading = جارٍ تحميل زياراتك…
host-refresh = تحديث
host-visits-upcoming = القادمة
host-visits-past = السابقة
host-visits-upcoming-list = الزيارات القادمة
host-visits-past-list = الزيارات السابقة
host-visits-upcoming-empty = لا توجد زيارات قادمة.
host-visits-past-empty = لا توجد زيارات سابقة بعد.
host-visits-count = القادمة: { $upcoming }، السابقة: { $past }.
host-visit-walk-in = زيارة دون موعد عند المدخل · { $when }
host-visit-walk-in-at = زيارة دون موعد عند { $gate } · { $when }
host-visit-note = «{ $note }»
host-cancel = إلغاء
    .label = إلغاء دعوة { $name }
host-cancel-confirm = هل تريد إلغاء دعوة { $name }؟ سيتوقف تصريحه عن العمل.
host-pass-cancelled = أُلغيت
host-pass-arrived = وصل
host-pass-never-opened = لم يُفتح الرابط قط
host-pass-did-not-come = لم يحضر
host-pass-not-opened = لم يُفتح الرابط بعد
host-pass-on-phone = على هاتفه
host-pass-arrived-more = وصل، { $count ->
        [zero] ولم يتبقَّ أي دخول
        [one] ويتبقّى دخول واحد
        [two] ويتبقّى دخولان
        [few] ويتبقّى { $count } مرات دخول
        [many] ويتبقّى { $count } مرة دخول
       *[other] ويتبقّى { $count } مرة دخول
    }
host-walk-in-let-in = سُمح بدخوله
host-walk-in-turned-away = رُفض دخوله
host-walk-in-no-answer = لم يُرَدّ في الوقت المناسب
host-walk-in-waiting = ينتظر عند المدخل

## محفظة الزائر (web/src/wallet/app.js, web/src/index.html).

wallet-title = محفظة Tessera
wallet-bar-note = محفظة الزائر
wallet-loading = جارٍ فتح محفظتك…
wallet-go-to-wallet = الذهاب إلى محفظتي

wallet-validity-valid = صالح حتى { $date }
wallet-validity-expired = انتهت صلاحيته في { $date }
wallet-validity-not-yet = غير صالح بعد: يبدأ في { $date }

## تعذّر الحفظ، أو الرابط معطوب

wallet-storage-unavailable = لا يسمح هذا المتصفح للمحفظة بحفظ التصاريح (تصفح خاص، أو بيانات المواقع معطّلة). افتح الرابط في نافذة متصفح عادية لتحتفظ بتصريحك على هذا الجهاز.
wallet-storage-unavailable-retry = { wallet-storage-unavailable } ثم اضغط «إعادة المحاولة».
wallet-unavailable-title = المحفظة غير متاحة
wallet-bad-link-title = تعذّر استخدام الرابط
wallet-bad-link = رابط الاستلام هذا غير صالح أو غير مكتمل: { $detail }. اطلب رابطًا جديدًا ممن أرسله إليك، وانسخه كاملًا.
wallet-bad-link-unreadable = تتعذّر قراءة الرابط
wallet-bad-link-repeated = يتكرر { "p=" } أو { "t=" } في الرابط
wallet-bad-link-no-pass-id = لا يحتوي الرابط على معرّف التصريح ({ "p=" })
wallet-bad-link-pass-id-incomplete = معرّف التصريح في الرابط غير مكتمل
wallet-bad-link-no-token = لا يحتوي الرابط على رمز الاستلام ({ "t=" })
wallet-bad-link-token-damaged = رمز الاستلام في الرابط تالف
wallet-bad-link-cut-short = الجزء الذي يلي { "#" } مفقود؛ هل قُطع الرابط؟

## قائمة التصاريح

wallet-list-title = تصاريحك
wallet-list-empty = لا توجد تصاريح بعد.
wallet-list-empty-help = افتح رابط الاستلام الذي أُرسل إليك لإضافة تصريح إلى هذه المحفظة.
wallet-pass-short = تصريح
wallet-visitor-pass = تصريح زائر

## إضافة تصريح

wallet-claim-title = إضافة تصريح
wallet-claim-lead = أُرسل إليك تصريح زائر. أضفه إلى هذه المحفظة لتعرضه عند البوابة.
wallet-claim-fine = يبقى التصريح ومفاتيحه على هذا الجهاز. يستطيع أي شخص لديه هذا الرابط أن يضيف التصريح قبلك، فلا تشاركه.
wallet-claim-checking = جارٍ التحقق من التصريح…
wallet-fact-pass = التصريح
wallet-fact-site = الموقع
wallet-fact-valid-from = صالح من
wallet-fact-valid-until = صالح حتى
wallet-claim-add = إضافة إلى المحفظة
wallet-claim-adding = جارٍ الإضافة…
wallet-claim-retry = إعادة المحاولة
    .aria-label = إعادة المحاولة: إضافة إلى المحفظة
wallet-claim-transfer-lead = هذا التصريح منقول إليك من { $holder }. أضفه إلى هذه المحفظة لتعرضه عند البوابة.
wallet-claim-transfer-lead-unnamed = هذا التصريح منقول إليك من شخص آخر. أضفه إلى هذه المحفظة لتعرضه عند البوابة.
wallet-claim-transfer-fine = بمجرد أن تضيفه، يتوقف عن العمل على هاتف الشخص الآخر ويعمل على هذا الهاتف. يبقى التصريح ومفاتيحه على هذا الجهاز؛ لا تشارك هذا الرابط.
wallet-claim-revoked = ألغت الجهة المُصدِرة هذا التصريح. لا يمكن إضافته ولا استخدامه.
wallet-claim-expired = انتهت صلاحية هذا التصريح (كان صالحًا حتى { $date }).
wallet-claim-elsewhere = هذا التصريح موجود بالفعل في محفظة أخرى. لا يمكن إضافة التصريح إلا إلى محفظة واحدة.
wallet-claim-invalid = رابط الاستلام هذا غير صالح: التصريح غير موجود أو أن الرابط كُتب خطأً. اطلب رابطًا جديدًا.
wallet-claim-no-details = تعذّر تحميل تفاصيل التصريح الآن. لا يزال بإمكانك محاولة إضافته.
wallet-claim-no-keys = لا يستطيع هذا المتصفح إنشاء المفاتيح التي يحتاجها التصريح. حدّثه أو استخدم متصفحًا آخر.
wallet-claim-offline = تعذّر الوصول إلى الخادم، لذا لم يُضَف التصريح بعد. تحقّق من اتصالك، ثم اضغط «إعادة المحاولة».
wallet-claim-taken = هذا التصريح موجود بالفعل في محفظة أخرى. لا يمكن إضافة التصريح إلا إلى محفظة واحدة؛ راجع الجهة المُصدِرة إن لم تكن أنت من أضافه.
wallet-claim-key-refused = لم يقبل الخادم مفتاح هذه المحفظة. اضغط «إعادة المحاولة» للمحاولة بمفتاح جديد.
wallet-claim-rate-limited = محاولات كثيرة جدًا الآن. انتظر دقيقة، ثم اضغط «إعادة المحاولة».
wallet-claim-failed = تعذّر على الخادم إضافة التصريح الآن (خطأ { $status }). اضغط «إعادة المحاولة» بعد قليل.
wallet-claim-bad-answer = تعذّر استخدام رد الخادم. اضغط «إعادة المحاولة»؛ وإن استمر الخطأ، فراجع الجهة المُصدِرة.

## التصريح: رمزه المتغيّر، والرد على البوابة

wallet-scan = مسح رمز البوابة
wallet-challenge-label = لصق رمز التحقق من البوابة
wallet-challenge-help = إن لم تستطع البوابة عرض رمزها لكاميرتك، فالصق نصه هنا.
wallet-brightness-hint = ارفع سطوع الشاشة لتقرأ البوابة الرمز من المرة الأولى.
wallet-all-passes = كل التصاريح ({ $count })
wallet-remove = إزالة هذا التصريح من هذا الجهاز
wallet-remove-confirm = هل تريد إزالة «{ $label }» من هذا الجهاز؟ لا يمكن إضافته مجددًا بالرابط نفسه.
wallet-transfer = نقل هذا التصريح
wallet-transfer-note = بدأت نقل هذا التصريح ({ $date }). بمجرد أن يضيفه حامله الجديد، يتوقف الرمز هنا عن العمل.
wallet-countdown = رمز جديد بعد { $seconds } ث
wallet-qr-entry = رمز دخول { $label }؛ يتغيّر { $seconds ->
        [zero] كل { $seconds } ثانية
        [one] كل ثانية
        [two] كل ثانيتين
        [few] كل { $seconds } ثوانٍ
        [many] كل { $seconds } ثانية
       *[other] كل { $seconds } ثانية
    }
wallet-qr-entry-unnamed = رمز دخول هذا التصريح؛ يتغيّر { $seconds ->
        [zero] كل { $seconds } ثانية
        [one] كل ثانية
        [two] كل ثانيتين
        [few] كل { $seconds } ثوانٍ
        [many] كل { $seconds } ثانية
       *[other] كل { $seconds } ثانية
    }
wallet-expired = منتهي الصلاحية
wallet-expired-alert = انتهت صلاحية هذا التصريح: كان صالحًا حتى { $date }. لم يعد ممكنًا استخدامه عند البوابة.
wallet-not-yet = غير صالح بعد
wallet-not-yet-from = يظهر رمزك هنا بدءًا من { $date }.
wallet-show-code-again = عرض رمزي مجددًا
wallet-answer-title = اعرض هذا الرد على البوابة
wallet-qr-answer = رمز الرد للبوابة
wallet-answer-ready = الرد جاهز: وجّهه نحو البوابة.
wallet-challenge-incomplete = رمز التحقق هذا غير مكتمل: انسخ النص الذي تعرضه البوابة كاملًا ({ $length ->
        [zero] طوله { $length } حرف
        [one] طوله حرف واحد
        [two] طوله حرفان
        [few] طوله { $length } أحرف
        [many] طوله { $length } حرفًا
       *[other] طوله { $length } حرف
    }).
wallet-challenge-malformed = هذا ليس رمز تحقق من البوابة. يبدأ رمز التحقق بـ{ "TSR1C:" } تليه أحرف وأرقام.
wallet-challenge-other-pass = رمز التحقق هذا لتصريح آخر: «{ $label }». افتح ذلك التصريح للرد عليه.
wallet-challenge-unknown-pass = رمز التحقق هذا لتصريح آخر غير موجود في هذه المحفظة.
wallet-camera-view = صورة الكاميرا
wallet-camera-stop = إيقاف الكاميرا
wallet-camera-point = وجّه الكاميرا نحو الرمز الظاهر على شاشة البوابة.
wallet-camera-not-challenge = هذا الرمز ليس رمز تحقق من البوابة. وجّه الكاميرا نحو شاشة البوابة.
wallet-camera-timeout = أُوقفت الكاميرا توفيرًا للبطارية. اضغط «مسح رمز البوابة» للمحاولة مرة أخرى.
wallet-camera-refused = رُفض الوصول إلى الكاميرا. اسمح باستخدام الكاميرا لهذا الموقع في إعدادات المتصفح، أو الصق رمز التحقق من البوابة أدناه.
wallet-camera-missing = لم يُعثر على كاميرا في هذا الجهاز. الصق رمز التحقق من البوابة أدناه بدلًا من ذلك.
wallet-camera-failed = تعذّر تشغيل الكاميرا. الصق رمز التحقق من البوابة أدناه بدلًا من ذلك.

## وجهًا لوجه: الكاميرا الأمامية تجيب البوابة من تلقاء نفسها (المسألة 52)

wallet-camera-why = تتحدث البوابة مع هاتفك عبر الكاميرا؛ لا يُسجَّل شيء ولا يُرسَل.
wallet-face-video = صورة الكاميرا الأمامية
wallet-face-on-title = الكاميرا تعمل.
wallet-face-on = وجّه شاشتك نحو شاشة البوابة: يجيب هاتفك البوابة من تلقاء نفسه.
wallet-face-ask = شغّل الكاميرا للبوابة
wallet-face-blocked-title = الكاميرا محظورة لهذا الموقع
wallet-face-blocked = لتتمكن البوابة من التحدث مع هاتفك، افتح إعدادات هذا الموقع (الرمز بجانب العنوان، أو «aA» على iPhone)، واجعل الكاميرا «سماح»، ثم أعد تحميل هذه الصفحة. حتى ذلك الحين، اضغط «{ wallet-scan }» عند البوابة أو الصق رمز التحقق أدناه.
wallet-face-none = لا يمكن استخدام كاميرا أمامية هنا: عند البوابة، اضغط «{ wallet-scan }».
wallet-answer-face = ظهرت الإجابة: أبقِ هاتفك موجّهًا نحو البوابة.

## مجموعة: رمز واحد لعدة تصاريح (المسألة 52)

wallet-party-offer = رمز واحد لكل التصاريح ({ $count })
wallet-party-offer-lead = تدخلون معًا؟ اعرض رمزًا واحدًا لـ{ $count } تصاريح وستتحقق البوابة منها كلها دفعة واحدة.
wallet-party-title = رمز واحد لمجموعتك
wallet-party-lead = { $count ->
        [one] تصريح واحد محدد: حدّد اثنين على الأقل لرمز مشترك.
       *[other] { $count } تصاريح في رمز واحد: اعرضه مرة واحدة عند البوابة.
    }
wallet-party-who = من سيدخل الآن
wallet-party-max = يتسع رمز المجموعة لـ{ $max } تصاريح على الأكثر: ألغِ تحديد أحدهم أولًا.
wallet-qr-party = رمز دخول { $names }؛ يتغيّر { $seconds ->
        [one] كل ثانية
       *[other] كل { $seconds } ثانية
    }
wallet-party-too-few-title = اختر اثنين على الأقل
wallet-party-too-few = حدّد شخصين أو أكثر لعرض رمز واحد لهم، أو افتح كل تصريح على حدة.
wallet-party-back = العودة إلى تصاريحك

## نقل التصريح إلى شخص آخر

wallet-transfer-title = نقل «{ $label }»
wallet-transfer-title-unnamed = نقل هذا التصريح
wallet-transfer-lead = هل سيذهب شخص آخر بدلًا منك؟ أنشئ رابطًا له. عندما يفتحه ويضيف التصريح، ينتقل التصريح إلى هاتفه.
wallet-transfer-warning = بمجرد أن يضيفه، يتوقف هذا التصريح عن العمل على هذا الهاتف. وحتى ذلك الحين يظل يعمل هنا.
wallet-transfer-make = إنشاء رابط نقل
wallet-transfer-making = جارٍ إنشاء الرابط…
wallet-transfer-back = العودة إلى تصريحي
wallet-transfer-offline = تعذّر الوصول إلى الخادم، لذا لم يُنشأ رابط نقل. تحقّق من اتصالك، ثم حاول مرة أخرى.
wallet-transfer-not-allowed = لا يمكن نقل هذا التصريح: لا يسمح منظّمه بنقله (أو نُقل بالفعل بالعدد المسموح به من المرات). يبقى في هذه المحفظة.
wallet-transfer-revoked = ألغت الجهة المُصدِرة هذا التصريح. لا يمكن نقله.
wallet-transfer-not-held = لم يعد هذا الهاتف يحمل هذا التصريح (فقد نُقل إلى شخص آخر أو إلى هاتف آخر)، لذا لا يمكنه نقله.
wallet-transfer-unavailable = لا يمكن نقل هذا التصريح الآن: ربما لا يسمح منظّمه بنقله، أو نُقل بالفعل بالعدد المسموح به من المرات، أو أُلغي. يبقى في هذه المحفظة.
wallet-transfer-rate-limited = محاولات كثيرة جدًا الآن. انتظر دقيقة، ثم حاول مرة أخرى.
wallet-transfer-failed = تعذّر على الخادم إنشاء رابط النقل الآن ({ $code }). حاول مرة أخرى بعد قليل.
wallet-transfer-failed-status = تعذّر على الخادم إنشاء رابط النقل الآن (خطأ { $status }). حاول مرة أخرى بعد قليل.
wallet-transfer-bad-nonce = تعذّر استخدام رمز النقل المؤقت الذي أرسله الخادم. حاول مرة أخرى بعد قليل.
wallet-transfer-give = أعطِ هذا الرابط لحامل التصريح الجديد
wallet-transfer-stops = يتوقف التصريح على هذا الهاتف عن العمل بمجرد أن يضيفه صديقك. أرسل الرابط إليه وحده: من يفتحه أولًا يحصل على التصريح.
wallet-qr-transfer = رمز QR لنقل التصريح إلى حامله الجديد
wallet-transfer-scan-help = يمكنه مسح هذا الرمز بكاميرا هاتفه، أو فتح الرابط.
wallet-transfer-link = رابط النقل
wallet-transfer-copy = نسخ الرابط
wallet-transfer-copied = نُسخ الرابط.
wallet-transfer-selected = الرابط محدَّد: انسخه من الحقل.
wallet-transfer-share = مشاركة…
