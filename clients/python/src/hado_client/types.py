"""The TypedDicts of Hado's client API (/api/*), generated from its OpenAPI
document by clients/python/tools/generate_types.py. Do not edit: regenerate
(`npm run client:python-types`); the tests fail when this file is not what
the document served by Hado makes."""
# fmt: off
from typing import Any, Dict, List, Literal, Optional, TypedDict, Union


class AudiencePath(TypedDict):
    #: The audience, per source; a slash is sent as %2F (a literal slash is accepted too)
    name: str


#: A stable code (src/errors.ts)
ErrorCode = Literal["bad_request", "malformed_json", "payload_too_large", "unsupported_media_type", "invalid", "unauthorized", "forbidden", "misdirected", "request_timeout", "not_found", "conflict", "too_many_requests", "bad_gateway", "unavailable", "internal"]


class _ErrorDetailRequired(TypedDict):
    #: A stable code (src/errors.ts)
    code: ErrorCode
    #: What is wrong, naming the field (and the index in a batch)
    message: str


class ErrorDetail(_ErrorDetailRequired, total=False):
    #: The record of a batch that is wrong
    index: int
    #: The dotted path of the offending field, e.g. payload.title
    field: str
    #: On a 403 to a source: the capability it lacks
    capability: Literal["provision", "address"]
    #: Under the user's session (/me/*): the message in the user's language (code and message stay English)
    text: str


class ErrorBody(TypedDict):
    error: ErrorDetail


class _EventIdentityRequired(TypedDict):
    source_ref: str


class EventIdentity(_EventIdentityRequired, total=False):
    #: Omitted means ""
    topic: str


class AudiencePageQuery(TypedDict, total=False):
    #: Page size, at most 1000 (default 100)
    limit: str
    #: The previous page's next_cursor
    cursor: str


class AudiencePage(TypedDict):
    name: str
    count: int
    created_at: str
    updated_at: str
    #: Logins, in the order they became Hado users
    members: List[str]
    #: null on the last page
    next_cursor: Optional[str]


#: The phase of an event (see docs/concepts.md, "The lifecycle")
EventState = Literal["scheduled", "preparing", "today", "overdue", "done", "expired", "withdrawn"]


class _WeeklyRecurrenceRuleRequired(TypedDict):
    type: Literal["weekly"]
    #: 0 = Monday … 6 = Sunday
    weekdays: List[int]


class WeeklyRecurrenceRule(_WeeklyRecurrenceRuleRequired, total=False):
    """Every week on these weekdays"""
    anchor_date: Optional[str]
    time_local: Optional[str]
    timezone: Optional[str]
    duration_minutes: Optional[int]


class _BiweeklyRecurrenceRuleRequired(TypedDict):
    type: Literal["biweekly"]
    #: 0 = Monday … 6 = Sunday
    weekdays: List[int]
    #: YYYY-MM-DD, a calendar date
    anchor_date: str


class BiweeklyRecurrenceRule(_BiweeklyRecurrenceRuleRequired, total=False):
    """Every other week; the Monday-based week holding anchor_date is an "on" week"""
    time_local: Optional[str]
    timezone: Optional[str]
    duration_minutes: Optional[int]


class _MonthlyRecurrenceRuleRequired(TypedDict):
    type: Literal["monthly"]
    day_of_month: int


class MonthlyRecurrenceRule(_MonthlyRecurrenceRuleRequired, total=False):
    """That day each month; 29–31 in a shorter month fall on its last day"""
    anchor_date: Optional[str]
    time_local: Optional[str]
    timezone: Optional[str]
    duration_minutes: Optional[int]


class _EveryNDaysRecurrenceRuleRequired(TypedDict):
    type: Literal["every_n_days"]
    interval_days: int
    #: YYYY-MM-DD, a calendar date
    anchor_date: str


class EveryNDaysRecurrenceRule(_EveryNDaysRecurrenceRuleRequired, total=False):
    """anchor_date and every interval_days days before and after it"""
    time_local: Optional[str]
    timezone: Optional[str]
    duration_minutes: Optional[int]


class _YearlyRecurrenceRuleRequired(TypedDict):
    type: Literal["yearly"]
    month: int
    day: int


class YearlyRecurrenceRule(_YearlyRecurrenceRuleRequired, total=False):
    """That date each year (a day that exists in some year); 29 Feb falls on 28 Feb in common years"""
    anchor_date: Optional[str]
    time_local: Optional[str]
    timezone: Optional[str]
    duration_minutes: Optional[int]


RecurrenceRule = Union[WeeklyRecurrenceRule, BiweeklyRecurrenceRule, MonthlyRecurrenceRule, EveryNDaysRecurrenceRule, YearlyRecurrenceRule]


AfterDue = Literal["keep", "expire"]


class _ApiEventPayloadRequired(TypedDict):
    title: str


class ApiEventPayload(_ApiEventPayloadRequired, total=False):
    subtitle: str
    deep_link: str
    done_label: str


class ApiEvent(TypedDict):
    id: int
    source_ref: str
    topic: str
    user: str
    #: The phase of an event (see docs/concepts.md, "The lifecycle")
    state: EventState
    #: The due (for a series: the current occurrence) in one of the three due_at forms
    due_at: str
    #: A calendar day, YYYY-MM-DD
    fire_at: str
    recurrence: Optional[RecurrenceRule]
    fire_days_before: Optional[int]
    rule_text: Optional[str]
    next_occurrence: Optional[str]
    after_due: AfterDue
    payload: ApiEventPayload
    quiet_until: Optional[str]
    done_at: Optional[str]
    created_at: Optional[str]
    updated_at: Optional[str]


class GetNoticePathParams(TypedDict):
    id: str


NoticeMode = Literal["create", "upsert", "group"]


class SourceNoticeGroup(TypedDict):
    count: int
    messages: List[str]


class SourceNotice(TypedDict):
    id: int
    source_ref: Optional[str]
    topic: str
    mode: NoticeMode
    title: str
    body: Optional[str]
    body_format: Literal["plain", "markdown"]
    deep_link: Optional[str]
    data: Dict[str, Any]
    actor: Optional[str]
    urgent: bool
    entity_label: Optional[str]
    group: Optional[SourceNoticeGroup]
    #: How many times it was pushed (creation, upserts, regroups)
    push: int
    recipient_count: int
    #: Recipients who have read it
    read_count: int
    created_at: Optional[str]
    updated_at: Optional[str]


class NoticeRecipientState(TypedDict):
    login: str
    read_at: Optional[str]
    archived_at: Optional[str]
    created_at: Optional[str]


class NoticeDeliveryState(TypedDict):
    id: int
    #: The login whose channel it went to
    recipient: str
    #: The channel type
    channel: str
    push: Optional[int]
    state: Literal["pending", "ok", "failed"]
    reason: Optional[str]
    attempts: int
    sent_at: Optional[str]
    created_at: Optional[str]


class SourceNoticeDetail(TypedDict):
    notice: SourceNotice
    #: By login, at most 1000 (recipient_count is exact)
    recipients: List[NoticeRecipientState]
    #: Oldest first, at most 1000
    deliveries: List[NoticeDeliveryState]


class LocalizedText(TypedDict, total=False):
    """Per language"""
    en: str
    ru: str
    uk: str


ChannelType = Literal["web", "telegram", "webhook", "push", "mobile", "email", "slack"]


class TopicDefaults(TypedDict, total=False):
    """A cell's value when the user never set it; a type missing here is on"""
    web: bool
    telegram: bool
    webhook: bool
    push: bool
    mobile: bool
    email: bool
    slack: bool


class Topic(TypedDict):
    topic: str
    #: Per language
    labels: LocalizedText
    #: Per language
    section: LocalizedText
    channels: List[ChannelType]
    #: A cell's value when the user never set it; a type missing here is on
    defaults: TopicDefaults
    #: presence: SPEC B5, presence first (the default); all: every allowed channel at once
    delivery: Literal["presence", "all"]
    toast: bool
    #: What a group join re-pushes: web, open inboxes only, at most once per 30 s (the default); all, every channel
    regroup: Literal["web", "all"]


class TopicsAnswer(TypedDict):
    topics: List[Topic]


class NoticeListQuery(TypedDict, total=False):
    source_ref: str
    topic: str
    #: The previous page's next_cursor
    cursor: str
    #: Page size, at most 200 (default 50)
    limit: str


class SourceNoticePage(TypedDict):
    #: Newest first
    notices: List[SourceNotice]
    next_cursor: Optional[str]


class AudienceChange(TypedDict, total=False):
    #: Logins to add (unknown ones become users)
    add: List[str]
    #: Logins to remove
    remove: List[str]


class AudienceWriteResult(TypedDict):
    name: str
    #: This request made the audience
    created: bool
    #: Members now
    count: int
    added: int
    removed: int


class _FrameInputRequired(TypedDict):
    #: The frame's name, e.g. "task_changed"
    type: str


class FrameInput(_FrameInputRequired, total=False):
    #: Any JSON, at most 4 KB
    data: Any
    #: Logins
    recipients: List[str]
    #: One of this source's audiences (PUT /api/audiences/{name}): its members' streams
    audience: str
    #: true: every open stream of this source's user tokens (false is refused)
    all: bool


class FrameBatch(TypedDict):
    frames: List[FrameInput]


PostFramesBody = Union[FrameInput, FrameBatch]


class PostFramesAnswer(TypedDict):
    #: Frames announced
    accepted: int


class _EmailRecipientRequired(TypedDict):
    #: One email address; mailed only, never an inbox or a user
    email: str


class EmailRecipient(_EmailRecipientRequired, total=False):
    #: The guest's name
    name: str


class SlackChannelRecipient(TypedDict):
    #: A Slack channel id (C0CREATIVE) or a public channel name (#creative)
    slack_channel: str


class GroupOptions(TypedDict, total=False):
    window_minutes: int
    step: int
    template: str
    messages: List[str]


class _NoticeInputRequired(TypedDict):
    title: str


class NoticeInput(_NoticeInputRequired, total=False):
    """One notice"""
    #: Logins; and, with the capability "address", { email, name } and { slack_channel } entries (modes create and upsert). With audience: the logins its members are narrowed to (the intersection)
    recipients: List[Union[str, EmailRecipient, SlackChannelRecipient]]
    #: One of this source's audiences (PUT /api/audiences/{name}): its members at write time are the recipients
    audience: str
    mode: NoticeMode
    source_ref: str
    topic: str
    #: At most 100 KB (102400 bytes of UTF-8)
    body: str
    #: How the body is written (default plain): markdown is rendered (sanitized) to HTML in mail and the inbox, mrkdwn in Slack, HTML in Telegram
    body_format: Literal["plain", "markdown"]
    deep_link: str
    data: Dict[str, Any]
    actor: str
    urgent: bool
    dedupe_key: str
    claim: bool
    channels: List[ChannelType]
    #: Over the topic's delivery policy (PUT /api/topics)
    delivery: Literal["presence", "all"]
    #: The object's name at write time, shown in the feed, frames and messages
    entity_label: str
    group: GroupOptions


class NoticeBatch(TypedDict):
    """A batch of up to 500, all or nothing"""
    notices: List[NoticeInput]


PostNoticesBody = Union[NoticeInput, NoticeBatch]


#: duplicate: a repeated dedupe_key; nothing was written
NoticeResultKind = Literal["created", "updated", "grouped", "duplicate"]


class _NoticeResultRequired(TypedDict):
    id: int
    #: duplicate: a repeated dedupe_key; nothing was written
    result: NoticeResultKind
    mode: NoticeMode
    source_ref: Optional[str]
    topic: str
    title: str
    #: The group's counter (1 outside groups)
    count: int
    recipients: List[str]


class NoticeResult(_NoticeResultRequired, total=False):
    #: Only for a notice with email recipients (issue 24): how many were skipped because they unsubscribed from this source
    suppressed: int


class NoticeAnswer(TypedDict):
    """For a single notice"""
    notice: NoticeResult


class NoticesAnswer(TypedDict):
    """For a batch, in order"""
    notices: List[NoticeResult]


#: { notice } for a single notice, { notices } for a batch
PostNoticesAnswer = Union[NoticeAnswer, NoticesAnswer]


class _UserTokenInputRequired(TypedDict):
    #: The user's login (the token's sub)
    login: str


class UserTokenInput(_UserTokenInputRequired, total=False):
    #: How long it is valid; default 3600, at most 24 h
    ttl_seconds: int


class UserToken(TypedDict):
    #: An HS256 JWT: sub = login, iss = the source, aud = "hado"
    token: str
    #: Its exp as an instant
    expires_at: str


class PutAudienceBody(TypedDict):
    #: Every member, by login: the whole set (unknown logins become users, as recipients of a notice do)
    members: List[str]


class _EventPayloadRequired(TypedDict):
    title: str


class EventPayload(_EventPayloadRequired, total=False):
    subtitle: str
    deep_link: str
    done_label: str


class _EventInputRequired(TypedDict):
    user: str
    source_ref: str
    payload: EventPayload


class EventInput(_EventInputRequired, total=False):
    topic: str
    due_at: str
    fire_at: str
    recurrence: Optional[RecurrenceRule]
    fire_days_before: Optional[int]
    after_due: AfterDue


class PutEventsBody(TypedDict):
    events: List[EventInput]


class _UpsertResultRequired(TypedDict):
    source_ref: str
    topic: str
    id: int
    #: The phase of an event (see docs/concepts.md, "The lifecycle")
    state: EventState


class UpsertResult(_UpsertResultRequired, total=False):
    #: Present when the event was written but will not be reminded, with why: e.g. its due_at has already passed, so it is expired
    warnings: List[str]


class PutEventsAnswer(TypedDict):
    """One result per event, in the order sent"""
    events: List[UpsertResult]


class _TopicInputRequired(TypedDict):
    #: The topic notices name
    topic: str


class TopicInput(_TopicInputRequired, total=False):
    #: The topic's name in the grid, per language
    labels: LocalizedText
    #: The heading the grid groups it under, per language
    section: LocalizedText
    #: The channel types this topic may ever use; default all
    channels: List[ChannelType]
    #: A cell's value when the user never set it; a type missing here is on
    defaults: TopicDefaults
    #: presence: SPEC B5, presence first (the default); all: every allowed channel at once
    delivery: Literal["presence", "all"]
    #: Whether its notice frames ask the page for a toast (default false)
    toast: bool
    #: What a group join re-pushes: web, open inboxes only, at most once per 30 s (the default); all, every channel
    regroup: Literal["web", "all"]


class PutTopicsBody(TypedDict):
    topics: List[TopicInput]


class _UserInputRequired(TypedDict):
    #: The login the hub signs the person in with
    login: str


class UserInput(_UserInputRequired, total=False):
    #: The display name (accepted; not shown yet)
    name: str
    #: IANA zone, used until the person chooses their own in Hado
    timezone: str
    #: Language, used until the person chooses their own in Hado
    locale: Literal["en", "ru", "uk"]
    email: Optional[str]
    slack_user_id: Optional[str]


class PutUsersBody(TypedDict):
    users: List[UserInput]


class ProvisionResult(TypedDict):
    login: str
    #: This request made the user
    created: bool


class PutUsersAnswer(TypedDict):
    """One result per user, in the order sent"""
    users: List[ProvisionResult]


class WithdrawByIds(TypedDict):
    ids: List[int]


class _WithdrawByRefRequired(TypedDict):
    source_ref: str


class WithdrawByRef(_WithdrawByRefRequired, total=False):
    #: Default ""
    topic: str


#: { ids } (at most 500), or { source_ref, topic } (topic defaults to "")
WithdrawBody = Union[WithdrawByIds, WithdrawByRef]


class WithdrawResult(TypedDict):
    #: The notices removed; ids that are not this source's are skipped
    withdrawn: List[int]
    #: Deliveries that will not go out: pending ones, and pushes still waiting for their channels
    cancelled_deliveries: int
    #: Telegram and Slack messages whose buttons are being removed
    edited_messages: int


__all__ = [
    "AfterDue",
    "ApiEvent",
    "ApiEventPayload",
    "AudienceChange",
    "AudiencePage",
    "AudiencePageQuery",
    "AudiencePath",
    "AudienceWriteResult",
    "BiweeklyRecurrenceRule",
    "ChannelType",
    "EmailRecipient",
    "ErrorBody",
    "ErrorCode",
    "ErrorDetail",
    "EventIdentity",
    "EventInput",
    "EventPayload",
    "EventState",
    "EveryNDaysRecurrenceRule",
    "FrameBatch",
    "FrameInput",
    "GetNoticePathParams",
    "GroupOptions",
    "LocalizedText",
    "MonthlyRecurrenceRule",
    "NoticeAnswer",
    "NoticeBatch",
    "NoticeDeliveryState",
    "NoticeInput",
    "NoticeListQuery",
    "NoticeMode",
    "NoticeRecipientState",
    "NoticeResult",
    "NoticeResultKind",
    "NoticesAnswer",
    "PostFramesAnswer",
    "PostFramesBody",
    "PostNoticesAnswer",
    "PostNoticesBody",
    "ProvisionResult",
    "PutAudienceBody",
    "PutEventsAnswer",
    "PutEventsBody",
    "PutTopicsBody",
    "PutUsersAnswer",
    "PutUsersBody",
    "RecurrenceRule",
    "SlackChannelRecipient",
    "SourceNotice",
    "SourceNoticeDetail",
    "SourceNoticeGroup",
    "SourceNoticePage",
    "Topic",
    "TopicDefaults",
    "TopicInput",
    "TopicsAnswer",
    "UpsertResult",
    "UserInput",
    "UserToken",
    "UserTokenInput",
    "WeeklyRecurrenceRule",
    "WithdrawBody",
    "WithdrawByIds",
    "WithdrawByRef",
    "WithdrawResult",
    "YearlyRecurrenceRule",
]
