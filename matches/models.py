from django.conf import settings
from django.db import models
from django.urls import reverse


class CardStatus(models.TextChoices):
    DRAFT = "draft", "Draft"
    BOOKED = "booked", "Booked"
    LIVE = "live", "Live"
    FINISHED = "finished", "Finished"


class Card(models.Model):
    """A show: an ordered list of matches, taken live at a pace."""

    promotion = models.ForeignKey("promotion.Promotion", on_delete=models.CASCADE, related_name="cards")
    name = models.CharField(max_length=80)
    week = models.PositiveIntegerField()
    venue = models.CharField(max_length=80, blank=True)
    status = models.CharField(max_length=10, choices=CardStatus.choices, default=CardStatus.DRAFT)
    pace = models.FloatField(
        default=0, help_text="Broadcast pace in seconds per round; 0 airs every match at once (instant)."
    )
    # Interactive matches (matches/interactive.py): how long a player has for each decision before his tactics choose.
    decision_seconds = models.PositiveSmallIntegerField(
        "seconds per decision",
        default=60,
        help_text="In a match the players play: the time a player has for each decision, then his tactics choose.",
    )
    created = models.DateTimeField(auto_now_add=True)
    went_live = models.DateTimeField(null=True, blank=True)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-week", "-pk"]
        constraints = [
            models.CheckConstraint(condition=models.Q(status__in=CardStatus.values), name="card_status_known"),
            models.CheckConstraint(condition=models.Q(pace__gte=0, pace__lte=60), name="card_pace_range"),
            models.CheckConstraint(condition=models.Q(week__gte=1), name="card_week_positive"),
            models.CheckConstraint(
                condition=models.Q(decision_seconds__gte=10, decision_seconds__lte=600),
                name="card_decision_seconds_range",
            ),
        ]
        indexes = [models.Index(fields=["promotion", "status"])]

    def __str__(self):
        return f"{self.name} (week {self.week})"

    def get_absolute_url(self):
        return reverse("matches:card", args=[self.promotion.slug, self.pk])

    @property
    def is_editable(self):
        return self.status in (CardStatus.DRAFT, CardStatus.BOOKED)


class MatchKind(models.TextChoices):
    SINGLES = "singles", "Singles"
    TAG = "tag", "Tag team"
    CAGE = "cage", "Cage"
    PROMO = "promo", "Promo segment"


# Kinds that are segments, not matches (a ruleset lists the ones it plays in ``segment_kinds``): booked and aired
# like a match, with no winner, title, referee or stipulation, and left out of records, rankings and the ledger.
SEGMENT_KINDS = (MatchKind.PROMO,)


class MatchStatus(models.TextChoices):
    SCHEDULED = "scheduled", "Scheduled"
    RUNNING = "running", "In progress"
    FINISHED = "finished", "Finished"


class CageMaterial(models.TextChoices):
    CHAINLINK = "chainlink", "Chain-link"
    STEEL = "steel", "Steel pipe"


class EscapeRule(models.TextChoices):
    PINFALL = "pinfall", "Standard victory only"
    ESCAPE = "escape", "Escape only"
    EITHER = "either", "Either"


class Match(models.Model):
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="matches")
    order = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=10, choices=MatchKind.choices, default=MatchKind.SINGLES)
    referee = models.ForeignKey("promotion.Referee", null=True, blank=True, on_delete=models.SET_NULL)
    title = models.ForeignKey(
        "promotion.Title", null=True, blank=True, on_delete=models.SET_NULL, related_name="matches"
    )
    time_limit_minutes = models.PositiveSmallIntegerField(null=True, blank=True)
    no_dq = models.BooleanField("no disqualification", default=False)
    titles_change_on_dq = models.BooleanField(default=False)
    cage_material = models.CharField(max_length=10, choices=CageMaterial.choices, blank=True)
    cage_height_ft = models.PositiveSmallIntegerField(null=True, blank=True)
    cage_internal = models.BooleanField(default=True)
    cage_roof = models.BooleanField(default=False)
    escape_rule = models.CharField(max_length=10, choices=EscapeRule.choices, blank=True)
    promo_df = models.PositiveSmallIntegerField(
        "promo Difficulty", null=True, blank=True, help_text="A single promo's Difficulty; empty: the ruleset's."
    )
    # Odds from simulated matches, written by a worker (matches/odds.py): {"key": digest of the setup they were
    # played for, "sims": n, "rows": [{"who", "pct", "methods"}]}. Shown while the key is the current setup's.
    odds = models.JSONField(null=True, blank=True, editable=False)
    # Played by the wrestlers' players, decision by decision, in the browser (matches/interactive.py); only where
    # the ruleset has decision points (Ruleset.decisions).
    interactive = models.BooleanField("played by the players", default=False)

    # Fixed when the card goes live: the seed and the exact setup (sheets and stipulation) the engine plays,
    # so a resumed task, or anyone with the CLI, replays the same match event for event.
    seed = models.BigIntegerField(null=True, blank=True)
    setup = models.JSONField(null=True, blank=True)
    status = models.CharField(max_length=10, choices=MatchStatus.choices, default=MatchStatus.SCHEDULED)
    lease_until = models.DateTimeField(null=True, blank=True)
    started = models.DateTimeField(null=True, blank=True)

    # Result, written once at the final bell (matches.result_services.match_apply_result).
    winner_side = models.PositiveSmallIntegerField(null=True, blank=True)
    method = models.CharField(max_length=20, blank=True)
    rounds = models.PositiveIntegerField(null=True, blank=True)
    result_text = models.CharField(max_length=300, blank=True)
    # The ruleset's recap of the stored events (Ruleset.recap), for the match page and the export.
    recap = models.TextField(blank=True)
    title_changed = models.BooleanField(default=False)
    finished = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["card", "order"]
        verbose_name_plural = "matches"
        constraints = [
            models.UniqueConstraint(fields=["card", "order"], name="match_order_unique_per_card"),
            models.CheckConstraint(condition=models.Q(kind__in=MatchKind.values), name="match_kind_known"),
            models.CheckConstraint(condition=models.Q(status__in=MatchStatus.values), name="match_status_known"),
            models.CheckConstraint(
                condition=models.Q(status="finished", method__gt="") | ~models.Q(status="finished"),
                name="match_finished_has_method",
            ),
            # A segment is no match: nothing on the line, nobody officiating, no stipulation, nobody wins.
            models.CheckConstraint(
                condition=~models.Q(kind__in=SEGMENT_KINDS)
                | models.Q(
                    title__isnull=True,
                    referee__isnull=True,
                    winner_side__isnull=True,
                    title_changed=False,
                    time_limit_minutes__isnull=True,
                    no_dq=False,
                    titles_change_on_dq=False,
                    cage_material="",
                    cage_height_ft__isnull=True,
                    escape_rule="",
                    interactive=False,
                ),
                name="match_segment_is_no_match",
            ),
            models.CheckConstraint(
                condition=models.Q(promo_df__isnull=True)
                | models.Q(kind=MatchKind.PROMO, promo_df__gte=1, promo_df__lte=40),
                name="match_promo_df_range",
            ),
        ]
        indexes = [models.Index(fields=["status", "lease_until"])]

    def __str__(self):
        if self.is_segment:
            return f"{self.card}: promo {self.order}"
        return f"{self.card}: match {self.order}"

    def get_absolute_url(self):
        return reverse("matches:match", args=[self.card.promotion.slug, self.pk])

    @property
    def is_segment(self):
        return self.kind in SEGMENT_KINDS


class MatchParticipant(models.Model):
    """A wrestler on one side of a match. ``card`` is repeated here so that the database itself refuses the
    same wrestler twice on one card: once in a match and once in a segment (``segment``, set by the booking
    services from the match's kind)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="participants")
    card = models.ForeignKey(Card, on_delete=models.CASCADE, related_name="participants")
    side = models.PositiveSmallIntegerField()
    slot = models.PositiveSmallIntegerField(default=0)
    # RESTRICT: a wrestler with matches cannot be deleted (retire him), but deleting his promotion deletes all.
    wrestler = models.ForeignKey("roster.Wrestler", on_delete=models.RESTRICT, related_name="participations")
    segment = models.BooleanField(default=False)  # the match is a segment (a promo), not a match

    class Meta:
        ordering = ["match", "side", "slot"]
        constraints = [
            models.UniqueConstraint(fields=["match", "wrestler"], name="participant_once_per_match"),
            models.UniqueConstraint(
                fields=["card", "wrestler"], condition=models.Q(segment=False), name="participant_once_per_card"
            ),
            models.UniqueConstraint(
                fields=["card", "wrestler"], condition=models.Q(segment=True), name="participant_one_segment_per_card"
            ),
            models.UniqueConstraint(fields=["match", "side", "slot"], name="participant_slot_unique"),
        ]
        indexes = [models.Index(fields=["wrestler", "match"])]

    def __str__(self):
        return f"{self.wrestler} (side {self.side}) in {self.match}"


class MatchEvent(models.Model):
    """One event of the play-by-play, exactly as the engine produced it. Unique on (match, seq): writing the
    same event twice is a no-op, so a resumed task cannot duplicate or reorder the log."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="events")
    seq = models.PositiveIntegerField()
    type = models.CharField(max_length=30)
    round = models.PositiveIntegerField(default=0)
    data = models.JSONField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["match", "seq"]
        constraints = [models.UniqueConstraint(fields=["match", "seq"], name="event_seq_unique_per_match")]

    def __str__(self):
        return f"{self.match} #{self.seq} {self.type}"


class DecisionAuto(models.TextChoices):
    TIMEOUT = "timeout", "The clock ran out: the tactics chose"
    TACTICS = "tactics", "Handed to the tactics"


class MatchDecision(models.Model):
    """One decision point of an interactive match (matches/interactive.py). The worker writes it when the engine
    stops there (``options``, ``deadline``); it is made once: a person's ``option``, or ``auto`` (his tactics, on
    time-out or because he handed his side over). Unique on (match, index) and made by one compare-and-swap on
    ``made``, so a double click, a replayed request or a time-out racing a click changes it at most once."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="decisions")
    index = models.PositiveIntegerField()
    side = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=30)
    wrestler = models.CharField(max_length=60)
    prompt = models.CharField(max_length=200)
    options = models.JSONField()  # [Option.to_json() + {"chance"}], in the engine's order
    refused = models.JSONField(default=list)  # [{"id", "label", "reason"}]: listed by the rules, not allowed now
    after_seq = models.IntegerField()  # the last event stored before the decision (-1: none)
    deadline = models.DateTimeField()
    option = models.CharField(max_length=100, blank=True)
    auto = models.CharField(max_length=10, choices=DecisionAuto.choices, blank=True)
    chosen_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)
    made = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["match", "index"]
        constraints = [
            models.UniqueConstraint(fields=["match", "index"], name="decision_once_per_index"),
            models.CheckConstraint(
                condition=models.Q(made__isnull=True, option="", auto="", chosen_by__isnull=True)
                | models.Q(made__isnull=False, auto="", option__gt="")
                | models.Q(made__isnull=False, option="", auto=DecisionAuto.TIMEOUT, chosen_by__isnull=True)
                | models.Q(made__isnull=False, option="", auto=DecisionAuto.TACTICS),
                name="decision_made_once_one_way",
            ),
        ]

    def __str__(self):
        return f"{self.match} decision {self.index} ({self.kind}, side {self.side})"

    def as_choice(self):
        """The record rules.stepwise.play replays."""
        if self.auto:
            return {"index": self.index, "side": self.side, "auto": self.auto}
        return {"index": self.index, "side": self.side, "option": self.option}


class WinChance(models.Model):
    """Each side's chance to win after event ``seq`` of a match (-1: before the bell), from continuations of the
    match (rules.win_probability, matches/win_probability.py). Written by the worker that airs the match, before
    that event is stored, and shown only once it is."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="chances")
    seq = models.IntegerField()
    round = models.PositiveIntegerField(default=0)
    clock = models.FloatField(default=0)
    sims = models.PositiveIntegerField()
    # rules.win_probability.line: {"win": [p per side], "win_se", "draw", "draw_se", "methods", "methods_se"}
    data = models.JSONField()

    class Meta:
        ordering = ["match", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["match", "seq"], name="chance_seq_unique_per_match"),
            models.CheckConstraint(condition=models.Q(seq__gte=-1), name="chance_seq_from_the_bell"),
            models.CheckConstraint(condition=models.Q(sims__gte=1), name="chance_sims_positive"),
        ]

    def __str__(self):
        return f"{self.match} chances after #{self.seq}"
