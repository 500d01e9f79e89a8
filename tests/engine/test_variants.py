from __future__ import annotations

import pytest

from engine.errors import VariantError
from engine.variants import VARIANTS, Rule, get_variant


@pytest.mark.parametrize(
    ("name", "rows", "cols", "k", "gravity", "rule"),
    [
        ("tictactoe", 3, 3, 3, False, Rule.FREESTYLE),
        ("caro9", 9, 9, 4, False, Rule.FREESTYLE),
        ("gomoku", 15, 15, 5, False, Rule.FREESTYLE),
        ("gomoku-standard", 15, 15, 5, False, Rule.STANDARD),
        ("caro", 15, 15, 5, False, Rule.CARO),
        ("caro-exact", 15, 15, 5, False, Rule.CARO_EXACT),
        ("connect4", 6, 7, 4, True, Rule.FREESTYLE),
    ],
)
def test_catalogue_variant_has_its_board_and_rule(name, rows, cols, k, gravity, rule):
    variant = get_variant(name)
    assert (variant.rows, variant.cols, variant.k, variant.gravity, variant.rule) == (
        rows,
        cols,
        k,
        gravity,
        rule,
    )


def test_sized_caro_board_keeps_the_caro_rule():
    variant = get_variant("caro-20")
    assert (variant.rows, variant.cols, variant.rule) == (20, 20, Rule.CARO)


def test_caro_size_outside_15_to_20_is_refused():
    with pytest.raises(VariantError, match="15 to 20"):
        get_variant("caro-21")


def test_custom_spec_round_trips_through_get_variant():
    variant = get_variant("custom-6x8-k4-caro-exact-gravity")
    assert (variant.rows, variant.cols, variant.k, variant.gravity, variant.rule) == (
        6,
        8,
        4,
        True,
        Rule.CARO_EXACT,
    )
    assert get_variant(variant.spec) == variant


@pytest.mark.parametrize(
    "spec",
    [
        "custom-2x9-k3-freestyle",
        "custom-26x9-k3-freestyle",
        "custom-9x9-k8-standard",
        "custom-3x3-k5-standard",
        "chess",
        "",
        "custom-9x9-k4-renju",
    ],
)
def test_impossible_custom_board_is_refused_with_a_code(spec):
    with pytest.raises(VariantError) as error:
        get_variant(spec)
    assert error.value.code == "bad_variant"


def test_every_catalogue_spec_names_itself():
    assert all(get_variant(v.spec) is v for v in VARIANTS.values())
