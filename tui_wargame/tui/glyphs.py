"""The characters the TUI draws with: a Unicode set and a 7-bit ASCII set (`--ascii`).

Every character the app puts on screen that is not text from a file comes
from a Glyphs value, so `--ascii` is one switch and a test can check it.
"""

from __future__ import annotations

from collections.abc import Mapping

from tui_wargame.frozen import frozen
from tui_wargame.text import clean


@frozen
class Glyphs:
    ascii: bool
    sep: str  # between header fields
    reach: str  # a hex the selected unit can reach
    path: str  # a hex on the path being built
    vp: str  # a victory hex
    threat: str  # a hex the enemy threatens (a layer of style "threat")
    hidden: str  # a concealed unit's factors
    stack: str  # between a stack's side letter and its count: "A×4" (a letter would spell "Ax", Axis)
    marker: str  # something placed in a hex (a layer of style "marker")
    info: str  # anything else a layer marks (style "info")
    water: str  # canal, river: a hexside feature
    trench: str  # trench line, wall: a hexside feature
    wadi: str  # wadi, gully: a hexside feature
    feature: str  # any other hexside feature
    road: str
    track: str
    railway: str
    rule: str  # a horizontal line

    def text(self, value: object) -> str:
        """Text from a file made safe to show: cleaned, and transliterated under `--ascii`."""
        s = clean(str(value))
        return to_ascii(s) if self.ascii else s

    def for_feature(self, feature: str) -> str:
        f = feature.lower()
        if any(w in f for w in ("canal", "river", "water", "stream")):
            return self.water
        if any(w in f for w in ("trench", "wall", "fort", "wire")):
            return self.trench
        if any(w in f for w in ("wadi", "gully", "ravine", "escarp")):
            return self.wadi
        return self.feature

    def for_style(self, style: str) -> str:
        """The glyph this set keeps for a map layer's palette role (`Layer.style`)."""
        return {"reach": self.reach, "threat": self.threat, "marker": self.marker}.get(style, self.info)

    def for_route(self, kind: str) -> str:
        k = kind.lower()
        if "rail" in k:
            return self.railway
        if "track" in k or "trail" in k or "path" in k:
            return self.track
        return self.road


UNICODE = Glyphs(ascii=False, sep="│", reach="•", path="◆", vp="★", threat="z", hidden="?", stack="×",
                 marker="✸", info="◦", water="≈", trench="#", wadi=":", feature="*", road="═", track="┄",
                 railway="╫", rule="─")
ASCII = Glyphs(ascii=True, sep="|", reach="*", path="+", vp="$", threat="z", hidden="?", stack="*",
               marker="!", info="o", water="~", trench="#", wadi=":", feature="*", road="=", track="-",
               railway="#", rule="-")


def layer_glyph(g: Glyphs, glyph: str, style: str) -> str:
    """A map layer's glyph in set `g`: the role's own when the layer gives the ASCII set's glyph
    for its style (a bullet for reach's "*"), none, or one `g` cannot show; else the layer's."""
    own = clean(glyph)[:1]
    if not own or own == ASCII.for_style(style) or (g.ascii and not own.isascii()):
        return g.for_style(style)
    return own


#: TERM values of terminals whose fonts lack glyphs of the Unicode set (bullets, stars, diamonds,
#: daggers): the Linux console and its variants, DEC VT terminals and their emulations, and
#: the BSD and PC consoles.
_ASCII_TERMS = ("linux", "vt", "ansi", "cons25", "pcansi")


def wants_ascii(environ: Mapping[str, str]) -> bool:
    """Whether the terminal named by $TERM should get the ASCII set without being asked (`--ascii`)."""
    return environ.get("TERM", "").lower().startswith(_ASCII_TERMS)


def glyphs(ascii_only: bool) -> Glyphs:
    return ASCII if ascii_only else UNICODE


def to_ascii(text: str) -> str:
    """`text` with anything outside 7-bit ASCII replaced, for names from files under `--ascii`."""
    return text.encode("ascii", "replace").decode("ascii")
