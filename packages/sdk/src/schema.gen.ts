// Generated from openapi.json by `npm run openapi` (packages/sdk/scripts/generate-schema.ts). Do not edit.

export interface paths {
    "/api/user/register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an account */
        post: operations["auth-register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with email and password; sets the session cookie
         * @description An account with two-step sign-in gets `{ secondStep }` and no session: send its ticket with a code to /api/auth/two-factor/sign-in.
         */
        post: operations["auth-login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End the session server-side and clear its cookie */
        post: operations["auth-logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The user of the current session cookie, or null */
        get: operations["auth-session"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/sign-out-everywhere": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * End every other session and every access token issued so far
         * @description This device stays signed in through its session cookie and fetches a new access token; every other device must sign in again. Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        post: operations["auth-signOutEverywhere"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/jwt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue a 1-hour access token for a proven identity
         * @description Proof is a live session cookie for this email, or the account password in the body (API clients).
         */
        post: operations["auth-token"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller’s own user record, by id or email
         * @description Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        get: operations["user-get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/{userEmail}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Update the profile (the email cannot change)
         * @description A new password needs the current one. Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        put: operations["user-update"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/{userEmail}/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete the account and all its data
         * @description Asks who is at the keyboard again (decision 198). An account with a password sends it in a JSON body, `{"password": "…"}` (never in the URL: a password in the query string is refused). An account that signs in only with Google or OpenID Connect needs a sign-in made within the last 10 minutes: this request's session cookie must be that fresh. Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        delete: operations["user-deleteAccount"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/social-login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with Google: verifies the Firebase ID token, then sets the session cookie
         * @description The Firebase ID token goes in `idToken` (or as `Authorization: Bearer`). The account is found, created, or linked by the token’s verified email; `email` must be that email. `linkedExistingAccount` is true only on the sign-in that linked a password account; `securedUnverifiedAccount` only when that account had never verified its address, so its password, sessions, devices, calendar feed, caregivers and open invitations were removed (whoever registered the address may not own it).
         */
        post: operations["user-socialLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/save-fcm-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Register this device for push notifications
         * @description Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        post: operations["user-savePushToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/{userEmail}/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * All of the user’s data as one JSON document
         * @description Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        get: operations["user-export"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/{userEmail}/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The user’s settings (spec defaults when none are saved)
         * @description Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        get: operations["settings-get"];
        /**
         * Save the user’s settings
         * @description Medicines follow their dose slots: a changed default time moves those doses. Removing a time that a medicine still uses is refused (409) and names the medicines. Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        put: operations["settings-update"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/medicine/user/{userEmail}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The user’s medicines */
        get: operations["medicine-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/medicine/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One medicine */
        get: operations["medicine-get"];
        /** Update a medicine */
        put: operations["medicine-update"];
        post?: never;
        /** Delete a medicine and its history */
        delete: operations["medicine-delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/medicine": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a medicine
         * @description scheduledTimes, dosesPerDay and originalTotalPills are derived from frequency and the user’s default reminder times.
         */
        post: operations["medicine-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/medicine/{id}/taken": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Which doses were taken on a day */
        get: operations["medicine-getTaken"];
        /** Record which doses were taken on a day */
        put: operations["medicine-setTaken"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/medicine/{id}/dose": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Record one dose taken or not taken (safe to replay from an offline queue)
         * @description Changes one slot of the day and leaves the others alone. For the same medicine, day and slot the change made last (tickedAt) wins, whatever order changes arrive in; an older one is not applied (applied: false) and the current day is returned. With idempotencyKey a replay returns the first answer.
         */
        put: operations["medicine-tickDose"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/medicine/{id}/dose/taken-at": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Correct when a taken dose was taken
         * @description Sets the instant a dose already marked taken was taken ("taken at…"). Not in the future, and not earlier than the dose’s day starts minus the longest take-early window. Decision 191.
         */
        put: operations["medicine-correctTakenAt"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/medicine/{id}/dose/skip": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Skip one dose on purpose, with an optional reason, or take the skip back
         * @description skipped: true records the dose as skipped (not taken: `taken` reads 0 for it) with an optional reason and note; a dose already taken becomes not taken. skipped: false removes the skip. A skipped dose gets no follow-up, missed-dose alert or caregiver alert; taking it later clears the skip. With idempotencyKey a replay returns the first answer. Decision 225.
         */
        put: operations["medicine-skipDose"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/doses/postpone": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Postpone one dose to a later time today, or take the postponement back
         * @description Moves one dose of today to a later time the same day without changing the plan: it is reminded at the new time and not at the planned one (follow-ups, the missed-dose alert and caregiver alerts count from the new time), and counted at its new time. Postponing again moves it again; newTime: null takes it back. A dose taken or skipped is settled and cannot be postponed. With idempotencyKey a replay returns the first answer. Decision 316.
         */
        post: operations["medicine-postponeDose"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/medicine/{id}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Taken records in a date range (at most 366 days), ascending */
        get: operations["medicine-history"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/medicine/{id}/refill": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Add the pills of a refill to what is left (dose history is kept)
         * @description The pills added (pills) are added to the pills left: 18 left and a box of 20 make 38. Without pills (the spec’s call with no body), a pack is added: what the last refill added, or before any refill the supply entered (totalPills). Decision 182.
         */
        patch: operations["medicine-refill"];
        trace?: never;
    };
    "/api/medicine/{id}/as-needed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** As-needed intakes in a date range of the saved zone (at most 366 days), ascending */
        get: operations["medicine-asNeededLog"];
        put?: never;
        /**
         * Record an as-needed dose, within its safety limits unless overridden
         * @description Refused (409, data.reason AS_NEEDED_LIMIT) when the dose would exceed the maximum in any 24 hours or come within the minimum interval of another dose, before or after it (a dose recorded late is judged against later ones too, decision 180); the message says when it becomes allowed. With override: true it is recorded and marked. A retry with the same idempotencyKey answers the first answer, also when takenAt was left to the server (decision 181).
         */
        post: operations["medicine-takeAsNeeded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/medicine/{id}/stop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stop taking a medicine from a date, keeping its history
         * @description From stoppedOn on it has no dose: no reminder, not on the dashboard, nothing missed; its doses, reports and exports stay (decision 313). Refused when a dose was taken on or after stoppedOn, or stoppedOn is before its last plan change.
         */
        post: operations["medicine-stop"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/medicine/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Take a stopped medicine again from today
         * @description A stop planned for a later day is cancelled instead.
         */
        post: operations["medicine-resume"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/medicine/{id}/history-of-changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The changes of a medicine’s plan, oldest first
         * @description Each change of dose, schedule, times or pills per dose, and each stop and resume, with the day it applies from (decision 314).
         */
        get: operations["medicine-historyOfChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/refill-reminders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Active medicines with 7 or fewer days of supply left */
        get: operations["medicine-refillReminders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/medicine/{id}/packs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A medicine’s packs: on hand first-expiring first, then the used-up ones */
        get: operations["pack-list"];
        put?: never;
        /**
         * Add a pack: its pills are added to the supply as a refill
         * @description Either code (the scanned text, read by the server with the GS1 reader) or the typed fields. A serial of the same product added before is refused (409, data.reason PACK_SERIAL_KNOWN), as is an expired pack or an unreadable code (400); nothing is stored then. With remember (default) the GTIN is remembered as this medicine and its pills per pack. With inSupply the pills are counted in the supply already and are not added again (decision 342).
         */
        post: operations["pack-add"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/medicine/{id}/packs/{packId}/used-up": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark a pack finished or thrown away: what is left in it comes off the supply */
        post: operations["pack-usedUp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/medicine/{id}/packs/{packId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a pack added by mistake: the pills it added come off the supply (none for a pack recorded inSupply) */
        delete: operations["pack-remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/packs/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Read a scanned code: what it says, which medicine its GTIN is, whether it was added
         * @description Stores nothing. 400 with the reason in words when the code is unreadable, its check digit does not match or its expiry is no date.
         */
        post: operations["pack-read"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/cabinet": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The medicine cabinet: every pack on hand with its expiry, and what runs out first */
        get: operations["pack-cabinet"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/gtin-mappings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The product numbers (GTINs) remembered as medicines */
        get: operations["pack-mappings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/gtin-mappings/{gtin}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Remember a product number as one of your medicines, with its pills per pack */
        put: operations["pack-setMapping"];
        post?: never;
        /** Forget a product number: its next scan asks again */
        delete: operations["pack-deleteMapping"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/{userEmail}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The user’s notifications, newest first (a bounded page) */
        get: operations["notification-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/{id}/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Mark one notification read
         * @description Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        patch: operations["notification-markRead"];
        trace?: never;
    };
    "/api/notifications/{userEmail}/read-all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Mark all the user’s notifications read
         * @description upTo limits it to the notifications created at or before that time: a "mark all" made offline marks what the user saw, not what arrived since. Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        patch: operations["notification-markAllRead"];
        trace?: never;
    };
    "/api/notifications/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete one notification
         * @description Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        delete: operations["notification-delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Liveness: ok once migrations have run; how mail leaves
         * @description `mail`: `smtp` (sent over SMTP_URL), `files` (written to DATA_DIR/mail/, not delivered) or `failing` (the oldest message not yet sent has waited 15 minutes or more). Looked at once a minute; the status stays ok (a restart does not mend mail). For load balancers and orchestrators: never rate limited, and a successful check writes no access log line.
         */
        get: operations["system-health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/push/vapid-public-key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The VAPID public key to subscribe to Web Push with (applicationServerKey) */
        get: operations["push-vapidPublicKey"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/push/action": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Run a notification button ('Mark as taken' or 'Snooze 10 min') with its action token
         * @description The service worker posts the short-lived, signed, single-purpose token a reminder push carries; the token names one action on one dose and is the only proof needed. A snooze token works once. The dose page's token runs the action asked: take, snooze, skip, or postpone with newTime (the link's open doses to a later time today; 400 without newTime, into another day or before now; 409 once they are all taken or skipped).
         */
        post: operations["push-action"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/push/dose": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The dose a reminder link names: its medicines, time and the actions the link allows
         * @description What the dose page shows when a notification is tapped (decision 241): the token of the reminder's link is the only proof, and it reads that one dose slot and nothing else of the account.
         */
        get: operations["push-dose"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The third-party sign-in options this server offers (none when unconfigured) */
        get: operations["social-providers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/{userEmail}/sign-in-methods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * How the caller can sign in: a password, and the providers linked to the account
         * @description Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        get: operations["social-signInMethods"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/{userEmail}/sign-in-methods/{provider}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Unlink a sign-in provider from the account
         * @description Refused (409) when it is the last way to sign in: set a password first. Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        delete: operations["social-unlink"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/report/{userEmail}/month": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A month's adherence by day, medicine and dose slot, and the 6 months up to it
         * @description Counted up to now in the caller’s time zone: later days are "future" and never missed. Without `month`, the current month.
         */
        get: operations["report-month"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/report/{userEmail}/doctor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The doctor's report for a range of days: medicines, every dose, adherence, refills
         * @description Counted by the monthly report’s rule (decision 100) over `from`..`to` (YYYY-MM-DD in the caller’s saved zone, at most 366 days, `to` not after today). The same report as a file: `/api/report/{userEmail}/doctor/{pdf|csv|fhir}` (decision 101).
         */
        get: operations["report-doctor"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/calendar/{userEmail}/feed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether the private calendar feed is on
         * @description The link itself is never shown again after it was made: only its hash is stored. Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        get: operations["calendar-status"];
        put?: never;
        /**
         * Turn the calendar feed on with a new private link
         * @description Makes a new secret link and answers it once; a link made before stops working at once. Anyone with the link sees the medicine names and dose times of the next 60 days. Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        post: operations["calendar-regenerate"];
        /**
         * Turn the calendar feed off
         * @description The link stops working at once. Turning off a feed that is off succeeds too. Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        delete: operations["calendar-delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/care/{userEmail}/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Invite a caregiver by email: a signed link that works once, for 7 days
         * @description The invitation is mailed to the invited address when the patient’s own address is verified (decision 210; `mailed` says whether); the answer also holds the token the patient may share as /care/accept?token=…. Only the account with the invited email can accept. Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        post: operations["care-invite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/care/{userEmail}/caregivers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * My caregivers and my invitations still open
         * @description Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        get: operations["care-circle"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/care/{userEmail}/caregivers/{caregiverId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change what a caregiver may see and when they are alerted
         * @description Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        put: operations["care-updateCaregiver"];
        post?: never;
        /**
         * Remove a caregiver: they lose access and alerts at once
         * @description Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        delete: operations["care-removeCaregiver"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/care/{userEmail}/invitations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Withdraw an invitation not yet accepted
         * @description Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        delete: operations["care-revokeInvitation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/care/invitation/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Who invites the caller, read from an invitation token (changes nothing)
         * @description POST keeps the token out of URLs and logs. Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        post: operations["care-invitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/care/invitation/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Accept an invitation: the caller becomes the patient’s caregiver
         * @description Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        post: operations["care-accept"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/care/{userEmail}/patients": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The people I care for, with today’s status (read-only)
         * @description Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        get: operations["care-patients"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/care/{userEmail}/patients/{patientId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Stop being someone’s caregiver: access and alerts end at once
         * @description Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        delete: operations["care-leave"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mail a password reset link (202 whether or not the address has an account)
         * @description The same answer for every address, so nobody can learn which have accounts. An account that signs in only with a provider (Google, OpenID Connect) gets a mail saying how it signs in instead of a link. Limited per address and per IP.
         */
        post: operations["passwordReset-request"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/password-reset/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Whether a reset link can still be used (it is not used up by asking) */
        post: operations["passwordReset-check"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/password-reset/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a new password with a reset link; signs in as a sign-in does (session cookie)
         * @description The link works once. Every other session and every access token issued before end; the other reset links of the account stop working; an unverified address counts as verified (the mail was read). An account with two-step sign-in gets `{ secondStep }` and no session, as a password sign-in does: the new password is set, the second factor still asked.
         */
        post: operations["passwordReset-confirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/email-verification/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mail a new verification link to an account’s address
         * @description The same answer whether or not the address has an account, or one still to verify (nobody learns which addresses have accounts). Limited per address and per IP; a new link replaces the older ones.
         */
        post: operations["email-resendVerification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/email-verification/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Verify an address with the mailed link’s token
         * @description The link works once, for 48 hours, and only while the account still uses the address it was sent to. Signed in or not.
         */
        post: operations["email-verify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user/{userEmail}/email-change": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask to change the account’s address: a confirmation goes to the new one
         * @description Nothing changes until the link mailed to the new address is opened (it works 24 hours); the current address gets a notice. Asks who is at the keyboard again, as deleting the account does (decision 198): the password in the body, or for an account without one a sign-in of the last minutes. Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        post: operations["email-requestChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/email-change/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm a new address with the link mailed to it; the change takes effect now
         * @description The account signs in with the new address from now on, and it is verified. Sessions stay signed in; access tokens issued for the old address must be fetched again (POST /jwt with the new address).
         */
        post: operations["email-confirmChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/{userEmail}/channels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every device and channel reminders go to, with its last delivery and last failure
         * @description Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        get: operations["channels-list"];
        put?: never;
        /**
         * Add a channel: email, an ntfy topic or a signed webhook
         * @description ntfy and webhook URLs must be https and reach a server on the internet (not a private address, unless the operator allows its host). A webhook answers its signing secret once: every POST carries `X-MedRem-Timestamp` and `X-MedRem-Signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<body>">`. Email goes only to the account’s verified address. Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        post: operations["channels-add"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/{userEmail}/channels/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a device or channel: it gets no more reminders
         * @description Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        delete: operations["channels-remove"];
        options?: never;
        head?: never;
        /**
         * Choose whether a channel gets every reminder or only what push could not deliver
         * @description Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        patch: operations["channels-update"];
        trace?: never;
    };
    "/api/notifications/{userEmail}/channels/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test reminder to one device or channel and say whether it was accepted
         * @description Sent at once, not through the outbox: the answer says whether the push service (or the ntfy server, the webhook, the mail outbox) accepted it. A device its push service reports gone is removed. Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        post: operations["channels-test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/signups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who may register on this server (the register screen says it) */
        get: operations["signups-policy"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/signups/roles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What the caller may do for the instance: administer it, invite people
         * @description An administrator is an account whose address is in ADMIN_EMAILS and verified. Anyone signed in may ask; the answer is only about the caller. Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        get: operations["signups-roles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/signups/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mail an invitation to register to an address
         * @description The link works once, for 7 days, and only for that address; only its hash is stored. An address that already has an account gets no mail (and the answer is the same). Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        post: operations["signups-invite"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List accounts, newest first, paged and searchable by address
         * @description Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        get: operations["admin-accounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/accounts/{id}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Disable an account: its sessions and tokens end at once, sign-in refused, reminders paused
         * @description Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        post: operations["admin-disable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/accounts/{id}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Re-enable a disabled account: it may sign in again and its reminders resume
         * @description Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        post: operations["admin-enable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/accounts/{id}/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Mail the account a password reset link (the same link "Forgot password?" mails)
         * @description Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        post: operations["admin-sendPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/accounts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete an account and everything it holds, once its address is typed to confirm
         * @description Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        delete: operations["admin-deleteAccount"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/signups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The sign-up policy in force and where it comes from
         * @description Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        get: operations["admin-signups"];
        /**
         * Set the sign-up policy (stored; it wins over SIGNUPS from then on)
         * @description Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        put: operations["admin-setSignups"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/actions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What administrators did, newest first (append-only record)
         * @description Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        get: operations["admin-actions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller’s personal access tokens, newest first (never their secrets)
         * @description Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        get: operations["token-list"];
        put?: never;
        /**
         * Create a personal access token; its secret is in this answer only
         * @description The secret (`mr_pat_…`) is shown once: only its hash is kept. Use it as `Authorization: Bearer` on the calls its scopes allow. An account holds at most 100 tokens. Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        post: operations["token-create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke a personal access token: it stops working at once
         * @description Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        delete: operations["token-revoke"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/activity": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The account’s recent activity, newest first: sign-ins, security changes, exports, caregivers’ reads
         * @description Kept 180 days. Page on with `cursor` = the last page's `nextCursor`. Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        get: operations["activity-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/journal/types": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every measurement type (built-in and own) with its units, limits and the person’s preferences */
        get: operations["journal-types"];
        put?: never;
        /** Add an own numeric measurement type (name, unit text, physical range, decimals) */
        post: operations["journal-createType"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/journal/types/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Rename an own type or change its unit text, range or decimals
         * @description A narrower range is refused while a stored reading lies outside it.
         */
        put: operations["journal-updateType"];
        post?: never;
        /** Delete an own type and every reading of it */
        delete: operations["journal-deleteType"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/journal/types/{type}/preferences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Choose a type’s display unit and target range
         * @description Targets are given in the canonical unit, one per component; an empty list clears them.
         */
        put: operations["journal-setPreferences"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/journal/measurements": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readings in a range of days (at most 366), newest first; of one type when given */
        get: operations["journal-measurements"];
        put?: never;
        /**
         * Record a reading, typed in any unit of its type; stored in the canonical unit
         * @description Refused (400, nothing stored) when a value is outside physical limits, the systolic is not above the diastolic, the unit is not one of the type’s, or measuredAt is more than 5 minutes ahead. With idempotencyKey a replay returns the first answer.
         */
        post: operations["journal-createMeasurement"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/journal/measurements/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Correct a reading (its type stays) */
        put: operations["journal-updateMeasurement"];
        post?: never;
        /** Delete a reading */
        delete: operations["journal-deleteMeasurement"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/journal/series": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One type’s chart over a range: readings or daily min/mean/max, the target, and a medicine’s adherence
         * @description One answer for the whole chart (decision 301): every reading for ranges up to 92 days, else daily min/mean/max; numbers in the person’s display unit; with medicineId that medicine’s due and taken doses per day on the same days.
         */
        get: operations["journal-series"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/journal/symptom-names": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The person’s symptom list: the built-in names, then their own */
        get: operations["journal-symptomNames"];
        put?: never;
        /** Add a name of one’s own to the symptom list */
        post: operations["journal-addSymptomName"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/journal/symptom-names/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove an own name from the list (entries already made keep it) */
        delete: operations["journal-deleteSymptomName"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/journal/symptoms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Symptom entries in a range of days (at most 366), newest first */
        get: operations["journal-symptoms"];
        put?: never;
        /**
         * Record a symptom: a name from the list, severity 1–5, optionally a suspected medicine
         * @description With idempotencyKey a replay returns the first answer.
         */
        post: operations["journal-createSymptom"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/journal/symptoms/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Correct a symptom entry */
        put: operations["journal-updateSymptom"];
        post?: never;
        /** Delete a symptom entry */
        delete: operations["journal-deleteSymptom"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/journal/moods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The daily mood over a range of days (at most 366), oldest first */
        get: operations["journal-moods"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/journal/moods/{date}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Set the day’s mood (one per day: a second call replaces it)
         * @description The date is a day of the person’s own calendar, not after their today.
         */
        put: operations["journal-setMood"];
        post?: never;
        /** Remove the day’s mood */
        delete: operations["journal-deleteMood"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/journal/reminders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The person’s measurement reminders, each with when it is due next and whether the last is settled */
        get: operations["journal-reminders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/journal/reminders/{type}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Remind to measure a type at these times, every day or on these weekdays
         * @description Sent through the same engine and channels as the dose reminders, once per time; a reading of the type settles it, so it follows up only while none was entered.
         */
        put: operations["journal-setReminder"];
        post?: never;
        /** Stop reminding to measure a type */
        delete: operations["journal-deleteReminder"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/passkeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller’s passkeys, newest first
         * @description Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        get: operations["passkey-list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/passkeys/registration/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start adding a passkey: the options for navigator.credentials.create()
         * @description A discoverable credential with user verification; the caller’s passkeys are excluded. The challenge works once, for 5 minutes, and only for this account. Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        post: operations["passkey-registrationOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/passkeys/registration": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a passkey: the answer of navigator.credentials.create()
         * @description Origin, RP ID, the challenge (once), user presence and verification are checked; attestation is not asked for. Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        post: operations["passkey-register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/passkeys/authentication/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start a passkey sign-in: the options for navigator.credentials.get()
         * @description No credential list: the browser offers the passkeys it holds for this site (discoverable credentials, also as autofill).
         */
        post: operations["passkey-signInOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/passkeys/authentication": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign in with a passkey; sets the session cookie
         * @description A passkey with user verification is a complete sign-in. Origin, RP ID, the challenge (once), the signature and its counter are checked.
         */
        post: operations["passkey-signIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/passkeys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove one of the caller’s passkeys: it no longer signs in
         * @description Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        delete: operations["passkey-remove"];
        options?: never;
        head?: never;
        /**
         * Rename one of the caller’s passkeys
         * @description Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        patch: operations["passkey-rename"];
        trace?: never;
    };
    "/api/auth/two-factor": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Whether two-step sign-in is on, and how many recovery codes are left
         * @description Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        get: operations["twoFactor-status"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/two-factor/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start setting up an authenticator app: a new secret, its otpauth URI and QR code
         * @description Two-step sign-in is not on until /setup/confirm gets a right code. Starting again replaces an unconfirmed secret. Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        post: operations["twoFactor-startSetup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/two-factor/setup/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn two-step sign-in on with a code from the app; answers the recovery codes once
         * @description Every other session of the account ends, and every access token issued before (this device fetches a new one with its session): whoever signed in with the password alone is out (decision 353). Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        post: operations["twoFactor-confirmSetup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/two-factor/recovery-codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * New recovery codes (the old ones stop working); needs a current code
         * @description Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        post: operations["twoFactor-regenerateRecoveryCodes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/two-factor/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn two-step sign-in off; needs a current code and, for a password account, the password
         * @description Personal access tokens cannot call this: it needs the token of a signed-in session (POST /jwt).
         */
        post: operations["twoFactor-disable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/two-factor/sign-in": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The second step of a sign-in: the ticket and a code; sets the session cookie */
        post: operations["twoFactor-completeSignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/report/{userEmail}/doctor/{format}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The doctor's report as a file: PDF, CSV or FHIR R4 JSON
         * @description The report of `GET /api/report/{userEmail}/doctor` for the same range, as a download (Content-Disposition: attachment; Cache-Control: no-store). `pdf`: A4 PDF for printing. `csv`: RFC 4180 CSV, one header row, a `section` column per kind of row. `fhir`: FHIR R4 Bundle (collection): Patient, MedicationStatement, MedicationAdministration.
         */
        get: operations["report-doctor-file"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/calendar/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The calendar feed itself (iCalendar), for calendar apps
         * @description The URL that POST /api/calendar/{userEmail}/feed answers: the secret token in it is the proof, so calendar apps subscribe without a bearer token (decision 141). RFC 5545 text with the doses of the coming weeks; never cached (Cache-Control: no-store).
         */
        get: operations["calendar-feedFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics (operators only)
         * @description Prometheus text exposition of the server’s counters and histograms. Off (404) unless METRICS_TOKEN is set; then only with `Authorization: Bearer <METRICS_TOKEN>`. Not counted by the API’s rate limit (decision 110).
         */
        get: operations["system-metrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        FollowUpSettings: {
            /** @description Minutes between a reminder and each of its follow-ups. */
            everyMinutes: number;
            /** @description How many follow-ups at most (0: none). */
            times: number;
        };
        QuietHours: {
            enabled: boolean;
            /**
             * @description Wall-clock time, HH:MM (24 h).
             * @example 08:00
             */
            start: string;
            /**
             * @description Wall-clock time, HH:MM (24 h).
             * @example 08:00
             */
            end: string;
        };
        DoseSchedule: {
            /** @constant */
            kind: "daily";
        } | {
            /** @constant */
            kind: "interval";
            /** @description Real hours between doses, 1 to 48 in steps of 0.25 (e.g. 1.5). */
            everyHours: number;
            /**
             * @description Wall-clock time, HH:MM (24 h).
             * @example 08:00
             */
            startTime: string;
        } | {
            /** @constant */
            kind: "weekdays";
            days: number[];
        } | {
            /** @constant */
            kind: "cycle";
            daysOn: number;
            daysOff: number;
        } | {
            /** @constant */
            kind: "taper";
            steps: {
                days: number;
                dose: string;
                pillsPerDose: number;
            }[];
        } | {
            /** @constant */
            kind: "asNeeded";
            maxPer24h: number | null;
            minIntervalMinutes: number | null;
        };
        MedicineFollowUps: {
            /** @description Minutes between a reminder and each of its follow-ups. */
            everyMinutes: number;
            /** @description How many follow-ups at most (0: none). */
            times: number;
        };
        /** @enum {string} */
        SkipReason: "felt_unwell" | "doctors_advice" | "ran_out" | "other";
        CarePermissions: {
            /** @description false: adherence only; true: also the medicine list. */
            canSeeMedicines: boolean;
            missedDoseAlerts: boolean;
            /** @description Minutes after the patient’s own “still not taken?” alert (itself 60 minutes after the dose) before this caregiver is alerted. */
            missedDelayMinutes: number;
            refillAlerts: boolean;
        };
        /**
         * @description `open`: anyone may register; `invite`: only with an invitation link mailed to that address; `closed`: nobody (existing accounts still sign in).
         * @enum {string}
         */
        SignupPolicy: "open" | "invite" | "closed";
        /**
         * @description `read`: Read medicines, doses, reports, notifications and the health journal. `doses:write`: Record doses: tick, take, skip and as-needed intakes. `medicines:write`: Add, edit and delete medicines and their refills. `journal:write`: Record, edit and delete health journal entries: readings, symptoms, mood, own types.
         * @enum {string}
         */
        TokenScope: "read" | "doses:write" | "medicines:write" | "journal:write";
        MeasurementTarget: {
            component: string;
            low: number | null;
            high: number | null;
        };
        /**
         * @description Blood glucose only: when it was taken relative to food.
         * @enum {string}
         */
        MealContext: "fasting" | "before-meal" | "after-meal" | "bedtime" | "other";
        PasskeyRegistrationResponse: {
            id: string;
            rawId: string;
            /** @constant */
            type: "public-key";
            /** @enum {string} */
            authenticatorAttachment?: "platform" | "cross-platform";
            /**
             * @description As the browser gave them; other extensions are ignored.
             * @default {}
             */
            clientExtensionResults: {
                credProps?: {
                    rk?: boolean;
                };
            };
            response: {
                clientDataJSON: string;
                attestationObject: string;
                transports?: ("ble" | "cable" | "hybrid" | "internal" | "nfc" | "smart-card" | "usb")[];
            };
        };
        PasskeyAuthenticationResponse: {
            id: string;
            rawId: string;
            /** @constant */
            type: "public-key";
            /** @enum {string} */
            authenticatorAttachment?: "platform" | "cross-platform";
            /**
             * @description As the browser gave them; other extensions are ignored.
             * @default {}
             */
            clientExtensionResults: {
                credProps?: {
                    rk?: boolean;
                };
            };
            response: {
                clientDataJSON: string;
                authenticatorData: string;
                signature: string;
                userHandle?: string;
            };
        };
        User: {
            /** Format: uuid */
            id: string;
            name: string;
            email: string;
            /** @description Whether the owner proved the address (the mailed link, or a sign-in provider). */
            emailVerified: boolean;
            /** @description ISO 8601 timestamp. */
            createdAt: string;
            lastLogin: string | null;
        };
        /**
         * Invalid input error (400)
         * @description The error information
         * @example {
         *       "code": "BAD_REQUEST",
         *       "message": "Invalid input",
         *       "issues": []
         *     }
         */
        "error.BAD_REQUEST": {
            /**
             * @description The error message
             * @example Invalid input
             */
            message: string;
            /**
             * @description The error code
             * @example BAD_REQUEST
             */
            code: string;
            /**
             * @description An array of issues that were responsible for the error
             * @example []
             */
            issues?: {
                message: string;
            }[];
            /** @description The error in machine-readable form; `issues` lists the invalid fields of a 400, `reason` which of a status’s causes a refusal is (decision 181). */
            data?: {
                code: string;
                httpStatus: number;
                path?: string;
                /** @enum {string} */
                reason?: "IDEMPOTENCY_KEY_REUSED" | "AS_NEEDED_LIMIT" | "EMAIL_UNVERIFIED" | "ACCOUNT_DISABLED" | "SIGNUPS_CLOSED" | "INVITATION_REQUIRED" | "TOKEN_SCOPE" | "TOKEN_LIMIT" | "TWO_FACTOR_REQUIRED" | "TWO_FACTOR_CODE_INVALID" | "TWO_FACTOR_TICKET_INVALID" | "PACK_SERIAL_KNOWN";
                issues?: {
                    path: string[];
                    message: string;
                }[];
            };
        };
        /**
         * Sign-ups are closed (data.reason SIGNUPS_CLOSED) or invite-only and the invitation is missing, used, expired or for another address (data.reason INVITATION_REQUIRED) error (403)
         * @description The error information
         * @example {
         *       "code": "FORBIDDEN",
         *       "message": "Sign-ups are closed (data.reason SIGNUPS_CLOSED) or invite-only and the invitation is missing, used, expired or for another address (data.reason INVITATION_REQUIRED)",
         *       "issues": []
         *     }
         */
        "error.FORBIDDEN": {
            /**
             * @description The error message
             * @example Sign-ups are closed (data.reason SIGNUPS_CLOSED) or invite-only and the invitation is missing, used, expired or for another address (data.reason INVITATION_REQUIRED)
             */
            message: string;
            /**
             * @description The error code
             * @example FORBIDDEN
             */
            code: string;
            /**
             * @description An array of issues that were responsible for the error
             * @example []
             */
            issues?: {
                message: string;
            }[];
            /** @description The error in machine-readable form; `issues` lists the invalid fields of a 400, `reason` which of a status’s causes a refusal is (decision 181). */
            data?: {
                code: string;
                httpStatus: number;
                path?: string;
                /** @enum {string} */
                reason?: "IDEMPOTENCY_KEY_REUSED" | "AS_NEEDED_LIMIT" | "EMAIL_UNVERIFIED" | "ACCOUNT_DISABLED" | "SIGNUPS_CLOSED" | "INVITATION_REQUIRED" | "TOKEN_SCOPE" | "TOKEN_LIMIT" | "TWO_FACTOR_REQUIRED" | "TWO_FACTOR_CODE_INVALID" | "TWO_FACTOR_TICKET_INVALID" | "PACK_SERIAL_KNOWN";
                issues?: {
                    path: string[];
                    message: string;
                }[];
            };
        };
        /**
         * An account with this email already exists error (409)
         * @description The error information
         * @example {
         *       "code": "CONFLICT",
         *       "message": "An account with this email already exists",
         *       "issues": []
         *     }
         */
        "error.CONFLICT": {
            /**
             * @description The error message
             * @example An account with this email already exists
             */
            message: string;
            /**
             * @description The error code
             * @example CONFLICT
             */
            code: string;
            /**
             * @description An array of issues that were responsible for the error
             * @example []
             */
            issues?: {
                message: string;
            }[];
            /** @description The error in machine-readable form; `issues` lists the invalid fields of a 400, `reason` which of a status’s causes a refusal is (decision 181). */
            data?: {
                code: string;
                httpStatus: number;
                path?: string;
                /** @enum {string} */
                reason?: "IDEMPOTENCY_KEY_REUSED" | "AS_NEEDED_LIMIT" | "EMAIL_UNVERIFIED" | "ACCOUNT_DISABLED" | "SIGNUPS_CLOSED" | "INVITATION_REQUIRED" | "TOKEN_SCOPE" | "TOKEN_LIMIT" | "TWO_FACTOR_REQUIRED" | "TWO_FACTOR_CODE_INVALID" | "TWO_FACTOR_TICKET_INVALID" | "PACK_SERIAL_KNOWN";
                issues?: {
                    path: string[];
                    message: string;
                }[];
            };
        };
        SecondStep: {
            /** @description Send it with a code to /api/auth/two-factor/sign-in. */
            ticket: string;
            /** @description ISO 8601 timestamp. */
            expiresAt: string;
            /** @description Factors this account can give; a passkey may be added by its own call. */
            methods: ("totp" | "recovery-code")[];
        };
        /**
         * Wrong email or password error (401)
         * @description The error information
         * @example {
         *       "code": "UNAUTHORIZED",
         *       "message": "Wrong email or password",
         *       "issues": []
         *     }
         */
        "error.UNAUTHORIZED": {
            /**
             * @description The error message
             * @example Wrong email or password
             */
            message: string;
            /**
             * @description The error code
             * @example UNAUTHORIZED
             */
            code: string;
            /**
             * @description An array of issues that were responsible for the error
             * @example []
             */
            issues?: {
                message: string;
            }[];
            /** @description The error in machine-readable form; `issues` lists the invalid fields of a 400, `reason` which of a status’s causes a refusal is (decision 181). */
            data?: {
                code: string;
                httpStatus: number;
                path?: string;
                /** @enum {string} */
                reason?: "IDEMPOTENCY_KEY_REUSED" | "AS_NEEDED_LIMIT" | "EMAIL_UNVERIFIED" | "ACCOUNT_DISABLED" | "SIGNUPS_CLOSED" | "INVITATION_REQUIRED" | "TOKEN_SCOPE" | "TOKEN_LIMIT" | "TWO_FACTOR_REQUIRED" | "TWO_FACTOR_CODE_INVALID" | "TWO_FACTOR_TICKET_INVALID" | "PACK_SERIAL_KNOWN";
                issues?: {
                    path: string[];
                    message: string;
                }[];
            };
        };
        /**
         * Too many failed attempts error (429)
         * @description The error information
         * @example {
         *       "code": "TOO_MANY_REQUESTS",
         *       "message": "Too many failed attempts",
         *       "issues": []
         *     }
         */
        "error.TOO_MANY_REQUESTS": {
            /**
             * @description The error message
             * @example Too many failed attempts
             */
            message: string;
            /**
             * @description The error code
             * @example TOO_MANY_REQUESTS
             */
            code: string;
            /**
             * @description An array of issues that were responsible for the error
             * @example []
             */
            issues?: {
                message: string;
            }[];
            /** @description The error in machine-readable form; `issues` lists the invalid fields of a 400, `reason` which of a status’s causes a refusal is (decision 181). */
            data?: {
                code: string;
                httpStatus: number;
                path?: string;
                /** @enum {string} */
                reason?: "IDEMPOTENCY_KEY_REUSED" | "AS_NEEDED_LIMIT" | "EMAIL_UNVERIFIED" | "ACCOUNT_DISABLED" | "SIGNUPS_CLOSED" | "INVITATION_REQUIRED" | "TOKEN_SCOPE" | "TOKEN_LIMIT" | "TWO_FACTOR_REQUIRED" | "TWO_FACTOR_CODE_INVALID" | "TWO_FACTOR_TICKET_INVALID" | "PACK_SERIAL_KNOWN";
                issues?: {
                    path: string[];
                    message: string;
                }[];
            };
        };
        /**
         * No such user error (404)
         * @description The error information
         * @example {
         *       "code": "NOT_FOUND",
         *       "message": "No such user",
         *       "issues": []
         *     }
         */
        "error.NOT_FOUND": {
            /**
             * @description The error message
             * @example No such user
             */
            message: string;
            /**
             * @description The error code
             * @example NOT_FOUND
             */
            code: string;
            /**
             * @description An array of issues that were responsible for the error
             * @example []
             */
            issues?: {
                message: string;
            }[];
            /** @description The error in machine-readable form; `issues` lists the invalid fields of a 400, `reason` which of a status’s causes a refusal is (decision 181). */
            data?: {
                code: string;
                httpStatus: number;
                path?: string;
                /** @enum {string} */
                reason?: "IDEMPOTENCY_KEY_REUSED" | "AS_NEEDED_LIMIT" | "EMAIL_UNVERIFIED" | "ACCOUNT_DISABLED" | "SIGNUPS_CLOSED" | "INVITATION_REQUIRED" | "TOKEN_SCOPE" | "TOKEN_LIMIT" | "TWO_FACTOR_REQUIRED" | "TWO_FACTOR_CODE_INVALID" | "TWO_FACTOR_TICKET_INVALID" | "PACK_SERIAL_KNOWN";
                issues?: {
                    path: string[];
                    message: string;
                }[];
            };
        };
        Export: {
            /** @description ISO 8601 timestamp. */
            exportDate: string;
            user: components["schemas"]["User"];
            medicines: components["schemas"]["Medicine"][];
            doseHistory: {
                date: string;
                taken: string;
                /** @description Per slot of `taken`, the dose skipped on purpose with its reason, null where none; present only on a day with a skip. A skipped dose reads 0 in `taken` (not taken). Decisions 225, 226. */
                skipped?: (components["schemas"]["DoseSkip"] | null)[];
                /** @description Per slot of `taken`, the dose postponed to a later time of the day, null where none; present only on a day with one. The dose is reminded and counted at that time. Decision 316. */
                postponed?: (components["schemas"]["DosePostponement"] | null)[];
                /** @description Per slot of `taken`, the instant its dose was marked taken (the press on the device, capped at the server’s time; or as corrected), null where no dose is taken or the time is not known (doses recorded before it was kept). Decision 191. */
                takenAt?: (string | null)[];
                /** Format: uuid */
                medicineId: string;
            }[];
            /** @description Every dose skipped on purpose whose skip still holds, with its reason and note (decisions 225, 226). Beside `doseHistory`, which keeps the spec’s shape: a skipped dose reads 0 in its `taken`. */
            skippedDoses: {
                /** Format: uuid */
                medicineId: string;
                date: string;
                slot: number;
                reason: components["schemas"]["SkipReason"] | null;
                note?: string;
                /** @description ISO 8601 timestamp. */
                skippedAt: string;
            }[];
            /** @description Every dose postponed to a later time of its day (decision 316), beside `doseHistory`: the dose keeps its slot there. */
            postponedDoses?: {
                /** Format: uuid */
                medicineId: string;
                date: string;
                slot: number;
                /** @description The new time, HH:MM of that day in the user’s zone. */
                to: string;
                /** @description ISO 8601 timestamp. */
                postponedAt: string;
            }[];
            refills: {
                /** Format: uuid */
                medicineId: string;
                pills: number;
                /** @description ISO 8601 timestamp. */
                refilledAt: string;
            }[];
            /** @description Every as-needed dose with its time; override marks one taken past a limit. */
            asNeededIntakes: {
                /** Format: uuid */
                medicineId: string;
                /** @description ISO 8601 timestamp. */
                takenAt: string;
                override: boolean;
            }[];
            /** @description Each medicine’s plan history, oldest first (decision 314): changes of dose, schedule, times or pills per dose, stops and resumes. */
            planChanges?: {
                /** Format: uuid */
                id: string;
                /** @description The local day the change applies from. */
                effectiveOn: string;
                /**
                 * @description start: the first plan known; change: an edit; stop and resume.
                 * @enum {string}
                 */
                kind: "start" | "change" | "stop" | "resume";
                changes: {
                    /** @enum {string} */
                    field: "dosage" | "frequency" | "schedule" | "doseTimes" | "pillsPerDose";
                    from: string;
                    to: string;
                    /** @example Dose: 5 mg → 10 mg */
                    text: string;
                }[];
                plan: components["schemas"]["MedicinePlan"];
                reason: string | null;
                /** @description ISO 8601 timestamp. */
                recordedAt: string;
                /** Format: uuid */
                medicineId: string;
            }[];
            /** @description Every pack added, with its product number, batch, serial and expiry; used-up ones too. */
            packs?: {
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                medicineId: string;
                gtin: string | null;
                batch: string | null;
                serial: string | null;
                expiresOn: string | null;
                pills: number;
                /** @description ISO 8601 timestamp. */
                addedAt: string;
                usedUpAt: string | null;
            }[];
            /** @description The product numbers (GTINs) named as medicines, with their pills per pack. */
            gtinMappings?: {
                gtin: string;
                /** Format: uuid */
                medicineId: string;
                pillsPerPack: number;
                /** @description ISO 8601 timestamp. */
                updatedAt: string;
            }[];
            settings: components["schemas"]["Settings"];
            notifications: components["schemas"]["Notification"][];
            /** @description Devices registered for reminders. */
            devices: {
                kind: string;
                /** @description The push service host (Web Push) or "fcm". */
                service: string;
                /** @description ISO 8601 timestamp. */
                registeredAt: string;
            }[];
            /** @description Signed-in sessions that have not expired yet. */
            sessions: {
                /** @description ISO 8601 timestamp. */
                startedAt: string;
                /** @description ISO 8601 timestamp. */
                expiresAt: string;
            }[];
            /** @description Personal access tokens not revoked: what they are, never their secrets (decision 268). */
            accessTokens: components["schemas"]["PersonalToken"][];
            /** @description The account's activity record, newest first: sign-ins, security changes, exports, caregivers' reads (kept 180 days, decision 294). */
            activity: components["schemas"]["ActivityEntry"][];
            /** @description The health journal: readings, own types, preferences, symptoms and moods (issue 56). */
            journal: components["schemas"]["JournalExport"];
            /** @description Whether two-step sign-in is on and since when; never its secret or codes. */
            twoFactor: {
                enabled: boolean;
                enabledAt: string | null;
            };
            /** @description The passkeys that sign in to this account: name and use, never a key. */
            passkeys?: {
                name: string;
                /** @description ISO 8601 timestamp. */
                createdAt: string;
                lastUsedAt: string | null;
            }[];
            /** @description Sign-in providers linked to the account (Google, OpenID Connect). */
            signInProviders?: {
                provider: string;
                email: string;
                /** @description ISO 8601 timestamp. */
                linkedAt: string;
            }[];
            /** @description Who cares for this person (with what they may see and be alerted of), whom this person cares for, and invitations not yet accepted. */
            careCircle?: {
                caregivers: {
                    name: string;
                    email: string;
                    /** @description ISO 8601 timestamp. */
                    since: string;
                    canSeeMedicines: boolean;
                    missedDoseAlerts: boolean;
                    missedDelayMinutes: number;
                    refillAlerts: boolean;
                }[];
                caringFor: {
                    name: string;
                    email: string;
                    /** @description ISO 8601 timestamp. */
                    since: string;
                    canSeeMedicines: boolean;
                    missedDoseAlerts: boolean;
                    missedDelayMinutes: number;
                    refillAlerts: boolean;
                }[];
                openInvitations: {
                    email: string;
                    /** @description ISO 8601 timestamp. */
                    sentAt: string;
                    /** @description ISO 8601 timestamp. */
                    expiresAt: string;
                }[];
            };
            /** @description Whether the private calendar feed is on and since when; never its link. */
            calendarFeed?: {
                enabled: boolean;
                createdAt: string | null;
            };
        };
        Medicine: {
            /** Format: uuid */
            id: string;
            userEmail: string;
            name: string;
            dosage: string;
            frequency: string;
            startDate: string;
            scheduledTimes: string[];
            durationDays: number;
            originalDurationDays: number;
            instructions: string;
            totalPills: number;
            originalTotalPills: number;
            pillsPerDose: number;
            dosesPerDay: number;
            reminders: {
                times: string[];
            }[];
            /** @description null: every day at the default times, as frequency says. */
            schedule: components["schemas"]["DoseScheduleOutput"] | null;
            /** @description The medicine’s own times of day (decision 212), ascending; absent when it follows the default reminder times. */
            doseTimes?: string[];
            /** @description The medicine’s own follow-up cadence (decision 254): every everyMinutes, up to times (0: none for this medicine); absent when it follows the user’s default (Settings → Notifications). */
            followUps?: components["schemas"]["MedicineFollowUpsOutput"];
            /** @description The first day it is no longer taken (decision 313); absent while it is taken. A stopped medicine keeps its history. */
            stoppedOn?: string;
            /** @description Why it was stopped, when given. */
            stopReason?: string;
            /** @description startDate + originalDurationDays − 1 */
            courseEndDate: string;
            pillsLeft: number;
            daysLeft: number;
            lastRefillAt: string | null;
            /** @description ISO 8601 timestamp. */
            createdAt: string;
            /** @description ISO 8601 timestamp. */
            updatedAt: string;
        };
        DoseSkip: {
            reason: components["schemas"]["SkipReason"] | null;
            note?: string;
            /** Format: date-time */
            skippedAt: string;
        };
        DosePostponement: {
            /** @description The new time, HH:MM, of the dose’s own day in the user’s zone. */
            to: string;
            /** Format: date-time */
            postponedAt: string;
        };
        /** @description The plan from the entry’s day on, whole. */
        MedicinePlan: {
            dosage: string;
            frequency: string;
            schedule: components["schemas"]["DoseScheduleOutput"] | null;
            doseTimes: string[] | null;
            pillsPerDose: number;
            stopped: boolean;
        };
        Settings: {
            notifications: {
                enabled: boolean;
                /** @description Minutes before a dose for the optional upcoming-dose heads-up. */
                reminderAdvance: number;
                missedDoseAlerts: boolean;
                refillReminders: boolean;
                dailySummary: boolean;
                /** @default false */
                upcomingHeadsUp: boolean;
                /**
                 * @default {
                 *       "everyMinutes": 10,
                 *       "times": 3
                 *     }
                 */
                followUps: components["schemas"]["FollowUpSettingsOutput"];
                /**
                 * @default {
                 *       "enabled": false,
                 *       "start": "22:00",
                 *       "end": "07:00"
                 *     }
                 */
                quietHours: components["schemas"]["QuietHoursOutput"];
            };
            medicineDefaults: {
                defaultDosesPerDay: number;
                defaultReminderTimes: string[];
                defaultDurationDays: number;
                /**
                 * @description How many minutes before its time a dose may be marked taken (decision 190). Left out of a save, the saved value stays.
                 * @default 60
                 */
                takeEarlyMinutes: number;
            };
            privacy: {
                dataSharing: boolean;
                analytics: boolean;
            };
            /** @description IANA zone of the user’s wall-clock dose times. */
            timezone: string;
            /** @description The account’s language: the app shows its screens in it on every device. Saved from the browser at registration. Null: not chosen (an account from before languages): each device shows its own. */
            locale: ("en" | "es" | "de" | "fr" | "pt-BR" | "it" | "tr" | "ar" | "hi" | "zh-Hans") | null;
            /**
             * @description 'auto': the language's convention; '12h' (8:00 AM) or '24h' (08:00).
             * @enum {string}
             */
            clock: "auto" | "12h" | "24h";
            /** @description The simple screen (issue 54): large text, big Take buttons, the current dose slot only. Null: never chosen; the app offers it once. Accounts from before it read false. */
            simpleMode: boolean | null;
            name: string;
            email: string;
        };
        Notification: {
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            type: "reminder" | "missed_dose" | "refill" | "success" | "generic";
            title: string;
            message: string;
            medicineName: string | null;
            /** @description The app page this notification opens (a path on this instance, e.g. a measurement reminder’s reading page), or null when its type’s usual page: today’s doses, the refills. */
            link: string | null;
            isRead: boolean;
            /** @description ISO 8601 timestamp. */
            createdAt: string;
        };
        PersonalToken: {
            /** Format: uuid */
            id: string;
            name: string;
            scopes: components["schemas"]["TokenScope"][];
            /** @description ISO 8601 timestamp. */
            createdAt: string;
            /** @description Last call made with it (to the minute); null: never used */
            lastUsedAt: string | null;
            /** @description When it stops working; null: never */
            expiresAt: string | null;
        };
        ActivityEntry: {
            /** Format: uuid */
            id: string;
            /** @description ISO 8601 timestamp. */
            at: string;
            /** @description The browser and system named by the user agent, e.g. "Firefox on Windows". */
            device: string | null;
            /** @description The address truncated: IPv4 to its /24 (203.0.113.0), IPv6 to its /48. */
            ip: string | null;
            /** @enum {string} */
            kind: "sign-in" | "new-device";
            detail: {
                /** @enum {string} */
                method: "password" | "google" | "oidc" | "reset-link" | "passkey";
            };
        } | {
            /** Format: uuid */
            id: string;
            /** @description ISO 8601 timestamp. */
            at: string;
            /** @description The browser and system named by the user agent, e.g. "Firefox on Windows". */
            device: string | null;
            /** @description The address truncated: IPv4 to its /24 (203.0.113.0), IPv6 to its /48. */
            ip: string | null;
            /** @enum {string} */
            kind: "password-changed" | "password-reset" | "signed-out-everywhere" | "data-export" | "calendar-feed" | "two-factor-on" | "two-factor-off";
            detail: Record<string, never>;
        } | {
            /** Format: uuid */
            id: string;
            /** @description ISO 8601 timestamp. */
            at: string;
            /** @description The browser and system named by the user agent, e.g. "Firefox on Windows". */
            device: string | null;
            /** @description The address truncated: IPv4 to its /24 (203.0.113.0), IPv6 to its /48. */
            ip: string | null;
            /** @constant */
            kind: "email-changed";
            detail: {
                from: string;
                to: string;
            };
        } | {
            /** Format: uuid */
            id: string;
            /** @description ISO 8601 timestamp. */
            at: string;
            /** @description The browser and system named by the user agent, e.g. "Firefox on Windows". */
            device: string | null;
            /** @description The address truncated: IPv4 to its /24 (203.0.113.0), IPv6 to its /48. */
            ip: string | null;
            /** @enum {string} */
            kind: "token-created" | "token-revoked" | "passkey-added" | "passkey-removed";
            detail: {
                name: string;
            };
        } | {
            /** Format: uuid */
            id: string;
            /** @description ISO 8601 timestamp. */
            at: string;
            /** @description The browser and system named by the user agent, e.g. "Firefox on Windows". */
            device: string | null;
            /** @description The address truncated: IPv4 to its /24 (203.0.113.0), IPv6 to its /48. */
            ip: string | null;
            /** @constant */
            kind: "care-read";
            detail: {
                /** @enum {string} */
                what: "today-doses" | "today-doses-and-medicines";
                /** @description Who read, as they were named when they read. */
                caregiver: {
                    name: string;
                    email: string;
                };
            };
        };
        MeasurementEntry: {
            /** Format: uuid */
            id: string;
            /** @description The kind, or the custom type’s id. */
            type: string;
            /** @description Canonical values (unit: canonicalUnit). */
            values: {
                [key: string]: number;
            };
            canonicalUnit: string;
            /** @description The unit the reading was typed in. */
            enteredUnit: string;
            display: {
                /** @description The person’s display unit for this type. */
                unit: string;
                values: {
                    [key: string]: number;
                };
                /** @example 128/82 mmHg, pulse 64 */
                text: string;
            };
            /** @description ISO 8601 instant */
            measuredAt: string;
            mealContext: components["schemas"]["MealContext"] | null;
            note: string | null;
            createdAt: string;
        };
        SymptomEntry: {
            /** Format: uuid */
            id: string;
            symptom: string;
            severity: number;
            note: string | null;
            /** @description A medicine suspected of causing it (side effect). */
            medicineId: string | null;
            medicineName: string | null;
            occurredAt: string;
            createdAt: string;
        };
        MoodEntry: {
            date: string;
            mood: number;
            note: string | null;
            updatedAt: string;
        };
        JournalExport: {
            customTypes: {
                /** Format: uuid */
                id: string;
                name: string;
                unit: string;
                min: number;
                max: number;
                decimals: number;
            }[];
            preferences: {
                type: string;
                displayUnit: string;
                targets: components["schemas"]["MeasurementTargetOutput"][];
            }[];
            measurements: components["schemas"]["MeasurementEntry"][];
            /** @description The names the person added to the list. */
            symptomNames: string[];
            symptoms: components["schemas"]["SymptomEntry"][];
            moods: components["schemas"]["MoodEntry"][];
            /** @description Measurement reminders (decision 331); absent in a file exported before them. */
            reminders?: {
                type: string;
                times: string[];
                days: number[] | null;
            }[];
        };
        TakenDay: {
            date: string;
            taken: string;
            /** @description Per slot of `taken`, the dose skipped on purpose with its reason, null where none; present only on a day with a skip. A skipped dose reads 0 in `taken` (not taken). Decisions 225, 226. */
            skipped?: (components["schemas"]["DoseSkip"] | null)[];
            /** @description Per slot of `taken`, the dose postponed to a later time of the day, null where none; present only on a day with one. The dose is reminded and counted at that time. Decision 316. */
            postponed?: (components["schemas"]["DosePostponement"] | null)[];
            /** @description Per slot of `taken`, the instant its dose was marked taken (the press on the device, capped at the server’s time; or as corrected), null where no dose is taken or the time is not known (doses recorded before it was kept). Decision 191. */
            takenAt?: (string | null)[];
        };
        AsNeededIntake: {
            /** Format: uuid */
            id: string;
            /** @description ISO 8601 instant of the intake. */
            takenAt: string;
            /** @description Recorded past a safety limit on the user’s explicit choice. */
            override: boolean;
        };
        PlanChange: {
            /** Format: uuid */
            id: string;
            /** @description The local day the change applies from. */
            effectiveOn: string;
            /**
             * @description start: the first plan known; change: an edit; stop and resume.
             * @enum {string}
             */
            kind: "start" | "change" | "stop" | "resume";
            changes: {
                /** @enum {string} */
                field: "dosage" | "frequency" | "schedule" | "doseTimes" | "pillsPerDose";
                from: string;
                to: string;
                /** @example Dose: 5 mg → 10 mg */
                text: string;
            }[];
            plan: components["schemas"]["MedicinePlan"];
            reason: string | null;
            /** @description ISO 8601 timestamp. */
            recordedAt: string;
        };
        RefillReminder: {
            /** Format: uuid */
            id: string;
            name: string;
            pillsLeft: number;
            daysLeft: number;
            /** @description The pills a refill adds when none are given: a pack (decision 182). */
            packPills: number;
        };
        Pack: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            medicineId: string;
            /** @description 14 digits; null for a pack typed in without one. */
            gtin: string | null;
            batch: string | null;
            serial: string | null;
            /** @description The last day it may be used (YYYY-MM-DD). */
            expiresOn: string | null;
            /** @description The pills the pack held when added. */
            pills: number;
            /** @description The pills still in it, counting the supply used first-expiring-first (decision 322); 0 once used up. */
            pillsLeft: number;
            /**
             * @description on-hand; expired (on hand, past its expiry); used-up (finished or thrown away).
             * @enum {string}
             */
            state: "on-hand" | "expired" | "used-up";
            /** @description Days from today (the saved zone) to its expiry; negative once expired; null without one. */
            daysToExpiry: number | null;
            /** @description ISO 8601 timestamp. */
            addedAt: string;
            usedUpAt: string | null;
        };
        PackReading: {
            gtin: string;
            expiresOn: string | null;
            batch: string | null;
            serial: string | null;
            /** @description Items in the pack, when the code says (AI 30). */
            count: number | null;
            /** @enum {string} */
            source: "element-string" | "digital-link" | "barcode";
        };
        /** @description What a product number is, for this user. */
        GtinMapping: {
            /** @description 14 digits. */
            gtin: string;
            /** Format: uuid */
            medicineId: string;
            medicineName: string;
            pillsPerPack: number;
            /** @description ISO 8601 timestamp. */
            updatedAt: string;
        };
        Cabinet: {
            /** @description Today in the saved zone, which the days count from. */
            today: string;
            /** @description Every pack on hand (expired ones included), first-expiring first. */
            packs: {
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                medicineId: string;
                /** @description 14 digits; null for a pack typed in without one. */
                gtin: string | null;
                batch: string | null;
                serial: string | null;
                /** @description The last day it may be used (YYYY-MM-DD). */
                expiresOn: string | null;
                /** @description The pills the pack held when added. */
                pills: number;
                /** @description The pills still in it, counting the supply used first-expiring-first (decision 322); 0 once used up. */
                pillsLeft: number;
                /**
                 * @description on-hand; expired (on hand, past its expiry); used-up (finished or thrown away).
                 * @enum {string}
                 */
                state: "on-hand" | "expired" | "used-up";
                /** @description Days from today (the saved zone) to its expiry; negative once expired; null without one. */
                daysToExpiry: number | null;
                /** @description ISO 8601 timestamp. */
                addedAt: string;
                usedUpAt: string | null;
                medicineName: string;
            }[];
            expiredCount: number;
            /** @description Medicines being taken, the one that runs out first first. */
            medicines: {
                /** Format: uuid */
                id: string;
                name: string;
                pillsLeft: number;
                daysLeft: number;
                /** @description The day the supply runs out; null if never. */
                runsOutOn: string | null;
                /** @description The first expiry among its packs on hand. */
                nextExpiry: string | null;
            }[];
        };
        SignInProviders: {
            firebase: {
                apiKey: string;
                authDomain: string;
                projectId: string;
                /** @description The Auth emulator (tests only). */
                emulatorUrl: string | null;
            } | null;
            oidc: {
                /** @description The provider’s name for the button. */
                label: string;
                /** @description Open this (a full-page navigation) to sign in. */
                startUrl: string;
            } | null;
        };
        MonthAggregates: {
            /** @description YYYY-MM */
            month: string;
            /** @description The caller's today in their time zone */
            today: string;
            totals: {
                due: number;
                taken: number;
                /** @description Rounded percentage; null when nothing was due */
                rate: number | null;
                /** @description due − taken − skipped; null when nothing was due */
                missed: number | null;
                /** @description Due doses skipped on purpose (decision 225): not taken, and not missed */
                skipped: number;
            };
            days: {
                date: string;
                due: number;
                taken: number;
                /** @description Rounded percentage; null when nothing was due */
                rate: number | null;
                /** @description Due doses skipped on purpose (decision 225): not taken, and not missed */
                skipped: number;
                /** @enum {string} */
                status: "all" | "some" | "none" | "no-doses" | "future";
            }[];
            medicines: {
                /** Format: uuid */
                medicineId: string;
                name: string;
                due: number;
                taken: number;
                /** @description Rounded percentage; null when nothing was due */
                rate: number | null;
            }[];
            slots: {
                slot: number;
                name: string;
                time: string | null;
                due: number;
                taken: number;
                /** @description Rounded percentage; null when nothing was due */
                rate: number | null;
            }[];
            trend: {
                month: string;
                due: number;
                taken: number;
                /** @description Rounded percentage; null when nothing was due */
                rate: number | null;
            }[];
            /** @description As-needed medicines: never due, so outside the rates; their intakes this month. */
            asNeeded: {
                /** Format: uuid */
                medicineId: string;
                name: string;
                taken: number;
                /** @description Doses taken past a safety limit */
                overrides: number;
            }[];
        };
        DoctorReport: {
            from: string;
            to: string;
            today: string;
            timeZone: string;
            /** @description ISO 8601 with the zone offset */
            generatedAt: string;
            patient: {
                /** Format: uuid */
                userId: string;
                name: string;
                email: string;
            };
            totals: {
                due: number;
                /** @description Doses taken, capped at due (the monthly rule) */
                taken: number;
                /** @description due − taken − skipped; null when nothing was due */
                missed: number | null;
                /** @description Doses skipped on purpose (decision 225): not taken, not missed */
                skipped: number;
                /** @description Rounded percentage; null when nothing was due */
                rate: number | null;
            };
            medicines: {
                /** Format: uuid */
                medicineId: string;
                name: string;
                dosage: string;
                instructions: string;
                /** @description How it is taken, in plain words */
                schedule: string;
                /** @enum {string} */
                kind: "daily" | "interval" | "weekdays" | "cycle" | "taper" | "asNeeded";
                /** @description Dose times of a dose day (HH:MM) */
                times: string[];
                /** @description Weekday schedules: the days, 0 = Sunday … 6 = Saturday */
                weekdays: number[] | null;
                /** @description Every-N-hours schedules: N */
                everyHours: number | null;
                /** @description Pills per dose (a taper: see steps) */
                pillsPerDose: number;
                /** @description Tapers: each step’s days (inclusive), dose and pills per dose; else null */
                steps: {
                    from: string;
                    to: string;
                    dose: string;
                    pillsPerDose: number;
                }[] | null;
                startDate: string;
                /** @description Last day of the course */
                endDate: string;
                due: number;
                /** @description Doses taken, capped at due (the monthly rule) */
                taken: number;
                /** @description due − taken − skipped; null when nothing was due */
                missed: number | null;
                /** @description Doses skipped on purpose (decision 225): not taken, not missed */
                skipped: number;
                /** @description Rounded percentage; null when nothing was due */
                rate: number | null;
                /** @description Every day of the range with a dose due or taken */
                days: {
                    date: string;
                    doses: {
                        slot: number;
                        /** @description The dose time on that day (HH:MM, saved zone) */
                        time: string | null;
                        /** @description Doses recorded in the slot */
                        taken: number;
                        /** @description Pills one dose takes that day: a taper’s step’s, else the medicine’s */
                        pillsPerDose: number;
                        /** @enum {string} */
                        status: "taken" | "missed" | "extra" | "skipped";
                        /** @description A skipped dose in words with its reason ("Skipped — Felt unwell"); null otherwise */
                        skip: string | null;
                        /** @description The dose’s own instant as an ISO 8601 date-time with the zone offset (null without a time); in a repeated hour the offset tells the two apart */
                        at: string | null;
                        /** @description When the dose was taken (decision 191), ISO 8601 with the zone offset; null when not taken or not known */
                        takenAt: string | null;
                    }[];
                }[];
                /** @description As-needed intakes in the range (never due, outside the rates) */
                asNeeded: {
                    at: string;
                    override: boolean;
                }[];
                refills: {
                    at: string;
                    pills: number;
                }[];
                /** @description The first day it is no longer taken (decision 313); null while taken */
                stoppedOn: string | null;
                /** @description Its plan’s changes up to the range’s end (decision 314): the days before one were counted by the plan then */
                planChanges: {
                    effectiveOn: string;
                    /** @enum {string} */
                    kind: "start" | "change" | "stop" | "resume";
                    /** @example Dose: 5 mg → 10 mg */
                    text: string;
                    reason: string | null;
                }[];
            }[];
            /** @description Present when `measurements` or `symptoms` asked for the health journal (issue 56) */
            journal?: components["schemas"]["DoctorReportJournal"];
        };
        DoctorReportJournal: {
            measurements: {
                type: string;
                label: string;
                loinc: string | null;
                /** @description The display unit (UCUM for built-in kinds) of every number */
                unit: string;
                unitText: string;
                components: {
                    key: string;
                    label: string;
                    loinc: string | null;
                    /** @description UCUM code of this component’s numbers */
                    unit: string;
                }[];
                readings: {
                    /** @description ISO 8601 with the zone offset */
                    at: string;
                    values: {
                        [key: string]: number;
                    };
                    mealContext: string | null;
                    note: string | null;
                }[];
                /** @description Per ISO week with readings: min, mean and max per component */
                weeks: {
                    /** @description The Monday of the week (its days in the range) */
                    weekStart: string;
                    count: number;
                    mean: {
                        [key: string]: number;
                    };
                    min: {
                        [key: string]: number;
                    };
                    max: {
                        [key: string]: number;
                    };
                }[];
                /** @description The person’s target band per component, in the display unit (the PDF’s chart shades it) */
                targets: components["schemas"]["MeasurementTargetOutput"][];
            }[];
            /** @description The symptoms in the range, oldest first; null when not asked for */
            symptoms: {
                at: string;
                symptom: string;
                severity: number;
                note: string | null;
                medicineName: string | null;
            }[] | null;
        };
        CalendarFeedStatus: {
            enabled: boolean;
            /** @description When the current link was made */
            createdAt: string | null;
        };
        CalendarFeedLink: {
            /** @constant */
            enabled: true;
            /** @description When the current link was made */
            createdAt: string | null;
            /** @description The feed, https: or http: (shown once; only its hash is kept) */
            url: string;
            /** @description The same feed as webcal:, which calendar apps open */
            webcalUrl: string;
        };
        CareInvitation: {
            /** Format: uuid */
            id: string;
            email: string;
            /** @description ISO 8601 timestamp. */
            expiresAt: string;
            permissions: components["schemas"]["CarePermissionsOutput"];
        };
        Caregiver: {
            /** Format: uuid */
            caregiverId: string;
            name: string;
            email: string;
            /** @description ISO 8601 timestamp. */
            since: string;
            permissions: components["schemas"]["CarePermissionsOutput"];
        };
        CaredPerson: {
            /** Format: uuid */
            patientId: string;
            name: string;
            canSeeMedicines: boolean;
            today: {
                /** @description The patient's today in their time zone */
                date: string;
                due: number;
                taken: number;
                slots: {
                    slot: number;
                    name: string;
                    time: string;
                    planned: number;
                    taken: number;
                    /** @enum {string} */
                    status: "taken" | "not-taken" | "upcoming";
                }[];
            };
            /** @description Only when the patient lets this caregiver see the medicine list; else null. */
            medicines: {
                name: string;
                dosage: string;
                due: number;
                taken: number;
                /** @description As-needed medicines: today’s intakes (HH:MM in the patient’s zone), override when taken past a safety limit; null for scheduled medicines */
                asNeeded: {
                    time: string;
                    override: boolean;
                }[] | null;
            }[] | null;
        };
        DeliveryTarget: {
            /**
             * Format: uuid
             * @description A UUID.
             */
            id: string;
            /** @enum {string} */
            kind: "webpush" | "fcm" | "email" | "ntfy" | "webhook";
            /** @description How the device or channel is named to its owner */
            label: string;
            /**
             * @description 'every': every notification; 'fallback': only those push could not deliver.
             * @enum {string}
             */
            mode: "every" | "fallback";
            /** @description ISO 8601 timestamp. */
            createdAt: string;
            /** @description The last send it accepted */
            lastSuccessAt: string | null;
            /** @description The last send it did not accept */
            lastFailureAt: string | null;
            lastFailureReason: ("expired" | "refused" | "unreachable" | "unverified") | null;
            /** @description The last failure in words */
            lastFailure: string | null;
        };
        AdminAccount: {
            /** Format: uuid */
            id: string;
            name: string;
            email: string;
            /** @description ISO 8601 timestamp. */
            createdAt: string;
            /** @description The last sign-in; null: never. */
            lastActiveAt: string | null;
            emailVerified: boolean;
            /** @description Two-factor sign-in on (false until it exists). */
            twoFactorEnabled: boolean;
            /** @description People the account keeps medicines for (1 until profiles exist). */
            profiles: number;
            disabled: boolean;
            /** @description Listed in ADMIN_EMAILS with a verified address. */
            admin: boolean;
        };
        AdminAction: {
            /** Format: uuid */
            id: string;
            /** @description The administrator’s address, or "operator (CLI)". */
            actor: string;
            /** @enum {string} */
            action: "disable" | "enable" | "delete" | "password-reset" | "signups" | "invite";
            /** @description The account’s address, or the new sign-up policy. */
            target: string;
            /** @description ISO 8601 timestamp. */
            at: string;
        };
        MeasurementType: {
            /** @description The kind, or the custom type’s id. */
            type: string;
            custom: boolean;
            label: string;
            loinc: string | null;
            /** @description Units it may be typed and shown in; the first is canonical. */
            units: string[];
            /** @description How each unit reads (mm[Hg] → mmHg). */
            unitText: {
                [key: string]: string;
            };
            components: {
                key: string;
                label: string;
                /** @description Canonical unit (UCUM; a custom type’s own text) */
                unit: string;
                min: number;
                max: number;
                decimals: number;
                loinc: string | null;
                optional: boolean;
            }[];
            displayUnit: string;
            /** @description Canonical unit; empty when none is set. */
            targets: components["schemas"]["MeasurementTargetOutput"][];
        };
        JournalSeries: {
            type: components["schemas"]["MeasurementType"];
            from: string;
            to: string;
            timeZone: string;
            /**
             * @description raw for ranges up to 92 days, day up to 366 (decision 301).
             * @enum {string}
             */
            resolution: "raw" | "day" | "week";
            /** @description The display unit every number of points and target is in. */
            unit: string;
            points: components["schemas"]["SeriesPoint"][];
            /** @description The target band, in the display unit. */
            target: components["schemas"]["MeasurementTargetOutput"][];
            /** @description The chosen medicine’s doses per day over the same range; null without medicineId. */
            adherence: {
                /** Format: uuid */
                medicineId: string;
                name: string;
                days: {
                    date: string;
                    due: number;
                    taken: number;
                    rate: number | null;
                }[];
            } | null;
        };
        SeriesPoint: {
            /** @description raw: the reading’s instant; day/week: the bucket’s first day (midnight, the person’s zone). */
            at: string;
            /** @description The day (raw) or the bucket’s first day, YYYY-MM-DD. */
            date: string;
            count: number;
            /** @description raw: the reading; buckets: the mean. Display unit. */
            mean: {
                [key: string]: number;
            };
            min: {
                [key: string]: number;
            };
            max: {
                [key: string]: number;
            };
        };
        SymptomName: {
            /** @description null for a built-in name (it cannot be removed). */
            id: string | null;
            name: string;
        };
        MeasurementReminder: {
            /** @description A built-in kind or the id of the person’s own type. */
            type: string;
            /** @description Times of day, 24-hour HH:MM, earliest first, each once. */
            times: string[];
            /** @description The weekdays it is due on (0 = Sunday … 6 = Saturday); null: every day. */
            days: number[] | null;
            /** @description When it is due next. */
            next: {
                /**
                 * @description Calendar date, YYYY-MM-DD.
                 * @example 2026-11-21
                 */
                date: string;
                /**
                 * @description Wall-clock time, HH:MM (24 h).
                 * @example 08:00
                 */
                time: string;
                /** @description The instant it is due (ISO 8601). */
                at: string;
            } | null;
            /** @description The last time it was due (within 8 days) and whether a reading of the type answered it (one taken from an hour before on). */
            latest: {
                /**
                 * @description Calendar date, YYYY-MM-DD.
                 * @example 2026-11-21
                 */
                date: string;
                /**
                 * @description Wall-clock time, HH:MM (24 h).
                 * @example 08:00
                 */
                time: string;
                /** @description The instant it is due (ISO 8601). */
                at: string;
                settled: boolean;
            } | null;
        };
        Passkey: {
            /** Format: uuid */
            id: string;
            name: string;
            /** @description ISO 8601 timestamp. */
            createdAt: string;
            /** @description Last sign-in with it; null: never */
            lastUsedAt: string | null;
        };
        TwoFactorStatus: {
            enabled: boolean;
            enabledAt: string | null;
            pending: boolean;
            recoveryCodesLeft: number;
        };
        DoseScheduleOutput: {
            /** @constant */
            kind: "daily";
        } | {
            /** @constant */
            kind: "interval";
            /** @description Real hours between doses, 1 to 48 in steps of 0.25 (e.g. 1.5). */
            everyHours: number;
            /**
             * @description Wall-clock time, HH:MM (24 h).
             * @example 08:00
             */
            startTime: string;
        } | {
            /** @constant */
            kind: "weekdays";
            days: number[];
        } | {
            /** @constant */
            kind: "cycle";
            daysOn: number;
            daysOff: number;
        } | {
            /** @constant */
            kind: "taper";
            steps: {
                days: number;
                dose: string;
                pillsPerDose: number;
            }[];
        } | {
            /** @constant */
            kind: "asNeeded";
            maxPer24h: number | null;
            minIntervalMinutes: number | null;
        };
        MedicineFollowUpsOutput: {
            /** @description Minutes between a reminder and each of its follow-ups. */
            everyMinutes: number;
            /** @description How many follow-ups at most (0: none). */
            times: number;
        };
        FollowUpSettingsOutput: {
            /** @description Minutes between a reminder and each of its follow-ups. */
            everyMinutes: number;
            /** @description How many follow-ups at most (0: none). */
            times: number;
        };
        QuietHoursOutput: {
            enabled: boolean;
            /**
             * @description Wall-clock time, HH:MM (24 h).
             * @example 08:00
             */
            start: string;
            /**
             * @description Wall-clock time, HH:MM (24 h).
             * @example 08:00
             */
            end: string;
        };
        MeasurementTargetOutput: {
            component: string;
            low: number | null;
            high: number | null;
        };
        CarePermissionsOutput: {
            /** @description false: adherence only; true: also the medicine list. */
            canSeeMedicines: boolean;
            missedDoseAlerts: boolean;
            /** @description Minutes after the patient’s own “still not taken?” alert (itself 60 minutes after the dose) before this caregiver is alerted. */
            missedDelayMinutes: number;
            refillAlerts: boolean;
        };
        /**
         * Unsupported media type error (415)
         * @description The error information
         */
        "error.UNSUPPORTED_MEDIA_TYPE": {
            message: string;
            code: string;
            /** @description The error in machine-readable form; `issues` lists the invalid fields of a 400, `reason` which of a status’s causes a refusal is (decision 181). */
            data?: {
                code: string;
                httpStatus: number;
                path?: string;
                /** @enum {string} */
                reason?: "IDEMPOTENCY_KEY_REUSED" | "AS_NEEDED_LIMIT" | "EMAIL_UNVERIFIED" | "ACCOUNT_DISABLED" | "SIGNUPS_CLOSED" | "INVITATION_REQUIRED" | "TOKEN_SCOPE" | "TOKEN_LIMIT" | "TWO_FACTOR_REQUIRED" | "TWO_FACTOR_CODE_INVALID" | "TWO_FACTOR_TICKET_INVALID" | "PACK_SERIAL_KNOWN";
                issues?: {
                    path: string[];
                    message: string;
                }[];
            };
        };
        /** Error outside a call (413, 429, 503) */
        "error.PLAIN": {
            code?: string;
            message: string;
            statusCode?: number;
            error?: string;
            data?: {
                [key: string]: unknown;
            };
        };
    };
    responses: {
        /** @description The body is larger than BODY_LIMIT_BYTES (100 KiB by default) */
        TooLarge: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["error.PLAIN"];
            };
        };
        /** @description Too many requests from this address (RATE_LIMIT_PER_MINUTE per minute for every API call) */
        RateLimited: {
            headers: {
                /** @description Seconds until the limit resets */
                "Retry-After"?: number;
                /** @description Requests allowed per minute */
                "x-ratelimit-limit"?: number;
                /** @description Requests left in this minute (0) */
                "x-ratelimit-remaining"?: number;
                /** @description Seconds until the limit resets */
                "x-ratelimit-reset"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["error.PLAIN"];
            };
        };
        /** @description The database is unreachable (Retry-After: 5): nothing was changed, try again. A server shutting down also answers 503, without Retry-After, and closes the connection. */
        Unavailable: {
            headers: {
                /** @description Seconds to wait before trying again */
                "Retry-After"?: number;
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["error.PLAIN"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    "auth-register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Ada Lovelace",
                 *       "email": "ada@example.com",
                 *       "password": "correct-horse-battery",
                 *       "timezone": "Europe/London"
                 *     }
                 */
                "application/json": {
                    name: string;
                    /**
                     * Format: email
                     * @description Email address; trimmed and lower-cased.
                     * @example ada@example.com
                     */
                    email: string;
                    password: string;
                    /**
                     * @description The browser’s zone, saved as the first setting.
                     * @example Europe/Paris
                     */
                    timezone?: string;
                    /**
                     * @description The browser’s language, saved as the account’s (issue 54).
                     * @example es
                     * @enum {string}
                     */
                    locale?: "en" | "es" | "de" | "fr" | "pt-BR" | "it" | "tr" | "ar" | "hi" | "zh-Hans";
                    /** @description The token of an invitation link; needed while sign-ups are invite-only. */
                    invitation?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        message: "Created";
                        user: components["schemas"]["User"];
                        /** @description True when this server lets an account sign in only once its address is verified: a link was mailed to it. */
                        verificationRequired: boolean;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Sign-ups are closed (data.reason SIGNUPS_CLOSED) or invite-only and the invitation is missing, used, expired or for another address (data.reason INVITATION_REQUIRED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description An account with this email already exists */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "auth-login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ada@example.com",
                 *       "password": "correct-horse-battery",
                 *       "timezone": "Europe/London"
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: email
                     * @description Email address; trimmed and lower-cased.
                     * @example ada@example.com
                     */
                    email: string;
                    password: string;
                    /**
                     * @description The browser’s zone; saved only if none is saved yet.
                     * @example Europe/Paris
                     */
                    timezone?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: components["schemas"]["User"];
                    } | {
                        secondStep: components["schemas"]["SecondStep"];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Wrong email or password */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description The address is not verified yet and this server requires it (data.reason EMAIL_UNVERIFIED), or an administrator disabled the account (data.reason ACCOUNT_DISABLED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            /** @description Too many failed attempts, or too many requests from this address (RATE_LIMIT_PER_MINUTE per minute for every API call) */
            429: {
                headers: {
                    /** @description Seconds until the limit resets */
                    "Retry-After"?: number;
                    /** @description Requests allowed per minute */
                    "x-ratelimit-limit"?: number;
                    /** @description Requests left in this minute (0) */
                    "x-ratelimit-remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "x-ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.TOO_MANY_REQUESTS"];
                };
            };
            503: components["responses"]["Unavailable"];
        };
    };
    "auth-logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "auth-session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: components["schemas"]["User"] | null;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "auth-signOutEverywhere": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "auth-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ada@example.com",
                 *       "password": "correct-horse-battery"
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: email
                     * @description Email address; trimmed and lower-cased.
                     * @example ada@example.com
                     */
                    email: string;
                    password?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        token: string;
                        /** @description ISO 8601 timestamp. */
                        expiresAt: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Identity not proven */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description The account has two-step sign-in: a password alone gets no token (data.reason TWO_FACTOR_REQUIRED); sign in with a session, or use a personal access token */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            /** @description Too many failed attempts, or too many requests from this address (RATE_LIMIT_PER_MINUTE per minute for every API call) */
            429: {
                headers: {
                    /** @description Seconds until the limit resets */
                    "Retry-After"?: number;
                    /** @description Requests allowed per minute */
                    "x-ratelimit-limit"?: number;
                    /** @description Requests left in this minute (0) */
                    "x-ratelimit-remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "x-ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.TOO_MANY_REQUESTS"];
                };
            };
            503: components["responses"]["Unavailable"];
        };
    };
    "user-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        findUser: components["schemas"]["User"];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Not your account, or a personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "user-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Email address; trimmed and lower-cased.
                 * @example ada@example.com
                 */
                userEmail: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Ada King"
                 *     }
                 */
                "application/json": {
                    name: string;
                    /**
                     * Format: email
                     * @description Email address; trimmed and lower-cased.
                     * @example ada@example.com
                     */
                    email?: string;
                    password?: string;
                    currentPassword?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: components["schemas"]["User"];
                        message: string;
                    };
                };
            };
            /** @description The email cannot be changed, or the current password is wrong */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Not your account, or a personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "user-deleteAccount": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Email address; trimmed and lower-cased.
                 * @example ada@example.com
                 */
                userEmail: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                /**
                 * @example {
                 *       "password": "correct-horse-battery"
                 *     }
                 */
                "application/json": {
                    password?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        message: string;
                    };
                };
            };
            /** @description The password is missing or not correct */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Not your account, or (no password set) no sign-in within the last 10 minutes, or a personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such user */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            /** @description Too many wrong passwords: wait, as after failed sign-ins, or too many requests from this address (RATE_LIMIT_PER_MINUTE per minute for every API call) */
            429: {
                headers: {
                    /** @description Seconds until the limit resets */
                    "Retry-After"?: number;
                    /** @description Requests allowed per minute */
                    "x-ratelimit-limit"?: number;
                    /** @description Requests left in this minute (0) */
                    "x-ratelimit-remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "x-ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.TOO_MANY_REQUESTS"];
                };
            };
            503: components["responses"]["Unavailable"];
        };
    };
    "user-socialLogin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ada@example.com",
                 *       "name": "Ada Lovelace",
                 *       "idToken": "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMDkifQ.c2lnbmF0dXJl",
                 *       "timezone": "Europe/London"
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: email
                     * @description Email address; trimmed and lower-cased.
                     * @example ada@example.com
                     */
                    email: string;
                    name: string;
                    /** @description A Web Push subscription serialised as a JSON string, or an FCM registration token; null when permission was not granted. */
                    tokenForNotification?: string | null;
                    /** @description The Firebase ID token of this sign-in. */
                    idToken?: string;
                    /**
                     * @description The browser’s zone, saved if none is.
                     * @example Europe/Paris
                     */
                    timezone?: string;
                    /**
                     * @description The browser’s language, saved as a new account’s (issue 54).
                     * @example es
                     * @enum {string}
                     */
                    locale?: "en" | "es" | "de" | "fr" | "pt-BR" | "it" | "tr" | "ar" | "hi" | "zh-Hans";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        message: string;
                        user: components["schemas"]["User"];
                        linkedExistingAccount: boolean;
                        securedUnverifiedAccount: boolean;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description No token, or a token that is forged, expired, for another project, or of an unverified email */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "user-savePushToken": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ada@example.com",
                 *       "tokenForNotification": "fGx3kP9qR2s:APA91bH-example-registration-token"
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: email
                     * @description Email address; trimmed and lower-cased.
                     * @example ada@example.com
                     */
                    email: string;
                    /** @description A Web Push subscription serialised as a JSON string, or an FCM registration token; null when permission was not granted. */
                    tokenForNotification: string | null;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Not your account, or a personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "user-export": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Email address; trimmed and lower-cased. */
                userEmail: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Export"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Not your account, or a personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "settings-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Email address; trimmed and lower-cased. */
                userEmail: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        settings: components["schemas"]["Settings"];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Not your settings, or a personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "settings-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Email address; trimmed and lower-cased.
                 * @example ada@example.com
                 */
                userEmail: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "notifications": {
                 *         "enabled": true,
                 *         "reminderAdvance": 0,
                 *         "missedDoseAlerts": true,
                 *         "refillReminders": true,
                 *         "dailySummary": false
                 *       },
                 *       "medicineDefaults": {
                 *         "defaultDosesPerDay": 3,
                 *         "defaultReminderTimes": [
                 *           "08:00",
                 *           "14:00",
                 *           "20:00"
                 *         ],
                 *         "defaultDurationDays": 30
                 *       },
                 *       "privacy": {
                 *         "dataSharing": false,
                 *         "analytics": false
                 *       },
                 *       "timezone": "Europe/London"
                 *     }
                 */
                "application/json": {
                    notifications: {
                        enabled: boolean;
                        /** @description Minutes before a dose for the optional upcoming-dose heads-up. */
                        reminderAdvance: number;
                        missedDoseAlerts: boolean;
                        refillReminders: boolean;
                        dailySummary: boolean;
                        /** @default false */
                        upcomingHeadsUp?: boolean;
                        followUps?: components["schemas"]["FollowUpSettings"];
                        quietHours?: components["schemas"]["QuietHours"];
                    };
                    medicineDefaults: {
                        defaultDosesPerDay: number;
                        defaultReminderTimes: string[];
                        defaultDurationDays: number;
                        takeEarlyMinutes?: number;
                    };
                    privacy: {
                        dataSharing: boolean;
                        analytics: boolean;
                    };
                    /**
                     * @description IANA time-zone name.
                     * @example Europe/Paris
                     */
                    timezone?: string;
                    /** @description The account’s language (null: each device’s own). Left out of a save, the saved one stays. */
                    locale?: ("en" | "es" | "de" | "fr" | "pt-BR" | "it" | "tr" | "ar" | "hi" | "zh-Hans") | null;
                    /**
                     * @description Left out of a save, the saved choice stays.
                     * @enum {string}
                     */
                    clock?: "auto" | "12h" | "24h";
                    /** @description The simple screen on or off (null: not chosen). Left out of a save, the saved choice stays. */
                    simpleMode?: boolean | null;
                    /** @description For each submitted default reminder time, the index of the saved time it came from (null for a new time). With it, every medicine’s doses, scheduled times and today’s taken flags follow their time to its new position in the same transaction; without it, time i stays slot i. */
                    reminderTimeOrigins?: (number | null)[];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        settings: components["schemas"]["Settings"];
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Not your settings, or a personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description A removed time is still used by medicines */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "medicine-list": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Email address; trimmed and lower-cased. */
                userEmail: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        findMedicine: components["schemas"]["Medicine"][];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Not your medicines, or a personal access token without the scope read (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "medicine-get": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A UUID. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Medicine"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope read (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such medicine of yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "medicine-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A UUID.
                 * @example 3f2b8c1e-7a4d-4e29-9b6a-1c5d8e2f4a70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Aspirin",
                 *       "dosage": "500 mg",
                 *       "frequency": "1-0-1",
                 *       "startDate": "2026-11-21",
                 *       "durationDays": 30,
                 *       "originalDurationDays": 30,
                 *       "totalPills": 90,
                 *       "pillsPerDose": 1,
                 *       "instructions": "After food"
                 *     }
                 */
                "application/json": {
                    name: string;
                    dosage?: string;
                    /**
                     * @description One 0/1 flag per dose slot, dash-joined (1 = take). At least one 1, except for an every-N-hours or as-needed schedule (read back as "0").
                     * @example 1-0-1
                     */
                    frequency: string;
                    /**
                     * @description Calendar date, YYYY-MM-DD.
                     * @example 2026-11-21
                     */
                    startDate: string;
                    durationDays: number;
                    originalDurationDays: number;
                    instructions?: string;
                    totalPills: number;
                    pillsPerDose: number;
                    /** @description Left out: unchanged on update, daily on create. null or daily: every day at the default times. */
                    schedule?: components["schemas"]["DoseSchedule"] | null;
                    /**
                     * @description The medicine’s own times of day, "HH:MM" ascending, each once (decision 212); frequency then has one 1 per time ("1-1" for two). Left out: unchanged on update, the default reminder times on create. null: the default reminder times.
                     * @example [
                     *       "07:00",
                     *       "15:00",
                     *       "23:00"
                     *     ]
                     */
                    doseTimes?: string[] | null;
                    /**
                     * @description The medicine’s own follow-up cadence (decision 254): every everyMinutes (5–60) up to times (0–6; 0: no follow-ups for this medicine). Left out: unchanged on update, the user’s default on create. null: the user’s default.
                     * @example {
                     *       "everyMinutes": 5,
                     *       "times": 2
                     *     }
                     */
                    followUps?: components["schemas"]["MedicineFollowUps"] | null;
                    /** @description Ignored: derived from frequency. */
                    scheduledTimes?: string[];
                    /** @description Ignored: derived by the server. */
                    originalTotalPills?: number;
                    /** @description Ignored: derived by the server. */
                    dosesPerDay?: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Medicine"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope medicines:write (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such medicine of yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "medicine-delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A UUID. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        message: string;
                        /** Format: uuid */
                        id: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope medicines:write (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such medicine of yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "medicine-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "userEmail": "ada@example.com",
                 *       "name": "Aspirin",
                 *       "dosage": "500 mg",
                 *       "frequency": "1-0-1",
                 *       "startDate": "2026-11-21",
                 *       "durationDays": 30,
                 *       "originalDurationDays": 30,
                 *       "totalPills": 60,
                 *       "pillsPerDose": 1,
                 *       "instructions": "After food"
                 *     }
                 */
                "application/json": {
                    name: string;
                    /** @default  */
                    dosage?: string;
                    /**
                     * @description One 0/1 flag per dose slot, dash-joined (1 = take). At least one 1, except for an every-N-hours or as-needed schedule (read back as "0").
                     * @example 1-0-1
                     */
                    frequency: string;
                    /**
                     * @description Calendar date, YYYY-MM-DD.
                     * @example 2026-11-21
                     */
                    startDate: string;
                    durationDays: number;
                    originalDurationDays: number;
                    /** @default  */
                    instructions?: string;
                    totalPills: number;
                    pillsPerDose: number;
                    /** @description Left out: unchanged on update, daily on create. null or daily: every day at the default times. */
                    schedule?: components["schemas"]["DoseSchedule"] | null;
                    /**
                     * @description The medicine’s own times of day, "HH:MM" ascending, each once (decision 212); frequency then has one 1 per time ("1-1" for two). Left out: unchanged on update, the default reminder times on create. null: the default reminder times.
                     * @example [
                     *       "07:00",
                     *       "15:00",
                     *       "23:00"
                     *     ]
                     */
                    doseTimes?: string[] | null;
                    /**
                     * @description The medicine’s own follow-up cadence (decision 254): every everyMinutes (5–60) up to times (0–6; 0: no follow-ups for this medicine). Left out: unchanged on update, the user’s default on create. null: the user’s default.
                     * @example {
                     *       "everyMinutes": 5,
                     *       "times": 2
                     *     }
                     */
                    followUps?: components["schemas"]["MedicineFollowUps"] | null;
                    /**
                     * Format: email
                     * @description Email address; trimmed and lower-cased.
                     * @example ada@example.com
                     */
                    userEmail: string;
                    /** @description Ignored: derived from frequency. */
                    scheduledTimes?: string[];
                    /** @description Ignored: derived by the server. */
                    originalTotalPills?: number;
                    /** @description Ignored: derived by the server. */
                    dosesPerDay?: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Medicine"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description userEmail is not yours, or a personal access token without the scope medicines:write (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "medicine-getTaken": {
        parameters: {
            query: {
                /** @description Calendar date, YYYY-MM-DD. */
                date: string;
            };
            header?: never;
            path: {
                /** @description A UUID. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        takenDay: components["schemas"]["TakenDay"] | null;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope read (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such medicine of yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "medicine-setTaken": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A UUID.
                 * @example 3f2b8c1e-7a4d-4e29-9b6a-1c5d8e2f4a70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "date": "2026-11-21",
                 *       "taken": "1-0-0",
                 *       "idempotencyKey": "6f1c2a9e-2d4b-4c8e-9a57-0b1d2c3e4f50"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description Calendar date, YYYY-MM-DD.
                     * @example 2026-11-21
                     */
                    date: string;
                    /** @example 1-0-0 */
                    taken: string;
                    /**
                     * @description Makes the write apply once: a repeat with the same key returns the first answer.
                     * @example 6f1c2a9e-2d4b-4c8e-9a57-0b1d2c3e4f50
                     */
                    idempotencyKey?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        takenDay: components["schemas"]["TakenDay"];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope doses:write (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such medicine of yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description The idempotencyKey was already used for a different request (data.reason IDEMPOTENCY_KEY_REUSED) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "medicine-tickDose": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A UUID.
                 * @example 3f2b8c1e-7a4d-4e29-9b6a-1c5d8e2f4a70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "date": "2026-11-21",
                 *       "slot": 0,
                 *       "taken": true,
                 *       "tickedAt": "2026-11-21T08:05:00Z",
                 *       "idempotencyKey": "6f1c2a9e-2d4b-4c8e-9a57-0b1d2c3e4f50"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description Calendar date, YYYY-MM-DD.
                     * @example 2026-11-21
                     */
                    date: string;
                    slot: number;
                    taken: boolean;
                    /**
                     * Format: date-time
                     * @description When the user made the change (ISO 8601); defaults to the time of the call.
                     */
                    tickedAt?: string;
                    /**
                     * @description Makes the write apply once: a repeat with the same key returns the first answer.
                     * @example 6f1c2a9e-2d4b-4c8e-9a57-0b1d2c3e4f50
                     */
                    idempotencyKey?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        takenDay: components["schemas"]["TakenDay"];
                        applied: boolean;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope doses:write (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such medicine of yours (deleted meanwhile) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description The idempotencyKey was already used for a different request (data.reason IDEMPOTENCY_KEY_REUSED) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "medicine-correctTakenAt": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A UUID.
                 * @example 3f2b8c1e-7a4d-4e29-9b6a-1c5d8e2f4a70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "date": "2026-11-21",
                 *       "slot": 0,
                 *       "takenAt": "2026-11-21T08:05:00Z"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description Calendar date, YYYY-MM-DD.
                     * @example 2026-11-21
                     */
                    date: string;
                    slot: number;
                    /** Format: date-time */
                    takenAt: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        takenDay: components["schemas"]["TakenDay"];
                    };
                };
            };
            /** @description The dose is not marked taken, or the time is out of bounds */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope doses:write (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such medicine of yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "medicine-skipDose": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A UUID.
                 * @example 3f2b8c1e-7a4d-4e29-9b6a-1c5d8e2f4a70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "date": "2026-11-21",
                 *       "slot": 2,
                 *       "skipped": true,
                 *       "reason": "felt_unwell",
                 *       "note": "Stomach ache",
                 *       "idempotencyKey": "6f1c2a9e-2d4b-4c8e-9a57-0b1d2c3e4f50"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description Calendar date, YYYY-MM-DD.
                     * @example 2026-11-21
                     */
                    date: string;
                    slot: number;
                    skipped: boolean;
                    reason?: components["schemas"]["SkipReason"];
                    note?: string;
                    /**
                     * @description Makes the write apply once: a repeat with the same key returns the first answer.
                     * @example 6f1c2a9e-2d4b-4c8e-9a57-0b1d2c3e4f50
                     */
                    idempotencyKey?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        takenDay: components["schemas"]["TakenDay"];
                    };
                };
            };
            /** @description Not a dose slot of this medicine that day, a future day, or an unknown reason */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope doses:write (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such medicine of yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description The idempotencyKey was already used for a different request (data.reason IDEMPOTENCY_KEY_REUSED) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "medicine-postponeDose": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "medicineId": "3f2b8c1e-7a4d-4e29-9b6a-1c5d8e2f4a70",
                 *       "date": "2026-11-21",
                 *       "plannedTime": "08:00",
                 *       "newTime": "09:30",
                 *       "idempotencyKey": "6f1c2a9e-2d4b-4c8e-9a57-0b1d2c3e4f50"
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: uuid
                     * @description A UUID.
                     */
                    medicineId: string;
                    /**
                     * @description The dose’s day: today in the saved zone.
                     * @example 2026-11-21
                     */
                    date: string;
                    /**
                     * @description The dose’s planned time that day (its slot’s time, or the medicine’s own): which dose.
                     * @example 08:00
                     */
                    plannedTime: string;
                    /** @description The new time the same day, later than the planned time and than now; null takes the postponement back. */
                    newTime: string | null;
                    /**
                     * @description Makes the write apply once: a repeat with the same key returns the first answer.
                     * @example 6f1c2a9e-2d4b-4c8e-9a57-0b1d2c3e4f50
                     */
                    idempotencyKey?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        takenDay: components["schemas"]["TakenDay"];
                    };
                };
            };
            /** @description Not a dose of this medicine that day, not today, or a new time not later than the planned time and now (another day) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope doses:write (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such medicine of yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description The dose is already taken or skipped, or the idempotencyKey was already used for a different request (data.reason IDEMPOTENCY_KEY_REUSED) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "medicine-history": {
        parameters: {
            query: {
                /** @description Calendar date, YYYY-MM-DD. */
                from: string;
                /** @description Calendar date, YYYY-MM-DD. */
                to: string;
            };
            header?: never;
            path: {
                /** @description A UUID. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        takenHistory: components["schemas"]["TakenDay"][];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope read (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such medicine of yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "medicine-refill": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A UUID.
                 * @example 3f2b8c1e-7a4d-4e29-9b6a-1c5d8e2f4a70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "pills": 30
                 *     }
                 */
                "application/json": {
                    /** @description How many pills were added. */
                    pills?: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Medicine"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope medicines:write (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such medicine of yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "medicine-asNeededLog": {
        parameters: {
            query: {
                /** @description Calendar date, YYYY-MM-DD. */
                from: string;
                /** @description Calendar date, YYYY-MM-DD. */
                to: string;
            };
            header?: never;
            path: {
                /** @description A UUID. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        intakes: components["schemas"]["AsNeededIntake"][];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope read (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such medicine of yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "medicine-takeAsNeeded": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A UUID.
                 * @example 3f2b8c1e-7a4d-4e29-9b6a-1c5d8e2f4a70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "takenAt": "2026-11-21T08:05:00Z",
                 *       "idempotencyKey": "6f1c2a9e-2d4b-4c8e-9a57-0b1d2c3e4f50"
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: date-time
                     * @description When the user made the change (ISO 8601); defaults to the time of the call.
                     */
                    takenAt?: string;
                    /** @default false */
                    override?: boolean;
                    /**
                     * @description Makes the write apply once: a repeat with the same key returns the first answer.
                     * @example 6f1c2a9e-2d4b-4c8e-9a57-0b1d2c3e4f50
                     */
                    idempotencyKey?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AsNeededIntake"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope doses:write (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such medicine of yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description A safety limit would be passed (data.reason AS_NEEDED_LIMIT), or the idempotencyKey was already used for a different request (data.reason IDEMPOTENCY_KEY_REUSED) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "medicine-stop": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A UUID.
                 * @example 3f2b8c1e-7a4d-4e29-9b6a-1c5d8e2f4a70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "stoppedOn": "2026-11-21",
                 *       "reason": "Doctor’s advice"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description The first day it is no longer taken, in the saved zone: from today back to the day after its last dose taken or its last plan change; a later day plans the stop.
                     * @example 2026-11-21
                     */
                    stoppedOn: string;
                    /** @description Why it was stopped (optional, one line). */
                    reason?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Medicine"];
                };
            };
            /** @description stoppedOn out of range */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope medicines:write (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such medicine of yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description It is stopped already, or taken already (resume) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "medicine-resume": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A UUID.
                 * @example 3f2b8c1e-7a4d-4e29-9b6a-1c5d8e2f4a70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Medicine"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope medicines:write (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such medicine of yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description It is not stopped */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "medicine-historyOfChanges": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A UUID. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        changes: components["schemas"]["PlanChange"][];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope read (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such medicine of yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "medicine-refillReminders": {
        parameters: {
            query: {
                /** @description Email address; trimmed and lower-cased. */
                userEmail: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RefillReminder"][];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Not your medicines, or a personal access token without the scope read (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "pack-list": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A UUID. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        packs: components["schemas"]["Pack"][];
                        /** @description Pills of the supply in no recorded pack (entered, or refilled without a pack). */
                        loosePills: number;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope read (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such medicine of yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "pack-add": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The medicine the pack is of.
                 * @example 3f2b8c1e-7a4d-4e29-9b6a-1c5d8e2f4a70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "code": "(01)09506000134352(17)271231(10)A1B2C3(21)SN12345",
                 *       "pills": 30
                 *     }
                 */
                "application/json": {
                    /**
                     * @description The text the scanner read: a GS1 element string (FNC1 as ASCII 29 or "<GS>", or the "(01)…(17)…" form), a GS1 Digital Link URL, or an EAN-13/UPC-A/EAN-8. The server reads it itself (decision 264).
                     * @example (01)09506000134352(17)271231(10)A1B2C3(21)SN12345
                     */
                    code?: string;
                    /**
                     * @description GTIN-8/12/13/14 with its check digit.
                     * @example 09506000134352
                     */
                    gtin?: string;
                    batch?: string;
                    serial?: string;
                    /**
                     * @description The pack’s expiry, YYYY-MM-DD.
                     * @example 2026-11-21
                     */
                    expiresOn?: string;
                    /** @description How many pills the pack holds; without it, the GTIN’s remembered count, else the code’s count (AI 30). */
                    pills?: number;
                    /**
                     * @description Remember this GTIN as this medicine with this many pills per pack (default true).
                     * @default true
                     */
                    remember?: boolean;
                    /**
                     * @description The pack’s pills are in the supply already (the first pack of a medicine just added with it as its supply; a pack on hand recorded later): it is recorded with its expiry, batch and serial and adds no pills. Removing it later leaves the supply alone (decision 342).
                     * @default false
                     */
                    inSupply?: boolean;
                    /**
                     * @description Makes the write apply once: a repeat with the same key returns the first answer.
                     * @example 6f1c2a9e-2d4b-4c8e-9a57-0b1d2c3e4f50
                     */
                    idempotencyKey?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pack: components["schemas"]["Pack"];
                        medicine: components["schemas"]["Medicine"];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope medicines:write (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such medicine of yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description This serial number of this product was added already (data.reason PACK_SERIAL_KNOWN), or the idempotencyKey was already used for a different request (data.reason IDEMPOTENCY_KEY_REUSED) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "pack-usedUp": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A UUID. */
                id: string;
                /** @description A UUID. */
                packId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        pack: components["schemas"]["Pack"];
                        medicine: components["schemas"]["Medicine"];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope medicines:write (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such pack of yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description It is used up already */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "pack-remove": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A UUID. */
                id: string;
                /** @description A UUID. */
                packId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        medicine: components["schemas"]["Medicine"];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope medicines:write (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such pack of yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "pack-read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "code": "(01)09506000134352(17)271231(10)A1B2C3(21)SN12345"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description The text the scanner read: a GS1 element string (FNC1 as ASCII 29 or "<GS>", or the "(01)…(17)…" form), a GS1 Digital Link URL, or an EAN-13/UPC-A/EAN-8. The server reads it itself (decision 264).
                     * @example (01)09506000134352(17)271231(10)A1B2C3(21)SN12345
                     */
                    code: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        reading: components["schemas"]["PackReading"];
                        /** @description null: the first scan of this GTIN. */
                        mapping: components["schemas"]["GtinMapping"] | null;
                        /** @description This serial was added already (a rescan). */
                        added: {
                            /** Format: uuid */
                            packId: string;
                            /** Format: uuid */
                            medicineId: string;
                            medicineName: string;
                            /** @description ISO 8601 timestamp. */
                            addedAt: string;
                        } | null;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope read (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "pack-cabinet": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Cabinet"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope read (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "pack-mappings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        mappings: components["schemas"]["GtinMapping"][];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope read (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "pack-setMapping": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description GTIN-8/12/13/14 with its check digit.
                 * @example 09506000134352
                 */
                gtin: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "medicineId": "3f2b8c1e-7a4d-4e29-9b6a-1c5d8e2f4a70",
                 *       "pillsPerPack": 30
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: uuid
                     * @description A UUID.
                     */
                    medicineId: string;
                    pillsPerPack: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GtinMapping"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope medicines:write (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such medicine of yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "pack-deleteMapping": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description GTIN-8/12/13/14 with its check digit. */
                gtin: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope medicines:write (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such product number remembered */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "notification-list": {
        parameters: {
            query?: {
                limit?: number;
                before?: string;
            };
            header?: never;
            path: {
                /** @description Email address; trimmed and lower-cased. */
                userEmail: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        notifications: components["schemas"]["Notification"][];
                        unreadCount: number;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Not your notifications, or a personal access token without the scope read (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "notification-markRead": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A UUID.
                 * @example 3f2b8c1e-7a4d-4e29-9b6a-1c5d8e2f4a70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "idempotencyKey": "6f1c2a9e-2d4b-4c8e-9a57-0b1d2c3e4f50"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description Makes the write apply once: a repeat with the same key returns the first answer.
                     * @example 6f1c2a9e-2d4b-4c8e-9a57-0b1d2c3e4f50
                     */
                    idempotencyKey?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        notification: components["schemas"]["Notification"];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such notification of yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description The idempotencyKey was already used for a different request (data.reason IDEMPOTENCY_KEY_REUSED) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "notification-markAllRead": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Email address; trimmed and lower-cased.
                 * @example ada@example.com
                 */
                userEmail: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "upTo": "2026-11-21T10:00:00Z",
                 *       "idempotencyKey": "6f1c2a9e-2d4b-4c8e-9a57-0b1d2c3e4f50"
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: date-time
                     * @description Only notifications created at or before this time.
                     */
                    upTo?: string;
                    /**
                     * @description Makes the write apply once: a repeat with the same key returns the first answer.
                     * @example 6f1c2a9e-2d4b-4c8e-9a57-0b1d2c3e4f50
                     */
                    idempotencyKey?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        message: string;
                        updated: number;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Not your notifications, or a personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description The idempotencyKey was already used for a different request (data.reason IDEMPOTENCY_KEY_REUSED) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "notification-delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A UUID. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        message: string;
                        /** Format: uuid */
                        id: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such notification of yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "system-health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "ok";
                        /** @enum {string} */
                        mail: "smtp" | "files" | "failing";
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            503: components["responses"]["Unavailable"];
        };
    };
    "push-vapidPublicKey": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        publicKey: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "push-action": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "eyJtIjoiM2YyYjhjMWUiLCJzIjowfQ.c2lnbmVkLWFjdGlvbi10b2tlbg",
                 *       "action": "take"
                 *     }
                 */
                "application/json": {
                    token: string;
                    /** @enum {string} */
                    action?: "take" | "snooze" | "skip" | "postpone";
                    reason?: components["schemas"]["SkipReason"];
                    note?: string;
                    /**
                     * @description Wall-clock time, HH:MM (24 h).
                     * @example 08:00
                     */
                    newTime?: string;
                    /**
                     * Format: date-time
                     * @description When the user made the change (ISO 8601); defaults to the time of the call.
                     */
                    at?: string;
                    /**
                     * @description Makes the write apply once: a repeat with the same key returns the first answer.
                     * @example 6f1c2a9e-2d4b-4c8e-9a57-0b1d2c3e4f50
                     */
                    idempotencyKey?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        message: string;
                        /** @enum {string} */
                        action: "take" | "snooze" | "skip" | "postpone";
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description The action token is invalid or has expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description The dose is no longer scheduled */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description Nothing left to postpone: the doses are taken or skipped, or the idempotencyKey was already used for a different request (data.reason IDEMPOTENCY_KEY_REUSED) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "push-dose": {
        parameters: {
            query: {
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description Calendar date, YYYY-MM-DD.
                         * @example 2026-11-21
                         */
                        date: string;
                        /**
                         * @description Wall-clock time, HH:MM (24 h).
                         * @example 08:00
                         */
                        time: string;
                        slotName: string;
                        medicines: {
                            name: string;
                            dosage: string;
                            taken: boolean;
                            /** Format: date-time */
                            takenAt?: string;
                            skipped?: components["schemas"]["DoseSkip"];
                            /**
                             * @description Wall-clock time, HH:MM (24 h).
                             * @example 08:00
                             */
                            postponedTo?: string;
                        }[];
                        actions: ("take" | "snooze" | "skip" | "postpone")[];
                        timeZone: string;
                        /** Format: date-time */
                        expiresAt: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description The link is invalid or has expired */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description The dose is no longer scheduled */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "social-providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SignInProviders"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "social-signInMethods": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Email address; trimmed and lower-cased. */
                userEmail: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        hasPassword: boolean;
                        providers: {
                            /**
                             * @description `firebase`: Google through Firebase Auth; `oidc`: the server’s OpenID Connect provider.
                             * @enum {string}
                             */
                            provider: "firebase" | "oidc";
                            label: string;
                            email: string;
                            /** @description ISO 8601 timestamp. */
                            linkedAt: string;
                        }[];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Not your account, or a personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "social-unlink": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Email address; trimmed and lower-cased. */
                userEmail: string;
                /** @description `firebase`: Google through Firebase Auth; `oidc`: the server’s OpenID Connect provider. */
                provider: "firebase" | "oidc";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Not your account, or a personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description That provider is not linked */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description The last way to sign in */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "report-month": {
        parameters: {
            query?: {
                month?: string;
            };
            header?: never;
            path: {
                /** @description Email address; trimmed and lower-cased. */
                userEmail: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MonthAggregates"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Not your report, or a personal access token without the scope read (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "report-doctor": {
        parameters: {
            query: {
                /** @description Calendar date, YYYY-MM-DD. */
                from: string;
                /** @description Calendar date, YYYY-MM-DD. */
                to: string;
                measurements?: string;
                symptoms?: boolean;
            };
            header?: never;
            path: {
                /** @description Email address; trimmed and lower-cased. */
                userEmail: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DoctorReport"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Not your report, or a personal access token without the scope read (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "calendar-status": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Email address; trimmed and lower-cased. */
                userEmail: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CalendarFeedStatus"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Not your calendar feed, or a personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "calendar-regenerate": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Email address; trimmed and lower-cased. */
                userEmail: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CalendarFeedLink"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Not your calendar feed, or a personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "calendar-delete": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Email address; trimmed and lower-cased. */
                userEmail: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Not your calendar feed, or a personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "care-invite": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The caller’s own email
                 * @example ada@example.com
                 */
                userEmail: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "grace@example.com",
                 *       "permissions": {
                 *         "canSeeMedicines": true,
                 *         "missedDoseAlerts": true,
                 *         "missedDelayMinutes": 60,
                 *         "refillAlerts": false
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: email
                     * @description Email address; trimmed and lower-cased.
                     * @example ada@example.com
                     */
                    email: string;
                    permissions: components["schemas"]["CarePermissions"];
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        invitation: components["schemas"]["CareInvitation"];
                        token: string;
                        /** @description Whether the invitation mail was queued: false while the patient’s address is not verified. */
                        mailed: boolean;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description userEmail is not yours, or a personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description That person is already your caregiver */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "care-circle": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The caller’s own email */
                userEmail: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        caregivers: components["schemas"]["Caregiver"][];
                        invitations: components["schemas"]["CareInvitation"][];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description userEmail is not yours, or a personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "care-updateCaregiver": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The caller’s own email
                 * @example ada@example.com
                 */
                userEmail: string;
                /**
                 * @description A UUID.
                 * @example 9d4e6f20-1b3c-4a5d-8e7f-0a1b2c3d4e5f
                 */
                caregiverId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "permissions": {
                 *         "canSeeMedicines": true,
                 *         "missedDoseAlerts": true,
                 *         "missedDelayMinutes": 60,
                 *         "refillAlerts": false
                 *       }
                 *     }
                 */
                "application/json": {
                    permissions: components["schemas"]["CarePermissions"];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        caregiver: components["schemas"]["Caregiver"];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description userEmail is not yours, or a personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such caregiver of yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "care-removeCaregiver": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The caller’s own email */
                userEmail: string;
                /** @description A UUID. */
                caregiverId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description userEmail is not yours, or a personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such caregiver of yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "care-revokeInvitation": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The caller’s own email */
                userEmail: string;
                /** @description A UUID. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description userEmail is not yours, or a personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such open invitation of yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "care-invitation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "q8Zt3vKp0sYw1xRb6nLm4cHd9fGj2aEu"
                 *     }
                 */
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        patientName: string;
                        email: string;
                        /** @description ISO 8601 timestamp. */
                        expiresAt: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description The invitation is for another email, or a personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Unknown invitation */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description The invitation expired or was already used */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "care-accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "q8Zt3vKp0sYw1xRb6nLm4cHd9fGj2aEu"
                 *     }
                 */
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uuid */
                        patientId: string;
                        patientName: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description The invitation is for another email, or a personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Unknown invitation */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description The invitation expired or was already used; already their caregiver; one’s own invitation */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "care-patients": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The caller’s own email */
                userEmail: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        patients: components["schemas"]["CaredPerson"][];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description userEmail is not yours, or a personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "care-leave": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The caller’s own email */
                userEmail: string;
                /** @description A UUID. */
                patientId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description userEmail is not yours, or a personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description You are not this person’s caregiver */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "passwordReset-request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ada@example.com"
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: email
                     * @description Email address; trimmed and lower-cased.
                     * @example ada@example.com
                     */
                    email: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            /** @description Too many reset requests for this address or from this network, or too many requests from this address (RATE_LIMIT_PER_MINUTE per minute for every API call) */
            429: {
                headers: {
                    /** @description Seconds until the limit resets */
                    "Retry-After"?: number;
                    /** @description Requests allowed per minute */
                    "x-ratelimit-limit"?: number;
                    /** @description Requests left in this minute (0) */
                    "x-ratelimit-remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "x-ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.TOO_MANY_REQUESTS"];
                };
            };
            503: components["responses"]["Unavailable"];
        };
    };
    "passwordReset-check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "q8Zt3vKp0sYw1xRb6nLm4cHd9fGj2aEu"
                 *     }
                 */
                "application/json": {
                    /** @description The `token` parameter of the mailed link. */
                    token: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * @description `usable`: choose a new password; `used`: it worked once already; `expired`: older than 30 minutes; `invalid`: not a link this server sent, or replaced by a newer one.
                         * @enum {string}
                         */
                        state: "usable" | "used" | "expired" | "invalid";
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "passwordReset-confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "q8Zt3vKp0sYw1xRb6nLm4cHd9fGj2aEu",
                 *       "password": "a-new-long-passphrase"
                 *     }
                 */
                "application/json": {
                    /** @description The `token` parameter of the mailed link. */
                    token: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: components["schemas"]["User"];
                    } | {
                        secondStep: components["schemas"]["SecondStep"];
                    };
                };
            };
            /** @description Invalid input, or the link is used, expired or not valid (nothing changed) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            /** @description Too many failed attempts from this network, or too many requests from this address (RATE_LIMIT_PER_MINUTE per minute for every API call) */
            429: {
                headers: {
                    /** @description Seconds until the limit resets */
                    "Retry-After"?: number;
                    /** @description Requests allowed per minute */
                    "x-ratelimit-limit"?: number;
                    /** @description Requests left in this minute (0) */
                    "x-ratelimit-remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "x-ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.TOO_MANY_REQUESTS"];
                };
            };
            503: components["responses"]["Unavailable"];
        };
    };
    "email-resendVerification": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ada@example.com"
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: email
                     * @description Email address; trimmed and lower-cased.
                     * @example ada@example.com
                     */
                    email: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            /** @description Too many mails asked for this address or from this network, or too many requests from this address (RATE_LIMIT_PER_MINUTE per minute for every API call) */
            429: {
                headers: {
                    /** @description Seconds until the limit resets */
                    "Retry-After"?: number;
                    /** @description Requests allowed per minute */
                    "x-ratelimit-limit"?: number;
                    /** @description Requests left in this minute (0) */
                    "x-ratelimit-remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "x-ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.TOO_MANY_REQUESTS"];
                };
            };
            503: components["responses"]["Unavailable"];
        };
    };
    "email-verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "q8Zt3vKp0sYw1xRb6nLm4cHd9fGj2aEu"
                 *     }
                 */
                "application/json": {
                    /** @description The `token` parameter of the mailed link. */
                    token: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        message: string;
                        email: string;
                    };
                };
            };
            /** @description The link is used, expired, replaced by a newer one, or not a link of ours */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "email-requestChange": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Email address; trimmed and lower-cased.
                 * @example ada@example.com
                 */
                userEmail: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "newEmail": "ada.king@example.com",
                 *       "password": "correct-horse-battery"
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: email
                     * @description Email address; trimmed and lower-cased.
                     * @example ada@example.com
                     */
                    newEmail: string;
                    /** @description The account’s password; required when the account has one. */
                    password?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        message: string;
                    };
                };
            };
            /** @description The new address is the current one, or the password is missing or not correct */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Not your account, or (no password set) no recent sign-in, or a personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description An account with the new address exists */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            /** @description Too many attempts or mails, or too many requests from this address (RATE_LIMIT_PER_MINUTE per minute for every API call) */
            429: {
                headers: {
                    /** @description Seconds until the limit resets */
                    "Retry-After"?: number;
                    /** @description Requests allowed per minute */
                    "x-ratelimit-limit"?: number;
                    /** @description Requests left in this minute (0) */
                    "x-ratelimit-remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "x-ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.TOO_MANY_REQUESTS"];
                };
            };
            503: components["responses"]["Unavailable"];
        };
    };
    "email-confirmChange": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "q8Zt3vKp0sYw1xRb6nLm4cHd9fGj2aEu"
                 *     }
                 */
                "application/json": {
                    /** @description The `token` parameter of the mailed link. */
                    token: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        message: string;
                        user: components["schemas"]["User"];
                    };
                };
            };
            /** @description The link is used, expired, replaced by a newer one, or not a link of ours */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Another account took the new address meanwhile: nothing changed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "channels-list": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Email address; trimmed and lower-cased. */
                userEmail: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        targets: components["schemas"]["DeliveryTarget"][];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Not your channels, or a personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "channels-add": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Email address; trimmed and lower-cased.
                 * @example ada@example.com
                 */
                userEmail: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "kind": "webhook",
                 *       "url": "https://ha.example.org/api/webhook/medrem",
                 *       "mode": "every"
                 *     }
                 */
                "application/json": {
                    /** @enum {string} */
                    kind: "email" | "ntfy" | "webhook";
                    url?: string;
                    /** @description ntfy only: the access token of a protected topic (never shown again) */
                    accessToken?: string;
                    /**
                     * @description 'every': every notification; 'fallback': only those push could not deliver.
                     * @enum {string}
                     */
                    mode: "every" | "fallback";
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        target: components["schemas"]["DeliveryTarget"];
                        /** @description A webhook’s signing secret: shown this once */
                        secret: string | null;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Not your channels, or a personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Too many channels of this kind, or email is on already */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "channels-remove": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Email address; trimmed and lower-cased. */
                userEmail: string;
                /** @description A UUID. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Not your channels, or a personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such device or channel of yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "channels-update": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Email address; trimmed and lower-cased.
                 * @example ada@example.com
                 */
                userEmail: string;
                /**
                 * @description A UUID.
                 * @example 9d4e6f20-1b3c-4a5d-8e7f-0a1b2c3d4e5f
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "mode": "fallback"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description 'every': every notification; 'fallback': only those push could not deliver.
                     * @enum {string}
                     */
                    mode: "every" | "fallback";
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        target: components["schemas"]["DeliveryTarget"];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Not your channels, or a personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such channel of yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "channels-test": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Email address; trimmed and lower-cased. */
                userEmail: string;
                /** @description A UUID. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        accepted: boolean;
                        reason: ("expired" | "refused" | "unreachable" | "unverified") | null;
                        message: string;
                        /** @description The device was gone and has been removed */
                        removed: boolean;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Not your channels, or a personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such device or channel of yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description Wait a moment between tests, or too many requests from this address (RATE_LIMIT_PER_MINUTE per minute for every API call) */
            429: {
                headers: {
                    /** @description Seconds until the limit resets */
                    "Retry-After"?: number;
                    /** @description Requests allowed per minute */
                    "x-ratelimit-limit"?: number;
                    /** @description Requests left in this minute (0) */
                    "x-ratelimit-remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "x-ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.TOO_MANY_REQUESTS"];
                };
            };
            503: components["responses"]["Unavailable"];
        };
    };
    "signups-policy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        policy: components["schemas"]["SignupPolicy"];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "signups-roles": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        admin: boolean;
                        /** @description Whether the caller may send invitations (administrators, or anyone with SIGNUP_INVITES_BY_USERS=true and a verified address). */
                        mayInvite: boolean;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "signups-invite": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ada@example.com"
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: email
                     * @description Email address; trimmed and lower-cased.
                     * @example ada@example.com
                     */
                    email: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description The caller may not invite (not an administrator, and user invitations are off), or a personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            /** @description Too many invitations, or too many requests from this address (RATE_LIMIT_PER_MINUTE per minute for every API call) */
            429: {
                headers: {
                    /** @description Seconds until the limit resets */
                    "Retry-After"?: number;
                    /** @description Requests allowed per minute */
                    "x-ratelimit-limit"?: number;
                    /** @description Requests left in this minute (0) */
                    "x-ratelimit-remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "x-ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.TOO_MANY_REQUESTS"];
                };
            };
            503: components["responses"]["Unavailable"];
        };
    };
    "admin-accounts": {
        parameters: {
            query?: {
                query?: string;
                page?: number;
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        accounts: components["schemas"]["AdminAccount"][];
                        total: number;
                        page: number;
                        pageSize: number;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description The caller is not an administrator, or a personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "admin-disable": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A UUID. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        message: string;
                    };
                };
            };
            /** @description Invalid input, or the caller’s own account */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description The caller is not an administrator, or a personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No account has this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "admin-enable": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A UUID. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description The caller is not an administrator, or a personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No account has this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "admin-sendPasswordReset": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A UUID. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description The caller is not an administrator, or a personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No account has this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "admin-deleteAccount": {
        parameters: {
            query: {
                /** @description The account’s address, typed again. */
                confirmEmail: string;
            };
            header?: never;
            path: {
                /** @description A UUID. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        message: string;
                    };
                };
            };
            /** @description Invalid input, the typed address is not the account’s, or the caller’s own account */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description The caller is not an administrator, or a personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No account has this id */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "admin-signups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        policy: components["schemas"]["SignupPolicy"];
                        /**
                         * @description `stored`: chosen in the admin screen or CLI (wins); `environment`: SIGNUPS, or its default.
                         * @enum {string}
                         */
                        source: "stored" | "environment";
                        invitesByUsers: boolean;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description The caller is not an administrator, or a personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "admin-setSignups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "policy": "invite"
                 *     }
                 */
                "application/json": {
                    policy: components["schemas"]["SignupPolicy"];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description The caller is not an administrator, or a personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "admin-actions": {
        parameters: {
            query?: {
                page?: number;
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        actions: components["schemas"]["AdminAction"][];
                        total: number;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description The caller is not an administrator, or a personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "token-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tokens: components["schemas"]["PersonalToken"][];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "token-create": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Kitchen display",
                 *       "scopes": [
                 *         "read",
                 *         "doses:write"
                 *       ],
                 *       "expiresAt": "2027-06-30T00:00:00Z"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description What the token is for, e.g. the script or app using it.
                     * @example Kitchen display
                     */
                    name: string;
                    /**
                     * @example [
                     *       "read"
                     *     ]
                     */
                    scopes: components["schemas"]["TokenScope"][];
                    /**
                     * @description When the token stops working: in the future, at most 5 years ahead. Left out or null: never.
                     * @example 2027-06-30T00:00:00Z
                     */
                    expiresAt?: string | null;
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        token: components["schemas"]["PersonalToken"];
                        /** @description The token itself (mr_pat_…): shown this once, never again */
                        secret: string;
                    };
                };
            };
            /** @description Invalid input: an unknown or repeated scope, a name too long, or an expiry in the past or too far ahead */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description The account holds 100 tokens already: revoke one first (reason TOKEN_LIMIT) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "token-revoke": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A UUID. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        revoked: true;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such token of yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "activity-list": {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        entries: components["schemas"]["ActivityEntry"][];
                        /** @description null: nothing older. */
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "journal-types": {
        parameters: {
            query?: {
                patientId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        types: components["schemas"]["MeasurementType"][];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope read (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such entry or type of yours, or you are not this person’s caregiver */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "journal-createType": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Waist",
                 *       "unit": "cm",
                 *       "min": 30,
                 *       "max": 250,
                 *       "decimals": 1
                 *     }
                 */
                "application/json": {
                    name: string;
                    /** @description UCUM code of a built-in kind’s unit (mm[Hg], mg/dL, [lb_av]…), or a custom type’s own. */
                    unit: string;
                    min: number;
                    max: number;
                    decimals: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["MeasurementType"];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope journal:write (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description A type of yours already has this name, or you have the most types allowed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "journal-updateType": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A UUID.
                 * @example 3f2b8c1e-7a4d-4e29-9b6a-1c5d8e2f4a70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Waist",
                 *       "unit": "cm",
                 *       "min": 30,
                 *       "max": 250,
                 *       "decimals": 1
                 *     }
                 */
                "application/json": {
                    name: string;
                    /** @description UCUM code of a built-in kind’s unit (mm[Hg], mg/dL, [lb_av]…), or a custom type’s own. */
                    unit: string;
                    min: number;
                    max: number;
                    decimals: number;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["MeasurementType"];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope journal:write (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such type of yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description A type of yours already has this name */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "journal-deleteType": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A UUID. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope journal:write (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such type of yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "journal-setPreferences": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A built-in kind (blood-pressure, blood-glucose, weight, temperature, spo2, inr, peak-flow) or the id (UUID) of the caller’s own type.
                 * @example blood-pressure
                 */
                type: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "displayUnit": "mm[Hg]",
                 *       "targets": [
                 *         {
                 *           "component": "systolic",
                 *           "low": 90,
                 *           "high": 135
                 *         },
                 *         {
                 *           "component": "diastolic",
                 *           "low": 60,
                 *           "high": 85
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description UCUM code of a built-in kind’s unit (mm[Hg], mg/dL, [lb_av]…), or a custom type’s own. */
                    displayUnit: string;
                    targets: components["schemas"]["MeasurementTarget"][];
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        type: components["schemas"]["MeasurementType"];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope journal:write (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such type of yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "journal-measurements": {
        parameters: {
            query: {
                /** @description Calendar date, YYYY-MM-DD. */
                from: string;
                /** @description Calendar date, YYYY-MM-DD. */
                to: string;
                type?: string;
                patientId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        measurements: components["schemas"]["MeasurementEntry"][];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope read (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such entry or type of yours, or you are not this person’s caregiver */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "journal-createMeasurement": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "type": "blood-pressure",
                 *       "values": {
                 *         "systolic": 128,
                 *         "diastolic": 82,
                 *         "pulse": 64
                 *       },
                 *       "unit": "mm[Hg]",
                 *       "measuredAt": "2026-11-21T08:05:00Z",
                 *       "note": "After a walk",
                 *       "idempotencyKey": "6f1c2a9e-2d4b-4c8e-9a57-0b1d2c3e4f50"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description A built-in kind (blood-pressure, blood-glucose, weight, temperature, spo2, inr, peak-flow) or the id (UUID) of the caller’s own type.
                     * @example blood-pressure
                     */
                    type: string;
                    /**
                     * @description One number per component, in `unit`.
                     * @example {
                     *       "systolic": 128,
                     *       "diastolic": 82
                     *     }
                     */
                    values: {
                        [key: string]: number;
                    };
                    /** @description UCUM code of a built-in kind’s unit (mm[Hg], mg/dL, [lb_av]…), or a custom type’s own. */
                    unit: string;
                    /**
                     * Format: date-time
                     * @description ISO 8601 instant; at most 5 minutes ahead of the server’s clock.
                     */
                    measuredAt: string;
                    mealContext?: components["schemas"]["MealContext"] | null;
                    note?: string | null;
                    /**
                     * @description Makes the write apply once: a repeat with the same key returns the first answer.
                     * @example 6f1c2a9e-2d4b-4c8e-9a57-0b1d2c3e4f50
                     */
                    idempotencyKey?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        measurement: components["schemas"]["MeasurementEntry"];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope journal:write (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such type of yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description The idempotencyKey was already used for a different request (data.reason IDEMPOTENCY_KEY_REUSED) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "journal-updateMeasurement": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A UUID.
                 * @example 3f2b8c1e-7a4d-4e29-9b6a-1c5d8e2f4a70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "values": {
                 *         "systolic": 128,
                 *         "diastolic": 82,
                 *         "pulse": 64
                 *       },
                 *       "unit": "mm[Hg]",
                 *       "measuredAt": "2026-11-21T08:05:00Z",
                 *       "note": "After a walk",
                 *       "idempotencyKey": "6f1c2a9e-2d4b-4c8e-9a57-0b1d2c3e4f50"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description One number per component, in `unit`.
                     * @example {
                     *       "systolic": 128,
                     *       "diastolic": 82
                     *     }
                     */
                    values: {
                        [key: string]: number;
                    };
                    /** @description UCUM code of a built-in kind’s unit (mm[Hg], mg/dL, [lb_av]…), or a custom type’s own. */
                    unit: string;
                    /**
                     * Format: date-time
                     * @description ISO 8601 instant; at most 5 minutes ahead of the server’s clock.
                     */
                    measuredAt: string;
                    mealContext?: components["schemas"]["MealContext"] | null;
                    note?: string | null;
                    /**
                     * @description Makes the write apply once: a repeat with the same key returns the first answer.
                     * @example 6f1c2a9e-2d4b-4c8e-9a57-0b1d2c3e4f50
                     */
                    idempotencyKey?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        measurement: components["schemas"]["MeasurementEntry"];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope journal:write (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such reading of yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description The idempotencyKey was already used for a different request (data.reason IDEMPOTENCY_KEY_REUSED) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "journal-deleteMeasurement": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A UUID. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope journal:write (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such reading of yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "journal-series": {
        parameters: {
            query: {
                /** @description A built-in kind (blood-pressure, blood-glucose, weight, temperature, spo2, inr, peak-flow) or the id (UUID) of the caller’s own type. */
                type: string;
                /** @description Calendar date, YYYY-MM-DD. */
                from: string;
                /** @description Calendar date, YYYY-MM-DD. */
                to: string;
                medicineId?: string;
                patientId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JournalSeries"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope read (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such type or medicine of yours, or you are not this person’s caregiver */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "journal-symptomNames": {
        parameters: {
            query?: {
                patientId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        names: components["schemas"]["SymptomName"][];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope read (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description You are not this person’s caregiver */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "journal-addSymptomName": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Dry mouth"
                 *     }
                 */
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        name: components["schemas"]["SymptomName"];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope journal:write (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description The list already has this name (any case), or holds the most names allowed */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "journal-deleteSymptomName": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A UUID. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope journal:write (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such name of yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "journal-symptoms": {
        parameters: {
            query: {
                /** @description Calendar date, YYYY-MM-DD. */
                from: string;
                /** @description Calendar date, YYYY-MM-DD. */
                to: string;
                patientId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        symptoms: components["schemas"]["SymptomEntry"][];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope read (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description You are not this person’s caregiver */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "journal-createSymptom": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "symptom": "Dizziness",
                 *       "severity": 2,
                 *       "occurredAt": "2026-11-21T08:05:00Z",
                 *       "note": "On standing up",
                 *       "medicineId": "3f2b8c1e-7a4d-4e29-9b6a-1c5d8e2f4a70",
                 *       "idempotencyKey": "6f1c2a9e-2d4b-4c8e-9a57-0b1d2c3e4f50"
                 *     }
                 */
                "application/json": {
                    /** @description A name from the person’s symptom list. */
                    symptom: string;
                    /** @description 1 (mild) to 5 (severe). */
                    severity: number;
                    /**
                     * Format: date-time
                     * @description ISO 8601 instant; at most 5 minutes ahead of the server’s clock.
                     */
                    occurredAt: string;
                    note?: string | null;
                    /** @description A medicine of yours suspected of causing it. */
                    medicineId?: string | null;
                    /**
                     * @description Makes the write apply once: a repeat with the same key returns the first answer.
                     * @example 6f1c2a9e-2d4b-4c8e-9a57-0b1d2c3e4f50
                     */
                    idempotencyKey?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        symptom: components["schemas"]["SymptomEntry"];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope journal:write (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such medicine of yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description The idempotencyKey was already used for a different request (data.reason IDEMPOTENCY_KEY_REUSED) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "journal-updateSymptom": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A UUID.
                 * @example 9d4e6f20-1b3c-4a5d-8e7f-0a1b2c3d4e5f
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "symptom": "Dizziness",
                 *       "severity": 2,
                 *       "occurredAt": "2026-11-21T08:05:00Z",
                 *       "note": "On standing up",
                 *       "medicineId": "3f2b8c1e-7a4d-4e29-9b6a-1c5d8e2f4a70",
                 *       "idempotencyKey": "6f1c2a9e-2d4b-4c8e-9a57-0b1d2c3e4f50"
                 *     }
                 */
                "application/json": {
                    /** @description A name from the person’s symptom list. */
                    symptom: string;
                    /** @description 1 (mild) to 5 (severe). */
                    severity: number;
                    /**
                     * Format: date-time
                     * @description ISO 8601 instant; at most 5 minutes ahead of the server’s clock.
                     */
                    occurredAt: string;
                    note?: string | null;
                    /** @description A medicine of yours suspected of causing it. */
                    medicineId?: string | null;
                    /**
                     * @description Makes the write apply once: a repeat with the same key returns the first answer.
                     * @example 6f1c2a9e-2d4b-4c8e-9a57-0b1d2c3e4f50
                     */
                    idempotencyKey?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        symptom: components["schemas"]["SymptomEntry"];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope journal:write (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such entry or medicine of yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            /** @description The idempotencyKey was already used for a different request (data.reason IDEMPOTENCY_KEY_REUSED) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "journal-deleteSymptom": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A UUID. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope journal:write (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such entry of yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "journal-moods": {
        parameters: {
            query: {
                /** @description Calendar date, YYYY-MM-DD. */
                from: string;
                /** @description Calendar date, YYYY-MM-DD. */
                to: string;
                patientId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        moods: components["schemas"]["MoodEntry"][];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope read (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description You are not this person’s caregiver */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "journal-setMood": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description Calendar date, YYYY-MM-DD.
                 * @example 2026-11-21
                 */
                date: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "mood": 4,
                 *       "note": "Slept well",
                 *       "idempotencyKey": "6f1c2a9e-2d4b-4c8e-9a57-0b1d2c3e4f50"
                 *     }
                 */
                "application/json": {
                    /** @description 1 (very low) to 5 (very good). */
                    mood: number;
                    note?: string | null;
                    /**
                     * @description Makes the write apply once: a repeat with the same key returns the first answer.
                     * @example 6f1c2a9e-2d4b-4c8e-9a57-0b1d2c3e4f50
                     */
                    idempotencyKey?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        mood: components["schemas"]["MoodEntry"];
                    };
                };
            };
            /** @description A day after today */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope journal:write (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description The idempotencyKey was already used for a different request (data.reason IDEMPOTENCY_KEY_REUSED) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "journal-deleteMood": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Calendar date, YYYY-MM-DD. */
                date: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope journal:write (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No mood recorded that day */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "journal-reminders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        reminders: components["schemas"]["MeasurementReminder"][];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope read (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "journal-setReminder": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A built-in kind (blood-pressure, blood-glucose, weight, temperature, spo2, inr, peak-flow) or the id (UUID) of the caller’s own type.
                 * @example blood-pressure
                 */
                type: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "times": [
                 *         "07:30",
                 *         "21:00"
                 *       ],
                 *       "days": null
                 *     }
                 */
                "application/json": {
                    /** @description Times of day, 24-hour HH:MM, earliest first, each once. */
                    times: string[];
                    /** @description The weekdays it is due on (0 = Sunday … 6 = Saturday); null: every day. */
                    days: number[] | null;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        reminder: components["schemas"]["MeasurementReminder"];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope journal:write (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such type of yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "journal-deleteReminder": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A built-in kind (blood-pressure, blood-glucose, weight, temperature, spo2, inr, peak-flow) or the id (UUID) of the caller’s own type. */
                type: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        message: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token without the scope journal:write (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No reminder of yours for this type */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "passkey-list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        passkeys: components["schemas"]["Passkey"][];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "passkey-registrationOptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description PublicKeyCredentialCreationOptionsJSON or …RequestOptionsJSON (WebAuthn Level 3). */
                        options: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description Passkeys cannot work at this address (an IP address, or behind a proxy without PUBLIC_URL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description The account holds 20 passkeys already */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "passkey-register": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "My phone",
                 *       "response": {
                 *         "id": "hT4qv0R1Qm2h8kG4sX2p0w",
                 *         "rawId": "hT4qv0R1Qm2h8kG4sX2p0w",
                 *         "type": "public-key",
                 *         "response": {
                 *           "clientDataJSON": "eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIn0",
                 *           "attestationObject": "o2NmbXRkbm9uZQ"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * @description What the passkey is on, e.g. the phone or the security key.
                     * @example My phone
                     */
                    name?: string;
                    response: components["schemas"]["PasskeyRegistrationResponse"];
                };
            };
        };
        responses: {
            /** @description Successful response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        passkey: components["schemas"]["Passkey"];
                    };
                };
            };
            /** @description The answer is malformed, forged, replayed, expired, or made for another site (nothing stored) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description The passkey is registered already, or the account holds 20 */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "passkey-signInOptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description PublicKeyCredentialCreationOptionsJSON or …RequestOptionsJSON (WebAuthn Level 3). */
                        options: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description Passkeys cannot work at this address (an IP address, or behind a proxy without PUBLIC_URL) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "passkey-signIn": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "response": {
                 *         "id": "hT4qv0R1Qm2h8kG4sX2p0w",
                 *         "rawId": "hT4qv0R1Qm2h8kG4sX2p0w",
                 *         "type": "public-key",
                 *         "response": {
                 *           "clientDataJSON": "eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0",
                 *           "authenticatorData": "SZYN5YgOjGh0NBcPZHZgW4_krrmihjLHmVzzuoMdl2MFAAAAAQ",
                 *           "signature": "MEUCIQDmk"
                 *         }
                 *       }
                 *     }
                 */
                "application/json": {
                    response: components["schemas"]["PasskeyAuthenticationResponse"];
                    /**
                     * @description The browser’s zone; saved only if none is saved yet.
                     * @example Europe/Paris
                     */
                    timezone?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: components["schemas"]["User"];
                    };
                };
            };
            /** @description The answer is malformed, replayed, expired, or made for another site */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description The passkey is not registered here, or its signature or counter is wrong */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description An administrator disabled the account (data.reason ACCOUNT_DISABLED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            /** @description Too many failed attempts from this network, or too many requests from this address (RATE_LIMIT_PER_MINUTE per minute for every API call) */
            429: {
                headers: {
                    /** @description Seconds until the limit resets */
                    "Retry-After"?: number;
                    /** @description Requests allowed per minute */
                    "x-ratelimit-limit"?: number;
                    /** @description Requests left in this minute (0) */
                    "x-ratelimit-remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "x-ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.TOO_MANY_REQUESTS"];
                };
            };
            503: components["responses"]["Unavailable"];
        };
    };
    "passkey-remove": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A UUID. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        removed: true;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such passkey of yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["TooLarge"];
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "passkey-rename": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A UUID.
                 * @example 3f2b8c1e-7a4d-4e29-9b6a-1c5d8e2f4a70
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Work laptop"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description What the passkey is on, e.g. the phone or the security key.
                     * @example My phone
                     */
                    name: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        passkey: components["schemas"]["Passkey"];
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description No such passkey of yours */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.NOT_FOUND"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "twoFactor-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TwoFactorStatus"];
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "twoFactor-startSetup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                /** @example {} */
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The base32 key, for typing it into the app by hand. */
                        secret: string;
                        otpauthUri: string;
                        /** @description The otpauth URI as an SVG QR code. */
                        qrSvg: string;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Two-step sign-in is on already: turn it off first */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "twoFactor-confirmSetup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "code": "123456"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description The 6-digit code of the authenticator app, or an unused recovery code (e.g. `k3m9q-x7p2d`).
                     * @example 123456
                     */
                    code: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Shown this once: only their hashes are kept. Each works once. */
                        recoveryCodes: string[];
                        /** @description How many other sessions were ended. */
                        otherSessionsEnded: number;
                    };
                };
            };
            /** @description A wrong, expired or already used code (data.reason TWO_FACTOR_CODE_INVALID); nothing changed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Nothing to confirm: start the setup first, or it is on already */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            /** @description Too many wrong codes, or too many requests from this address (RATE_LIMIT_PER_MINUTE per minute for every API call) */
            429: {
                headers: {
                    /** @description Seconds until the limit resets */
                    "Retry-After"?: number;
                    /** @description Requests allowed per minute */
                    "x-ratelimit-limit"?: number;
                    /** @description Requests left in this minute (0) */
                    "x-ratelimit-remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "x-ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.TOO_MANY_REQUESTS"];
                };
            };
            503: components["responses"]["Unavailable"];
        };
    };
    "twoFactor-regenerateRecoveryCodes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "code": "123456"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description The 6-digit code of the authenticator app, or an unused recovery code (e.g. `k3m9q-x7p2d`).
                     * @example 123456
                     */
                    code: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Shown this once: only their hashes are kept. Each works once. */
                        recoveryCodes: string[];
                    };
                };
            };
            /** @description A wrong, expired or already used code (data.reason TWO_FACTOR_CODE_INVALID); nothing changed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Two-step sign-in is off */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            /** @description Too many wrong codes, or too many requests from this address (RATE_LIMIT_PER_MINUTE per minute for every API call) */
            429: {
                headers: {
                    /** @description Seconds until the limit resets */
                    "Retry-After"?: number;
                    /** @description Requests allowed per minute */
                    "x-ratelimit-limit"?: number;
                    /** @description Requests left in this minute (0) */
                    "x-ratelimit-remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "x-ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.TOO_MANY_REQUESTS"];
                };
            };
            503: components["responses"]["Unavailable"];
        };
    };
    "twoFactor-disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "code": "123456",
                 *       "password": "correct-horse-battery"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description The 6-digit code of the authenticator app, or an unused recovery code (e.g. `k3m9q-x7p2d`).
                     * @example 123456
                     */
                    code: string;
                    password?: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        success: true;
                        message: string;
                    };
                };
            };
            /** @description A wrong, expired or already used code (data.reason TWO_FACTOR_CODE_INVALID); nothing changed */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description A personal access token may not call this (account only; reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            /** @description Two-step sign-in is off */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.CONFLICT"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            /** @description Too many wrong codes, or too many requests from this address (RATE_LIMIT_PER_MINUTE per minute for every API call) */
            429: {
                headers: {
                    /** @description Seconds until the limit resets */
                    "Retry-After"?: number;
                    /** @description Requests allowed per minute */
                    "x-ratelimit-limit"?: number;
                    /** @description Requests left in this minute (0) */
                    "x-ratelimit-remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "x-ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.TOO_MANY_REQUESTS"];
                };
            };
            503: components["responses"]["Unavailable"];
        };
    };
    "twoFactor-completeSignIn": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "ticket": "q8Zt3vKp0sYw1xRb6nLm4cHd9fGj2aEu",
                 *       "code": "123456"
                 *     }
                 */
                "application/json": {
                    /** @description The `secondStep.ticket` of the password sign-in’s answer. */
                    ticket: string;
                    /**
                     * @description The 6-digit code of the authenticator app, or an unused recovery code (e.g. `k3m9q-x7p2d`).
                     * @example 123456
                     */
                    code: string;
                };
            };
        };
        responses: {
            /** @description Successful response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: components["schemas"]["User"];
                    };
                };
            };
            /** @description A wrong or used code (data.reason TWO_FACTOR_CODE_INVALID), or an expired or unknown ticket (data.reason TWO_FACTOR_TICKET_INVALID) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description An administrator disabled the account (data.reason ACCOUNT_DISABLED) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            413: components["responses"]["TooLarge"];
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNSUPPORTED_MEDIA_TYPE"];
                };
            };
            /** @description Too many wrong codes, or too many requests from this address (RATE_LIMIT_PER_MINUTE per minute for every API call) */
            429: {
                headers: {
                    /** @description Seconds until the limit resets */
                    "Retry-After"?: number;
                    /** @description Requests allowed per minute */
                    "x-ratelimit-limit"?: number;
                    /** @description Requests left in this minute (0) */
                    "x-ratelimit-remaining"?: number;
                    /** @description Seconds until the limit resets */
                    "x-ratelimit-reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.TOO_MANY_REQUESTS"];
                };
            };
            503: components["responses"]["Unavailable"];
        };
    };
    "report-doctor-file": {
        parameters: {
            query: {
                /** @description Calendar date, YYYY-MM-DD. */
                from: string;
                /** @description Calendar date, YYYY-MM-DD. */
                to: string;
                measurements?: string;
                symptoms?: boolean;
            };
            header?: never;
            path: {
                /** @description Email address; trimmed and lower-cased. */
                userEmail: string;
                /** @description pdf, csv or fhir */
                format: "pdf" | "csv" | "fhir";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report file */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/pdf": string;
                    "text/csv": string;
                    "application/fhir+json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Invalid input */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.BAD_REQUEST"];
                };
            };
            /** @description Not signed in, or the token is missing, expired or forged */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.UNAUTHORIZED"];
                };
            };
            /** @description Not your report, or a personal access token without the scope read (reason TOKEN_SCOPE) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.FORBIDDEN"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "calendar-feedFile": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The feed’s secret token followed by `.ics`
                 * @example k3Jq9vX2mP8sL5tR0wYz7bNc4dFg6hAeQ1uW3xZ5yV7.ics
                 */
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The calendar */
            200: {
                headers: {
                    /** @example inline; filename="medicines.ics" */
                    "Content-Disposition"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "text/calendar": string;
                };
            };
            /** @description Not a feed address (the token is malformed or `.ics` is missing) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.PLAIN"];
                };
            };
            /** @description No such feed: the token was never issued or was revoked (a new one replaced it) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.PLAIN"];
                };
            };
            429: components["responses"]["RateLimited"];
            503: components["responses"]["Unavailable"];
        };
    };
    "system-metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The metrics */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": string;
                };
            };
            /** @description The metrics token is missing or wrong */
            401: {
                headers: {
                    /** @example Bearer */
                    "WWW-Authenticate"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.PLAIN"];
                };
            };
            /** @description Metrics are off (METRICS_TOKEN is not set) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["error.PLAIN"];
                };
            };
            503: components["responses"]["Unavailable"];
        };
    };
}
