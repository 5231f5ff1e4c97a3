"""The one check every fault test ends with: the card ended exactly as a clean run with the same seeds would have.

``before = league_before(card)`` is taken before the card goes live (the title lineages and Prestige as they were);
``assert_as_clean_run(card, before)`` then proves, from the database the faulted run left behind:

- the card is finished and every match has exactly one result (status, winner, method, rounds, and one result
  entry per wrestler in the ledger);
- every match's events are gapless (seq 0..n), duplicate-free and identical (type, text, rolls, state: the whole
  event) to a clean in-process resolve of the frozen setup with the frozen seed;
- the ledger of each match is what the clean result gives, and each wrestler's Prestige and Fame equal the sums of
  his ledger (recomputed from scratch);
- each wrestler's record (roster/records.py: wins, losses, draws by method, title matches) equals a tally of the
  clean results;
- each title's lineage equals the lineage before the card with the clean results applied in order (reigns,
  holders, defenses, who won and lost them);
- each wrestler's injuries equal the injuries the clean results inflict, added up from nothing.
"""

import os
import random
import time
from collections import Counter
from dataclasses import dataclass, field

import pytest
from django.db.models import Sum

from matches import result_services, services, worker
from matches.models import Card, CardStatus, Match, MatchEvent, MatchParticipant, MatchStatus
from promotion.models import LedgerReason, PrestigeEntry, TitleReign
from roster.models import Injury, Wrestler
from roster.records import record
from rules import RandomDice, get_ruleset

RESULT_REASONS = {LedgerReason.WIN, LedgerReason.LOSS, LedgerReason.DRAW, LedgerReason.DQ_WIN}


@dataclass
class LeagueBefore:
    reigns: dict = field(default_factory=dict)  # title id -> [reign row], as they were before the card


def _reign_rows(title_id):
    return [
        {
            "number": r.number,
            "holders": frozenset(r.holders.values_list("pk", flat=True)),
            "won_match": r.won_match_id,
            "lost_match": r.lost_match_id,
            "is_current": r.is_current,
            "defenses": r.defenses,
        }
        for r in TitleReign.objects.filter(title_id=title_id).order_by("number")
    ]


def league_before(card):
    """What the checker needs from before "go live": the lineage of every title on the card."""
    titles = set(Match.objects.filter(card=card).exclude(title=None).values_list("title_id", flat=True))
    return LeagueBefore(reigns={t: _reign_rows(t) for t in titles})


def clean_events(match):
    """The events a clean run produces: an in-process resolve of the frozen setup with the frozen seed."""
    ruleset, setup = worker.frozen_setup(match)
    return list(ruleset.resolve(setup, RandomDice(match.seed), seed=match.seed))


def assert_as_clean_run(card, before):
    card = Card.objects.get(pk=card.pk)
    assert card.status == CardStatus.FINISHED, f"the card is {card.status}"
    matches = list(Match.objects.filter(card=card).select_related("card__promotion").order_by("order"))
    results = {}
    for match in matches:
        results[match.pk] = _assert_match_as_clean_run(match)
    _assert_ledger(matches, results, before)
    wrestlers = Wrestler.objects.filter(participations__match__card=card).distinct()
    for wrestler in wrestlers:
        _assert_totals_from_scratch(wrestler)
        _assert_record_from_scratch(wrestler)
        _assert_injuries_from_scratch(wrestler)


def _assert_match_as_clean_run(match):
    where = f"match {match.order} (seed {match.seed})"
    expected = clean_events(match)
    seqs = list(MatchEvent.objects.filter(match=match).order_by("seq").values_list("seq", flat=True))
    assert len(seqs) == len(set(seqs)), (
        f"{where}: duplicate events {sorted(k for k, n in Counter(seqs).items() if n > 1)}"
    )
    assert seqs == list(range(len(seqs))), f"{where}: the log has gaps: {sorted(set(range(len(seqs))) - set(seqs))}"
    stored = list(MatchEvent.objects.filter(match=match).order_by("seq").values_list("data", flat=True))
    assert len(stored) == len(expected), f"{where}: {len(stored)} events stored, a clean run has {len(expected)}"
    for got, want in zip(stored, expected):
        assert got == want, f"{where}: event {want['seq']} differs from the clean run"
    result = expected[-1]
    assert result["type"] == "result"
    assert match.status == MatchStatus.FINISHED, f"{where} is {match.status}"
    assert (match.winner_side, match.method, match.rounds) == (result["winner"], result["method"], result["rounds"])
    assert match.lease_until is None
    return result


def ruleset_of(match):
    return get_ruleset(match.card.promotion.ruleset)


def _participants(match):
    return list(MatchParticipant.objects.filter(match=match).order_by("side", "slot"))


def _expected_ledger(matches, results, before):
    """{match id: Counter((wrestler, reason, prestige, fame))} for the clean results, titles walked in order."""
    champions = {}
    for title_id, rows in before.reigns.items():
        current = [r for r in rows if r["is_current"]]
        champions[title_id] = current[0]["holders"] if current else None
    expected = {}
    for match in matches:
        result = results[match.pk]
        participants = _participants(match)
        names = [sheet.get("name") for side in match.setup["sides"] for sheet in side]
        entries = Counter()
        for participant, parts in zip(
            participants,
            result_services._ledger_changes(ruleset_of(match), result, participants, names, result["winner"]),
        ):
            for reason, prestige, fame in parts:
                entries[(participant.wrestler_id, str(reason), prestige, fame)] += 1
        if match.title_id is not None and result["winner"] is not None:
            entries.update(_title_entries(match, participants, result, champions))
        expected[match.pk] = entries
    return expected


def _title_entries(match, participants, result, champions):
    """Title ledger entries of one result, and the new champions (the rules of matches/services.py, restated)."""
    winners = {p.wrestler_id for p in participants if p.side == result["winner"]}
    losers = {p.wrestler_id for p in participants if p.side != result["winner"]}
    held = champions.get(match.title_id)
    if held is not None and held <= winners:
        return Counter({(w, LedgerReason.TITLE_DEFENSE.value, 5, 0): 1 for w in winners})
    if result["method"] in result_services.WIN_METHODS_DQ and not match.setup["stipulation"].get("titles_change_on_dq"):
        return Counter()
    entries = Counter({(w, LedgerReason.TITLE_WIN.value, 20, 0): 1 for w in winners})
    entries.update({(w, LedgerReason.TITLE_LOSS.value, -10, 0): 1 for w in losers if held and w in held})
    champions[match.title_id] = frozenset(winners)
    return entries


def _assert_ledger(matches, results, before):
    expected = _expected_ledger(matches, results, before)
    for match in matches:
        stored = Counter(
            (w, r, p, f)
            for w, r, p, f in PrestigeEntry.objects.filter(match=match).values_list(
                "wrestler_id", "reason", "prestige", "fame"
            )
        )
        assert stored == expected[match.pk], f"match {match.order}: ledger {stored} != clean {expected[match.pk]}"
        per_wrestler = Counter(w for w, r, _, _ in stored.elements() if r in RESULT_REASONS)
        assert sorted(per_wrestler.values()) == [1] * len(_participants(match)), f"match {match.order}: one result"
    _assert_lineages(matches, results, before)


def _assert_lineages(matches, results, before):
    for title_id, rows in before.reigns.items():
        lineage = [dict(r) for r in rows]
        for match in matches:
            result = results[match.pk]
            if match.title_id != title_id or result["winner"] is None:
                continue
            winners = frozenset(p.wrestler_id for p in _participants(match) if p.side == result["winner"])
            current = next((r for r in lineage if r["is_current"]), None)
            if current is not None and current["holders"] <= winners:
                current["defenses"] += 1
                continue
            dq = result["method"] in result_services.WIN_METHODS_DQ
            if dq and not match.setup["stipulation"].get("titles_change_on_dq"):
                continue
            if current is not None:
                current.update(is_current=False, lost_match=match.pk)
            number = max((r["number"] for r in lineage), default=0) + 1
            lineage.append(
                {
                    "number": number,
                    "holders": winners,
                    "won_match": match.pk,
                    "lost_match": None,
                    "is_current": True,
                    "defenses": 0,
                }
            )
        assert _reign_rows(title_id) == lineage, f"title {title_id}: the lineage differs from a clean run"


def _assert_totals_from_scratch(wrestler):
    sums = PrestigeEntry.objects.filter(wrestler=wrestler).aggregate(p=Sum("prestige"), f=Sum("fame"))
    assert (wrestler.prestige, wrestler.fame) == (sums["p"] or 0, sums["f"] or 0), (
        f"{wrestler}: Prestige/Fame {wrestler.prestige}/{wrestler.fame} but the ledger sums to {sums}"
    )


def _assert_record_from_scratch(wrestler):
    wins, losses, draws = Counter(), Counter(), Counter()
    titled = Counter()
    for p in MatchParticipant.objects.filter(wrestler=wrestler).select_related("match__card__promotion"):
        if p.match.status != MatchStatus.FINISHED:
            continue
        result = clean_events(p.match)[-1]
        outcome = "D" if result["winner"] is None else ("W" if result["winner"] == p.side else "L")
        {"W": wins, "L": losses, "D": draws}[outcome][result["method"]] += 1
        if p.match.title_id is not None:
            titled[outcome] += 1
    rec = record(wrestler)
    assert (rec.wins, rec.losses, rec.draws) == (wins, losses, draws), f"{wrestler}: record differs"
    assert (rec.title_wins, rec.title_losses, rec.title_draws) == (titled["W"], titled["L"], titled["D"])


def _assert_injuries_from_scratch(wrestler):
    expected = Counter()
    for p in MatchParticipant.objects.filter(wrestler=wrestler).select_related("match__card__promotion"):
        if p.match.status != MatchStatus.FINISHED:
            continue
        match = p.match
        result = clean_events(match)[-1]
        sheets = [sheet for side in match.setup["sides"] for sheet in side]
        index = [x.pk for x in _participants(match)].index(p.pk)
        final = result.get("state") or []
        if index < len(final) and index < len(sheets):
            expected.update(result_services._new_injuries(ruleset_of(match), sheets[index], final[index]))
    stored = Counter(dict(Injury.objects.filter(wrestler=wrestler).values_list("body_part", "points")))
    assert +stored == +expected, f"{wrestler}: injuries {dict(stored)} != clean {dict(expected)}"


# --- fault points ----------------------------------------------------------------------------------------------

FAULT_SEED = int(os.environ.get("KAYFABE_FAULT_SEED", "1030"))


def fault_points(fault, n=3):
    """``n`` points of the card at which to inject ``fault``, as fractions of the card's events, drawn from a
    seeded RNG. The seed is in the test id; set KAYFABE_FAULT_SEED to try other points."""
    rng = random.Random(f"{FAULT_SEED}:{fault}")  # noqa: S311 - test points, not secrets
    fractions = sorted(round(rng.uniform(0.05, 0.95), 2) for _ in range(n))
    return [pytest.param(f, id=f"at-{round(f * 100)}pct-seed{FAULT_SEED}") for f in fractions]


def stored_events(card):
    return MatchEvent.objects.filter(match__card=card).count()


# A fault strikes at the end of a round: the worker has just stored the round's events and sleeps the card's pace
# before the next round, so a test that sees ``k`` events stored has that pause to strike in. Events within a round
# (the final bell, a pin and its count, the result) are stored back to back, and a strike aimed among them could
# find the card already over. At least this many paced pauses must still be ahead of the strike.
PAUSES_AFTER_A_STRIKE = 3


def fault_point(card, fraction):
    """After go-live (seeds fixed): the number of stored events at which to strike, the end of the round nearest
    ``fraction`` of the card with at least ``PAUSES_AFTER_A_STRIKE`` paced pauses still to come, and the match
    then airing, and the card's total."""
    matches = sorted(Match.objects.filter(card=card).select_related("card__promotion"), key=lambda m: m.order)
    boundaries, total = [], 0  # (events stored when the worker pauses, the match airing)
    for match in matches:
        events = clean_events(match)
        for i, (event, following) in enumerate(zip(events, events[1:])):
            if following["round"] != event["round"]:
                boundaries.append((total + i + 1, match))
        total += len(events)
    candidates = boundaries[:-PAUSES_AFTER_A_STRIKE]
    assert candidates, "the card is too short to strike in while it airs"
    k, match = min(candidates, key=lambda b: abs(b[0] - fraction * total))
    return k, match, total


def wait_for_events(card, k, timeout=90):
    """Wait until ``k`` events of the card are stored; fails if the card ends first (the fault would miss)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if stored_events(card) >= k:
            return
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {k} events")


# --- a browser watching ------------------------------------------------------------------------------------------


class BrowserWatch:
    """A viewer keeping the faulted match and its card open through a fault, with every HTTP response either page
    received (page loads, HTMX polls, the EventSource and its reconnects)."""

    def __init__(self, page, live_url, card):
        self.responses = []
        self.live_url, self.match = live_url, None
        self.match_page = self._watch(page)
        self.card_page = self._watch(page.context.new_page())
        self.card_page.goto(live_url + card.get_absolute_url())

    def open_match(self, match):
        self.match = match
        self.match_page.goto(self.live_url + match.get_absolute_url())
        return self

    def _watch(self, page):
        page.on("response", lambda response: self.responses.append((response.status, response.url)))
        return page

    def arrive(self):
        """Viewers arriving during the fault: both pages and their HTMX regions are asked for, without waiting
        (the answers come when the server can give them); ``arrived()`` collects the statuses."""
        for page in (self.match_page, self.card_page):
            page.evaluate(
                """() => { window.kayfabeArrived = null;
                Promise.all([fetch(location.href), fetch(location.href, {headers: {"HX-Request": "true"}})])
                  .then(rs => { window.kayfabeArrived = rs.map(r => r.status); }); }"""
            )

    def arrived(self):
        return [
            page.wait_for_function("() => window.kayfabeArrived").json_value()
            for page in (self.match_page, self.card_page)
        ]

    def assert_saw_the_end(self):
        """The match page ends showing the result with every line once, in order; the card page ends showing the
        results; and no response was a server error (a 503 "back in a moment" while the database is down is
        allowed)."""
        from playwright.sync_api import expect

        expect(self.match_page.locator("#result")).to_contain_text("Result", timeout=60_000)
        seqs = [int(s) for s in self.match_page.locator("#log > li").evaluate_all("els => els.map(e => e.dataset.seq)")]
        assert seqs == list(range(MatchEvent.objects.filter(match=self.match).count())), (
            f"the browser's log has a gap or a duplicate: {seqs}"
        )
        expect(self.card_page.locator("#card-progress h2")).to_have_text("Results", timeout=30_000)
        bad = [(status, url) for status, url in self.responses if status >= 500 and status != 503]
        assert not bad, f"the browser saw server errors: {bad}"


# --- cards and the sweeper ------------------------------------------------------------------------------------------


def book_title_card(personas, *, matches=3, pace=0.05, name="Fault Card"):
    """A card whose first match puts a title on the line, held by that match's side-0 wrestler (so the result is
    a defense or a change), for checking title lineages after a fault."""
    from promotion.models import Title
    from tests.factories import book_card

    title = Title.objects.create(promotion=personas.promotion, name=f"{name} Title")
    card = book_card(personas.promotion, personas.promoter, matches=matches, pace=pace, name=name, title=title)
    first = Match.objects.filter(card=card).order_by("order").first()
    champion = MatchParticipant.objects.get(match=first, side=0).wrestler
    reign = TitleReign.objects.create(title=title, number=1, won_week=1, won_method="awarded")
    reign.holders.set([champion])
    return card


def finish_with_sweeps(card, timeout=120):
    """Run the sweeper as Celery beat would (every 30 s in production; here as soon as a card is stuck) until the
    card is finished."""
    from matches.tasks import sweep_stuck_cards

    deadline = time.monotonic() + timeout
    while Card.objects.get(pk=card.pk).status != CardStatus.FINISHED:
        assert time.monotonic() < deadline, "the card did not finish"
        if services.stuck_cards():
            sweep_stuck_cards()
        time.sleep(0.5)
