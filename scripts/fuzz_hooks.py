"""Schemathesis hooks of `npm run fuzz` (scripts/fuzz.mjs), loaded through SCHEMATHESIS_HOOKS.

Settings come from scripts/fuzz.mjs in the environment: FUZZ_BASE_URL, FUZZ_TOKEN (the
administrator's session every ordinary operation is sent with) and FUZZ_SESSION_ENDING (a JSON
list of the operations that end the session they are sent with).
"""

import ast
import functools
import json
import os
import threading
import uuid

import graphql
import requests
import schemathesis
from hypothesis import strategies as st
from schemathesis.core.file_samples import MEDIA_TYPE_FILE_SAMPLES

BASE_URL = os.environ["FUZZ_BASE_URL"]
TOKEN = os.environ["FUZZ_TOKEN"]
SESSION_ENDING = frozenset(json.loads(os.environ["FUZZ_SESSION_ENDING"]))


def _one_parse_at_a_time(parse):
    """CPython before 3.11.8 and 3.12.1 keeps ast.parse's recursion count per interpreter, not
    per thread (CPython issue 106905): two workers describing a strategy's lambda at once (as
    hypothesis does, by parsing its source) stop the run with "AST constructor recursion depth
    mismatch". A lock makes the parses take turns; they are rare and short."""
    lock = threading.Lock()

    @functools.wraps(parse)
    def parse_alone(*args, **kwargs):
        with lock:
            return parse(*args, **kwargs)

    return parse_alone


ast.parse = _one_parse_at_a_time(ast.parse)

# Every code the shop's GraphQL errors carry (ShopErrorKind in server/src/common/shop-error.ts,
# and REQUEST_ERROR_CODES in server/src/graphql/format-error.ts): a refusal the API declares.
# INTERNAL_SERVER_ERROR, or no code, is a fault of the server.
DECLARED_GRAPHQL_CODES = frozenset(
    {
        "BAD_USER_INPUT",
        "UNAUTHENTICATED",
        "FORBIDDEN",
        "NOT_FOUND",
        "CONFLICT",
        "PAYLOAD_TOO_LARGE",
        "TOO_MANY_REQUESTS",
        "GRAPHQL_PARSE_FAILED",
        "GRAPHQL_VALIDATION_FAILED",
        "PERSISTED_QUERY_NOT_FOUND",
        "PERSISTED_QUERY_NOT_SUPPORTED",
        "OPERATION_RESOLUTION_FAILURE",
        "BAD_REQUEST",
    }
)

def photo_bytes(sample):
    """Files of `sample`'s format for the upload routes' photo part: whole, cut short, with
    bytes overwritten, with bytes after the end (as a polyglot has), or bytes of no format."""
    size = len(sample)
    return st.one_of(
        st.just(sample),
        st.integers(0, size - 1).map(lambda end: sample[:end]),
        st.tuples(st.integers(0, size - 1), st.binary(min_size=1, max_size=16)).map(
            lambda at: sample[: at[0]] + at[1] + sample[at[0] + len(at[1]) :]
        ),
        st.binary(min_size=1, max_size=256).map(lambda tail: sample + tail),
        st.binary(max_size=256),
    )


# The OpenAPI document names the photo part's types (its `encoding`); schemathesis draws a
# part of such a type from the strategy registered for it, starting from a tiny valid file.
for media_type, sample in MEDIA_TYPE_FILE_SAMPLES.items():
    schemathesis.openapi.media_type(media_type, photo_bytes(sample))

PHOTOS = st.one_of(*(photo_bytes(sample) for sample in MEDIA_TYPE_FILE_SAMPLES.values()))


@schemathesis.hook.apply_to(path_regex=r"^/api/v1/product/(create|update)-product")
def flatmap_case(context, case):
    """The upload routes' multipart cases carry a photo: generated from the schema alone, the
    optional part is hardly ever there, and the photo checks never run. The coverage phase,
    which this does not reach, sends them without one too."""
    if not (case.media_type or "").startswith("multipart/") or not isinstance(case.body, dict):
        return st.just(case)
    body = case.body

    def with_photo(photo):
        case.body = {**body, "photo": photo}
        return case

    return PHOTOS.map(with_photo)


# A file goes in a multipart request (the GraphQL multipart spec), which schemathesis does not
# send; null still lets the other arguments of createProduct and updateProduct be fuzzed. The
# REST upload routes are where uploads are fuzzed.
schemathesis.graphql.scalar("Upload", st.just(graphql.NullValueNode()))


def fresh_session():
    """A token of a new shopper of its own, so ending its sessions ends no one else's."""
    account = {
        "name": "Fuzz Shopper",
        "email": f"fuzz-{uuid.uuid4().hex}@shop.local",
        "password": "fuzz-shopper-password-1",
        "phone": "+91 98765 43210",
        "address": "1 Test Road, Pune 411001",
        "answer": "fuzz",
    }
    requests.post(f"{BASE_URL}/api/v1/auth/register", json=account, timeout=10).raise_for_status()
    login = requests.post(
        f"{BASE_URL}/api/v1/auth/login",
        json={"email": account["email"], "password": account["password"]},
        timeout=10,
    )
    login.raise_for_status()
    return login.json()["token"]


# No caching (refresh_interval=None) and so no retry on 401: a session lost is seen as 401s,
# which scripts/fuzz.mjs counts, rather than quietly signed in again.
@schemathesis.auth(refresh_interval=None)
class ShopSession:
    """The administrator's session, except for a session-ending operation: a throwaway one."""

    def get(self, case, context):
        return fresh_session() if case.operation.label in SESSION_ENDING else TOKEN

    def set(self, case, data, context):
        case.headers = case.headers or {}
        case.headers["Authorization"] = f"Bearer {data}"


@schemathesis.check
def graphql_declared_errors(ctx, response, case):
    """Every GraphQL error carries a code the shop declares; any other is a server fault."""
    if response.status_code >= 500:
        raise AssertionError(f"Server error {response.status_code}")
    try:
        payload = response.json()
    except ValueError:
        return
    errors = payload.get("errors") if isinstance(payload, dict) else None
    for error in errors or []:
        code = (error.get("extensions") or {}).get("code")
        if code not in DECLARED_GRAPHQL_CODES:
            raise AssertionError(f"GraphQL error with code {code}: {error.get('message')}")
