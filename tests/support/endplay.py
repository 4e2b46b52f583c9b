"""endplay, the independent PBN reader the tests read files with: its seats for ours."""

from __future__ import annotations

from endplay.types import Player

from scorer.engine.cards import Direction

PLAYERS = {
    Direction.NORTH: Player.north,
    Direction.EAST: Player.east,
    Direction.SOUTH: Player.south,
    Direction.WEST: Player.west,
}
