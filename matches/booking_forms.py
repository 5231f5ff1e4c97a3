"""Forms of the card builder. They parse input only; the booking rules live in ``matches.booking_services``."""

from django import forms

from matches.booking_services import MatchSpec
from matches.interactive import supports
from matches.models import SEGMENT_KINDS, CageMaterial, Card, EscapeRule, MatchKind
from promotion.models import Referee, Title

MAX_ID = 2**31 - 1
SLOTS = ("side0_0", "side0_1", "side1_0", "side1_1")


class CardForm(forms.ModelForm):
    pace = forms.FloatField(
        min_value=0,
        max_value=60,
        initial=0,
        label="Pace (seconds per round)",
        help_text="0 airs every match at once (instant); anything above 0, up to 60, shows the rounds unfold.",
    )

    decision_seconds = forms.IntegerField(
        required=False,
        min_value=10,
        max_value=600,
        initial=60,
        label="Seconds per decision",
        help_text="In a match the players play: the time each decision waits before the wrestler's tactics choose.",
    )

    class Meta:
        model = Card
        fields = ["name", "week", "venue", "pace", "decision_seconds"]

    def __init__(self, *args, promotion, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["week"].widget.attrs.update(min=1, max=10_000)
        if not self.instance.pk:
            self.initial.setdefault("week", promotion.current_week)

    def clean_week(self):
        week = self.cleaned_data["week"]
        if week is None or not 1 <= week <= 10_000:
            raise forms.ValidationError("A week is a number from 1 to 10000.")
        return week

    def clean_decision_seconds(self):
        return self.cleaned_data.get("decision_seconds") or 60

    def _post_clean(self):
        pass  # the service runs full_clean with the promotion set


def _id_field(label):
    return forms.IntegerField(required=False, min_value=1, max_value=MAX_ID, label=label)


class MatchForm(forms.Form):
    kind = forms.ChoiceField(choices=MatchKind.choices, initial=MatchKind.SINGLES, label="Match type")
    side0_0 = _id_field("Wrestler")
    side0_1 = _id_field("Partner (tag matches)")
    side1_0 = _id_field("Opponent")
    side1_1 = _id_field("Opponent's partner (tag matches)")
    referee = forms.ModelChoiceField(queryset=Referee.objects.none(), required=False, empty_label="No referee named")
    title = forms.ModelChoiceField(queryset=Title.objects.none(), required=False, empty_label="No title on the line")
    time_limit_minutes = forms.IntegerField(
        required=False, min_value=1, max_value=120, label="Time limit (minutes)", help_text="Empty: the house rule."
    )
    no_dq = forms.BooleanField(required=False, label="No disqualification")
    titles_change_on_dq = forms.BooleanField(required=False, label="Titles change on a DQ")
    cage_material = forms.ChoiceField(choices=[("", "Default (chain-link)"), *CageMaterial.choices], required=False)
    cage_height_ft = forms.IntegerField(required=False, min_value=8, max_value=30, label="Cage height (feet)")
    cage_internal = forms.BooleanField(required=False, initial=True, label="Inside the ring (internal cage)")
    cage_roof = forms.BooleanField(required=False, label="Cage has a roof")
    escape_rule = forms.ChoiceField(choices=[("", "Default (either)"), *EscapeRule.choices], required=False)
    promo_df = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=40,
        label="Difficulty (single promo)",
        help_text="Empty: the ruleset's (10). A dueling promo has none: the opponent's roll is the Difficulty.",
    )
    interactive = forms.BooleanField(
        required=False,
        label="Played by the players",
        help_text="Each wrestler's player makes his decisions on the match page; the tactics choose on a time-out.",
    )

    def __init__(self, *args, promotion, **kwargs):
        super().__init__(*args, **kwargs)
        if not supports(promotion.rules()):
            del self.fields["interactive"]  # the ruleset has no decision points
        if self.is_bound:
            self.data = self._without_hidden(self.data)
        self.fields["referee"].queryset = Referee.objects.filter(promotion=promotion).order_by("name")
        self.fields["title"].queryset = Title.objects.filter(promotion=promotion, is_active=True).order_by("name")

    # The fields the page shows only for some match types (static/css/booking.css hides the others): a hidden
    # field's value (a cage height left from a cage match before the type became singles) is ignored, never refused.
    ONLY_FOR = {
        "side0_1": ("tag",),
        "side1_1": ("tag",),
        "cage_material": ("cage",),
        "cage_height_ft": ("cage",),
        "cage_internal": ("cage",),
        "cage_roof": ("cage",),
        "escape_rule": ("cage",),
        "promo_df": tuple(SEGMENT_KINDS),
    }
    NOT_FOR = dict.fromkeys(
        ("referee", "title", "time_limit_minutes", "no_dq", "titles_change_on_dq", "interactive"), SEGMENT_KINDS
    )

    @classmethod
    def shown(cls, name, kind):
        if name in cls.ONLY_FOR:
            return kind in cls.ONLY_FOR[name]
        return kind not in cls.NOT_FOR.get(name, ())

    def _without_hidden(self, data):
        kind = data.get("kind", "")
        if kind not in MatchKind.values:
            return data
        data = data.copy()
        for name in (*self.ONLY_FOR, *self.NOT_FOR):
            if not self.shown(name, kind) and name in data:
                if name == "cage_internal":
                    data[name] = "on"  # its default
                else:
                    del data[name]
        return data

    @classmethod
    def initial_for(cls, match):
        """The form's values for an existing match."""
        initial = {
            "kind": match.kind,
            "referee": match.referee_id,
            "title": match.title_id,
            "time_limit_minutes": match.time_limit_minutes,
            "no_dq": match.no_dq,
            "titles_change_on_dq": match.titles_change_on_dq,
            "cage_material": match.cage_material,
            "cage_height_ft": match.cage_height_ft,
            "cage_internal": match.cage_internal,
            "cage_roof": match.cage_roof,
            "escape_rule": match.escape_rule,
            "promo_df": match.promo_df,
            "interactive": match.interactive,
        }
        for p in match.participants.all():
            initial[f"side{p.side}_{p.slot}"] = p.wrestler_id
        return initial

    def selected(self, slot):
        """The wrestler id chosen in a slot (bound or initial), for rendering the pickers."""
        if self.is_bound:
            value = self.data.get(slot)
            value = str(value or "")
            return int(value) if value.isascii() and value.isdigit() and int(value) <= MAX_ID else None
        return self.initial.get(slot)

    def spec(self):
        data = self.cleaned_data
        kind = data["kind"]
        per_side = 2 if kind == MatchKind.TAG else 1
        sides = []
        for side in (0, 1):
            ids = [data.get(f"side{side}_{slot}") for slot in range(per_side)]
            sides.append([i for i in ids if i])
        if kind in SEGMENT_KINDS:
            sides = [side for side in sides if side]  # a single promo: whichever slot holds the wrestler
        return MatchSpec(
            kind=kind,
            sides=sides,
            referee_id=data["referee"].pk if data.get("referee") else None,
            title_id=data["title"].pk if data.get("title") else None,
            time_limit_minutes=data.get("time_limit_minutes"),
            no_dq=data.get("no_dq", False),
            titles_change_on_dq=data.get("titles_change_on_dq", False),
            cage_material=data.get("cage_material") or "",
            cage_height_ft=data.get("cage_height_ft"),
            cage_internal=data.get("cage_internal", True),
            cage_roof=data.get("cage_roof", False),
            escape_rule=data.get("escape_rule") or "",
            promo_df=data.get("promo_df"),
            interactive=data.get("interactive", False),
        )


class MoveForm(forms.Form):
    direction = forms.ChoiceField(choices=[("up", "Up"), ("down", "Down")])

    @property
    def delta(self):
        return -1 if self.cleaned_data["direction"] == "up" else 1


class ReorderForm(forms.Form):
    order = forms.CharField(max_length=2000, help_text="Match ids, comma-separated, in the new order.")

    def clean_order(self):
        parts = [p.strip() for p in self.cleaned_data["order"].split(",") if p.strip()]
        if not parts or not all(p.isascii() and p.isdigit() and len(p) < 10 for p in parts):
            raise forms.ValidationError("List the matches by number, separated by commas.")
        return [int(p) for p in parts]
