"""The client API, one route at a time: ROUTES maps each /api/* operation of
Hado's OpenAPI document (by operationId) to its method and path and to the
method of Client and AsyncClient that calls it; the builders below turn a
method's arguments into a Call. Both clients send nothing but Calls, so
ROUTES is what the client really does, and tests/test_drift.py checks it
against the document a real Hado serves: a route without a method, a field
the client cannot send, or one it sends that the document lacks, fails.

Adding a route: regenerate types.py (`npm run client:python-types`, naming
its types in tools/generate_types.py's NAMES), add a Route here and a
builder, then a two-line method on Client and on AsyncClient (_client.py).
"""
from dataclasses import dataclass, field
from typing import Any, Callable, Dict, Generic, List, Mapping, Optional, Sequence, TypeVar, Union, cast

from .types import (
    ApiEvent,
    AudienceChange,
    AudiencePage,
    AudiencePageQuery,
    AudiencePath,
    AudienceWriteResult,
    PutAudienceBody,
    EventIdentity,
    EventInput,
    FrameBatch,
    FrameInput,
    NoticeAnswer,
    NoticeBatch,
    NoticeInput,
    NoticeResult,
    NoticesAnswer,
    GetNoticePathParams,
    NoticeListQuery,
    SourceNoticeDetail,
    SourceNoticePage,
    WithdrawBody,
    WithdrawResult,
    PostFramesAnswer,
    PostFramesBody,
    PostNoticesBody,
    PutEventsAnswer,
    PutEventsBody,
    PutTopicsBody,
    Topic,
    TopicInput,
    TopicsAnswer,
    ProvisionResult,
    PutUsersAnswer,
    PutUsersBody,
    UpsertResult,
    UserInput,
    UserToken,
    UserTokenInput,
)

T = TypeVar("T")


@dataclass(frozen=True)
class Route:
    operation_id: str
    method: str
    #: With {name} placeholders for path parameters.
    path: str
    #: The method of Client and AsyncClient that calls this route.
    client_method: str
    #: The TypedDict (or Union of them) of the JSON body; None for no body.
    body: Any = None
    #: The TypedDict of the query parameters; None for none.
    query: Any = None
    #: The TypedDict of the path parameters; None for none.
    path_params: Any = None


ROUTES: Dict[str, Route] = {
    r.operation_id: r
    for r in (
        Route("putEvents", "PUT", "/api/events", "put_events", body=PutEventsBody),
        Route("putUsers", "PUT", "/api/users", "put_users", body=PutUsersBody),
        Route("getEvent", "GET", "/api/events", "get_events", query=EventIdentity),
        Route("deleteEvent", "DELETE", "/api/events", "delete_event", query=EventIdentity),
        Route("postNotices", "POST", "/api/notices", "post_notices", body=PostNoticesBody),
        Route("listNotices", "GET", "/api/notices", "list_notices", query=NoticeListQuery),
        Route("getNotice", "GET", "/api/notices/{id}", "get_notice", path_params=GetNoticePathParams),
        Route("withdrawNotices", "DELETE", "/api/notices", "withdraw_notices", body=WithdrawBody),
        Route("putTopics", "PUT", "/api/topics", "put_topics", body=PutTopicsBody),
        Route("getTopics", "GET", "/api/topics", "get_topics"),
        Route("postUserToken", "POST", "/api/user-tokens", "create_user_token", body=UserTokenInput),
        Route("postFrames", "POST", "/api/frames", "post_frames", body=PostFramesBody),
        Route("putAudience", "PUT", "/api/audiences/{name}", "put_audience", body=PutAudienceBody, path_params=AudiencePath),
        Route("patchAudience", "PATCH", "/api/audiences/{name}", "patch_audience", body=AudienceChange, path_params=AudiencePath),
        Route("getAudience", "GET", "/api/audiences/{name}", "get_audience", query=AudiencePageQuery, path_params=AudiencePath),
        Route("deleteAudience", "DELETE", "/api/audiences/{name}", "delete_audience", path_params=AudiencePath),
    )
}


@dataclass(frozen=True)
class Call(Generic[T]):
    """One call of a route: what to send, whether it may be repeated, and how to read the answer."""

    route: Route
    #: From the answer's JSON to the method's result.
    result: Callable[[Any], T]
    body: Any = None
    query: Mapping[str, str] = field(default_factory=dict)
    path_params: Mapping[str, str] = field(default_factory=dict)
    #: Whether sending it twice is the same as once (only such calls are retried).
    repeatable: bool = True


def _identity(source_ref: str, topic: Optional[str]) -> EventIdentity:
    query: EventIdentity = {"source_ref": source_ref}
    if topic is not None:
        query["topic"] = topic
    return query


def put_events(events: Sequence[EventInput]) -> Call[List[UpsertResult]]:
    if isinstance(events, Mapping):
        raise TypeError("put_events takes a list of events (at most 500), not one event")
    body: PutEventsBody = {"events": list(events)}
    return Call(ROUTES["putEvents"], lambda answer: cast(PutEventsAnswer, answer)["events"], body=body)


def put_users(users: Sequence[UserInput]) -> Call[List[ProvisionResult]]:
    if isinstance(users, Mapping):
        raise TypeError("put_users takes a list of users (at most 500), not one user")
    body: PutUsersBody = {"users": list(users)}
    return Call(ROUTES["putUsers"], lambda answer: cast(PutUsersAnswer, answer)["users"], body=body)


def get_events(source_ref: str, topic: Optional[str]) -> Call[ApiEvent]:
    return Call(ROUTES["getEvent"], lambda answer: cast(ApiEvent, answer), query=cast(Mapping[str, str], _identity(source_ref, topic)))


def delete_event(source_ref: str, topic: Optional[str]) -> Call[None]:
    return Call(ROUTES["deleteEvent"], lambda _answer: None, query=cast(Mapping[str, str], _identity(source_ref, topic)))


NoticesArg = Union[NoticeInput, NoticeBatch, Sequence[NoticeInput]]


def post_notices(notices: NoticesArg) -> Call[Union[NoticeResult, List[NoticeResult]]]:
    """One notice (a dict with recipients), or a batch (a list, or {"notices": [...]})."""
    batch: Optional[List[NoticeInput]]
    if isinstance(notices, Mapping):
        if "notices" in notices and "recipients" not in notices:
            batch = list(cast(NoticeBatch, notices)["notices"])
        else:
            batch = None
    elif isinstance(notices, (str, bytes)):
        raise TypeError("post_notices takes a notice (a dict) or a list of notices")
    else:
        batch = list(notices)
    body: PostNoticesBody
    if batch is None:
        single = cast(NoticeInput, notices)
        body = single
        every = [single]
    else:
        body = {"notices": batch}
        every = batch
    # A repeated dedupe_key is a no-op that returns the existing notice: such a batch may be sent again.
    repeatable = all(isinstance(n, Mapping) and isinstance(n.get("dedupe_key"), str) for n in every)
    if batch is None:
        return Call(ROUTES["postNotices"], lambda answer: cast(NoticeAnswer, answer)["notice"], body=body, repeatable=repeatable)
    return Call(ROUTES["postNotices"], lambda answer: cast(NoticesAnswer, answer)["notices"], body=body, repeatable=repeatable)


def list_notices(source_ref: Optional[str], topic: Optional[str], cursor: Optional[str], limit: Optional[int]) -> Call[SourceNoticePage]:
    query: Dict[str, str] = {}
    for name, value in (("source_ref", source_ref), ("topic", topic), ("cursor", cursor), ("limit", limit)):
        if value is not None:
            query[name] = str(value)
    return Call(ROUTES["listNotices"], lambda answer: cast(SourceNoticePage, answer), query=query)


def get_notice(notice_id: int) -> Call[SourceNoticeDetail]:
    return Call(ROUTES["getNotice"], lambda answer: cast(SourceNoticeDetail, answer), path_params={"id": str(int(notice_id))})


def withdraw_notices(ids: Optional[Sequence[int]], source_ref: Optional[str], topic: Optional[str]) -> Call[WithdrawResult]:
    """By ids, or every notice of (source_ref, topic): withdrawing twice is the same, so it is retried."""
    body: WithdrawBody
    if ids is not None:
        if source_ref is not None or topic is not None:
            raise TypeError("withdraw_notices takes ids, or source_ref (and topic), not both")
        body = {"ids": [int(i) for i in ids]}
    elif source_ref is not None:
        body = {"source_ref": source_ref} if topic is None else {"source_ref": source_ref, "topic": topic}
    else:
        raise TypeError("withdraw_notices needs ids or source_ref")
    return Call(ROUTES["withdrawNotices"], lambda answer: cast(WithdrawResult, answer), body=body)


def put_topics(topics: Sequence[TopicInput]) -> Call[List[Topic]]:
    """The source's whole set of topics, replacing the earlier one: the same set twice is the same."""
    body: PutTopicsBody = {"topics": list(topics)}
    return Call(ROUTES["putTopics"], lambda answer: cast(TopicsAnswer, answer)["topics"], body=body, repeatable=True)


def get_topics() -> Call[List[Topic]]:
    return Call(ROUTES["getTopics"], lambda answer: cast(TopicsAnswer, answer)["topics"])


def create_user_token(login: str, ttl_seconds: Optional[int]) -> Call[UserToken]:
    """Minting a token changes nothing on the server: it may be repeated."""
    body: UserTokenInput = {"login": login}
    if ttl_seconds is not None:
        body["ttl_seconds"] = ttl_seconds
    return Call(ROUTES["postUserToken"], lambda answer: cast(UserToken, answer), body=body)


FramesArg = Union[FrameInput, FrameBatch, Sequence[FrameInput]]


def post_frames(frames: FramesArg) -> Call[int]:
    """One frame (a dict with type), or a batch (a list, or {"frames": [...]}, at most 100).
    Never retried: a repeated frame reaches the streams twice."""
    body: PostFramesBody
    if isinstance(frames, Mapping):
        if "frames" in frames and "type" not in frames:
            body = {"frames": list(cast(FrameBatch, frames)["frames"])}
        else:
            body = cast(FrameInput, frames)
    else:
        body = {"frames": list(frames)}
    return Call(ROUTES["postFrames"], lambda answer: cast(PostFramesAnswer, answer)["accepted"], body=body, repeatable=False)


# Audiences (issue 24): the name is one path parameter, quoted whole, so a slash travels as %2F.
# Every call may be repeated: a whole set, an add or a remove twice is the same as once.


def _audience(name: str) -> Mapping[str, str]:
    path: AudiencePath = {"name": name}
    return cast(Mapping[str, str], path)


def put_audience(name: str, members: Sequence[str]) -> Call[AudienceWriteResult]:
    if isinstance(members, str):
        raise TypeError("put_audience takes a list of logins, not one login")
    body: PutAudienceBody = {"members": list(members)}
    return Call(ROUTES["putAudience"], lambda answer: cast(AudienceWriteResult, answer), body=body, path_params=_audience(name))


def patch_audience(name: str, add: Optional[Sequence[str]], remove: Optional[Sequence[str]]) -> Call[AudienceWriteResult]:
    if isinstance(add, str) or isinstance(remove, str):
        raise TypeError("patch_audience takes lists of logins to add and remove")
    body: AudienceChange = {}
    if add is not None:
        body["add"] = list(add)
    if remove is not None:
        body["remove"] = list(remove)
    return Call(ROUTES["patchAudience"], lambda answer: cast(AudienceWriteResult, answer), body=body, path_params=_audience(name))


def get_audience(name: str, limit: Optional[int], cursor: Optional[str]) -> Call[AudiencePage]:
    query: AudiencePageQuery = {}
    if limit is not None:
        query["limit"] = str(limit)
    if cursor is not None:
        query["cursor"] = cursor
    return Call(ROUTES["getAudience"], lambda answer: cast(AudiencePage, answer), query=cast(Mapping[str, str], query), path_params=_audience(name))


def delete_audience(name: str) -> Call[None]:
    return Call(ROUTES["deleteAudience"], lambda _answer: None, path_params=_audience(name))
