"""hado_client: a small typed client of Hado's client API (/api/*) for the
services that push events and notices, with nothing but the standard library.

    from hado_client import Client
    hado = Client("https://hado.example", os.environ["HADO_TOKEN"])
    hado.put_events([{"user": "nikita", "source_ref": "person:42", "topic": "birthday",
                      "recurrence": {"type": "yearly", "month": 8, "day": 14},
                      "payload": {"title": "Vasya's birthday"}}])

The same names and retry rules as the TypeScript client (hado/client), in
snake_case. The TypedDicts of every input and result are in hado_client.types,
generated from Hado's OpenAPI document.
"""
from ._client import AsyncClient, Client
from ._exceptions import HadoApiError, HadoConnectionError, HadoError, WebhookVerificationError
from ._retry import retry_after_seconds
from ._tokens import sign_user_token, signing_key_bytes
from ._version import __version__
from ._webhooks import verify_webhook
from .types import (
    ApiEvent,
    AudiencePage,
    AudienceWriteResult,
    ChannelType,
    EmailRecipient,
    ErrorBody,
    EventInput,
    EventState,
    FrameInput,
    NoticeInput,
    NoticeResult,
    ProvisionResult,
    RecurrenceRule,
    SourceNotice,
    SourceNoticeDetail,
    SourceNoticePage,
    SlackChannelRecipient,
    Topic,
    TopicInput,
    UpsertResult,
    UserInput,
    UserToken,
    WithdrawResult,
)

__all__ = [
    "ApiEvent",
    "AsyncClient",
    "AudiencePage",
    "AudienceWriteResult",
    "ChannelType",
    "Client",
    "EmailRecipient",
    "ErrorBody",
    "EventInput",
    "EventState",
    "FrameInput",
    "HadoApiError",
    "HadoConnectionError",
    "HadoError",
    "NoticeInput",
    "NoticeResult",
    "ProvisionResult",
    "RecurrenceRule",
    "SourceNotice",
    "SourceNoticeDetail",
    "SourceNoticePage",
    "SlackChannelRecipient",
    "Topic",
    "TopicInput",
    "UpsertResult",
    "UserInput",
    "UserToken",
    "WebhookVerificationError",
    "WithdrawResult",
    "__version__",
    "retry_after_seconds",
    "sign_user_token",
    "signing_key_bytes",
    "verify_webhook",
]
