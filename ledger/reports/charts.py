"""Charts of a member's record, drawn on the server as SVG: no script and no library. Their
colours are the page's (its stylesheet's classes, light, dark and printed alike), and each
is drawn at a phone's width in its own units, so that its lettering reads at 14 px there;
every figure is also in the table beside it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from decimal import Decimal

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

Number = int | Decimal

WIDTH = 336  # a phone's width less the page's margins, in the chart's own units
HEIGHT = 210
LEFT, RIGHT, TOP, BOTTOM = 70, 12, 14, 40  # room for the figures along the axes
TICK = 6


def _svg(title: str, height: int, body: list[str]) -> SafeString:
    return mark_safe(  # every word drawn is escaped here
        f'<svg class="chart" viewBox="0 0 {WIDTH} {height}" role="img" '
        f'aria-label="{escape(title)}">{"".join(body)}</svg>'
    )


def _scale(values: Sequence[Number]) -> tuple[Number, Number]:
    """The range drawn: the values and nothing (the line's level) between them."""
    low, high = min(0, *values), max(0, *values)
    return (low, high) if low != high else (low, high + 1)


def _y(value: Number, low: Number, high: Number) -> float:
    span = float(high - low)
    return TOP + float(high - value) / span * (HEIGHT - TOP - BOTTOM)


def _xs(count: int) -> list[float]:
    width = WIDTH - LEFT - RIGHT
    if count == 1:
        return [LEFT + width / 2]
    return [LEFT + width * n / (count - 1) for n in range(count)]


def _text(x: float, y: float, words: str, *, anchor: str = "middle", kind: str = "tick") -> str:
    return (
        f'<text class="{kind}" x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}">'
        f"{escape(words)}</text>"
    )


def _frame(
    low: Number, high: Number, say: Callable[[Number], str], labels: Sequence[str]
) -> list[str]:
    """The level of nothing, the highest and lowest figures beside the axis, and the
    first and last sittings under it."""
    zero = _y(0, low, high)
    parts = [
        f'<line class="axis" x1="{LEFT}" y1="{TOP}" x2="{LEFT}" y2="{HEIGHT - BOTTOM}"/>',
        f'<line class="zero" x1="{LEFT}" y1="{zero:.1f}" x2="{WIDTH - RIGHT}" y2="{zero:.1f}"/>',
        _text(LEFT - TICK, zero + 5, say(0), anchor="end"),
    ]
    for value in (high, low):
        y = _y(value, low, high)
        if value != 0 and abs(y - zero) > 16:
            parts.append(_text(LEFT - TICK, y + 5, say(value), anchor="end"))
    if labels:
        base = HEIGHT - BOTTOM + 22
        if len(labels) == 1:
            parts.append(_text(_xs(1)[0], base, labels[0]))
        else:
            parts.append(_text(LEFT, base, labels[0], anchor="start"))
            parts.append(_text(WIDTH - RIGHT, base, labels[-1], anchor="end"))
    return parts


def running(
    title: str, labels: Sequence[str], values: Sequence[Number], say: Callable[[Number], str]
) -> SafeString:
    """A running total after each sitting: a line through a point for each, above or
    below the level of nothing."""
    if not values:
        return _svg(title, HEIGHT, [_text(WIDTH / 2, HEIGHT / 2, "Nothing yet this season")])
    low, high = _scale(values)
    points = [(x, _y(v, low, high)) for x, v in zip(_xs(len(values)), values, strict=True)]
    line = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    body = _frame(low, high, say, labels)
    body.append(f'<polyline class="line" points="{line}"/>')
    body += [f'<circle class="dot" cx="{x:.1f}" cy="{y:.1f}" r="3.5"/>' for x, y in points]
    return _svg(title, HEIGHT, body)


def won_and_lost(
    title: str, labels: Sequence[str], won: Sequence[int], lost: Sequence[int]
) -> SafeString:
    """Each sitting's rubbers won, as a bar rising from the line, and lost, as one
    falling below it."""
    if not won:
        return _svg(title, HEIGHT, [_text(WIDTH / 2, HEIGHT / 2, "Nothing yet this season")])
    low, high = -max(1, *lost), max(1, *won)
    body = _frame(low, high, lambda n: f"{abs(n)}", labels)
    step = (WIDTH - LEFT - RIGHT) / len(won)
    bar = max(1.0, step * 0.7)
    zero = _y(0, low, high)
    for n, (up, down) in enumerate(zip(won, lost, strict=True)):
        x = LEFT + step * n + (step - bar) / 2
        if up:
            top = _y(up, low, high)
            body.append(
                f'<rect class="won" x="{x:.1f}" y="{top:.1f}" width="{bar:.1f}" '
                f'height="{zero - top:.1f}"/>'
            )
        if down:
            bottom = _y(-down, low, high)
            body.append(
                f'<rect class="lost" x="{x:.1f}" y="{zero:.1f}" width="{bar:.1f}" '
                f'height="{bottom - zero:.1f}"/>'
            )
    return _svg(title, HEIGHT, body)


ROW = 26  # a partner's bar and name


def bars(
    title: str, names: Sequence[str], values: Sequence[Number], say: Callable[[Number], str]
) -> SafeString:
    """A bar for each name, to the right of the line for a gain, to the left for a loss,
    its figure at its end."""
    if not values:
        return _svg(title, 3 * ROW, [_text(WIDTH / 2, 1.5 * ROW, "Nothing yet this season")])
    names_width = 110
    height = TOP + ROW * len(values) + 8
    reach = max(1.0, *(abs(float(v)) for v in values))
    middle = names_width + (WIDTH - names_width - RIGHT) / 2
    half = (WIDTH - names_width - RIGHT) / 2 - 44  # room for the figure beyond the bar
    body = [
        f'<line class="zero" x1="{middle:.1f}" y1="{TOP - 6}" x2="{middle:.1f}" y2="{height - 4}"/>'
    ]
    for n, (name, value) in enumerate(zip(names, values, strict=True)):
        y = TOP + ROW * n
        length = abs(float(value)) / reach * half
        x = middle if value >= 0 else middle - length
        kind = "won" if value >= 0 else "lost"
        body.append(_text(names_width - TICK, y + 16, name, anchor="end"))
        body.append(
            f'<rect class="{kind}" x="{x:.1f}" y="{y + 4}" width="{max(length, 1):.1f}" '
            f'height="{ROW - 8}"/>'
        )
        end = middle + length + 4 if value >= 0 else middle - length - 4
        body.append(_text(end, y + 16, say(value), anchor="start" if value >= 0 else "end"))
    return _svg(title, height, body)
