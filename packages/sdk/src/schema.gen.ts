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
        /** Sign in with email and password; sets the session cookie */
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
         * @description The service worker posts the short-lived, signed, single-purpose token a reminder push carries; the token names one action on one dose and is the only proof needed. A snooze token works once.
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
         * @description The link works once. Every other session and every access token issued before end; the other reset links of the account stop working; an unverified address counts as verified (the mail was read).
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
         * @description `read`: Read medicines, doses, reports and notifications. `doses:write`: Record doses: tick, take, skip and as-needed intakes. `medicines:write`: Add, edit and delete medicines and their refills.
         * @enum {string}
         */
        TokenScope: "read" | "doses:write" | "medicines:write";
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
                reason?: "IDEMPOTENCY_KEY_REUSED" | "AS_NEEDED_LIMIT" | "EMAIL_UNVERIFIED" | "ACCOUNT_DISABLED" | "SIGNUPS_CLOSED" | "INVITATION_REQUIRED" | "TOKEN_SCOPE" | "TOKEN_LIMIT";
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
                reason?: "IDEMPOTENCY_KEY_REUSED" | "AS_NEEDED_LIMIT" | "EMAIL_UNVERIFIED" | "ACCOUNT_DISABLED" | "SIGNUPS_CLOSED" | "INVITATION_REQUIRED" | "TOKEN_SCOPE" | "TOKEN_LIMIT";
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
                reason?: "IDEMPOTENCY_KEY_REUSED" | "AS_NEEDED_LIMIT" | "EMAIL_UNVERIFIED" | "ACCOUNT_DISABLED" | "SIGNUPS_CLOSED" | "INVITATION_REQUIRED" | "TOKEN_SCOPE" | "TOKEN_LIMIT";
                issues?: {
                    path: string[];
                    message: string;
                }[];
            };
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
                reason?: "IDEMPOTENCY_KEY_REUSED" | "AS_NEEDED_LIMIT" | "EMAIL_UNVERIFIED" | "ACCOUNT_DISABLED" | "SIGNUPS_CLOSED" | "INVITATION_REQUIRED" | "TOKEN_SCOPE" | "TOKEN_LIMIT";
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
                reason?: "IDEMPOTENCY_KEY_REUSED" | "AS_NEEDED_LIMIT" | "EMAIL_UNVERIFIED" | "ACCOUNT_DISABLED" | "SIGNUPS_CLOSED" | "INVITATION_REQUIRED" | "TOKEN_SCOPE" | "TOKEN_LIMIT";
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
                reason?: "IDEMPOTENCY_KEY_REUSED" | "AS_NEEDED_LIMIT" | "EMAIL_UNVERIFIED" | "ACCOUNT_DISABLED" | "SIGNUPS_CLOSED" | "INVITATION_REQUIRED" | "TOKEN_SCOPE" | "TOKEN_LIMIT";
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
        TakenDay: {
            date: string;
            taken: string;
            /** @description Per slot of `taken`, the dose skipped on purpose with its reason, null where none; present only on a day with a skip. A skipped dose reads 0 in `taken` (not taken). Decisions 225, 226. */
            skipped?: (components["schemas"]["DoseSkip"] | null)[];
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
        RefillReminder: {
            /** Format: uuid */
            id: string;
            name: string;
            pillsLeft: number;
            daysLeft: number;
            /** @description The pills a refill adds when none are given: a pack (decision 182). */
            packPills: number;
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
            }[];
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
                reason?: "IDEMPOTENCY_KEY_REUSED" | "AS_NEEDED_LIMIT" | "EMAIL_UNVERIFIED" | "ACCOUNT_DISABLED" | "SIGNUPS_CLOSED" | "INVITATION_REQUIRED" | "TOKEN_SCOPE" | "TOKEN_LIMIT";
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
                    action?: "take" | "snooze" | "skip";
                    reason?: components["schemas"]["SkipReason"];
                    note?: string;
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
                        action: "take" | "snooze" | "skip";
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
                        }[];
                        actions: ("take" | "snooze" | "skip")[];
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
    "report-doctor-file": {
        parameters: {
            query: {
                /** @description Calendar date, YYYY-MM-DD. */
                from: string;
                /** @description Calendar date, YYYY-MM-DD. */
                to: string;
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
