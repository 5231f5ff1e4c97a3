"""Injury areas are the ruleset's (Ruleset.injury_areas): no fixed list of body parts in a constraint, room for
longer keys. Existing rows keep their keys (head, neck, body, back, arm, leg are the built-in rulesets' areas)."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("roster", "0004_roster_indexes"),
    ]

    operations = [
        migrations.RemoveConstraint(model_name="injury", name="injury_body_part_known"),
        migrations.AlterField(model_name="injury", name="body_part", field=models.CharField(max_length=20)),
        migrations.AddConstraint(
            model_name="injury",
            constraint=models.CheckConstraint(condition=~models.Q(body_part=""), name="injury_body_part_named"),
        ),
    ]
