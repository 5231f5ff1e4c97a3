import secrets

from django.conf import settings
from django.db import models
from django.urls import reverse

from rules import get_ruleset, ruleset_ids


def ruleset_choices():
    """Every registered ruleset, by its label (a ruleset plugs in through rules/ alone: no list here)."""
    return [(ruleset_id, get_ruleset(ruleset_id).label) for ruleset_id in ruleset_ids()]


class Role(models.TextChoices):
    OWNER = "owner", "Owner"
    PROMOTER = "promoter", "Promoter"
    PLAYER = "player", "Player"
    VIEWER = "viewer", "Viewer"


# What each role may do, from most to least. A role includes every power of the roles after it.
ROLE_RANK = {Role.OWNER: 4, Role.PROMOTER: 3, Role.PLAYER: 2, Role.VIEWER: 1}


def new_invite_token():
    return secrets.token_urlsafe(18)


class Promotion(models.Model):
    name = models.CharField(max_length=80)
    slug = models.SlugField(max_length=80, unique=True)
    ruleset = models.CharField(max_length=20, choices=ruleset_choices)
    description = models.TextField(blank=True, max_length=2000)
    is_public = models.BooleanField(
        default=True, help_text="Anyone may see the roster and cards. Private promotions are visible to members only."
    )
    wrestlers_need_approval = models.BooleanField(
        default=True, help_text="A player's new wrestler must be approved by a promoter before it can be booked."
    )
    invite_token = models.CharField(max_length=40, unique=True, default=new_invite_token)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created = models.DateTimeField(auto_now_add=True)

    # House rules
    time_limit_minutes = models.PositiveSmallIntegerField(default=10, help_text="Default match time limit.")
    house_rules = models.JSONField(
        default=dict,
        blank=True,
        help_text="The ruleset's own house rules (Ruleset.house_rule_spec), as the ruleset validated them.",
    )
    titles_change_on_dq = models.BooleanField(default=False)
    book_injured = models.BooleanField(
        default=False, help_text="Injured wrestlers may be booked (with a warning). Off: booking them is refused."
    )
    odds_public = models.BooleanField(
        default=True,
        help_text="Off: only the promotion's promoters and owners see the odds before a match.",
    )
    current_week = models.PositiveIntegerField(default=1)
    auto_advance = models.BooleanField(
        default=False, help_text="Advance the week automatically every seven days (Celery beat)."
    )
    # The version of the promotion's cached page fragments (docs/caching.md): every service that changes what its
    # pages show bumps it in its own transaction (promotion.pages.pages_changed), never a model signal.
    pages_version = models.PositiveBigIntegerField(default=0, db_default=0, editable=False)

    class Meta:
        ordering = ["name"]
        constraints = [
            # Which ids exist is the registry's to say (validated on every write), so a new ruleset needs no migration.
            models.CheckConstraint(condition=~models.Q(ruleset=""), name="promotion_ruleset_named"),
            models.CheckConstraint(
                condition=models.Q(time_limit_minutes__gte=1, time_limit_minutes__lte=120),
                name="promotion_time_limit_range",
            ),
        ]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("promotion:detail", args=[self.slug])

    @property
    def pages_key(self):
        """What the cached fragments of this promotion's pages are keyed by: the row (its id and when it was made, so
        a new database's promotion of the same id never reads an old one's fragments) and its ``pages_version``."""
        return f"{self.pk}.{self.created.timestamp():.6f}.{self.pages_version}"

    def rules(self):
        """The promotion's ruleset (rules.base.Ruleset)."""
        return get_ruleset(self.ruleset)

    def checked_house_rules(self):
        """Every house rule of the ruleset, defaults filled in for any the promotion has not set (the services
        validate what they store; a rule the ruleset no longer knows raises rules.HouseRuleError)."""
        return self.rules().validate_house_rules(self.house_rules)

    def match_stipulation(self):
        """The stipulation keys every match of this promotion starts from (the engine reads them)."""
        ruleset = self.rules()
        return {
            "time_limit": self.time_limit_minutes * 60,
            **ruleset.house_stipulation(self.checked_house_rules()),
            "titles_change_on_dq": self.titles_change_on_dq,
        }


class MembershipStatus(models.TextChoices):
    ACTIVE = "active", "Active"
    REQUESTED = "requested", "Asked to join"
    INVITED = "invited", "Invited"


class Membership(models.Model):
    promotion = models.ForeignKey(Promotion, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=10, choices=Role.choices, default=Role.PLAYER)
    status = models.CharField(max_length=10, choices=MembershipStatus.choices, default=MembershipStatus.ACTIVE)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["promotion", "user__username"]
        constraints = [
            models.UniqueConstraint(fields=["promotion", "user"], name="membership_one_per_user"),
            models.CheckConstraint(condition=models.Q(role__in=Role.values), name="membership_role_known"),
            models.CheckConstraint(
                condition=models.Q(status__in=MembershipStatus.values), name="membership_status_known"
            ),
        ]
        indexes = [models.Index(fields=["user", "status"])]

    def __str__(self):
        return f"{self.user} in {self.promotion} ({self.role}, {self.status})"

    @property
    def is_active(self):
        return self.status == MembershipStatus.ACTIVE

    def has_role(self, role):
        return self.is_active and ROLE_RANK[self.role] >= ROLE_RANK[role]


class Referee(models.Model):
    """A referee of one promotion (ARM uses Skill, SAV and the warning limit; other rulesets ignore them)."""

    promotion = models.ForeignKey(Promotion, on_delete=models.CASCADE, related_name="referees")
    name = models.CharField(max_length=60)
    skill = models.PositiveSmallIntegerField(default=12, help_text="ARM: the referee's Skill (1-20).")
    sav = models.PositiveSmallIntegerField("SAV", default=10, help_text="ARM: how hard he is to fool (1-20).")
    warning_limit = models.PositiveSmallIntegerField(default=3, help_text="Warnings before he disqualifies.")

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["promotion", "name"], name="referee_name_unique"),
            models.CheckConstraint(condition=models.Q(skill__gte=1, skill__lte=20), name="referee_skill_range"),
            models.CheckConstraint(condition=models.Q(sav__gte=1, sav__lte=20), name="referee_sav_range"),
            models.CheckConstraint(
                condition=models.Q(warning_limit__gte=1, warning_limit__lte=10), name="referee_warning_limit_range"
            ),
        ]

    def __str__(self):
        return self.name

    def as_stipulation(self):
        return {"name": self.name, "skill": self.skill, "sav": self.sav, "warning_limit": self.warning_limit}


class Division(models.TextChoices):
    SINGLES = "singles", "Singles"
    TAG = "tag", "Tag team"


class Title(models.Model):
    promotion = models.ForeignKey(Promotion, on_delete=models.CASCADE, related_name="titles")
    name = models.CharField(max_length=80)
    division = models.CharField(max_length=10, choices=Division.choices, default=Division.SINGLES)
    is_active = models.BooleanField(default=True)
    defense_interval_weeks = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="The champion must defend at least this often (weeks)."
    )

    class Meta:
        ordering = ["promotion", "name"]
        constraints = [
            models.UniqueConstraint(fields=["promotion", "name"], name="title_name_unique"),
            models.CheckConstraint(condition=models.Q(division__in=Division.values), name="title_division_known"),
        ]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("promotion:title", args=[self.promotion.slug, self.pk])


class ReignEnd(models.TextChoices):
    LOST = "lost", "Lost"
    VACATED = "vacated", "Vacated"
    RETIRED = "retired", "Title retired"


class TitleReign(models.Model):
    """One reign. Opened and closed by match results (matches.services), or vacated by an owner."""

    title = models.ForeignKey(Title, on_delete=models.CASCADE, related_name="reigns")
    number = models.PositiveIntegerField(help_text="Reign number in the title's history (1, 2, ...).")
    holders = models.ManyToManyField("roster.Wrestler", related_name="reigns")
    won_match = models.ForeignKey(
        "matches.Match", null=True, blank=True, on_delete=models.SET_NULL, related_name="reigns_won"
    )
    won_week = models.PositiveIntegerField()
    won_method = models.CharField(max_length=20, blank=True, help_text="pinfall, submission, ... or 'awarded'.")
    is_current = models.BooleanField(default=True)
    lost_match = models.ForeignKey(
        "matches.Match", null=True, blank=True, on_delete=models.SET_NULL, related_name="reigns_lost"
    )
    ended_week = models.PositiveIntegerField(null=True, blank=True)
    end = models.CharField(max_length=10, choices=ReignEnd.choices, blank=True)
    end_reason = models.CharField(max_length=200, blank=True)
    defenses = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["title", "number"]
        constraints = [
            models.UniqueConstraint(fields=["title", "number"], name="reign_number_unique"),
            models.UniqueConstraint(
                fields=["title"], condition=models.Q(is_current=True), name="reign_one_current_per_title"
            ),
            models.CheckConstraint(
                condition=models.Q(is_current=True, ended_week__isnull=True)
                | models.Q(is_current=False, ended_week__isnull=False),
                name="reign_current_iff_not_ended",
            ),
        ]

    def __str__(self):
        return f"{self.title} reign {self.number}"


class LedgerReason(models.TextChoices):
    START = "start", "Starting Prestige"
    WIN = "win", "Win"
    LOSS = "loss", "Loss"
    DRAW = "draw", "Draw"
    DQ_WIN = "dq_win", "Win by DQ or count-out"
    ENGINEERED = "engineered", "Engineered result"
    FLAIR = "flair", "Flair spot bonus"
    HEAT = "heat", "Crowd heat"
    TITLE_WIN = "title_win", "Title win"
    TITLE_LOSS = "title_loss", "Title loss"
    TITLE_DEFENSE = "title_defense", "Title defense"
    INACTIVITY = "inactivity", "Inactivity"
    ADJUSTMENT = "adjustment", "Adjustment by the owner"


class PrestigeEntry(models.Model):
    """One change of a wrestler's Prestige or Fame, with its reason. The wrestler's totals are the sums."""

    wrestler = models.ForeignKey("roster.Wrestler", on_delete=models.CASCADE, related_name="ledger")
    match = models.ForeignKey("matches.Match", null=True, blank=True, on_delete=models.CASCADE, related_name="ledger")
    week = models.PositiveIntegerField()
    reason = models.CharField(max_length=20, choices=LedgerReason.choices)
    prestige = models.IntegerField(default=0)
    fame = models.IntegerField(default=0)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-week", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["wrestler", "match", "reason"],
                condition=models.Q(match__isnull=False),
                name="ledger_once_per_match_and_reason",
            ),
        ]
        indexes = [models.Index(fields=["wrestler", "week"])]

    def __str__(self):
        return f"{self.wrestler}: {self.prestige:+d} Prestige ({self.get_reason_display()})"


class WeekLog(models.Model):
    """One advanced week of a promotion: created once (unique), with what happened in it (the league log)."""

    promotion = models.ForeignKey(Promotion, on_delete=models.CASCADE, related_name="week_logs")
    week = models.PositiveIntegerField(help_text="The week that ended.")
    advanced_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created = models.DateTimeField(auto_now_add=True)
    healed = models.JSONField(default=list, help_text="[{wrestler, name, healed, left}]")
    returned = models.JSONField(default=list, help_text="Wrestlers back from injury or suspension.")
    title_changes = models.JSONField(default=list)
    rankings = models.JSONField(default=dict, help_text="{title id: [{wrestler, name, rank, moved}]}")

    class Meta:
        ordering = ["promotion", "-week"]
        constraints = [models.UniqueConstraint(fields=["promotion", "week"], name="weeklog_once_per_week")]

    def __str__(self):
        return f"{self.promotion} week {self.week}"


class Notice(models.Model):
    """A message to a user: about his wrestlers (reviewed, booked, a result, healed, back from suspension, moved in
    the rankings), his memberships (invited, accepted), or, for promoters, a request to answer."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notices")
    promotion = models.ForeignKey(Promotion, on_delete=models.CASCADE, related_name="notices")
    week = models.PositiveIntegerField()
    text = models.CharField(max_length=300)
    link = models.CharField(max_length=200, blank=True, help_text="Where to act on it or read more (a path).")
    read = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created", "-pk"]
        indexes = [models.Index(fields=["user", "read"])]

    def __str__(self):
        return self.text


class ContenderSnapshot(models.Model):
    """The contender ranking of a title at a moment (after a match, or a week), for movement arrows."""

    title = models.ForeignKey(Title, on_delete=models.CASCADE, related_name="snapshots")
    match = models.ForeignKey("matches.Match", null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    week = models.PositiveIntegerField()
    ranking = models.JSONField(help_text="[[wrestler id, score], ...] best first")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["title", "-pk"]
        indexes = [models.Index(fields=["title", "-id"])]

    def __str__(self):
        return f"{self.title} contenders, week {self.week}"


class WrestlerReview(models.Model):
    """A promoter's decision on a wrestler, with the sheet he decided on: the review page shows the changes since
    the last approved one. Kept here (not on the wrestler) so the decisions are a history."""

    wrestler = models.ForeignKey("roster.Wrestler", on_delete=models.CASCADE, related_name="reviews")
    approved = models.BooleanField()
    sheet = models.JSONField(help_text="The sheet as it was decided on.")
    note = models.CharField(max_length=200, blank=True)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+")
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["wrestler", "-created", "-pk"]
        indexes = [models.Index(fields=["wrestler", "approved", "-id"])]

    def __str__(self):
        return f"{self.wrestler}: {'approved' if self.approved else 'rejected'}"
