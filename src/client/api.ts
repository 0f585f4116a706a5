// Types of Hado's HTTP API, generated from its OpenAPI document by openapi-typescript.
// Do not edit: run `npm run client:types` (CI checks that this file is current).
/* eslint-disable */
export interface paths {
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document (OpenAPI 3.1) */
        get: operations["getOpenApi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the database answers */
        get: operations["health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: the database answers and the schema is current */
        get: operations["ready"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of this source's events and its state */
        get: operations["getEvent"];
        /**
         * Upsert a batch of events (all or nothing, at most 500)
         * @description Identity is (source, source_ref, topic). The same due_at updates; a different due_at starts a new round. One bad record rejects the whole batch with a 422 naming its index and field.
         */
        put: operations["putEvents"];
        post?: never;
        /** Withdraw an event (a whole series for a recurring one) */
        delete: operations["deleteEvent"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The user's zone, quiet hours, language (locale) and badge */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change the zone, quiet hours or language (locale); quiet_end must be earlier than quiet_start */
        patch: operations["patchMe"];
        trace?: never;
    };
    "/me/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The user's events (default: the live states) */
        get: operations["getMyEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/events/{id}/ack": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ack: quiet until the next checkpoint (409 outside preparing/today/overdue) */
        post: operations["ackMyEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/events/{id}/done": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Done: close the event (idempotent on a done event) */
        post: operations["doneMyEvent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/heartbeat": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The web channel is present (the page sends it while visible and used) */
        post: operations["heartbeat"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/channels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The user's channels (never a secret) */
        get: operations["getMyChannels"];
        put?: never;
        /** Add a webhook (its signing secret is shown this once), an email address or a Slack user (both unconfirmed until their owner confirms) */
        post: operations["addMyChannel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/channels/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a channel (the web channel cannot be deleted: 409) */
        delete: operations["deleteMyChannel"];
        options?: never;
        head?: never;
        /** Switch a channel off or on (the web channel too) */
        patch: operations["patchMyChannel"];
        trace?: never;
    };
    "/me/channels/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Give a webhook channel a new signing secret (shown this once); during the grace period deliveries carry both signatures in webhook-signature, the new one first
         * @description Optional JSON body {"grace_seconds": n}: how long the previous secret keeps signing beside the new one (default 86400, one day; 0 = stop at once; at most 604800).
         */
        post: operations["rotateMyWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/channels/telegram/link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A one-time code: send "/start <code>" to the bot (or open start_url) to link Telegram */
        post: operations["linkTelegram"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/push/vapid-key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The server's VAPID public key: the applicationServerKey of pushManager.subscribe() */
        get: operations["getPushKey"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/push/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The user's browsers that receive Web Push */
        get: operations["getPushSubscriptions"];
        put?: never;
        /** Save this browser's PushSubscription (its toJSON()); the same endpoint again is the same subscription (200) */
        post: operations["addPushSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/push/subscriptions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Stop Web Push to a browser (this device: unsubscribe it in the page too) */
        delete: operations["deletePushSubscription"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/devices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The user's phones that receive mobile push (Expo) */
        get: operations["getMyDevices"];
        put?: never;
        /** Register this phone's Expo push token: 201 for a new device; the same device_id again is the same device (200), its token replaced */
        post: operations["addMyDevice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/devices/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Stop mobile push to a device (the app calls it on sign-out) */
        delete: operations["deleteMyDevice"];
        options?: never;
        head?: never;
        /** Switch mobile push to a device off or on */
        patch: operations["patchMyDevice"];
        trace?: never;
    };
    "/me/notices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A page of the feed, newest first, with the unread count */
        get: operations["getMyNotices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/notices/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark these notices read */
        post: operations["readMyNotices"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/notices/read-all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark every notice read */
        post: operations["readAllMyNotices"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/notices/archive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Archive these notices */
        post: operations["archiveMyNotices"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/notices/unarchive": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Bring these notices back from the archive */
        post: operations["unarchiveMyNotices"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/notices/{id}/claim": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Claim a one-time notice: the first recipient wins; others get a 409 naming who has it */
        post: operations["claimMyNotice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/preferences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The (source, topic) × channel grid; a missing cell is on */
        get: operations["getMyPreferences"];
        /** Replace the whole grid (a row or cell left out goes back to on) */
        put: operations["putMyPreferences"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The live inbox: one Server-Sent Events stream per tab */
        get: operations["stream"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/me/events/{id}/why": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Why the event is in its state, and when and where it will next remind (as the scheduler decides it now) */
        get: operations["whyMyEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/a/{token}/ack": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ack the delivery's event (the link in a webhook body; the token is the credential)
         * @description Any body or none is accepted and ignored. An unknown or spent token is a 404.
         */
        post: operations["ackByLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/a/{token}/done": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Done the delivery's event (the link in a webhook body; the token is the credential)
         * @description Any body or none is accepted and ignored. An unknown or spent token is a 404.
         */
        post: operations["doneByLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/hooks/slack": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An interaction from the Slack app (button presses in Hado's DMs), signed with the signing secret
         * @description application/x-www-form-urlencoded with one field, payload (JSON). Answers an empty 200 (also for a payload Hado has no use for, or none). 401 for a missing, wrong or stale (over 5 minutes) signature; 404 when Slack is not configured on this Hado.
         */
        post: operations["slackInteraction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The source's notices, newest first (keyset paging)
         * @description Only the calling source's notices; filter by source_ref and topic. Pass next_cursor back as cursor for the next page.
         */
        get: operations["listNotices"];
        put?: never;
        /**
         * Write a notice, or a batch of them (all or nothing, at most 500)
         * @description mode create (default), upsert (one live notice per source_ref and topic) or group (folds a stream into one notice with a counter). A repeated dedupe_key returns the existing notice with result "duplicate".
         */
        post: operations["postNotices"];
        /**
         * Withdraw notices, by ids or by (source_ref, topic)
         * @description The notices leave every inbox at once (a notice_removed frame on open streams, the unread count drops), their pending deliveries are cancelled, and the Telegram and Slack messages already sent lose their buttons. Ids that are not the source's are skipped.
         */
        delete: operations["withdrawNotices"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notices/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of the source's notices: each recipient's read state, each delivery's state and reason */
        get: operations["getNotice"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/topics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The source's declared topics, every default filled in */
        get: operations["getTopics"];
        /**
         * Declare the source's whole set of topics (replaces the earlier set)
         * @description Labels, section, allowed channel types, defaults and the delivery, toast and regroup policies of each kind of notice. Once a source has declared topics, a notice with an undeclared topic is a 422; an empty set goes back to no contract. At most 500.
         */
        put: operations["putTopics"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A signed user token for the embedded inbox (the same a backend signs with the source's signing key) */
        post: operations["postUserToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Provision a batch of users (capability provision; all or nothing, at most 500)
         * @description timezone and locale are used until the person chooses their own (GET /me says where each comes from). email and slack_user_id become channels vouched for by this source: confirmed without a mail or DM, removable by the person; null removes the channel, a changed value replaces it. A 422 names users[i].field.
         */
        put: operations["putUsers"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/frames": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Put the source's own frames on its users' live streams (event: frame), never stored */
        post: operations["postFrames"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audiences/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A page of an audience's members (keyset: pass next_cursor back) */
        get: operations["getAudience"];
        /**
         * Replace the whole set of members of an audience (capability provision; at most 100,000)
         * @description Makes the audience if it is new. Unknown logins become users, as recipients of a notice do. A 422 names members[i].
         */
        put: operations["putAudience"];
        post?: never;
        /** Delete an audience (its users stay) */
        delete: operations["deleteAudience"];
        options?: never;
        head?: never;
        /**
         * Add and remove members of an audience (capability provision)
         * @description A 404 for an audience this source has not made. A 422 names add[i] or remove[i], or add when the result would pass 100,000.
         */
        patch: operations["patchAudience"];
        trace?: never;
    };
    "/hooks/telegram": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * An update from the Telegram Bot API (setWebhook): messages to the bot and button callbacks
         * @description Answers an empty 200. 404 when Telegram is not configured on this Hado.
         */
        post: operations["telegramUpdate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: never;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getOpenApi: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The OpenAPI document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        status: "ok" | "unavailable" | "ready" | "not_ready";
                        reason?: string;
                        storage: "pglite" | "postgres";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        status: "ok" | "unavailable" | "ready" | "not_ready";
                        reason?: string;
                        storage: "pglite" | "postgres";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    ready: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        status: "ok" | "unavailable" | "ready" | "not_ready";
                        reason?: string;
                        storage: "pglite" | "postgres";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Default Response */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {unknown} */
                        status: "ok" | "unavailable" | "ready" | "not_ready";
                        reason?: string;
                        storage: "pglite" | "postgres";
                    } & {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    getEvent: {
        parameters: {
            query: {
                /** @example person:42 */
                source_ref: string;
                /**
                 * @description Omitted means ""
                 * @example birthday
                 */
                topic?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        source_ref: string;
                        topic: string;
                        user: string;
                        /**
                         * @description The phase of an event (see docs/concepts.md, "The lifecycle")
                         * @enum {unknown}
                         */
                        state: "scheduled" | "preparing" | "today" | "overdue" | "done" | "expired" | "withdrawn";
                        /** @description The due (for a series: the current occurrence) in one of the three due_at forms */
                        due_at: string;
                        /** @description A calendar day, YYYY-MM-DD */
                        fire_at: string;
                        recurrence: ({
                            /** @enum {string} */
                            type: "weekly";
                            /** @description 0 = Monday … 6 = Sunday */
                            weekdays: number[];
                            anchor_date?: string | null;
                            time_local?: string | null;
                            timezone?: string | null;
                            duration_minutes?: number | null;
                        } | {
                            /** @enum {string} */
                            type: "biweekly";
                            /** @description 0 = Monday … 6 = Sunday */
                            weekdays: number[];
                            /** @description YYYY-MM-DD, a calendar date */
                            anchor_date: string;
                            time_local?: string | null;
                            timezone?: string | null;
                            duration_minutes?: number | null;
                        } | {
                            /** @enum {string} */
                            type: "monthly";
                            day_of_month: number;
                            anchor_date?: string | null;
                            time_local?: string | null;
                            timezone?: string | null;
                            duration_minutes?: number | null;
                        } | {
                            /** @enum {string} */
                            type: "every_n_days";
                            interval_days: number;
                            /** @description YYYY-MM-DD, a calendar date */
                            anchor_date: string;
                            time_local?: string | null;
                            timezone?: string | null;
                            duration_minutes?: number | null;
                        } | {
                            /** @enum {string} */
                            type: "yearly";
                            month: number;
                            day: number;
                            anchor_date?: string | null;
                            time_local?: string | null;
                            timezone?: string | null;
                            duration_minutes?: number | null;
                        }) | null;
                        fire_days_before: number | null;
                        rule_text: string | null;
                        next_occurrence: string | null;
                        after_due: "keep" | "expire";
                        payload: {
                            title: string;
                            subtitle?: string;
                            deep_link?: string;
                            done_label?: string;
                        };
                        quiet_until: string | null;
                        done_at: string | null;
                        created_at: string | null;
                        updated_at: string | null;
                    };
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Nothing there (or not yours) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A field is invalid: the message, field and index say which */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Too many requests: wait (see Retry-After) and retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    putEvents: {
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
                 *       "events": [
                 *         {
                 *           "user": "nikita",
                 *           "source_ref": "person:42",
                 *           "topic": "birthday",
                 *           "due_at": "2026-08-14",
                 *           "fire_at": "2026-08-07",
                 *           "after_due": "expire",
                 *           "payload": {
                 *             "title": "Vasya's birthday",
                 *             "subtitle": "turns 34",
                 *             "deep_link": "/people/42",
                 *             "done_label": "Congratulated"
                 *           }
                 *         },
                 *         {
                 *           "user": "nikita",
                 *           "source_ref": "standup",
                 *           "recurrence": {
                 *             "type": "weekly",
                 *             "weekdays": [
                 *               0,
                 *               2,
                 *               4
                 *             ],
                 *             "time_local": "10:00"
                 *           },
                 *           "fire_days_before": 0,
                 *           "payload": {
                 *             "title": "Stand-up"
                 *           }
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    events: {
                        user: string;
                        source_ref: string;
                        topic?: string;
                        due_at?: string;
                        fire_at?: string;
                        recurrence?: ({
                            /** @enum {string} */
                            type: "weekly";
                            /** @description 0 = Monday … 6 = Sunday */
                            weekdays: number[];
                            anchor_date?: string | null;
                            time_local?: string | null;
                            timezone?: string | null;
                            duration_minutes?: number | null;
                        } | {
                            /** @enum {string} */
                            type: "biweekly";
                            /** @description 0 = Monday … 6 = Sunday */
                            weekdays: number[];
                            /** @description YYYY-MM-DD, a calendar date */
                            anchor_date: string;
                            time_local?: string | null;
                            timezone?: string | null;
                            duration_minutes?: number | null;
                        } | {
                            /** @enum {string} */
                            type: "monthly";
                            day_of_month: number;
                            anchor_date?: string | null;
                            time_local?: string | null;
                            timezone?: string | null;
                            duration_minutes?: number | null;
                        } | {
                            /** @enum {string} */
                            type: "every_n_days";
                            interval_days: number;
                            /** @description YYYY-MM-DD, a calendar date */
                            anchor_date: string;
                            time_local?: string | null;
                            timezone?: string | null;
                            duration_minutes?: number | null;
                        } | {
                            /** @enum {string} */
                            type: "yearly";
                            month: number;
                            day: number;
                            anchor_date?: string | null;
                            time_local?: string | null;
                            timezone?: string | null;
                            duration_minutes?: number | null;
                        }) | null;
                        fire_days_before?: number | null;
                        after_due?: "keep" | "expire";
                        payload: {
                            title: string;
                            subtitle?: string;
                            deep_link?: string;
                            done_label?: string;
                        };
                    }[];
                };
            };
        };
        responses: {
            /** @description One result per event, in the order sent */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        events: {
                            source_ref: string;
                            topic: string;
                            id: number;
                            /**
                             * @description The phase of an event (see docs/concepts.md, "The lifecycle")
                             * @enum {unknown}
                             */
                            state: "scheduled" | "preparing" | "today" | "overdue" | "done" | "expired" | "withdrawn";
                            /** @description Present when the event was written but will not be reminded, with why: e.g. its due_at has already passed, so it is expired */
                            warnings?: string[];
                        }[];
                    };
                };
            };
            /** @description The body is not JSON, or not what the route takes */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The request did not arrive in time */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A field is invalid: the message, field and index say which */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Too many requests: wait (see Retry-After) and retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    deleteEvent: {
        parameters: {
            query: {
                /** @example person:42 */
                source_ref: string;
                /**
                 * @description Omitted means ""
                 * @example birthday
                 */
                topic?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Withdrawn */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Nothing there (or not yours) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A field is invalid: the message, field and index say which */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Too many requests: wait (see Retry-After) and retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        login: string;
                        /** @description IANA zone */
                        tz: string;
                        /**
                         * @description The user's language (pages, Telegram, rule texts)
                         * @enum {unknown}
                         */
                        locale: "en" | "ru" | "uk";
                        quiet_start: string;
                        quiet_end: string;
                        /**
                         * @description Where tz comes from: Hado's default, a source that provisioned the user (PUT /api/users), or the person's own choice (which wins)
                         * @enum {unknown}
                         */
                        tz_from: "default" | "source" | "user";
                        /**
                         * @description Where locale comes from, as tz_from
                         * @enum {unknown}
                         */
                        locale_from: "default" | "source" | "user";
                        /** @description Events in today + overdue */
                        badge: number;
                    };
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A write from another site (Sec-Fetch-Site / Origin), or a source lacking a capability (named in capability) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    patchMe: {
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
                 *       "tz": "America/Montevideo",
                 *       "quiet_start": "22:30",
                 *       "quiet_end": "08:00"
                 *     }
                 */
                "application/json": {
                    /** @description An IANA zone */
                    tz?: string;
                    quiet_start?: string;
                    quiet_end?: string;
                    locale?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        login: string;
                        /** @description IANA zone */
                        tz: string;
                        /**
                         * @description The user's language (pages, Telegram, rule texts)
                         * @enum {unknown}
                         */
                        locale: "en" | "ru" | "uk";
                        quiet_start: string;
                        quiet_end: string;
                        /**
                         * @description Where tz comes from: Hado's default, a source that provisioned the user (PUT /api/users), or the person's own choice (which wins)
                         * @enum {unknown}
                         */
                        tz_from: "default" | "source" | "user";
                        /**
                         * @description Where locale comes from, as tz_from
                         * @enum {unknown}
                         */
                        locale_from: "default" | "source" | "user";
                        /** @description Events in today + overdue */
                        badge: number;
                    };
                };
            };
            /** @description The body is not JSON, or not what the route takes */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A write from another site (Sec-Fetch-Site / Origin), or a source lacking a capability (named in capability) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The request did not arrive in time */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A field is invalid: the message, field and index say which */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    getMyEvents: {
        parameters: {
            query?: {
                /**
                 * @description Comma-separated states; default: the live ones
                 * @example today,overdue
                 */
                state?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        events: {
                            id: number;
                            source: string;
                            source_ref: string;
                            topic: string;
                            /**
                             * @description The phase of an event (see docs/concepts.md, "The lifecycle")
                             * @enum {unknown}
                             */
                            state: "scheduled" | "preparing" | "today" | "overdue" | "done" | "expired" | "withdrawn";
                            due_at: string;
                            due_mode: "local" | "fixed";
                            /** @description A calendar day, YYYY-MM-DD */
                            due_day: string;
                            due_time: string | null;
                            /** @description The due moment in the user's zone, without offset */
                            due_moment: string;
                            all_day: boolean;
                            /** @description A calendar day, YYYY-MM-DD */
                            fire_on: string;
                            recurrence: ({
                                /** @enum {string} */
                                type: "weekly";
                                /** @description 0 = Monday … 6 = Sunday */
                                weekdays: number[];
                                anchor_date?: string | null;
                                time_local?: string | null;
                                timezone?: string | null;
                                duration_minutes?: number | null;
                            } | {
                                /** @enum {string} */
                                type: "biweekly";
                                /** @description 0 = Monday … 6 = Sunday */
                                weekdays: number[];
                                /** @description YYYY-MM-DD, a calendar date */
                                anchor_date: string;
                                time_local?: string | null;
                                timezone?: string | null;
                                duration_minutes?: number | null;
                            } | {
                                /** @enum {string} */
                                type: "monthly";
                                day_of_month: number;
                                anchor_date?: string | null;
                                time_local?: string | null;
                                timezone?: string | null;
                                duration_minutes?: number | null;
                            } | {
                                /** @enum {string} */
                                type: "every_n_days";
                                interval_days: number;
                                /** @description YYYY-MM-DD, a calendar date */
                                anchor_date: string;
                                time_local?: string | null;
                                timezone?: string | null;
                                duration_minutes?: number | null;
                            } | {
                                /** @enum {string} */
                                type: "yearly";
                                month: number;
                                day: number;
                                anchor_date?: string | null;
                                time_local?: string | null;
                                timezone?: string | null;
                                duration_minutes?: number | null;
                            }) | null;
                            fire_days_before: number | null;
                            rule_text: string | null;
                            next_occurrence: string | null;
                            after_due: "keep" | "expire";
                            payload: {
                                title: string;
                                subtitle?: string;
                                deep_link?: string;
                                done_label?: string;
                            };
                            in_badge: boolean;
                            quiet_until: string | null;
                            done_at: string | null;
                            updated_at: string | null;
                        }[];
                    };
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A write from another site (Sec-Fetch-Site / Origin), or a source lacking a capability (named in capability) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A field is invalid: the message, field and index say which */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    ackMyEvent: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        event: {
                            id: number;
                            source: string;
                            source_ref: string;
                            topic: string;
                            /**
                             * @description The phase of an event (see docs/concepts.md, "The lifecycle")
                             * @enum {unknown}
                             */
                            state: "scheduled" | "preparing" | "today" | "overdue" | "done" | "expired" | "withdrawn";
                            due_at: string;
                            due_mode: "local" | "fixed";
                            /** @description A calendar day, YYYY-MM-DD */
                            due_day: string;
                            due_time: string | null;
                            /** @description The due moment in the user's zone, without offset */
                            due_moment: string;
                            all_day: boolean;
                            /** @description A calendar day, YYYY-MM-DD */
                            fire_on: string;
                            recurrence: ({
                                /** @enum {string} */
                                type: "weekly";
                                /** @description 0 = Monday … 6 = Sunday */
                                weekdays: number[];
                                anchor_date?: string | null;
                                time_local?: string | null;
                                timezone?: string | null;
                                duration_minutes?: number | null;
                            } | {
                                /** @enum {string} */
                                type: "biweekly";
                                /** @description 0 = Monday … 6 = Sunday */
                                weekdays: number[];
                                /** @description YYYY-MM-DD, a calendar date */
                                anchor_date: string;
                                time_local?: string | null;
                                timezone?: string | null;
                                duration_minutes?: number | null;
                            } | {
                                /** @enum {string} */
                                type: "monthly";
                                day_of_month: number;
                                anchor_date?: string | null;
                                time_local?: string | null;
                                timezone?: string | null;
                                duration_minutes?: number | null;
                            } | {
                                /** @enum {string} */
                                type: "every_n_days";
                                interval_days: number;
                                /** @description YYYY-MM-DD, a calendar date */
                                anchor_date: string;
                                time_local?: string | null;
                                timezone?: string | null;
                                duration_minutes?: number | null;
                            } | {
                                /** @enum {string} */
                                type: "yearly";
                                month: number;
                                day: number;
                                anchor_date?: string | null;
                                time_local?: string | null;
                                timezone?: string | null;
                                duration_minutes?: number | null;
                            }) | null;
                            fire_days_before: number | null;
                            rule_text: string | null;
                            next_occurrence: string | null;
                            after_due: "keep" | "expire";
                            payload: {
                                title: string;
                                subtitle?: string;
                                deep_link?: string;
                                done_label?: string;
                            };
                            in_badge: boolean;
                            quiet_until: string | null;
                            done_at: string | null;
                            updated_at: string | null;
                        };
                    };
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A write from another site (Sec-Fetch-Site / Origin), or a source lacking a capability (named in capability) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Nothing there (or not yours) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The action does not apply in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A field is invalid: the message, field and index say which */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    doneMyEvent: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        event: {
                            id: number;
                            source: string;
                            source_ref: string;
                            topic: string;
                            /**
                             * @description The phase of an event (see docs/concepts.md, "The lifecycle")
                             * @enum {unknown}
                             */
                            state: "scheduled" | "preparing" | "today" | "overdue" | "done" | "expired" | "withdrawn";
                            due_at: string;
                            due_mode: "local" | "fixed";
                            /** @description A calendar day, YYYY-MM-DD */
                            due_day: string;
                            due_time: string | null;
                            /** @description The due moment in the user's zone, without offset */
                            due_moment: string;
                            all_day: boolean;
                            /** @description A calendar day, YYYY-MM-DD */
                            fire_on: string;
                            recurrence: ({
                                /** @enum {string} */
                                type: "weekly";
                                /** @description 0 = Monday … 6 = Sunday */
                                weekdays: number[];
                                anchor_date?: string | null;
                                time_local?: string | null;
                                timezone?: string | null;
                                duration_minutes?: number | null;
                            } | {
                                /** @enum {string} */
                                type: "biweekly";
                                /** @description 0 = Monday … 6 = Sunday */
                                weekdays: number[];
                                /** @description YYYY-MM-DD, a calendar date */
                                anchor_date: string;
                                time_local?: string | null;
                                timezone?: string | null;
                                duration_minutes?: number | null;
                            } | {
                                /** @enum {string} */
                                type: "monthly";
                                day_of_month: number;
                                anchor_date?: string | null;
                                time_local?: string | null;
                                timezone?: string | null;
                                duration_minutes?: number | null;
                            } | {
                                /** @enum {string} */
                                type: "every_n_days";
                                interval_days: number;
                                /** @description YYYY-MM-DD, a calendar date */
                                anchor_date: string;
                                time_local?: string | null;
                                timezone?: string | null;
                                duration_minutes?: number | null;
                            } | {
                                /** @enum {string} */
                                type: "yearly";
                                month: number;
                                day: number;
                                anchor_date?: string | null;
                                time_local?: string | null;
                                timezone?: string | null;
                                duration_minutes?: number | null;
                            }) | null;
                            fire_days_before: number | null;
                            rule_text: string | null;
                            next_occurrence: string | null;
                            after_due: "keep" | "expire";
                            payload: {
                                title: string;
                                subtitle?: string;
                                deep_link?: string;
                                done_label?: string;
                            };
                            in_badge: boolean;
                            quiet_until: string | null;
                            done_at: string | null;
                            updated_at: string | null;
                        };
                    };
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A write from another site (Sec-Fetch-Site / Origin), or a source lacking a capability (named in capability) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Nothing there (or not yours) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The action does not apply in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A field is invalid: the message, field and index say which */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    heartbeat: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Recorded */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A write from another site (Sec-Fetch-Site / Origin), or a source lacking a capability (named in capability) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    getMyChannels: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        channels: ({
                            id: number;
                            /** @enum {unknown} */
                            type: "web" | "telegram" | "webhook" | "push" | "mobile" | "email" | "slack";
                            enabled: boolean;
                            /** @description false for an email address or a Slack user not confirmed yet (the link in the mail, the button in Slack): nothing is delivered to it */
                            confirmed: boolean;
                            /** @description Vouched for by a source (PUT /api/users): confirmed without a mail or DM; the person may delete it */
                            vouched: boolean;
                            /** @description webhook: deliver_url, presence_url, presence_field, presence_present, and presence_headers as a list of header names (never their values); telegram: chat_id; email: address; slack: slack_user_id; web: {} */
                            config: {
                                [key: string]: unknown;
                            };
                            last_seen_at: string | null;
                            /**
                             * Format: date-time
                             * @description An instant, ISO 8601 in UTC
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description An instant, ISO 8601 in UTC
                             */
                            updated_at: string;
                        } & {
                            [key: string]: unknown;
                        })[];
                    };
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A write from another site (Sec-Fetch-Site / Origin), or a source lacking a capability (named in capability) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    addMyChannel: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description "webhook", "email" (config {address}: unconfirmed until the link in the confirmation mail is confirmed) or "slack" (config {slack_user_id}: unconfirmed until that user presses Confirm in the DM). Web comes with the user; Telegram is linked with /me/channels/telegram/link */
                    type: string;
                    config?: {
                        /**
                         * Format: uri
                         * @description Where reminders are POSTed (signed per Standard Webhooks)
                         */
                        deliver_url: string;
                        /**
                         * Format: uri
                         * @description GET before delivering: {"present": true|false}, or the field below
                         */
                        presence_url?: string;
                        /** @description Headers of the presence request, e.g. {"Authorization": "Bearer <Home Assistant token>"}; stored, never shown back (only their names) */
                        presence_headers?: {
                            [key: string]: string;
                        };
                        /** @description A top-level field of the presence answer, e.g. "state" */
                        presence_field?: string;
                        /** @description Values of presence_field that mean present, e.g. ["home"]; any other value is absent, no field unknown */
                        presence_present?: (string | number | boolean)[];
                    } | {
                        /** @description One email address; a confirmation mail goes there first */
                        address: string;
                    } | {
                        /** @description The Slack member ID (U…/W…); a DM with a Confirm button goes there first */
                        slack_user_id: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        channel: {
                            id: number;
                            /** @enum {unknown} */
                            type: "web" | "telegram" | "webhook" | "push" | "mobile" | "email" | "slack";
                            enabled: boolean;
                            /** @description false for an email address or a Slack user not confirmed yet (the link in the mail, the button in Slack): nothing is delivered to it */
                            confirmed: boolean;
                            /** @description Vouched for by a source (PUT /api/users): confirmed without a mail or DM; the person may delete it */
                            vouched: boolean;
                            /** @description webhook: deliver_url, presence_url, presence_field, presence_present, and presence_headers as a list of header names (never their values); telegram: chat_id; email: address; slack: slack_user_id; web: {} */
                            config: {
                                [key: string]: unknown;
                            };
                            last_seen_at: string | null;
                            /**
                             * Format: date-time
                             * @description An instant, ISO 8601 in UTC
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description An instant, ISO 8601 in UTC
                             */
                            updated_at: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description A webhook's signing secret, shown this once (Standard Webhooks); not for email or Slack */
                        secret?: string;
                    };
                };
            };
            /** @description The body is not JSON, or not what the route takes */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A write from another site (Sec-Fetch-Site / Origin), or a source lacking a capability (named in capability) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The request did not arrive in time */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The action does not apply in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A field is invalid: the message, field and index say which */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Too many requests: wait (see Retry-After) and retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description An outside service (Telegram) did not answer */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    deleteMyChannel: {
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
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A write from another site (Sec-Fetch-Site / Origin), or a source lacking a capability (named in capability) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Nothing there (or not yours) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The action does not apply in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A field is invalid: the message, field and index say which */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    patchMyChannel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "enabled": false
                 *     }
                 */
                "application/json": {
                    enabled: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        channel: {
                            id: number;
                            /** @enum {unknown} */
                            type: "web" | "telegram" | "webhook" | "push" | "mobile" | "email" | "slack";
                            enabled: boolean;
                            /** @description false for an email address or a Slack user not confirmed yet (the link in the mail, the button in Slack): nothing is delivered to it */
                            confirmed: boolean;
                            /** @description Vouched for by a source (PUT /api/users): confirmed without a mail or DM; the person may delete it */
                            vouched: boolean;
                            /** @description webhook: deliver_url, presence_url, presence_field, presence_present, and presence_headers as a list of header names (never their values); telegram: chat_id; email: address; slack: slack_user_id; web: {} */
                            config: {
                                [key: string]: unknown;
                            };
                            last_seen_at: string | null;
                            /**
                             * Format: date-time
                             * @description An instant, ISO 8601 in UTC
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description An instant, ISO 8601 in UTC
                             */
                            updated_at: string;
                        } & {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description The body is not JSON, or not what the route takes */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A write from another site (Sec-Fetch-Site / Origin), or a source lacking a capability (named in capability) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Nothing there (or not yours) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The request did not arrive in time */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A field is invalid: the message, field and index say which */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    rotateMyWebhookSecret: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        channel: {
                            id: number;
                            /** @enum {unknown} */
                            type: "web" | "telegram" | "webhook" | "push" | "mobile" | "email" | "slack";
                            enabled: boolean;
                            /** @description false for an email address or a Slack user not confirmed yet (the link in the mail, the button in Slack): nothing is delivered to it */
                            confirmed: boolean;
                            /** @description Vouched for by a source (PUT /api/users): confirmed without a mail or DM; the person may delete it */
                            vouched: boolean;
                            /** @description webhook: deliver_url, presence_url, presence_field, presence_present, and presence_headers as a list of header names (never their values); telegram: chat_id; email: address; slack: slack_user_id; web: {} */
                            config: {
                                [key: string]: unknown;
                            };
                            last_seen_at: string | null;
                            /**
                             * Format: date-time
                             * @description An instant, ISO 8601 in UTC
                             */
                            created_at: string;
                            /**
                             * Format: date-time
                             * @description An instant, ISO 8601 in UTC
                             */
                            updated_at: string;
                        } & {
                            [key: string]: unknown;
                        };
                        /** @description The new signing secret, shown this once */
                        secret: string;
                        /** @description Until when deliveries also carry the previous signature (null: not at all) */
                        previous_secret_valid_until: string | null;
                    };
                };
            };
            /** @description The body is not JSON, or not what the route takes */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A write from another site (Sec-Fetch-Site / Origin), or a source lacking a capability (named in capability) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Nothing there (or not yours) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The action does not apply in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A field is invalid: the message, field and index say which */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    linkTelegram: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        bot_url: string;
                        start_url: string;
                        /**
                         * Format: date-time
                         * @description An instant, ISO 8601 in UTC
                         */
                        expires_at: string;
                    };
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A write from another site (Sec-Fetch-Site / Origin), or a source lacking a capability (named in capability) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The action does not apply in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description An outside service (Telegram) did not answer */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    getPushKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description base64url of the 65-byte P-256 point */
                        public_key: string;
                    };
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A write from another site (Sec-Fetch-Site / Origin), or a source lacking a capability (named in capability) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    getPushSubscriptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        subscriptions: {
                            /** @description Also the id of its channel in /me/channels (PATCH it to switch this device off) */
                            id: number;
                            /** @description The push service's host, e.g. fcm.googleapis.com (the full endpoint is never shown) */
                            endpoint_host: string;
                            /** @description The browser it came from, e.g. "Chrome on Android" */
                            user_agent: string;
                            enabled: boolean;
                            /** Format: date-time */
                            created_at: string;
                            /** @description The last push the service accepted */
                            last_ok_at: string | null;
                        }[];
                    };
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A write from another site (Sec-Fetch-Site / Origin), or a source lacking a capability (named in capability) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    addPushSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /**
                     * Format: uri
                     * @description The push service's URL for this browser
                     */
                    endpoint: string;
                    /** @description Milliseconds since the epoch, or null */
                    expirationTime?: number | null;
                    keys: {
                        /** @description The browser's P-256 public key (65 bytes, base64url) */
                        p256dh: string;
                        /** @description The 16-byte authentication secret (base64url) */
                        auth: string;
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        subscription: {
                            /** @description Also the id of its channel in /me/channels (PATCH it to switch this device off) */
                            id: number;
                            /** @description The push service's host, e.g. fcm.googleapis.com (the full endpoint is never shown) */
                            endpoint_host: string;
                            /** @description The browser it came from, e.g. "Chrome on Android" */
                            user_agent: string;
                            enabled: boolean;
                            /** Format: date-time */
                            created_at: string;
                            /** @description The last push the service accepted */
                            last_ok_at: string | null;
                        };
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        subscription: {
                            /** @description Also the id of its channel in /me/channels (PATCH it to switch this device off) */
                            id: number;
                            /** @description The push service's host, e.g. fcm.googleapis.com (the full endpoint is never shown) */
                            endpoint_host: string;
                            /** @description The browser it came from, e.g. "Chrome on Android" */
                            user_agent: string;
                            enabled: boolean;
                            /** Format: date-time */
                            created_at: string;
                            /** @description The last push the service accepted */
                            last_ok_at: string | null;
                        };
                    };
                };
            };
            /** @description The body is not JSON, or not what the route takes */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A write from another site (Sec-Fetch-Site / Origin), or a source lacking a capability (named in capability) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The request did not arrive in time */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The action does not apply in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A field is invalid: the message, field and index say which */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    deletePushSubscription: {
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
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A write from another site (Sec-Fetch-Site / Origin), or a source lacking a capability (named in capability) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Nothing there (or not yours) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A field is invalid: the message, field and index say which */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    getMyDevices: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        devices: {
                            /** @description Also the id of its channel in /me/channels */
                            id: number;
                            platform: "ios" | "android";
                            device_id: string;
                            /** @description The Expo push token Hado sends to */
                            token: string;
                            enabled: boolean;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        }[];
                    };
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A write from another site (Sec-Fetch-Site / Origin), or a source lacking a capability (named in capability) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    addMyDevice: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The Expo push token of the app on this device (getExpoPushTokenAsync), "ExponentPushToken[…]" */
                    token: string;
                    platform: "ios" | "android";
                    /** @description The app's own stable id for this device (e.g. a UUID kept in secure storage); one device per id */
                    device_id: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        device: {
                            /** @description Also the id of its channel in /me/channels */
                            id: number;
                            platform: "ios" | "android";
                            device_id: string;
                            /** @description The Expo push token Hado sends to */
                            token: string;
                            enabled: boolean;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        device: {
                            /** @description Also the id of its channel in /me/channels */
                            id: number;
                            platform: "ios" | "android";
                            device_id: string;
                            /** @description The Expo push token Hado sends to */
                            token: string;
                            enabled: boolean;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
            };
            /** @description The body is not JSON, or not what the route takes */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A write from another site (Sec-Fetch-Site / Origin), or a source lacking a capability (named in capability) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The request did not arrive in time */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The action does not apply in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A field is invalid: the message, field and index say which */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    deleteMyDevice: {
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
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A write from another site (Sec-Fetch-Site / Origin), or a source lacking a capability (named in capability) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Nothing there (or not yours) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A field is invalid: the message, field and index say which */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    patchMyDevice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "enabled": false
                 *     }
                 */
                "application/json": {
                    enabled: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        device: {
                            /** @description Also the id of its channel in /me/channels */
                            id: number;
                            platform: "ios" | "android";
                            device_id: string;
                            /** @description The Expo push token Hado sends to */
                            token: string;
                            enabled: boolean;
                            /** Format: date-time */
                            created_at: string;
                            /** Format: date-time */
                            updated_at: string;
                        };
                    };
                };
            };
            /** @description The body is not JSON, or not what the route takes */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A write from another site (Sec-Fetch-Site / Origin), or a source lacking a capability (named in capability) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Nothing there (or not yours) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The request did not arrive in time */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A field is invalid: the message, field and index say which */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    getMyNotices: {
        parameters: {
            query?: {
                filter?: "inbox" | "unread" | "archived" | "all";
                /**
                 * @description Page size, at most 100 (default 30)
                 * @example 30
                 */
                limit?: string;
                /** @description The previous page's next_cursor */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        notices: {
                            id: number;
                            source: string;
                            source_ref: string | null;
                            topic: string;
                            mode: "create" | "upsert" | "group";
                            title: string;
                            body: string | null;
                            body_format: "plain" | "markdown";
                            body_html: string | null;
                            deep_link: string | null;
                            data: {
                                [key: string]: unknown;
                            };
                            actor: string | null;
                            urgent: boolean;
                            entity_label: string | null;
                            group: {
                                count: number;
                                messages: string[];
                            } | null;
                            claim: {
                                claimed_by: string | null;
                                claimed_at: string | null;
                            } | null;
                            read_at: string | null;
                            archived_at: string | null;
                            created_at: string | null;
                            updated_at: string | null;
                        }[];
                        next_cursor: string | null;
                        /** @description Unread notices in the inbox, counted up to 100 */
                        unread: number;
                        /** @description "", "1" … "99" or "99+" */
                        unread_label: string;
                    };
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A write from another site (Sec-Fetch-Site / Origin), or a source lacking a capability (named in capability) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A field is invalid: the message, field and index say which */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    readMyNotices: {
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
                 *       "ids": [
                 *         1
                 *       ]
                 *     }
                 */
                "application/json": {
                    ids: number[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        changed: number;
                        /** @description Unread notices in the inbox, counted up to 100 */
                        unread: number;
                        /** @description "", "1" … "99" or "99+" */
                        unread_label: string;
                    };
                };
            };
            /** @description The body is not JSON, or not what the route takes */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A write from another site (Sec-Fetch-Site / Origin), or a source lacking a capability (named in capability) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The request did not arrive in time */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A field is invalid: the message, field and index say which */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    readAllMyNotices: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        changed: number;
                        /** @description Unread notices in the inbox, counted up to 100 */
                        unread: number;
                        /** @description "", "1" … "99" or "99+" */
                        unread_label: string;
                    };
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A write from another site (Sec-Fetch-Site / Origin), or a source lacking a capability (named in capability) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    archiveMyNotices: {
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
                 *       "ids": [
                 *         1
                 *       ]
                 *     }
                 */
                "application/json": {
                    ids: number[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        changed: number;
                        /** @description Unread notices in the inbox, counted up to 100 */
                        unread: number;
                        /** @description "", "1" … "99" or "99+" */
                        unread_label: string;
                    };
                };
            };
            /** @description The body is not JSON, or not what the route takes */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A write from another site (Sec-Fetch-Site / Origin), or a source lacking a capability (named in capability) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The request did not arrive in time */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A field is invalid: the message, field and index say which */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    unarchiveMyNotices: {
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
                 *       "ids": [
                 *         1
                 *       ]
                 *     }
                 */
                "application/json": {
                    ids: number[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        changed: number;
                        /** @description Unread notices in the inbox, counted up to 100 */
                        unread: number;
                        /** @description "", "1" … "99" or "99+" */
                        unread_label: string;
                    };
                };
            };
            /** @description The body is not JSON, or not what the route takes */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A write from another site (Sec-Fetch-Site / Origin), or a source lacking a capability (named in capability) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The request did not arrive in time */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A field is invalid: the message, field and index say which */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    claimMyNotice: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        notice: {
                            id: number;
                            source: string;
                            source_ref: string | null;
                            topic: string;
                            mode: "create" | "upsert" | "group";
                            title: string;
                            body: string | null;
                            body_format: "plain" | "markdown";
                            body_html: string | null;
                            deep_link: string | null;
                            data: {
                                [key: string]: unknown;
                            };
                            actor: string | null;
                            urgent: boolean;
                            entity_label: string | null;
                            group: {
                                count: number;
                                messages: string[];
                            } | null;
                            claim: {
                                claimed_by: string | null;
                                claimed_at: string | null;
                            } | null;
                            read_at: string | null;
                            archived_at: string | null;
                            created_at: string | null;
                            updated_at: string | null;
                        };
                    };
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A write from another site (Sec-Fetch-Site / Origin), or a source lacking a capability (named in capability) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Nothing there (or not yours) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The action does not apply in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A field is invalid: the message, field and index say which */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    getMyPreferences: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        channels: ("web" | "telegram" | "webhook" | "push" | "mobile" | "email" | "slack")[];
                        rows: {
                            source: string;
                            topic: string;
                            /** @description The topic's label in the user's language (else English, else the topic) */
                            label: string;
                            section: string | null;
                            /** @description Only the channel types the topic allows; a type absent here is not available for this kind */
                            channels: {
                                web?: boolean;
                                telegram?: boolean;
                                webhook?: boolean;
                                push?: boolean;
                                mobile?: boolean;
                                email?: boolean;
                                slack?: boolean;
                            };
                        }[];
                    };
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A write from another site (Sec-Fetch-Site / Origin), or a source lacking a capability (named in capability) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    putMyPreferences: {
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
                 *       "rows": [
                 *         {
                 *           "source": "docs",
                 *           "topic": "comment",
                 *           "channels": {
                 *             "telegram": false
                 *           }
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    rows: {
                        source: string;
                        topic: string;
                        channels: {
                            web?: boolean;
                            telegram?: boolean;
                            webhook?: boolean;
                            push?: boolean;
                            mobile?: boolean;
                            email?: boolean;
                            slack?: boolean;
                        };
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        channels: ("web" | "telegram" | "webhook" | "push" | "mobile" | "email" | "slack")[];
                        rows: {
                            source: string;
                            topic: string;
                            /** @description The topic's label in the user's language (else English, else the topic) */
                            label: string;
                            section: string | null;
                            /** @description Only the channel types the topic allows; a type absent here is not available for this kind */
                            channels: {
                                web?: boolean;
                                telegram?: boolean;
                                webhook?: boolean;
                                push?: boolean;
                                mobile?: boolean;
                                email?: boolean;
                                slack?: boolean;
                            };
                        }[];
                    };
                };
            };
            /** @description The body is not JSON, or not what the route takes */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A write from another site (Sec-Fetch-Site / Origin), or a source lacking a capability (named in capability) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The request did not arrive in time */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A field is invalid: the message, field and index say which */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    stream: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Server-Sent Events: `event` {id, state}, `badge` {badge}, `resync` {reason|lane}, `notice` (a feed item), `unread` {unread, unread_label}, on a user token stream `frame` {source, type, data} and, just before it ends as its token expires, `expired` {reason, exp}; `: ping` every 25 s */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A write from another site (Sec-Fetch-Site / Origin), or a source lacking a capability (named in capability) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Too many requests: wait (see Retry-After) and retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    whyMyEvent: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        event_id: number;
                        title: string;
                        source: string;
                        /** Format: date-time */
                        now: string;
                        /**
                         * @description The phase of an event (see docs/concepts.md, "The lifecycle")
                         * @enum {unknown}
                         */
                        state: "scheduled" | "preparing" | "today" | "overdue" | "done" | "expired" | "withdrawn";
                        checkpoints: {
                            preparing_at: string | null;
                            /** Format: date-time */
                            today_at: string;
                            /** Format: date-time */
                            due_at: string;
                        };
                        next_transition: {
                            /** Format: date-time */
                            at: string;
                            /**
                             * @description The phase of an event (see docs/concepts.md, "The lifecycle")
                             * @enum {unknown}
                             */
                            to: "scheduled" | "preparing" | "today" | "overdue" | "done" | "expired" | "withdrawn";
                        } | null;
                        tz: string;
                        active_hours: {
                            from: string;
                            until: string;
                        };
                        quiet_until: string | null;
                        /**
                         * @description The scheduler's decision as of now
                         * @enum {unknown}
                         */
                        decision: "present" | "fallback" | "not-reminding" | "no-window" | "delivered" | "quiet" | "waiting" | "no-channels";
                        window: {
                            /** Format: date-time */
                            start: string;
                            /** Format: date-time */
                            end: string;
                            fallback_at: string | null;
                        } | null;
                        channels: {
                            id: number;
                            /** @enum {unknown} */
                            type: "web" | "telegram" | "webhook" | "push" | "mobile" | "email" | "slack";
                            enabled: boolean;
                            /** @enum {unknown} */
                            presence: "present" | "absent" | "unknown";
                            chosen: boolean;
                        }[];
                        next_reminder: {
                            /** Format: date-time */
                            at: string;
                            window: {
                                /** Format: date-time */
                                start: string;
                                /** Format: date-time */
                                end: string;
                                fallback_at: string | null;
                            };
                            /**
                             * @description The phase of an event (see docs/concepts.md, "The lifecycle")
                             * @enum {unknown}
                             */
                            state: "scheduled" | "preparing" | "today" | "overdue" | "done" | "expired" | "withdrawn";
                            /** @enum {unknown} */
                            to: "present" | "present-or-fallback";
                        } | null;
                        next_check_at: string | null;
                        /** @description The answer in English sentences */
                        lines: string[];
                    };
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A write from another site (Sec-Fetch-Site / Origin), or a source lacking a capability (named in capability) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Nothing there (or not yours) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A field is invalid: the message, field and index say which */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    ackByLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The delivery's action token */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        action: "ack" | "done";
                        event: {
                            id: number;
                            /**
                             * @description The phase of an event (see docs/concepts.md, "The lifecycle")
                             * @enum {unknown}
                             */
                            state: "scheduled" | "preparing" | "today" | "overdue" | "done" | "expired" | "withdrawn";
                            /**
                             * Format: date-time
                             * @description An instant, ISO 8601 in UTC
                             */
                            quiet_until: string;
                            done_at: string | null;
                        };
                    };
                };
            };
            /** @description Nothing there (or not yours) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The action does not apply in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Too many requests: wait (see Retry-After) and retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    doneByLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The delivery's action token */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        action: "ack" | "done";
                        event: {
                            id: number;
                            /**
                             * @description The phase of an event (see docs/concepts.md, "The lifecycle")
                             * @enum {unknown}
                             */
                            state: "scheduled" | "preparing" | "today" | "overdue" | "done" | "expired" | "withdrawn";
                            /**
                             * Format: date-time
                             * @description An instant, ISO 8601 in UTC
                             */
                            quiet_until: string;
                            done_at: string | null;
                        };
                    };
                };
            };
            /** @description Nothing there (or not yours) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The action does not apply in the current state */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Too many requests: wait (see Retry-After) and retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    slackInteraction: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /**
                     * @description A Slack interaction payload, JSON (https://api.slack.com/reference/interaction-payloads)
                     * @example {"type":"block_actions","user":{"id":"U0123ABCD"},"container":{"type":"message","channel_id":"D0123ABCD","message_ts":"1785585600.000100"},"actions":[{"action_id":"hado_ack","value":"the-action-token-of-the-button"}]}
                     */
                    payload: string;
                };
            };
        };
        responses: {
            /** @description Taken (an empty body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is not JSON, or not what the route takes */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Nothing there (or not yours) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The request did not arrive in time */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Too many requests: wait (see Retry-After) and retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    listNotices: {
        parameters: {
            query?: {
                source_ref?: string;
                topic?: string;
                /** @description The previous page's next_cursor */
                cursor?: string;
                /**
                 * @description Page size, at most 200 (default 50)
                 * @example 50
                 */
                limit?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Newest first */
                        notices: {
                            id: number;
                            source_ref: string | null;
                            topic: string;
                            mode: "create" | "upsert" | "group";
                            title: string;
                            body: string | null;
                            body_format: "plain" | "markdown";
                            deep_link: string | null;
                            data: {
                                [key: string]: unknown;
                            };
                            actor: string | null;
                            urgent: boolean;
                            entity_label: string | null;
                            group: {
                                count: number;
                                messages: string[];
                            } | null;
                            /** @description How many times it was pushed (creation, upserts, regroups) */
                            push: number;
                            recipient_count: number;
                            /** @description Recipients who have read it */
                            read_count: number;
                            created_at: string | null;
                            updated_at: string | null;
                        }[];
                        next_cursor: string | null;
                    };
                };
            };
            /** @description The body is not JSON, or not what the route takes */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A field is invalid: the message, field and index say which */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Too many requests: wait (see Retry-After) and retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    postNotices: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description Logins; and, with the capability "address", { email, name } and { slack_channel } entries (modes create and upsert). With audience: the logins its members are narrowed to (the intersection) */
                    recipients?: (string | {
                        /** @description One email address; mailed only, never an inbox or a user */
                        email: string;
                        /** @description The guest's name */
                        name?: string;
                    } | {
                        /** @description A Slack channel id (C0CREATIVE) or a public channel name (#creative) */
                        slack_channel: string;
                    })[];
                    /**
                     * @description One of this source's audiences (PUT /api/audiences/{name}): its members at write time are the recipients
                     * @example company-42/staff
                     */
                    audience?: string;
                    mode?: "create" | "upsert" | "group";
                    source_ref?: string;
                    topic?: string;
                    title: string;
                    /** @description At most 100 KB (102400 bytes of UTF-8) */
                    body?: string;
                    /** @description How the body is written (default plain): markdown is rendered (sanitized) to HTML in mail and the inbox, mrkdwn in Slack, HTML in Telegram */
                    body_format?: "plain" | "markdown";
                    deep_link?: string;
                    data?: {
                        [key: string]: unknown;
                    };
                    actor?: string;
                    urgent?: boolean;
                    dedupe_key?: string;
                    claim?: boolean;
                    channels?: ("web" | "telegram" | "webhook" | "push" | "mobile" | "email" | "slack")[];
                    /** @description Over the topic's delivery policy (PUT /api/topics) */
                    delivery?: "presence" | "all";
                    /** @description The object's name at write time, shown in the feed, frames and messages */
                    entity_label?: string;
                    group?: {
                        window_minutes?: number;
                        step?: number;
                        template?: string;
                        messages?: string[];
                    };
                } | {
                    notices: {
                        /** @description Logins; and, with the capability "address", { email, name } and { slack_channel } entries (modes create and upsert). With audience: the logins its members are narrowed to (the intersection) */
                        recipients?: (string | {
                            /** @description One email address; mailed only, never an inbox or a user */
                            email: string;
                            /** @description The guest's name */
                            name?: string;
                        } | {
                            /** @description A Slack channel id (C0CREATIVE) or a public channel name (#creative) */
                            slack_channel: string;
                        })[];
                        /**
                         * @description One of this source's audiences (PUT /api/audiences/{name}): its members at write time are the recipients
                         * @example company-42/staff
                         */
                        audience?: string;
                        mode?: "create" | "upsert" | "group";
                        source_ref?: string;
                        topic?: string;
                        title: string;
                        /** @description At most 100 KB (102400 bytes of UTF-8) */
                        body?: string;
                        /** @description How the body is written (default plain): markdown is rendered (sanitized) to HTML in mail and the inbox, mrkdwn in Slack, HTML in Telegram */
                        body_format?: "plain" | "markdown";
                        deep_link?: string;
                        data?: {
                            [key: string]: unknown;
                        };
                        actor?: string;
                        urgent?: boolean;
                        dedupe_key?: string;
                        claim?: boolean;
                        channels?: ("web" | "telegram" | "webhook" | "push" | "mobile" | "email" | "slack")[];
                        /** @description Over the topic's delivery policy (PUT /api/topics) */
                        delivery?: "presence" | "all";
                        /** @description The object's name at write time, shown in the feed, frames and messages */
                        entity_label?: string;
                        group?: {
                            window_minutes?: number;
                            step?: number;
                            template?: string;
                            messages?: string[];
                        };
                    }[];
                };
            };
        };
        responses: {
            /** @description { notice } for a single notice, { notices } for a batch */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        notice: {
                            id: number;
                            /**
                             * @description duplicate: a repeated dedupe_key; nothing was written
                             * @enum {unknown}
                             */
                            result: "created" | "updated" | "grouped" | "duplicate";
                            mode: "create" | "upsert" | "group";
                            source_ref: string | null;
                            topic: string;
                            title: string;
                            /** @description The group's counter (1 outside groups) */
                            count: number;
                            recipients: string[];
                            /** @description Only for a notice with email recipients (issue 24): how many were skipped because they unsubscribed from this source */
                            suppressed?: number;
                        };
                    } | {
                        notices: {
                            id: number;
                            /**
                             * @description duplicate: a repeated dedupe_key; nothing was written
                             * @enum {unknown}
                             */
                            result: "created" | "updated" | "grouped" | "duplicate";
                            mode: "create" | "upsert" | "group";
                            source_ref: string | null;
                            topic: string;
                            title: string;
                            /** @description The group's counter (1 outside groups) */
                            count: number;
                            recipients: string[];
                            /** @description Only for a notice with email recipients (issue 24): how many were skipped because they unsubscribed from this source */
                            suppressed?: number;
                        }[];
                    };
                };
            };
            /** @description The body is not JSON, or not what the route takes */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A write from another site (Sec-Fetch-Site / Origin), or a source lacking a capability (named in capability) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The request did not arrive in time */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A field is invalid: the message, field and index say which */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Too many requests: wait (see Retry-After) and retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    withdrawNotices: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description { ids } (at most 500), or { source_ref, topic } (topic defaults to "") */
        requestBody: {
            content: {
                "application/json": {
                    ids: number[];
                } | {
                    source_ref: string;
                    /** @description Default "" */
                    topic?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The notices removed; ids that are not this source's are skipped */
                        withdrawn: number[];
                        /** @description Deliveries that will not go out: pending ones, and pushes still waiting for their channels */
                        cancelled_deliveries: number;
                        /** @description Telegram and Slack messages whose buttons are being removed */
                        edited_messages: number;
                    };
                };
            };
            /** @description The body is not JSON, or not what the route takes */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The request did not arrive in time */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A field is invalid: the message, field and index say which */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Too many requests: wait (see Retry-After) and retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    getNotice: {
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
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        notice: {
                            id: number;
                            source_ref: string | null;
                            topic: string;
                            mode: "create" | "upsert" | "group";
                            title: string;
                            body: string | null;
                            body_format: "plain" | "markdown";
                            deep_link: string | null;
                            data: {
                                [key: string]: unknown;
                            };
                            actor: string | null;
                            urgent: boolean;
                            entity_label: string | null;
                            group: {
                                count: number;
                                messages: string[];
                            } | null;
                            /** @description How many times it was pushed (creation, upserts, regroups) */
                            push: number;
                            recipient_count: number;
                            /** @description Recipients who have read it */
                            read_count: number;
                            created_at: string | null;
                            updated_at: string | null;
                        };
                        /** @description By login, at most 1000 (recipient_count is exact) */
                        recipients: {
                            login: string;
                            read_at: string | null;
                            archived_at: string | null;
                            created_at: string | null;
                        }[];
                        /** @description Oldest first, at most 1000 */
                        deliveries: {
                            id: number;
                            /** @description The login whose channel it went to */
                            recipient: string;
                            /** @description The channel type */
                            channel: string;
                            push: number | null;
                            state: "pending" | "ok" | "failed";
                            reason: string | null;
                            attempts: number;
                            sent_at: string | null;
                            created_at: string | null;
                        }[];
                    };
                };
            };
            /** @description The body is not JSON, or not what the route takes */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Nothing there (or not yours) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Too many requests: wait (see Retry-After) and retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    getTopics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "topics": [
                     *         {
                     *           "topic": "mention",
                     *           "labels": {
                     *             "en": "Mentions",
                     *             "uk": "Згадки",
                     *             "ru": "Упоминания"
                     *           },
                     *           "section": {
                     *             "en": "Comments",
                     *             "uk": "Коментарі"
                     *           },
                     *           "channels": [
                     *             "web",
                     *             "slack",
                     *             "telegram"
                     *           ],
                     *           "defaults": {
                     *             "telegram": false
                     *           },
                     *           "delivery": "all",
                     *           "toast": true,
                     *           "regroup": "web"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        topics: {
                            topic: string;
                            /** @description Per language */
                            labels: {
                                en?: string;
                                ru?: string;
                                uk?: string;
                            };
                            /** @description Per language */
                            section: {
                                en?: string;
                                ru?: string;
                                uk?: string;
                            };
                            channels: ("web" | "telegram" | "webhook" | "push" | "mobile" | "email" | "slack")[];
                            /** @description A cell's value when the user never set it; a type missing here is on */
                            defaults: {
                                web?: boolean;
                                telegram?: boolean;
                                webhook?: boolean;
                                push?: boolean;
                                mobile?: boolean;
                                email?: boolean;
                                slack?: boolean;
                            };
                            /** @description presence: SPEC B5, presence first (the default); all: every allowed channel at once */
                            delivery: "presence" | "all";
                            toast: boolean;
                            /** @description What a group join re-pushes: web, open inboxes only, at most once per 30 s (the default); all, every channel */
                            regroup: "web" | "all";
                        }[];
                    };
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Too many requests: wait (see Retry-After) and retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    putTopics: {
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
                 *       "topics": [
                 *         {
                 *           "topic": "mention",
                 *           "labels": {
                 *             "en": "Mentions",
                 *             "uk": "Згадки",
                 *             "ru": "Упоминания"
                 *           },
                 *           "section": {
                 *             "en": "Comments",
                 *             "uk": "Коментарі"
                 *           },
                 *           "channels": [
                 *             "web",
                 *             "slack",
                 *             "telegram"
                 *           ],
                 *           "defaults": {
                 *             "telegram": false
                 *           },
                 *           "delivery": "all",
                 *           "toast": true,
                 *           "regroup": "web"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    topics: {
                        /** @description The topic notices name */
                        topic: string;
                        /** @description The topic's name in the grid, per language */
                        labels?: {
                            en?: string;
                            ru?: string;
                            uk?: string;
                        };
                        /** @description The heading the grid groups it under, per language */
                        section?: {
                            en?: string;
                            ru?: string;
                            uk?: string;
                        };
                        /** @description The channel types this topic may ever use; default all */
                        channels?: ("web" | "telegram" | "webhook" | "push" | "mobile" | "email" | "slack")[];
                        /** @description A cell's value when the user never set it; a type missing here is on */
                        defaults?: {
                            web?: boolean;
                            telegram?: boolean;
                            webhook?: boolean;
                            push?: boolean;
                            mobile?: boolean;
                            email?: boolean;
                            slack?: boolean;
                        };
                        /** @description presence: SPEC B5, presence first (the default); all: every allowed channel at once */
                        delivery?: "presence" | "all";
                        /** @description Whether its notice frames ask the page for a toast (default false) */
                        toast?: boolean;
                        /** @description What a group join re-pushes: web, open inboxes only, at most once per 30 s (the default); all, every channel */
                        regroup?: "web" | "all";
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "topics": [
                     *         {
                     *           "topic": "mention",
                     *           "labels": {
                     *             "en": "Mentions",
                     *             "uk": "Згадки",
                     *             "ru": "Упоминания"
                     *           },
                     *           "section": {
                     *             "en": "Comments",
                     *             "uk": "Коментарі"
                     *           },
                     *           "channels": [
                     *             "web",
                     *             "slack",
                     *             "telegram"
                     *           ],
                     *           "defaults": {
                     *             "telegram": false
                     *           },
                     *           "delivery": "all",
                     *           "toast": true,
                     *           "regroup": "web"
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        topics: {
                            topic: string;
                            /** @description Per language */
                            labels: {
                                en?: string;
                                ru?: string;
                                uk?: string;
                            };
                            /** @description Per language */
                            section: {
                                en?: string;
                                ru?: string;
                                uk?: string;
                            };
                            channels: ("web" | "telegram" | "webhook" | "push" | "mobile" | "email" | "slack")[];
                            /** @description A cell's value when the user never set it; a type missing here is on */
                            defaults: {
                                web?: boolean;
                                telegram?: boolean;
                                webhook?: boolean;
                                push?: boolean;
                                mobile?: boolean;
                                email?: boolean;
                                slack?: boolean;
                            };
                            /** @description presence: SPEC B5, presence first (the default); all: every allowed channel at once */
                            delivery: "presence" | "all";
                            toast: boolean;
                            /** @description What a group join re-pushes: web, open inboxes only, at most once per 30 s (the default); all, every channel */
                            regroup: "web" | "all";
                        }[];
                    };
                };
            };
            /** @description The body is not JSON, or not what the route takes */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The request did not arrive in time */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A field is invalid: the message, field and index say which */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Too many requests: wait (see Retry-After) and retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    postUserToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description The user's login (the token's sub) */
                    login: string;
                    /** @description How long it is valid; default 3600, at most 24 h */
                    ttl_seconds?: number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description An HS256 JWT: sub = login, iss = the source, aud = "hado" */
                        token: string;
                        /**
                         * Format: date-time
                         * @description Its exp as an instant
                         */
                        expires_at: string;
                    };
                };
            };
            /** @description The body is not JSON, or not what the route takes */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Nothing there (or not yours) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The request did not arrive in time */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A field is invalid: the message, field and index say which */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Too many requests: wait (see Retry-After) and retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    putUsers: {
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
                 *       "users": [
                 *         {
                 *           "login": "olena",
                 *           "name": "Olena K.",
                 *           "timezone": "Europe/Kyiv",
                 *           "locale": "uk",
                 *           "email": "olena@example.org",
                 *           "slack_user_id": "U0LENA"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    users: {
                        /** @description The login the hub signs the person in with */
                        login: string;
                        /** @description The display name (accepted; not shown yet) */
                        name?: string;
                        /** @description IANA zone, used until the person chooses their own in Hado */
                        timezone?: string;
                        /**
                         * @description Language, used until the person chooses their own in Hado
                         * @enum {unknown}
                         */
                        locale?: "en" | "ru" | "uk";
                        email?: string | null;
                        slack_user_id?: string | null;
                    }[];
                };
            };
        };
        responses: {
            /** @description One result per user, in the order sent */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        users: {
                            login: string;
                            /** @description This request made the user */
                            created: boolean;
                        }[];
                    };
                };
            };
            /** @description The body is not JSON, or not what the route takes */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A write from another site (Sec-Fetch-Site / Origin), or a source lacking a capability (named in capability) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The request did not arrive in time */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A field is invalid: the message, field and index say which */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Too many requests: wait (see Retry-After) and retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    postFrames: {
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
                 *       "type": "task_changed",
                 *       "data": {
                 *         "task": 12,
                 *         "status": "done"
                 *       },
                 *       "recipients": [
                 *         "ana"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description The frame's name, e.g. "task_changed" */
                    type: string;
                    /** @description Any JSON, at most 4 KB */
                    data?: unknown;
                    /** @description Logins */
                    recipients?: string[];
                    /** @description One of this source's audiences (PUT /api/audiences/{name}): its members' streams */
                    audience?: string;
                    /** @description true: every open stream of this source's user tokens (false is refused) */
                    all?: boolean;
                } | {
                    frames: {
                        /** @description The frame's name, e.g. "task_changed" */
                        type: string;
                        /** @description Any JSON, at most 4 KB */
                        data?: unknown;
                        /** @description Logins */
                        recipients?: string[];
                        /** @description One of this source's audiences (PUT /api/audiences/{name}): its members' streams */
                        audience?: string;
                        /** @description true: every open stream of this source's user tokens (false is refused) */
                        all?: boolean;
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Frames announced */
                        accepted: number;
                    };
                };
            };
            /** @description The body is not JSON, or not what the route takes */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The request did not arrive in time */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A field is invalid: the message, field and index say which */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Too many requests: wait (see Retry-After) and retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    getAudience: {
        parameters: {
            query?: {
                /** @description Page size, at most 1000 (default 100) */
                limit?: string;
                /** @description The previous page's next_cursor */
                cursor?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The audience, per source; a slash is sent as %2F (a literal slash is accepted too)
                 * @example company-42/staff
                 */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        name: string;
                        count: number;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description Logins, in the order they became Hado users */
                        members: string[];
                        /** @description null on the last page */
                        next_cursor: string | null;
                    };
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A write from another site (Sec-Fetch-Site / Origin), or a source lacking a capability (named in capability) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Nothing there (or not yours) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A field is invalid: the message, field and index say which */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Too many requests: wait (see Retry-After) and retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    putAudience: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The audience, per source; a slash is sent as %2F (a literal slash is accepted too)
                 * @example company-42/staff
                 */
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "members": [
                 *         "ana",
                 *         "boris",
                 *         "olena"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description Every member, by login: the whole set (unknown logins become users, as recipients of a notice do) */
                    members: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        name: string;
                        /** @description This request made the audience */
                        created: boolean;
                        /** @description Members now */
                        count: number;
                        added: number;
                        removed: number;
                    };
                };
            };
            /** @description The body is not JSON, or not what the route takes */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A write from another site (Sec-Fetch-Site / Origin), or a source lacking a capability (named in capability) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The request did not arrive in time */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A field is invalid: the message, field and index say which */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Too many requests: wait (see Retry-After) and retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    deleteAudience: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The audience, per source; a slash is sent as %2F (a literal slash is accepted too)
                 * @example company-42/staff
                 */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A write from another site (Sec-Fetch-Site / Origin), or a source lacking a capability (named in capability) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Nothing there (or not yours) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A field is invalid: the message, field and index say which */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Too many requests: wait (see Retry-After) and retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    patchAudience: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The audience, per source; a slash is sent as %2F (a literal slash is accepted too)
                 * @example company-42/staff
                 */
                name: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "add": [
                 *         "dmytro"
                 *       ],
                 *       "remove": [
                 *         "boris"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description Logins to add (unknown ones become users) */
                    add?: string[];
                    /** @description Logins to remove */
                    remove?: string[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        name: string;
                        /** @description This request made the audience */
                        created: boolean;
                        /** @description Members now */
                        count: number;
                        added: number;
                        removed: number;
                    };
                };
            };
            /** @description The body is not JSON, or not what the route takes */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A write from another site (Sec-Fetch-Site / Origin), or a source lacking a capability (named in capability) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Nothing there (or not yours) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The request did not arrive in time */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The body is not JSON */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description A field is invalid: the message, field and index say which */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Too many requests: wait (see Retry-After) and retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
    telegramUpdate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    update_id: number;
                } & {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Taken (an empty body) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The body is not JSON, or not what the route takes */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Missing or wrong credentials */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Nothing there (or not yours) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The request did not arrive in time */
            408: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The body is too large */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description Too many requests: wait (see Retry-After) and retry */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
            /** @description The database is unreachable for the moment: retry after Retry-After seconds */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        error: {
                            /**
                             * @description A stable code (src/errors.ts)
                             * @enum {unknown}
                             */
                            code: "bad_request" | "malformed_json" | "payload_too_large" | "unsupported_media_type" | "invalid" | "unauthorized" | "forbidden" | "misdirected" | "request_timeout" | "not_found" | "conflict" | "too_many_requests" | "bad_gateway" | "unavailable" | "internal";
                            /** @description What is wrong, naming the field (and the index in a batch) */
                            message: string;
                            /** @description The record of a batch that is wrong */
                            index?: number;
                            /** @description The dotted path of the offending field, e.g. payload.title */
                            field?: string;
                            /**
                             * @description On a 403 to a source: the capability it lacks
                             * @enum {unknown}
                             */
                            capability?: "provision" | "address";
                            /** @description Under the user's session (/me/*): the message in the user's language (code and message stay English) */
                            text?: string;
                        };
                    };
                };
            };
        };
    };
}
