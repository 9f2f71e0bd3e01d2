"""Undergrove's vocabulary in one place: every kind of pending decision, mushroom effect,
ongoing bonus, carbon-track reward, bonus tile and goal measure.

Each value is the string the saves (`pending`) or the data files (`data/*.json`) use, so a
save or a data file reads the same as before these were enums. Enum member lookup is slow on
Python 3.11, so the members used on hot paths are also bound to module names below.
"""

from __future__ import annotations

from enum import StrEnum


class Kind(StrEnum):
    """A pending decision's kind: the first item of its saved list (see decision.py)."""

    MAIN = "main"  # choose the turn's action (or spend a bonus tile)
    SETUP = "setup"  # the first seedling on an Earthlover corner (§3.6)
    CARBON = "carbon"  # absorb one carbon (§4.2, absorb mushrooms §6.1)
    FLIP = "flip"  # pay one ready token (Absorb's base cost)
    PAY = "pay"  # pay n nutrients
    STEP = "step"  # pay n carbon-movement steps (a token or a nutrient each)
    GAIN = "gain"  # take n nutrients of choice
    SWAP = "swap"  # swap up to n nutrients (Earthlover)
    PLACE = "place"  # put a mushroom from hand
    SEEDLING = "seedling"  # put a seedling on a free corner
    ROOT = "root"  # put a root
    CONVERT = "convert"  # Photosynthesize: N -> C
    DISCARD = "discard"  # Photosynthesize: discard tiles from hand
    STORE = "store"  # put own resources on a storing mushroom (42-44)
    CHOICE = "choice"  # +1 N or another action (45-48)
    COPY = "copy"  # the tile a copycat copies (50-53)
    BONUS = "bonus"  # take a bonus tile from the track
    ENDSPACE = "endspace"  # take an end space
    REFRESH1 = "refresh1"  # refresh one used token (end space E4)
    EFFECT = "effect"  # automatic: resolve a mushroom's effect
    PHOTO_END = "photo_end"  # automatic: Photosynthesize's carbon and token refresh


class Effect(StrEnum):
    """What a mushroom does when activated (`effect.kind` in data/tiles.json, §6.1)."""

    GAIN = "gain"
    EARTHLOVER = "earthlover"
    ABSORB = "absorb"
    STORE_SUPPLY = "store_supply"
    STORE_OWN = "store_own"
    REFRESH_OR = "refresh_or"
    ONGOING = "ongoing"  # never activated: helps whoever roots into it (28-32)
    COPYCAT = "copycat"


class Ongoing(StrEnum):
    """The help an ongoing mushroom (28-32) gives to whoever roots into it (§6.2)."""

    REPRODUCE_ROOT = "reproduce_root"  # Candy Cap
    PARTNER_ROOT = "partner_root"  # Earthfan
    REPRODUCE_MUSHROOM = "reproduce_mushroom"  # Slippery Jack
    PARTNER_MUSHROOM = "partner_mushroom"  # Smith's Amanita
    PHOTOSYNTHESIZE_CARBON = "photosynthesize_carbon"


class Reward(StrEnum):
    """A carbon-track space's or end space's reward (data/track.json, §5.1)."""

    GAIN = "gain"
    BONUS = "bonus"
    ROOT = "root"
    GAIN_CHOICE = "gain_choice"
    CARBON_NUTRIENTS = "carbon_nutrients"
    CARBON = "carbon"
    REFRESH_NUTRIENT = "refresh_nutrient"
    POINTS = "points"


class BonusKind(StrEnum):
    """A bonus tile (§5.2): one-shot gain or refresh, or points at the end."""

    GAIN = "gain"
    REFRESH = "refresh"
    POINTS = "points"


class Measure(StrEnum):
    """What a goal counts (data/goals.json, §7)."""

    CARBON_TURNS = "carbon_turns"
    CONVERSIONS = "conversions"
    COLUMNS = "columns"
    TOUCHED_TILES = "touched_tiles"
    TREES = "trees"
    WELL_ROOTED = "well_rooted"
    ROOTS = "roots"
    SYMBOL_TURNS = "symbol_turns"
    EVEN_ROOTS = "even_roots"
    ODD_ROOTS = "odd_roots"
    COLOUR_ROOTS = "colour_roots"
    ANIMAL_ROOTS = "animal_roots"


# Bound once: `x is ONGOING` costs a global lookup, `x is Effect.ONGOING` an enum lookup.
ONGOING = Effect.ONGOING
COPYCAT = Effect.COPYCAT
ABSORB_EFFECT = Effect.ABSORB
