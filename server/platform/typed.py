"""Typed input: JSON already read (a dict) converted to its msgspec Struct, or our error.

Client messages (server/sockets/messages.py) and HTTP bodies (server/http/bodies.py) are each one
`msgspec.Struct`; msgspec checks every field. Its `ValidationError` becomes an `ArenaError`
whose code depends on the field at fault (say `bad_variant` for `variant`, else the caller's
default) and whose message is ours, written for a person and naming the field
(`"password" must have at least 8 characters`, `"clock.initial_s" must be at least 1`,
`"opponent" must be one of: human, ai, ai_vs_ai`): msgspec's own wording ("Expected `str` of
length >= 8 - at `$.password`") is read, never passed on. Pages translate the code, not this
message (docs/protocol.md §5); the message is for whoever reads the API.
"""

from __future__ import annotations

import functools
import re
import typing
from collections.abc import Mapping
from typing import Any

import msgspec

from .errors import ArenaError, ErrorCode

# The parts of a msgspec validation message: the problem, then where (`- at `$.a.b[0]``).
_WHERE = re.compile(r" - at `\$(?P<path>[^`]*)`$")
_MISSING = re.compile(r"^Object missing required field `(?P<field>\w+)`$")
_UNKNOWN = re.compile(r"^Object contains unknown field `(?P<field>\w+)`$")
_TYPE = re.compile(r"^Expected `(?P<want>[^`]+)`, got `(?P<got>[^`]+)`$")
_LENGTH = re.compile(r"^Expected `(?P<kind>str|array|object)` of length (?P<op>[<>]=?) (?P<n>\d+)$")
_BOUND = re.compile(r"^Expected `(?P<kind>int|float)` (?P<op>[<>]=?) (?P<n>[-\d.e+]+)$")
_CHOICE = re.compile(r"^Invalid (enum )?value ")
_STEP = re.compile(r"\.(\w+)|\[(\d+)\]")

_TYPE_WORDS = {"str": "text", "int": "a whole number", "float": "a number",
               "bool": "true or false", "object": "an object", "array": "a list",
               "null": "null"}
_UNITS = {"str": "characters", "array": "items", "object": "fields"}
_COMPARISONS = {">=": "at least", "<=": "at most", ">": "more than", "<": "less than"}


def convert(data: Mapping[str, Any], kind: Any, default: ErrorCode,
            codes: Mapping[str, ErrorCode] | None = None) -> Any:
    """`data` as `kind` (a Struct, or a union of Structs tagged by a field)."""
    try:
        return msgspec.convert(data, _member(data, kind))
    except msgspec.ValidationError as error:
        path, message = explain(str(error), kind)
        code = (codes or {}).get(path[0] if path else "", default)
        raise ArenaError(code, message) from None


def _member(data: Mapping[str, Any], kind: Any) -> Any:
    """The Struct of a tagged union that `data`'s tag names, or `kind` itself. msgspec
    analyses a union anew on every `convert` (about 28 µs for the socket's twenty message
    types, against 0.4 µs for one Struct: a move's whole decoding, issue 31); an unknown tag
    goes to the union, so its error is msgspec's own."""
    members = _tagged(kind) if typing.get_origin(kind) is typing.Union else None
    if not members:
        return kind
    tag_field, by_tag = members
    return by_tag.get(data.get(tag_field), kind)


@functools.cache
def _tagged(union: Any) -> tuple[str, dict[Any, Any]] | None:
    """(the tag field, {tag: Struct}) of a union of tagged Structs (None: not one)."""
    infos = [msgspec.inspect.type_info(member) for member in typing.get_args(union)]
    if not all(isinstance(info, msgspec.inspect.StructType) and info.tag_field
               for info in infos):
        return None
    fields = {info.tag_field for info in infos}
    if len(fields) != 1:
        return None
    return fields.pop(), {info.tag: info.cls for info in infos}


def explain(text: str, kind: Any) -> tuple[tuple[str, ...], str]:
    """(the path of the field at fault, a sentence saying what it must be) from msgspec's
    validation message `text` about converting to `kind`."""
    where = _WHERE.search(text)
    problem = text[:where.start()] if where else text
    path = tuple(name or index for name, index in _STEP.findall(where["path"])) if where else ()
    if found := _MISSING.match(problem):
        path = (*path, found["field"])
        return path, f"{_name(path)} is required"
    if found := _UNKNOWN.match(problem):
        path = (*path, found["field"])
        return path, f"{_name(path)} is not a field of this request"
    return path, f"{_name(path)} {_must(problem, path, kind)}"


def _name(path: tuple[str, ...]) -> str:
    if not path:
        return "the request"
    return '"' + ".".join(path).replace(".[", "[") + '"'


def _must(problem: str, path: tuple[str, ...], kind: Any) -> str:
    """What the value must be, as the end of a sentence."""
    if found := _LENGTH.match(problem):
        count, unit = int(found["n"]), _UNITS[found["kind"]]
        if (found["op"], count) == (">=", 1):
            return "must not be empty"
        return f"must have {_COMPARISONS[found['op']]} {count} {unit[:-1] if count == 1 else unit}"
    if found := _BOUND.match(problem):
        bound = float(found["n"])
        shown = str(int(bound)) if bound.is_integer() else str(bound)
        return f"must be {_COMPARISONS[found['op']]} {shown}"
    if found := _TYPE.match(problem):
        wanted = [_TYPE_WORDS.get(part.strip(), part.strip()) for part in found["want"].split("|")]
        return "must be " + " or ".join(wanted)
    if _CHOICE.match(problem):
        choices = _choices(kind, path)
        return f"must be one of: {', '.join(choices)}" if choices else "is not one of the choices"
    return "is not valid"


def _choices(kind: Any, path: tuple[str, ...]) -> list[str]:
    """The values the field at `path` of `kind` accepts (a Literal, an Enum, or the tags of a
    union of Structs tagged by that field), or [] when they cannot be listed."""
    infos = [msgspec.inspect.type_info(kind)]
    for step in path:
        members = [member for info in infos for member in _members(info)]
        structs = [m for m in members if isinstance(m, msgspec.inspect.StructType)]
        if any(struct.tag_field == step for struct in structs):
            return list(dict.fromkeys(str(s.tag) for s in structs if s.tag is not None))
        if step.isdigit():
            infos = [m.item_type for m in members if hasattr(m, "item_type")]
        else:
            infos = [field.type for struct in structs for field in struct.fields
                     if field.encode_name == step]
    values: list[str] = []
    for member in (member for info in infos for member in _members(info)):
        if isinstance(member, msgspec.inspect.LiteralType):
            values += [str(value) for value in member.values]
        elif isinstance(member, msgspec.inspect.EnumType):
            values += [str(item.value) for item in member.cls]
    return list(dict.fromkeys(values))


def _members(info: msgspec.inspect.Type) -> list[msgspec.inspect.Type]:
    """The alternatives of a union (a Metadata wrapper unwrapped), or the type itself."""
    while isinstance(info, msgspec.inspect.Metadata):
        info = info.type
    if isinstance(info, msgspec.inspect.UnionType):
        return [member for each in info.types for member in _members(each)]
    return [info]
