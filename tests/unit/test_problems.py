"""One way a validation problem reads, for org files, directory changes, arguments and params."""

from __future__ import annotations

import pytest
from pydantic import BaseModel, ValidationError, field_validator

from cardamom.core.problems import format_path, validation_problems


class Item(BaseModel):
    name: str

    @field_validator("name")
    @classmethod
    def no_spaces(cls, value: str) -> str:
        if " " in value:
            raise ValueError("must not contain spaces")
        return value


class Order(BaseModel):
    items: list[Item]
    count: int


def problems_of(data: object, **options: str) -> list[str]:
    with pytest.raises(ValidationError) as caught:
        Order.model_validate(data)
    return validation_problems(caught.value, **options)


def test_each_error_is_a_path_and_a_message_without_pydantics_prefix() -> None:
    problems = problems_of({"items": [{"name": "ok"}, {"name": "two words"}], "count": "x"})
    assert problems == [
        "items[1].name: must not contain spaces",
        "count: Input should be a valid integer, unable to parse string as an integer",
    ]


def test_a_problem_of_the_whole_input_names_the_top_level_as_asked() -> None:
    assert problems_of([1]) == ["(top level): Input should be a valid dictionary or instance of Order"]
    assert problems_of([1], top_level="arguments") == [
        "arguments: Input should be a valid dictionary or instance of Order"
    ]
    assert format_path((), top_level="params") == "params"
