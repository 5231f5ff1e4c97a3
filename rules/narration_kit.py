"""What every ruleset's commentary shares: pronouns, deterministic word choice, team names, repetition.

Pure and standard-library only. Nothing here rolls a die or reads a clock: a variation is picked from a hash
of (match seed, event seq, what is being said), so a replay gives the same words and the match's dice stream
is never touched (drawing from it would change the events).

* ``PRONOUNS``, ``pronouns_of`` and ``Person``: a wrestler's words (``he``/``she``/``they``: subject, object,
  possessive, reflexive, and the verb forms that agree with them);
* ``mix`` and ``Picker``: the deterministic choice of a template, avoiding the templates of the previous
  three lines;
* ``team_name``: a tag team by its team name when it has one, both wrestlers otherwise;
* ``a_an``, ``said``, ``template_key``: small text helpers (the last one is what the benchmark and the tests
  count as "the same template": the line with names and numbers replaced).
"""

import re

PRONOUNS = ("he", "she", "they")
DEFAULT_PRONOUNS = "he"
PRONOUN_LABELS = {"he": "he/him", "she": "she/her", "they": "they/them"}
PRONOUN_HELP = "how the commentary refers to the wrestler (he, she or they); old sheets without it are he"

# subject, object, possessive, possessive pronoun, reflexive, "is", "was", "has", "does", "'s"/"'re"
_FORMS = {
    "he": ("he", "him", "his", "his", "himself", "is", "was", "has", "does", "he's"),
    "she": ("she", "her", "her", "hers", "herself", "is", "was", "has", "does", "she's"),
    "they": ("they", "them", "their", "theirs", "themselves", "are", "were", "have", "do", "they're"),
}


def pronouns_of(raw, error):
    """The sheet's ``pronouns`` (default ``he``), or ``error(field, message)`` raised for a bad value."""
    value = raw.get("pronouns", DEFAULT_PRONOUNS) if isinstance(raw, dict) else DEFAULT_PRONOUNS
    if value is None:
        return DEFAULT_PRONOUNS
    if isinstance(value, str) and value.strip().lower() in PRONOUNS:
        return value.strip().lower()
    raise error("pronouns", f"must be one of {', '.join(PRONOUNS)}")


def pronoun_field():
    """The ``pronouns`` descriptor every ruleset's ``sheet_spec`` lists (the web form is built from it)."""
    return {
        "type": "choice",
        "required": False,
        "choices": list(PRONOUNS),
        "labels": dict(PRONOUN_LABELS),
        "default": DEFAULT_PRONOUNS,
        "case_insensitive": True,  # "She" is "she" (rules/sheet_check.py)
        "help": PRONOUN_HELP,
    }


def example_pronouns(seed):
    """Pronouns for a seeded example sheet, from the seed alone (no draw from the sheet's own generator, so
    every other field of an example sheet stays what it was)."""
    if seed is None:
        return DEFAULT_PRONOUNS
    return ("he", "she", "he", "they", "she", "he")[mix(seed, 0, "pronouns") % 6]


class Person:
    """A wrestler as the commentary says him: ``name`` and his pronoun forms.

    In a template: ``{a}`` is the name; ``{a.he}``, ``{a.him}``, ``{a.his}``, ``{a.himself}``; ``{a.He}``,
    ``{a.His}`` capitalised; ``{a.is_}`` / ``{a.was}`` / ``{a.has}`` / ``{a.does}`` agree with ``he``/``they``
    (``{a.he} {a.is_}`` gives "she is", "they are"); ``{a.hes}`` is "he's" / "they're"; ``{a.s}`` is the
    verb ending after a pronoun subject ("{a.he} get{a.s} up": "she gets up", "they get up").
    """

    __slots__ = (
        "name",
        "side",
        "pronouns",
        "he",
        "him",
        "his",
        "hers",
        "himself",
        "is_",
        "was",
        "has",
        "does",
        "hes",
        "He",
        "His",
        "Hes",
        "s",
        "es",
    )

    def __init__(self, name, side=None, pronouns=DEFAULT_PRONOUNS):
        if pronouns not in _FORMS:
            pronouns = DEFAULT_PRONOUNS
        self.name = name
        self.side = side
        self.pronouns = pronouns
        forms = _FORMS[pronouns]
        self.he, self.him, self.his, self.hers, self.himself, self.is_, self.was, self.has, self.does, self.hes = forms
        self.He = self.he.capitalize()
        self.His = self.his.capitalize()
        self.Hes = self.hes.capitalize()
        self.s = "" if pronouns == "they" else "s"
        self.es = "" if pronouns == "they" else "es"

    def __str__(self):
        return self.name

    def __format__(self, spec):
        return format(self.name, spec)

    def __repr__(self):
        return f"Person({self.name!r}, {self.pronouns!r})"


def distinct(names):
    """Ring names the commentary can tell apart: two wrestlers with the same name are "X (A)" and "X (B)"."""
    out = list(names)
    for i, name in enumerate(names):
        if names.count(name) > 1:
            out[i] = f"{name} ({'ABCDEFGH'[i % 8]})"
    return out


def short_names(names):
    """What the commentary calls each wrestler after the introductions: the last word of the ring name ("Harlan"
    for "Hacksaw Harlan"), unless two wrestlers would share it or it is a word like "Kid" or "Jr." (then the
    full name)."""
    if len(set(names)) < len(names):
        return distinct(names)
    lasts = [n.split()[-1] if n and n.split() else n for n in names]
    out = []
    for i, (name, last) in enumerate(zip(names, lasts, strict=True)):
        others = [n for j, n in enumerate(names) if j != i and n]
        clash = lasts.count(last) > 1 or any(last in other.split() for other in others)
        weak = last.lower().rstrip(".") in _WEAK_LAST or len(last) < 3 or last.lower() in _PRONOUN_WORDS
        out.append(name if clash or weak or last == name else last)
    return out


_WEAK_LAST = {"kid", "jr", "sr", "ii", "iii", "iv", "the", "man", "one", "up", "down"}
_PRONOUN_WORDS = {"he", "him", "his", "she", "her", "hers", "they", "them", "their", "theirs"}


def team_name(members, team=None):
    """A side as the commentary names it: its team name when it has one, else both (all) wrestlers."""
    if team:
        return team
    names = [m.name if isinstance(m, Person) else str(m) for m in members]
    if len(names) <= 1:
        return names[0] if names else ""
    return ", ".join(names[:-1]) + " and " + names[-1]


_ARTICLES = {}


def a_an(phrase):
    """'a Suplex', 'an Armbar', 'an 8-count'."""
    out = _ARTICLES.get(phrase)
    if out is None:
        if len(_ARTICLES) >= 4096:  # move names are free text: keep the table bounded
            _ARTICLES.clear()
        first = phrase[:1].lower()
        vowel = first in "aeiou8" or phrase[:2] in ("11", "18")
        out = _ARTICLES[phrase] = f"an {phrase}" if vowel else f"a {phrase}"
    return out


_SALTS = {}  # salt -> its FNV-1a hash (the salts are a few hundred fixed strings)


def mix(seed, seq, salt=""):
    """A stable 32-bit number from (seed, seq, salt): the same inputs always give the same number.

    Not Python's ``hash()`` (randomised per process for strings): FNV-1a over the salt, then a splitmix-style
    finaliser with the seed and seq folded in.
    """
    h = _SALTS.get(salt)
    if h is None:
        h = 0x811C9DC5
        for ch in salt:
            h = ((h ^ ord(ch)) * 0x01000193) & 0xFFFFFFFF
        if len(_SALTS) < 4096:
            _SALTS[salt] = h
    x = (h ^ ((seed or 0) * 0x9E3779B1) ^ (seq * 0x85EBCA77)) & 0xFFFFFFFFFFFFFFFF
    x ^= x >> 33
    x = (x * 0xFF51AFD7ED558CCD) & 0xFFFFFFFFFFFFFFFF
    x ^= x >> 33
    x = (x * 0xC4CEB9FE1A85EC53) & 0xFFFFFFFFFFFFFFFF
    x ^= x >> 33
    return x & 0xFFFFFFFF


class Picker:
    """Chooses one template among several: from ``mix(seed, seq, key)``, skipping the templates used by the
    previous ``memory`` lines.

    ``pick(key, options)`` returns one of ``options``; ``used(*templates)`` records the templates one line was
    made of (a clause, a lead-in, a tail; ``None`` parts are ignored). When every option was used in the last
    lines, the hashed choice stands.
    """

    def __init__(self, seed, memory=3):
        self.seed = seed or 0
        self.memory = memory
        self.lines = []  # the templates of each of the last lines, newest last
        self.recent = frozenset()
        self.seq = 0

    def pick(self, key, options, seq=None):
        n = len(options)
        if n == 1:
            return options[0]
        start = mix(self.seed, self.seq if seq is None else seq, key) % n
        recent = self.recent
        if not recent:
            return options[start]
        for step in range(n):
            choice = options[(start + step) % n]
            if choice not in recent:
                return choice
        return options[start]

    def used(self, *templates):
        """Remember the templates a line was made of (call once per line written)."""
        lines = self.lines
        lines.append([t for t in templates if t is not None])
        if len(lines) > self.memory:
            del lines[0]
        self.recent = frozenset(t for line in lines for t in line)


def said(template, **people):
    """Fill a template: ``said("{a} hits {b}", a=person, b=person)``."""
    return template.format(**people)


_NUMBER = re.compile(r"\d+(?:[.,]\d+)?")


def template_key(text, names=()):
    """A line with the wrestlers' (and moves') names and every number replaced: what counts as "the same
    template" in the benchmark and the repetition tests."""
    out = text
    for name in sorted({n for n in names if n}, key=len, reverse=True):
        out = out.replace(name, "~")
    return _NUMBER.sub("#", out)


def sentence(text):
    """Capitalise the first letter (templates may start with a name or a lower-case clause)."""
    if not text or not text[0].islower():
        return text
    return text[0].upper() + text[1:]
