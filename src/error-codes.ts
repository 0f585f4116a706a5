// Every error code a client can see in `{"error": {"code", …}}`, with its HTTP
// status and what it means. One table: the ErrorCode type, the OpenAPI
// document's enum and docs/reference/errors.md (`npm run docs:gen`) come
// from it.

export const ERROR_CODES = {
  bad_request: { status: 400, meaning: 'The request is malformed in a way no field names (a bad query string, a bad header).' },
  malformed_json: { status: 400, meaning: 'The body is not valid JSON, or is empty although Content-Type says JSON.' },
  payload_too_large: { status: 413, meaning: 'The body is larger than the route accepts.' },
  unsupported_media_type: { status: 415, meaning: 'The body is not sent as Content-Type: application/json.' },
  invalid: {
    status: 422,
    meaning: 'A field is wrong: `field` names it (and `index` the record of a batch), `message` says why. Nothing of the batch is applied.',
  },
  unauthorized: {
    status: 401,
    meaning: 'No credentials, or wrong ones: a missing or unknown source token, a wrong Telegram secret or Slack signature, an untrusted X-Remote-User.',
  },
  forbidden: { status: 403, meaning: 'A write under the user’s session that the browser says comes from another site.' },
  misdirected: { status: 421, meaning: 'The Host header is not APP_URL’s, a loopback name or one of HADO_ALLOWED_HOSTS.' },
  request_timeout: { status: 408, meaning: 'The request’s headers and body did not arrive within HADO_REQUEST_TIMEOUT.' },
  not_found: { status: 404, meaning: 'No such thing for this caller: an unknown event, channel or notice, or an unknown or expired action link.' },
  conflict: {
    status: 409,
    meaning:
      'The request is valid but the current state refuses it (Ack where it does not apply, a notice already claimed, a limit of channels reached, a channel type not set up).',
  },
  too_many_requests: { status: 429, meaning: 'A rate limit or the live-stream limit; wait for Retry-After.' },
  bad_gateway: { status: 502, meaning: 'An outside service Hado needed for this request (Telegram, Slack, the mail relay) failed or could not be reached.' },
  unavailable: { status: 503, meaning: 'The database does not answer right now; retry after Retry-After.' },
  internal: { status: 500, meaning: 'A bug; the server log has the details, the answer leaks nothing.' },
} as const satisfies Record<string, { status: number; meaning: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;

export const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as ErrorCode[];
