"""Tests the record classes of sos_print: built like frozen dataclasses, immutable, compared by value."""

from __future__ import annotations

import pickle
from functools import cached_property
from typing import ClassVar, Final

import pytest

from sos_print.engine.frozen import FrozenInstanceError, frozen, replace


@frozen
class Point:
    """A record with a default."""

    x: int
    y: int = 0

    @cached_property
    def length(self) -> int:
        return abs(self.x) + abs(self.y)


@frozen(order=True)
class Ranked:
    """An ordered record."""

    first: int
    second: str


@frozen
class Checked:
    """A record that validates itself."""

    value: int

    def __post_init__(self) -> None:
        if self.value < 0:
            raise ValueError(f"negative: {self.value}")


def test_a_class_cannot_derive_from_a_record():
    with pytest.raises(TypeError, match="Extended derives from the record class Point: records are final"):

        class Extended(Point):
            z: int = 0

    with pytest.raises(TypeError, match="records are final"):

        @frozen
        class Decorated(Point):
            z: int = 0


def test_fields_are_given_in_order_or_by_name_with_defaults():
    assert Point(1, 2) == Point(x=1, y=2) == Point(1, y=2)
    assert Point(3).y == 0
    assert repr(Point(1, 2)) == "Point(x=1, y=2)"


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: Point(), "Point() is missing field 'x'"),
        (lambda: Point(1, 2, 3), "Point() takes 2 fields, 3 were given"),
        (lambda: Point(1, z=3), "Point() has no field 'z'"),
        (lambda: Point(1, x=2), "Point() got field 'x' twice"),
        (lambda: Point(1, 2, y=3), "Point() got field 'y' twice"),  # every field given in order, and one again
        (lambda: Point(1, 2, z=3), "Point() has no field 'z'"),
    ],
)
def test_a_wrong_call_is_a_type_error_as_for_a_function(call, message):
    with pytest.raises(TypeError, match=message.replace("(", r"\(").replace(")", r"\)")):
        call()


def test_records_are_immutable_but_derived_values_can_be_cached():
    point = Point(1, 2)
    with pytest.raises(FrozenInstanceError, match=r"^cannot assign to field 'x' of a Point: records are immutable$"):
        point.x = 5  # type: ignore[misc]
    with pytest.raises(FrozenInstanceError, match=r"^cannot delete field 'y' of a Point: records are immutable$"):
        del point.y  # type: ignore[misc]
    assert point.length == 3
    assert point == Point(1, 2)  # the cached value is not a field


def test_equal_records_hash_alike_and_differ_from_other_classes():
    assert len({Point(1, 2), Point(1, 2), Point(2, 1)}) == 2
    assert Point(1, 0) != Ranked(1, "a")
    assert Point(1, 0) != (1, 0)


def test_ordered_records_sort_by_their_fields_in_order():
    assert sorted([Ranked(2, "a"), Ranked(1, "b"), Ranked(1, "a")]) == [Ranked(1, "a"), Ranked(1, "b"), Ranked(2, "a")]
    assert Ranked(1, "a") < Ranked(1, "b") <= Ranked(1, "b")


@pytest.mark.parametrize(
    ("left", "right", "expected"),
    [
        # (<, <=, >, >=) of left and right
        (Ranked(1, "a"), Ranked(1, "b"), (True, True, False, False)),
        (Ranked(1, "b"), Ranked(1, "a"), (False, False, True, True)),
        (Ranked(1, "a"), Ranked(1, "a"), (False, True, False, True)),
        (Ranked(2, "a"), Ranked(1, "z"), (False, False, True, True)),  # the first field decides first
    ],
)
def test_an_ordered_record_defines_all_four_comparisons(left, right, expected):
    # Called on the class, so that Python cannot fall back on the reflected comparison.
    methods = (Ranked.__lt__, Ranked.__le__, Ranked.__gt__, Ranked.__ge__)
    assert tuple(method(left, right) for method in methods) == expected
    assert (left < right, left <= right, left > right, left >= right) == expected
    assert all(method(left, (1, "a")) is NotImplemented for method in methods)


def test_class_variables_are_not_fields():
    @frozen
    class Counted:
        value: int
        unit: ClassVar[str] = "points"
        limit: Final = 4

    assert Counted.__record_fields__ == ("value",)  # type: ignore[attr-defined]
    assert Counted(3) == Counted(value=3)
    assert repr(Counted(3)) == "Counted(value=3)"
    with pytest.raises(TypeError, match="takes 1 fields, 2 were given"):
        Counted(3, "goals")  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        _ = Point(1) < Point(2)  # type: ignore[operator]


def test_replace_changes_fields_and_validates_again():
    assert replace(Point(1, 2), y=5) == Point(1, 5)
    with pytest.raises(ValueError, match="negative: -1"):
        replace(Checked(1), value=-1)
    with pytest.raises(TypeError, match="Point has no field 'z'"):
        replace(Point(1), z=1)


def test_records_survive_pickling():
    assert pickle.loads(pickle.dumps(Point(4, 5))) == Point(4, 5)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("x: int = 0\n    y: int", "Bad.y: a field without a default follows one with a default"),
        ("x: list = []", "Bad.x: a mutable default would be shared by every record"),
        ("x: dict = {}", "Bad.x: a mutable default would be shared by every record"),
        ("x = 1", "Bad has no annotated fields"),
    ],
    ids=["required after default", "mutable list", "mutable dict", "no fields"],
)
def test_bad_declarations_are_refused(body, message):
    namespace: dict[str, object] = {"frozen": frozen}
    with pytest.raises(TypeError) as raised:
        exec(f"@frozen\nclass Bad:\n    {body}\n", namespace)
    assert str(raised.value) == message
