"""House rules: the ruleset's own options, in one JSON field the ruleset validates, on the settings page by label."""

import re

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from promotion import services
from promotion.models import Promotion
from tests.factories import WrestlerFactory

BEFORE, AFTER = ("promotion", "0006_ledger_start"), ("promotion", "0007_promotion_house_rules")


def owned(personas, ruleset, **fields):
    return services.promotion_create(user=personas.owner, name=f"{ruleset} house", ruleset=ruleset, **fields)


# --- the service -------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_new_promotion_stores_every_house_rule_of_its_ruleset(personas):
    promotion = owned(personas, "arm", house_rules={"warning_limit": 5})
    promotion.refresh_from_db()
    assert promotion.house_rules == {
        "warning_limit": 5,
        "automatic_dq": ["choke_count", "rope_break_count", "referee_contact", "foreign_object", "interference"],
    }
    stipulation = promotion.match_stipulation()
    assert stipulation["referee"] == {"name": "the referee", "skill": 10, "sav": 10, "warning_limit": 5}
    assert owned(personas, "wildknight").house_rules == {}


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("ruleset", "house_rules", "message"),
    [
        (
            "arm",
            {"warning_limit": 0},
            "Referee warnings before a DQ (warning_limit): must be a whole number from 1 to 10",
        ),
        ("arm", {"automatic_dq": ["biting"]}, "Automatic disqualifications (automatic_dq): must be a list drawn from"),
        ("hp-d6", {"run_ins": "yes"}, "Run-ins (run_ins): must be true or false"),
        ("hp-d6", {"automatic_dq": []}, "automatic_dq: is not a house rule of WWF RPG"),
        ("wildknight", ["run_ins"], "house_rules: must be an object"),
    ],
)
def test_a_bad_house_rule_is_refused_by_name_and_nothing_is_written(personas, ruleset, house_rules, message):
    before = Promotion.objects.count()
    with pytest.raises(ValidationError) as exc:
        owned(personas, ruleset, house_rules=house_rules)
    assert message in exc.value.message_dict["house_rules"][0]
    assert Promotion.objects.count() == before


@pytest.mark.django_db
def test_an_update_changes_the_rules_it_names_and_keeps_the_others(personas):
    promotion = owned(personas, "hp-d6", house_rules={"run_ins": True})
    services.promotion_update(promotion=promotion, by=personas.owner, house_rules={"foreign_objects": True})
    promotion.refresh_from_db()
    assert promotion.house_rules == {"foreign_objects": True, "run_ins": True, "attack_referee": False}
    with pytest.raises(ValidationError, match="attack_referee"):
        services.promotion_update(promotion=promotion, by=personas.owner, house_rules={"attack_referee": 1})
    promotion.refresh_from_db()
    assert promotion.house_rules["attack_referee"] is False


@pytest.mark.django_db
def test_a_promotion_that_changes_ruleset_starts_from_the_new_rulesets_defaults(personas):
    promotion = owned(personas, "hp-d6", house_rules={"run_ins": True})
    services.promotion_update(promotion=promotion, by=personas.owner, ruleset="arm")
    promotion.refresh_from_db()
    assert promotion.ruleset == "arm" and set(promotion.house_rules) == {"warning_limit", "automatic_dq"}


# --- the pages ---------------------------------------------------------------------------------------


def settings_page(client, personas, promotion):
    client.force_login(personas.owner)
    response = client.get(f"/p/{promotion.slug}/settings/")
    assert response.status_code == 200
    return response.content.decode()


def input_names(html):
    return set(re.findall(r'<(?:input|select|textarea)[^>]* name="([^"]+)"', html)) - {"csrfmiddlewaretoken"}


GENERAL = {"name", "ruleset", "description", "is_public", "wrestlers_need_approval", "time_limit_minutes"}
GENERAL |= {"titles_change_on_dq", "book_injured", "odds_public"}


@pytest.mark.django_db
def test_the_settings_page_shows_only_the_promotions_own_house_rules_by_their_labels(client, personas):
    arm = settings_page(client, personas, owned(personas, "arm"))
    assert input_names(arm) == GENERAL | {"house_warning_limit", "house_automatic_dq"}
    assert "House rules of ARM (Advanced RingMaster)" in arm
    assert "Referee warnings before a DQ" in arm and "A choke held past the referee&#x27;s count" in arm
    assert "Run-ins" not in arm

    hp_d6 = settings_page(client, personas, owned(personas, "hp-d6"))
    assert input_names(hp_d6) == GENERAL | {"house_foreign_objects", "house_run_ins", "house_attack_referee"}
    assert "Run-ins" in hp_d6 and "Attacking the referee" in hp_d6
    assert "Automatic disqualifications" not in hp_d6 and "Referee warnings" not in hp_d6

    wildknight = settings_page(client, personas, personas.promotion)
    assert input_names(wildknight) == GENERAL and "House rules of" not in wildknight


@pytest.mark.django_db
def test_the_owner_sets_house_rules_on_the_settings_page(client, personas):
    promotion = owned(personas, "arm")
    WrestlerFactory(promotion=promotion)  # the ruleset is fixed now: the field is disabled
    client.force_login(personas.owner)
    data = {
        "name": promotion.name,
        "time_limit_minutes": "12",
        "house_warning_limit": "4",
        "house_automatic_dq": ["powder", "interference"],
    }
    response = client.post(f"/p/{promotion.slug}/settings/", data)
    assert response.status_code == 302
    promotion.refresh_from_db()
    assert promotion.house_rules == {"warning_limit": 4, "automatic_dq": ["interference", "powder"]}
    assert promotion.time_limit_minutes == 12

    response = client.post(f"/p/{promotion.slug}/settings/", {**data, "house_warning_limit": "11"})
    assert response.status_code == 422  # a refused form (issue 18)
    page = response.content.decode()
    assert "Ensure this value is less than or equal to 10." in page
    promotion.refresh_from_db()
    assert promotion.house_rules["warning_limit"] == 4

    detail = client.get(f"/p/{promotion.slug}/").content.decode()
    assert "<dt>Referee warnings before a DQ</dt><dd>4</dd>" in detail
    assert "<dd>Outside interference, Powder in the eyes</dd>" in detail


@pytest.mark.django_db
def test_unticking_every_automatic_dq_stores_none(client, personas):
    promotion = owned(personas, "arm")
    client.force_login(personas.owner)
    data = {"name": promotion.name, "ruleset": "arm", "time_limit_minutes": "10", "house_warning_limit": "3"}
    assert client.post(f"/p/{promotion.slug}/settings/", data).status_code == 302
    promotion.refresh_from_db()
    assert promotion.house_rules["automatic_dq"] == []
    assert "<dd>none</dd>" in client.get(f"/p/{promotion.slug}/").content.decode()


# --- the migration -----------------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_the_migration_moves_the_columns_into_house_rules_and_back():
    executor = MigrationExecutor(connection)
    try:
        executor.migrate([BEFORE])
        old = executor.loader.project_state([BEFORE]).apps
        user = old.get_model("auth", "User").objects.create(username="migrator")
        Old = old.get_model("promotion", "Promotion")
        common = {"created_by_id": user.pk}
        Old.objects.create(
            name="A", slug="a", ruleset="arm", referee_warning_limit=6, automatic_dq=["powder", "biting"], **common
        )
        Old.objects.create(name="H", slug="h", ruleset="hp-d6", hp_d6_run_ins=True, hp_d6_attack_referee=True, **common)
        Old.objects.create(name="W", slug="w", ruleset="wildknight", referee_warning_limit=9, **common)

        executor = MigrationExecutor(connection)
        executor.migrate([AFTER])
        new = executor.loader.project_state([AFTER]).apps.get_model("promotion", "Promotion")
        rules = dict(new.objects.values_list("slug", "house_rules"))
        assert rules == {
            "a": {"warning_limit": 6, "automatic_dq": ["powder"]},  # an infraction ARM does not know is dropped
            "h": {"foreign_objects": False, "run_ins": True, "attack_referee": True},
            "w": {},
        }
        columns = {
            c.name for c in connection.introspection.get_table_description(connection.cursor(), "promotion_promotion")
        }
        assert "house_rules" in columns and not columns & {"automatic_dq", "hp_d6_run_ins", "referee_warning_limit"}

        executor = MigrationExecutor(connection)
        executor.migrate([BEFORE])
        back = executor.loader.project_state([BEFORE]).apps.get_model("promotion", "Promotion")
        rows = {
            p.slug: (
                p.referee_warning_limit,
                p.automatic_dq,
                p.hp_d6_foreign_objects,
                p.hp_d6_run_ins,
                p.hp_d6_attack_referee,
            )
            for p in back.objects.all()
        }
        default_dq = ["choke_count", "rope_break_count", "referee_contact", "foreign_object", "interference"]
        assert rows == {
            "a": (6, ["powder"], False, False, False),
            "h": (3, default_dq, False, True, True),
            "w": (3, default_dq, False, False, False),
        }
    finally:
        executor = MigrationExecutor(connection)
        executor.migrate(executor.loader.graph.leaf_nodes())
