from django.conf import settings
from django.db import models
from django.db.models.functions import Lower
from django.urls import reverse


class Alignment(models.TextChoices):
    FACE = "face", "Face"
    HEEL = "heel", "Heel"


class WrestlerStatus(models.TextChoices):
    ACTIVE = "active", "Active"
    INJURED = "injured", "Injured"
    SUSPENDED = "suspended", "Suspended"
    RETIRED = "retired", "Retired"


class Approval(models.TextChoices):
    PENDING = "pending", "Waiting for approval"
    APPROVED = "approved", "Approved"
    REJECTED = "rejected", "Rejected"


# Prestige tiers, highest first: (lowest Prestige of the tier, its name).
PRESTIGE_TIERS = ((450, "Main event"), (300, "Upper mid-card"), (150, "Mid-card"), (-(10**9), "Preliminary"))


class Wrestler(models.Model):
    """A wrestler of one promotion. ``sheet`` is the ruleset's sheet, validated by ``rules`` before every save;
    the columns beside it mirror what pages filter and sort on (name, alignment, size)."""

    promotion = models.ForeignKey("promotion.Promotion", on_delete=models.CASCADE, related_name="wrestlers")
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="wrestlers"
    )
    ring_name = models.CharField(max_length=60)
    alignment = models.CharField(max_length=4, choices=Alignment.choices)
    height_in = models.PositiveSmallIntegerField("height (inches)", null=True, blank=True)
    weight_lb = models.PositiveSmallIntegerField("weight (lb)", null=True, blank=True)
    hometown = models.CharField(max_length=80, blank=True)
    bio = models.TextField(max_length=2000, blank=True)
    fame = models.PositiveIntegerField(default=0)
    prestige = models.IntegerField(default=0)
    status = models.CharField(max_length=10, choices=WrestlerStatus.choices, default=WrestlerStatus.ACTIVE)
    suspended_weeks = models.PositiveSmallIntegerField(default=0)
    weekly_heal = models.PositiveSmallIntegerField(
        default=1, help_text="Injury points healed per week, from the sheet (roster.healing)."
    )
    approval = models.CharField(max_length=10, choices=Approval.choices, default=Approval.APPROVED)
    approval_note = models.CharField(max_length=200, blank=True)
    sheet = models.JSONField(help_text="The ruleset's wrestler sheet, as validated by rules.")
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["ring_name"]
        constraints = [
            models.UniqueConstraint(Lower("ring_name"), "promotion", name="wrestler_ring_name_unique_ci"),
            models.CheckConstraint(condition=models.Q(alignment__in=Alignment.values), name="wrestler_alignment_known"),
            models.CheckConstraint(condition=models.Q(status__in=WrestlerStatus.values), name="wrestler_status_known"),
            models.CheckConstraint(condition=models.Q(approval__in=Approval.values), name="wrestler_approval_known"),
            models.CheckConstraint(
                condition=models.Q(height_in__isnull=True) | models.Q(height_in__gte=48, height_in__lte=108),
                name="wrestler_height_range",
            ),
            models.CheckConstraint(
                condition=models.Q(weight_lb__isnull=True) | models.Q(weight_lb__gte=80, weight_lb__lte=800),
                name="wrestler_weight_range",
            ),
        ]
        indexes = [
            models.Index(fields=["promotion", "status"]),
            models.Index(fields=["promotion", "owner"]),
            models.Index(fields=["promotion", "ring_name"]),
            models.Index(fields=["promotion", "-prestige"]),
        ]

    def __str__(self):
        return self.ring_name

    def get_absolute_url(self):
        return reverse("roster:wrestler", args=[self.promotion.slug, self.pk])

    @property
    def tier(self):
        """Where Prestige places him on a card (docs/league.md)."""
        for floor, name in PRESTIGE_TIERS:
            if self.prestige >= floor:
                return name
        return PRESTIGE_TIERS[-1][1]

    @property
    def is_bookable(self):
        return self.approval == Approval.APPROVED and self.status == WrestlerStatus.ACTIVE


class Injury(models.Model):
    """Injury points on one area of the body. The areas are the ruleset's (``Ruleset.injury_areas``; the services
    refuse others). The weekly cycle heals them with one set-based UPDATE."""

    wrestler = models.ForeignKey(Wrestler, on_delete=models.CASCADE, related_name="injuries")
    body_part = models.CharField(max_length=20)
    points = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["wrestler", "body_part"]
        constraints = [
            models.UniqueConstraint(fields=["wrestler", "body_part"], name="injury_one_row_per_body_part"),
            models.CheckConstraint(condition=models.Q(points__gte=0), name="injury_points_not_negative"),
            models.CheckConstraint(condition=~models.Q(body_part=""), name="injury_body_part_named"),
        ]

    def __str__(self):
        return f"{self.wrestler}: {self.body_part} {self.points}"
