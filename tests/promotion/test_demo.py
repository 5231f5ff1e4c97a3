import pytest
from django.core.management import call_command

from promotion.models import Promotion
from roster.models import Wrestler
from rules import get_ruleset

pytestmark = pytest.mark.django_db


def test_the_demo_league_loads_twice_without_changing(settings):
    settings.DEBUG = True
    call_command("seed_demo")
    first = sorted(Wrestler.objects.values_list("promotion__slug", "ring_name", "sheet"))
    call_command("seed_demo")
    assert sorted(Wrestler.objects.values_list("promotion__slug", "ring_name", "sheet")) == first
    counts = {p.ruleset: p.wrestlers.count() for p in Promotion.objects.all()}
    assert counts == {"arm": 16, "hp-d6": 8, "wildknight": 8}


def test_every_demo_wrestler_is_a_valid_sheet_with_a_finisher(settings):
    settings.DEBUG = True
    call_command("seed_demo")
    for wrestler in Wrestler.objects.select_related("promotion"):
        ruleset = get_ruleset(wrestler.promotion.ruleset)
        assert ruleset.validate_sheet(wrestler.sheet)["name"] == wrestler.ring_name
        assert "finisher" in str(wrestler.sheet).lower(), wrestler.ring_name


def test_seed_demo_refuses_outside_debug(settings):
    from django.core.management.base import CommandError

    settings.DEBUG = False
    with pytest.raises(CommandError, match="--force"):
        call_command("seed_demo")
