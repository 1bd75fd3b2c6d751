"""Makes small immutable record classes, as frozen dataclasses do, without compiling code at import.

Every record class shares the same few methods, which read the class's field names, so a
record class costs what a plain class costs to define (why that matters: docs/design.md,
"Start-up"). Type checkers see a frozen dataclass (`typing.dataclass_transform`).

A record has an `__init__` taking its fields in order or by name, value equality and
hashing, a readable `repr`, optional ordering by its fields in order, and refuses any
assignment after `__init__` (and `__post_init__`, if the class defines one, which may
set derived fields with `object.__setattr__`). `replace` returns a copy with some fields
changed. Records are final: a class that derives from one is refused (TypeError), as its
fields would not be the ones a type checker believes.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Any, TypeVar, dataclass_transform, overload

T = TypeVar("T")
C = TypeVar("C", bound=type)

_MUTABLE = (list, dict, set, bytearray)


class FrozenInstanceError(AttributeError):
    """Signals an attempt to change a record after it was made."""


@overload
def frozen(cls: C, /) -> C: ...


@overload
def frozen(*, order: bool = False) -> Callable[[C], C]: ...


@dataclass_transform(frozen_default=True)
def frozen(cls: C | None = None, /, *, order: bool = False) -> C | Callable[[C], C]:
    """Turns a class with annotated fields into an immutable record (see the module's docstring)."""
    if cls is None:
        return lambda later: _record(later, order)
    return _record(cls, order)


def replace(record: T, /, **changes: Any) -> T:
    """Returns a copy of `record` with the named fields changed (and `__post_init__` run again)."""
    names: tuple[str, ...] = type(record).__record_fields__  # type: ignore[attr-defined]
    unknown = set(changes) - set(names)
    if unknown:
        raise TypeError(f"{type(record).__name__} has no field {sorted(unknown)[0]!r}")
    # In order, not by name: a record made from all its fields in order takes `_init`'s quick way.
    return type(record)(*[changes[name] if name in changes else getattr(record, name) for name in names])


def _fields(cls: type) -> tuple[tuple[str, ...], dict[str, object]]:
    """Returns the field names in order and the defaults of those that have one."""
    # Not inspect.get_annotations: importing inspect costs more than every record class together.
    annotations = cls.__dict__.get("__annotations__", {})  # noqa: RUF063
    names = tuple(name for name, kind in annotations.items() if not str(kind).startswith(("ClassVar", "Final")))
    defaults = {name: cls.__dict__[name] for name in names if name in cls.__dict__}
    seen_default = False
    for name in names:
        if name in defaults:
            seen_default = True
            if isinstance(defaults[name], _MUTABLE):
                raise TypeError(f"{cls.__name__}.{name}: a mutable default would be shared by every record")
        elif seen_default:
            raise TypeError(f"{cls.__name__}.{name}: a field without a default follows one with a default")
    return names, defaults


def _record(cls: C, order: bool) -> C:
    names, defaults = _fields(cls)
    if not names:
        raise TypeError(f"{cls.__name__} has no annotated fields")
    cls.__record_fields__ = names  # type: ignore[attr-defined]
    cls.__record_defaults__ = defaults  # type: ignore[attr-defined]
    cls.__record_key__ = staticmethod(attrgetter(*names))  # type: ignore[attr-defined]
    cls.__record_post_init__ = getattr(cls, "__post_init__", None)  # type: ignore[attr-defined]
    for name, method in (_ORDERED if order else _METHODS).items():
        setattr(cls, name, method)
    cls.__init_subclass__ = classmethod(_final)  # type: ignore[assignment]
    return cls


# The methods are the same functions for every record class; each reads its class's fields.


def _init(self: Any, *args: Any, **kwargs: Any) -> None:
    cls = type(self)
    names: tuple[str, ...] = cls.__record_fields__
    values = self.__dict__
    if len(args) == len(names) and not kwargs:
        values.update(zip(names, args, strict=False))  # as many values as names: just counted
    else:
        _bind(cls, names, values, args, kwargs)
    post_init = cls.__record_post_init__  # looked up once per class, not once per record: records are many
    if post_init is not None:
        post_init(self)


def _bind(cls: type, names: tuple[str, ...], values: dict[str, Any], args: tuple[Any, ...], kwargs: Any) -> None:
    """Fills `values` from positional and named fields and the defaults, or raises TypeError as a call would."""
    title = cls.__name__
    if len(args) > len(names):
        raise TypeError(f"{title}() takes {len(names)} fields, {len(args)} were given")
    given = dict(zip(names, args, strict=False))  # the rest by name or default
    for name in kwargs:
        if name not in names:
            raise TypeError(f"{title}() has no field {name!r}")
        if name in given:
            raise TypeError(f"{title}() got field {name!r} twice")
    given.update(kwargs)
    defaults: dict[str, object] = cls.__record_defaults__  # type: ignore[attr-defined]
    missing = [name for name in names if name not in given and name not in defaults]
    if missing:
        raise TypeError(f"{title}() is missing field {missing[0]!r}")
    values.update(defaults)
    values.update(given)


def _repr(self: Any) -> str:
    fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in type(self).__record_fields__)
    return f"{type(self).__name__}({fields})"


def _eq(self: Any, other: Any) -> Any:
    if other.__class__ is self.__class__:
        key: Callable[[Any], Any] = self.__record_key__
        return key(self) == key(other)
    return NotImplemented


# A record's hash, kept in its `__dict__` under a name no field can have: records are immutable, and layouts look
# the same nested records up in caches many times (hashing a rule sheet's steps walked every record in them).
_HASH = "hash "


def _hash(self: Any) -> int:
    values = self.__dict__
    found: int | None = values.get(_HASH)
    if found is None:
        found = values[_HASH] = hash(self.__record_key__(self))
    return found


def _getstate(self: Any) -> dict[str, Any]:
    """Returns the record's fields for pickling, without its kept hash: another process hashes strings otherwise."""
    return {name: value for name, value in self.__dict__.items() if name != _HASH}


def _final(cls: type, /, **kwargs: Any) -> None:
    raise TypeError(f"{cls.__name__} derives from the record class {cls.__mro__[1].__name__}: records are final")


def _setattr(self: Any, name: str, value: object) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r} of a {type(self).__name__}: records are immutable")


def _delattr(self: Any, name: str) -> None:
    raise FrozenInstanceError(f"cannot delete field {name!r} of a {type(self).__name__}: records are immutable")


def _comparison(test: Callable[[Any, Any], bool]) -> Callable[[Any, Any], Any]:
    def compare(self: Any, other: Any) -> Any:
        if other.__class__ is self.__class__:
            key = self.__record_key__
            return test(key(self), key(other))
        return NotImplemented

    return compare


_METHODS: dict[str, Callable[..., Any]] = {
    "__init__": _init,
    "__repr__": _repr,
    "__eq__": _eq,
    "__hash__": _hash,
    "__getstate__": _getstate,
    "__setattr__": _setattr,
    "__delattr__": _delattr,
}
_ORDERED = {
    **_METHODS,
    "__lt__": _comparison(lambda a, b: a < b),
    "__le__": _comparison(lambda a, b: a <= b),
    "__gt__": _comparison(lambda a, b: a > b),
    "__ge__": _comparison(lambda a, b: a >= b),
}
