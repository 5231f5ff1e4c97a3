"""``python -m rules``: list rulesets, print example sheets, resolve matches, compute odds, play promo segments.

Bad input (unknown ruleset, invalid sheet, unreadable file) exits 2 with one line naming it.
"""

import argparse
import json
import os
import random
import sys

from rules.decisions import AwaitingDecision, IllegalChoice, PromptChooser, ReplayChooser
from rules.dice import RandomDice
from rules.errors import RulesError
from rules.registry import get_ruleset, ruleset_ids
from rules.simulation import odds
from rules.win_probability import BEFORE_THE_BELL, continuations, line, standard_error


class CliError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message):
        raise CliError(message)


def _dumps(obj):
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def _load_side(ruleset, spec, label):
    sheets = []
    for path in spec.split(","):
        try:
            with open(path, encoding="utf-8") as fh:
                raw = json.load(fh)
        except OSError as exc:
            raise CliError(f"{label}: cannot read {path}: {exc.strerror or exc}") from None
        except json.JSONDecodeError as exc:
            raise CliError(f"{label}: {path} is not valid JSON (line {exc.lineno}: {exc.msg})") from None
        try:
            sheets.append(ruleset.validate_sheet(raw))
        except RulesError as exc:
            raise CliError(f"{label}: {path}: {exc}") from None
    return sheets


def _stipulation(args):
    stip = {}
    if args.time_limit is not None:
        stip["time_limit"] = args.time_limit
    for key in ("cage", "cage_height", "escape"):
        value = getattr(args, key, None)
        if value is not None:
            stip[key] = value
    for item in args.option or []:
        key, sep, value = item.partition("=")
        if not sep or not key:
            raise CliError(f"--option {item!r}: expected KEY=VALUE")
        try:
            stip[key] = json.loads(value)
        except json.JSONDecodeError:
            stip[key] = value
    return stip


def _setup(args):
    ruleset = get_ruleset(args.ruleset)
    sides = [_load_side(ruleset, args.a, "A"), _load_side(ruleset, args.b, "B")]
    for i, extra in enumerate(args.more or [], start=3):
        sides.append(_load_side(ruleset, extra, f"side {i}"))
    setup = ruleset.build_setup(sides, kind=args.match, stipulation=_stipulation(args))
    return ruleset, setup


def format_text(event):
    minutes, seconds = divmod(int(event.get("clock") or 0), 60)
    line = f"[{minutes:02d}:{seconds:02d}] {event['text']}"
    return line


def _match_options(p):
    p.add_argument("ruleset")
    p.add_argument("a", metavar="A.json", help="side A: one sheet, or several joined by commas")
    p.add_argument("b", metavar="B.json", help="side B")
    p.add_argument("more", nargs="*", metavar="C.json", help="further sides (multi-man matches)")
    p.add_argument("--match", default="singles", help="singles, tag or cage")
    p.add_argument("--cage", choices=["chainlink", "steel"])
    p.add_argument("--cage-height", type=int, dest="cage_height", metavar="FT")
    p.add_argument("--escape", choices=["pinfall", "escape", "either"])
    p.add_argument("--time-limit", type=int, dest="time_limit", metavar="SECONDS")
    p.add_argument("--option", action="append", metavar="KEY=VALUE", help="any other stipulation")


def build_parser():
    parser = _Parser(prog="python -m rules", description="Kayfabe's rules engine")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    sub.add_parser("rulesets", help="list ruleset ids")
    ex = sub.add_parser("example", help="print a valid wrestler sheet")
    ex.add_argument("ruleset")
    ex.add_argument("--seed", type=int)
    res = sub.add_parser("resolve", help="play a match")
    _match_options(res)
    res.add_argument("--seed", type=int)
    res.add_argument("--format", choices=["text", "jsonl"], default="text")
    res.add_argument("--count", type=int, default=1)
    odds = sub.add_parser("odds", help="win/draw probabilities by method")
    _match_options(odds)
    odds.add_argument("--sims", type=int, default=1000)
    odds.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes (default: one per core)")
    odds.add_argument("--seed", type=int, default=0, help="the first simulated match's seed; with --after, the match's")
    odds.add_argument(
        "--after",
        type=int,
        metavar="SEQ",
        help="the chances after event SEQ of the match `resolve --seed N` plays (-1: before the bell)",
    )
    odds.add_argument("--choices", metavar="CHOICES.json", help="with --after: the match's recorded decisions")
    odds.add_argument("--format", choices=["text", "json"], default="text")
    promo = sub.add_parser("promo", help="play a promo segment: one wrestler, or two in a dueling promo")
    promo.add_argument("ruleset")
    promo.add_argument("a", metavar="A.json", help="the wrestler who cuts the promo")
    promo.add_argument("b", nargs="?", metavar="B.json", help="his opponent in a dueling promo")
    promo.add_argument("--seed", type=int)
    promo.add_argument("--df", type=int, metavar="N", help="a single promo's Difficulty (default: the ruleset's)")
    promo.add_argument(
        "--style", action="append", metavar="STYLE", help="how he talks (e.g. best, charisma); once per wrestler"
    )
    promo.add_argument("--heat", action="append", type=int, metavar="N", help="Heat held before; once per wrestler")
    promo.add_argument("--format", choices=["text", "jsonl"], default="text")
    promo.add_argument("--json", action="store_const", const="jsonl", dest="format", help="same as --format jsonl")
    _play_parser(sub)
    return parser


def cmd_resolve(args, out):
    ruleset, setup = _setup(args)
    if args.count < 1:
        raise CliError("--count must be at least 1")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    if args.count > 1:
        for n in range(args.count):
            s = seed + n
            result = ruleset.outcome(setup, RandomDice(s), seed=s)
            row = {"seed": s, "winner": result["winner"], "method": result["method"], "rounds": result["rounds"]}
            out.write((_dumps(row) if args.format == "jsonl" else _text_result(row)) + "\n")
        return 0
    _write_events(ruleset, setup, ruleset.resolve(setup, RandomDice(seed), seed=seed), seed, args.format, out)
    return 0


def _write_events(ruleset, setup, stream, seed, fmt, out, recap=True):
    """Print a match's events: one JSON line each, or the play-by-play with the recap after it (a segment has
    none: its closing line says it all)."""
    events = []
    for event in stream:
        if fmt == "jsonl":
            out.write(_dumps(event) + "\n")
            continue
        if event["seq"] == 0:
            out.write(f"(seed {seed})\n")
        events.append(event)
        if event["text"]:  # an event with no text was folded into the next line
            out.write(format_text(event) + "\n")
    if fmt == "text" and recap:
        paragraph = ruleset.recap(events, setup=setup)
        if paragraph:
            out.write(f"\n{paragraph}\n")


PROMO = "promo"


def cmd_promo(args, out):
    ruleset = get_ruleset(args.ruleset)
    if PROMO not in ruleset.segment_kinds:
        having = [rid for rid in ruleset_ids() if PROMO in get_ruleset(rid).segment_kinds]
        raise CliError(f"{ruleset.id} has no promo segments (rulesets with promos: {', '.join(having) or 'none'})")
    sides = [_load_side(ruleset, args.a, "A")]
    if args.b:
        sides.append(_load_side(ruleset, args.b, "B"))
    stipulation = {}
    if args.df is not None:
        stipulation["df"] = args.df
    for option, key in (("style", "styles"), ("heat", "heat_carried")):
        values = getattr(args, option)
        if values is not None:
            if len(values) != len(sides):
                raise CliError(f"--{option}: give it once per wrestler ({len(sides)}), not {len(values)} times")
            stipulation[key] = values
    setup = ruleset.build_setup(sides, kind=PROMO, stipulation=stipulation)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    stream = ruleset.resolve(setup, RandomDice(seed), seed=seed)
    _write_events(ruleset, setup, stream, seed, args.format, out, recap=False)
    return 0


def _text_result(row):
    winner = "draw" if row["winner"] is None else f"side {row['winner']}"
    return f"seed {row['seed']}: {winner} by {row['method']} in {row['rounds']} rounds"


def cmd_odds(args, out):
    ruleset, setup = _setup(args)
    if setup.kind in ruleset.segment_kinds:
        raise CliError(f"--match {setup.kind}: odds are for matches; a segment has no winner")
    if args.sims < 1:
        raise CliError("--sims must be at least 1")
    if args.after is None and args.choices:
        raise CliError("--choices: only with --after (the recorded decisions of the match)")
    if args.after is not None:
        return _odds_after(args, ruleset, setup, out)
    counts = odds(ruleset.id, setup, sims=args.sims, seed=args.seed, jobs=args.jobs)
    table = _odds_table(counts, _side_names(setup), args.sims)
    if args.format == "json":
        out.write(_dumps({"sims": args.sims, "odds": table}) + "\n")
        return 0
    out.write(f"{args.sims} simulated matches\n")
    for who, methods in table.items():
        total = sum(methods.values())
        detail = ", ".join(f"{m} {p:.1%}" for m, p in methods.items())
        out.write(f"{who}: {total:.1%} ({detail})\n")
    return 0


# --- play: one side by a person at the terminal, the other by its tactics (issue 20 item 4) ------------------------

STATUS_KEYS = ("hp", "weardown", "fatigue", "fatigue_penalty", "heat", "edge", "position", "stunned", "weapon")


def _play_parser(sub):
    play = sub.add_parser("play", help="play a match at the terminal: one side yours, the other its tactics")
    _match_options(play)
    play.add_argument("--seed", type=int)
    play.add_argument("--side", type=int, choices=[0, 1], default=0, help="the side you play (0 = A, 1 = B)")
    play.add_argument("--choices", metavar="FILE", help="replay these decisions first (a JSON list)")
    play.add_argument("--save-choices", dest="save_choices", metavar="FILE", help="write the decisions made here")
    play.add_argument("--format", choices=["text", "jsonl"], default="text")


def _read_choices(path):
    try:
        with open(path, encoding="utf-8") as fh:
            raw = json.load(fh)
    except OSError as exc:
        raise CliError(f"--choices: cannot read {path}: {exc.strerror or exc}") from None
    except json.JSONDecodeError as exc:
        raise CliError(f"--choices: {path} is not valid JSON (line {exc.lineno}: {exc.msg})") from None
    if isinstance(raw, dict):
        raw = raw.get("choices")
    if not isinstance(raw, list):
        raise CliError(f"--choices: {path} must hold a JSON list of decisions")
    for n, record in enumerate(raw):
        if not isinstance(record, dict) or not isinstance(record.get("index"), int) or record.get("side") not in (0, 1):
            raise CliError(f"--choices: {path}: choices[{n}] needs an integer index and a side 0 or 1")
    return raw


def _status(match):
    parts = []
    for state in match.snapshot():
        shown = [f"{key} {state[key]}" for key in STATUS_KEYS if state.get(key) not in (None, False, [], "")]
        shown = [part for part in shown if part.lower() != "position standing"]
        if state.get("prone") and "position" not in state:
            shown.append("down")
        parts.append(f"{state['name']} ({', '.join(shown)})" if shown else state["name"])
    return " | ".join(parts)


def _describe(decision, match):
    lines = ["", f"-- {_status(match)}", f"{decision.prompt}"]
    for n, option in enumerate(decision.options, start=1):
        lines.append(f"  {n}. {option.label}")
        costs = [f"{v} {k}" for k, v in option.cost.items() if v and f"{v} {k}".lower() not in option.label.lower()]
        extra = [f"costs {', '.join(costs)}"] if costs else []
        extra += [need for need in option.needs if need not in option.label]
        if extra:
            lines.append(f"       {'; '.join(extra)}")
    for option in decision.refused:
        lines.append(f"  -  {option.label}: {option.refusal}")
    return lines


class _Terminal:
    """The person at the keyboard: ``ask`` prints the decision and reads a line until it names a legal choice
    (a number, an option id, or ``t`` for the tactics); a bad line is answered with the reason and asked again."""

    def __init__(self, inp, say):
        self.inp, self.say = inp, say

    def __call__(self, decision, error):
        match = self.match
        if error is None:
            for line in _describe(decision, match):
                self.say(line)
        else:
            self.say(f"  not allowed: {error}")
        count = len(decision.options)
        while True:
            self.say(f"choose 1-{count} (t: let the tactics choose) > ", end="")
            line = self.inp.readline()
            if not line:
                raise AwaitingDecision(decision)  # stdin closed: stop here (the choices so far are kept)
            text = line.strip()
            if text.lower() in ("t", "tactics"):
                return {"auto": "tactics"}
            if text.isdigit():
                if 1 <= int(text) <= count:
                    return decision.options[int(text) - 1].id
                self.say(f"  not a choice: {text} (type a number from 1 to {count}, or t)")
                continue
            if text:
                return text  # an option id: the chooser checks it (and asks again with the reason)
            self.say(f"  type a number from 1 to {count}, or t")


class _SeeingPrompt:
    """A PromptChooser that hands the terminal the match (for the status line)."""

    def __init__(self, terminal, choices, side):
        self.terminal = terminal
        self.inner = PromptChooser(terminal, choices, side=side)

    @property
    def records(self):
        return self.inner.records

    def choose(self, match, decision_index, kind, side, build, default):
        self.terminal.match = match
        return self.inner.choose(match, decision_index, kind, side, build, default)


def cmd_play(args, out, inp=None):
    ruleset, setup = _setup(args)
    if len(setup.sides) != 2:
        raise CliError("play: a match of two sides")
    recorded = _read_choices(args.choices) if args.choices else []
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    talk = out if args.format == "text" else sys.stderr

    def say(line, end="\n"):
        talk.write(line + end)
        talk.flush()

    terminal = _Terminal(inp or sys.stdin, say)
    person = _SeeingPrompt(terminal, recorded, args.side)
    choosers = {args.side: person}
    others = {r["side"] for r in recorded} - {args.side}
    replays = {side: ReplayChooser(recorded, side=side) for side in others}
    choosers.update(replays)
    events = []
    stopped = None
    try:
        stream = ruleset.resolve(setup, RandomDice(seed), seed=seed, choosers=choosers)
    except TypeError:
        raise CliError(f"{ruleset.id} has no decision points to play") from None
    try:
        for event in stream:
            events.append(event)
            if args.format == "jsonl":
                out.write(_dumps(event) + "\n")
            else:
                if event["seq"] == 0:
                    out.write(f"(seed {seed}; you play side {args.side})\n")
                if event["text"]:
                    out.write(format_text(event) + "\n")
            out.flush()
    except AwaitingDecision as stop:
        stopped = stop.decision
    except KeyboardInterrupt:
        stopped = "interrupted"
    except IllegalChoice as exc:
        raise CliError(f"--choices: {exc}") from None
    finally:
        made = sorted(
            [*person.records, *(r for c in replays.values() for r in recorded if r["index"] in c.used)],
            key=lambda r: r["index"],
        )
        if args.save_choices:
            _save_choices(args.save_choices, made)
    if stopped == "interrupted":
        raise CliError("interrupted (the decisions so far are saved with --save-choices)")
    if stopped is not None:
        if stopped.side == args.side:
            raise CliError(f"the input ended at decision {stopped.index} ({stopped.kind}), before the match did")
        raise CliError(f"--choices: no decision {stopped.index} ({stopped.kind}) for side {stopped.side} in the file")
    if args.format == "text":
        paragraph = ruleset.recap(events, setup=setup)
        if paragraph:
            out.write(f"\n{paragraph}\n")
    return 0


def _save_choices(path, records):
    try:
        with open(path, "w", encoding="utf-8") as fh:
            json.dump(records, fh, indent=1)
            fh.write("\n")
    except OSError as exc:
        raise CliError(f"--save-choices: cannot write {path}: {exc.strerror or exc}") from None


def _side_names(setup):
    return [" & ".join(w.get("name", "?") for w in side) for side in setup.sides]


def _odds_table(counts, names, sims):
    """``{side name or "draw": {method: share}}``, sides in order, the draw last."""
    table = {}
    for (winner, method), n in sorted(counts.items(), key=lambda kv: (kv[0][0] is None, kv[0][0] or 0, kv[0][1])):
        key = "draw" if winner is None else names[winner]
        table.setdefault(key, {})[method] = n / sims
    return table


def _odds_after(args, ruleset, setup, out):
    """The chances after event ``--after`` of the match of ``--seed``: the odds table, its standard errors and
    each side's total (rules.win_probability)."""
    choices = _read_choices(args.choices) if args.choices else ()
    counts = continuations(
        ruleset.id, setup, seed=args.seed, after=args.after, sims=args.sims, choices=choices, jobs=args.jobs
    )
    names = _side_names(setup)
    table = _odds_table(counts, names, args.sims)
    se = {who: {m: standard_error(p, args.sims) for m, p in methods.items()} for who, methods in table.items()}
    figures = line(counts, args.sims, len(names))
    win = dict(zip(names, figures["win"], strict=True))
    win_se = dict(zip(names, figures["win_se"], strict=True))
    if args.format == "json":
        row = {"sims": args.sims, "odds": table, "se": se, "seed": args.seed, "after": args.after}
        row.update(win=win, win_se=win_se)
        out.write(_dumps(row) + "\n")
        return 0
    point = "before the bell" if args.after == BEFORE_THE_BELL else f"after event {args.after}"
    out.write(f"{args.sims} continuations of the match with seed {args.seed}, {point}\n")
    for who, methods in table.items():
        total = sum(methods.values())
        detail = ", ".join(f"{m} {p:.1%}" for m, p in methods.items())
        out.write(f"{who}: {total:.1%} ± {standard_error(total, args.sims):.1%} ({detail})\n")
    return 0


def main(argv=None, out=None):
    out = out or sys.stdout
    try:
        args = build_parser().parse_args(argv)
        if args.command == "rulesets":
            for rid in ruleset_ids():
                out.write(rid + "\n")
            return 0
        if args.command == "example":
            ruleset = get_ruleset(args.ruleset)
            out.write(json.dumps(ruleset.example_sheet(seed=args.seed), indent=2, ensure_ascii=False) + "\n")
            return 0
        if args.command == "resolve":
            return cmd_resolve(args, out)
        if args.command == "promo":
            return cmd_promo(args, out)
        if args.command == "play":
            return cmd_play(args, out)
        return cmd_odds(args, out)
    except (CliError, RulesError) as exc:
        sys.stderr.write(f"error: {exc}\n")
        return 2
    except BrokenPipeError:
        return 0
