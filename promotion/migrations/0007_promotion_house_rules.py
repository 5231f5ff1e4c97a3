"""House rules move into one JSON field the ruleset validates (Ruleset.house_rule_spec): ARM's automatic DQs and its
house referee's warning limit, and hp-d6's three advanced rules, leave their columns; a ruleset id is no longer
listed in a constraint (the registry says which exist).

Reversible: going back restores the columns from the JSON. A value a ruleset never read is not kept (the warning
limit and automatic DQs of hp-d6 and wildknight promotions; infractions ARM does not know): going back, those
columns take their defaults.
"""

from django.db import migrations, models

import promotion.models

# Frozen here as they were when this migration was written (the ruleset may change its own later).
ARM_AUTOMATIC_DQ = (
    "choke_count",
    "rope_break_count",
    "referee_contact",
    "foreign_object",
    "interference",
    "over_the_top",
    "fire_tab",
    "powder",
)
ARM_AUTOMATIC_DQ_DEFAULT = ["choke_count", "rope_break_count", "referee_contact", "foreign_object", "interference"]
HP_D6_ADVANCED = (
    ("foreign_objects", "hp_d6_foreign_objects"),
    ("run_ins", "hp_d6_run_ins"),
    ("attack_referee", "hp_d6_attack_referee"),
)


def columns_to_house_rules(apps, schema_editor):
    Promotion = apps.get_model("promotion", "Promotion")
    for promotion in Promotion.objects.all().iterator():
        if promotion.ruleset == "arm":
            chosen = promotion.automatic_dq or []
            promotion.house_rules = {
                "warning_limit": promotion.referee_warning_limit,
                "automatic_dq": [key for key in ARM_AUTOMATIC_DQ if key in chosen],
            }
        elif promotion.ruleset == "hp-d6":
            promotion.house_rules = {rule: getattr(promotion, column) for rule, column in HP_D6_ADVANCED}
        else:
            promotion.house_rules = {}
        promotion.save(update_fields=["house_rules"])


def house_rules_to_columns(apps, schema_editor):
    Promotion = apps.get_model("promotion", "Promotion")
    for promotion in Promotion.objects.all().iterator():
        rules = promotion.house_rules or {}
        if promotion.ruleset == "arm":
            promotion.referee_warning_limit = rules.get("warning_limit", 3)
            promotion.automatic_dq = list(rules.get("automatic_dq", ARM_AUTOMATIC_DQ_DEFAULT))
        elif promotion.ruleset == "hp-d6":
            for rule, column in HP_D6_ADVANCED:
                setattr(promotion, column, bool(rules.get(rule, False)))
        promotion.save(
            update_fields=["referee_warning_limit", "automatic_dq", *(column for _rule, column in HP_D6_ADVANCED)]
        )


class Migration(migrations.Migration):
    dependencies = [
        ("promotion", "0006_ledger_start"),
    ]

    operations = [
        migrations.AddField(
            model_name="promotion",
            name="house_rules",
            field=models.JSONField(
                blank=True,
                default=dict,
                help_text="The ruleset's own house rules (Ruleset.house_rule_spec), as the ruleset validated them.",
            ),
        ),
        migrations.RunPython(columns_to_house_rules, house_rules_to_columns),
        migrations.RemoveConstraint(model_name="promotion", name="promotion_ruleset_known"),
        migrations.RemoveConstraint(model_name="promotion", name="promotion_warning_limit_range"),
        migrations.RemoveField(model_name="promotion", name="automatic_dq"),
        migrations.RemoveField(model_name="promotion", name="hp_d6_attack_referee"),
        migrations.RemoveField(model_name="promotion", name="hp_d6_foreign_objects"),
        migrations.RemoveField(model_name="promotion", name="hp_d6_run_ins"),
        migrations.RemoveField(model_name="promotion", name="referee_warning_limit"),
        migrations.AlterField(
            model_name="promotion",
            name="ruleset",
            field=models.CharField(choices=promotion.models.ruleset_choices, max_length=20),
        ),
        migrations.AddConstraint(
            model_name="promotion",
            constraint=models.CheckConstraint(condition=~models.Q(ruleset=""), name="promotion_ruleset_named"),
        ),
    ]
