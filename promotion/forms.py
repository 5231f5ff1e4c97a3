from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import IntegrityError, transaction

from promotion.models import Promotion, Referee, Role, Title
from rules import HouseRuleError

HOUSE_RULE_PREFIX = "house_"


class SignupForm(UserCreationForm):
    email = forms.EmailField(required=True, help_text="For password resets.")

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")
        help_texts = {
            "username": "150 characters or fewer: letters, digits and @ . + - _ only. Not case-sensitive: "
            "RingKing and ringking are the same name.",
        }

    def save_or_refuse(self):
        """Save the account, or, when the same name (in any case) was taken since the form checked it, add that
        error to the form and return None (the database's unique index on the lower-cased name decides)."""
        try:
            with transaction.atomic():
                return self.save()
        except IntegrityError:
            self.add_error("username", "A user with that username already exists.")
            return None


def house_rule_field(rule, initial):
    """The form field of one house rule (rules.base.HouseRule): its label, help, range or choices."""
    common = {"label": rule.label, "help_text": rule.help, "initial": initial}
    if rule.type == "boolean":
        return forms.BooleanField(required=False, **common)
    if rule.type == "integer":
        return forms.IntegerField(min_value=rule.min, max_value=rule.max, **common)
    by_text = {str(value): value for value, _label in rule.choices}
    choices = [(str(value), label) for value, label in rule.choices]
    if rule.type == "choice":
        return forms.TypedChoiceField(choices=choices, coerce=by_text.get, **common)
    return forms.TypedMultipleChoiceField(
        choices=choices, coerce=by_text.get, required=False, widget=forms.CheckboxSelectMultiple, **common
    )


class PromotionForm(forms.ModelForm):
    """A promotion's settings. An existing promotion also gets its ruleset's house rules (``house_<name>``
    fields, from ``Ruleset.house_rule_spec()``), which ``cleaned_data["house_rules"]`` holds as one mapping."""

    class Meta:
        model = Promotion
        fields = [
            "name",
            "ruleset",
            "description",
            "is_public",
            "wrestlers_need_approval",
            "time_limit_minutes",
            "titles_change_on_dq",
            "book_injured",
            "odds_public",
        ]
        widgets = {"description": forms.Textarea(attrs={"rows": 3})}
        labels = {
            "is_public": "Public",
            "wrestlers_need_approval": "New wrestlers need approval",
            "time_limit_minutes": "Time limit (minutes)",
            "titles_change_on_dq": "Titles change on a DQ",
            "book_injured": "Book injured wrestlers",
            "odds_public": "Show the odds to everyone",
        }
        help_texts = {
            "titles_change_on_dq": "Off: a win by disqualification or count-out leaves the title where it is."
        }

    def __init__(self, *args, ruleset_locked=False, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["time_limit_minutes"].widget.attrs.update(min=1, max=120)
        if ruleset_locked:  # shown as the one it is, not as a list of every ruleset
            own = self.instance.rules()
            self.fields["ruleset"].choices = [(own.id, own.label)]
            self.fields["ruleset"].disabled = True
            self.fields["ruleset"].help_text = "Fixed: the promotion has wrestlers."
        self.own_ruleset = self.instance.rules() if self.instance.pk else None
        self.house_rule_names, self.current_house_rules = [], {}
        if self.own_ruleset is None:
            self.fields["ruleset"].help_text = "Its own house rules are in the settings once the promotion is open."
            return
        try:
            current = self.instance.checked_house_rules()
        except HouseRuleError:  # stored by an older version of the ruleset: start from its defaults
            current = self.own_ruleset.validate_house_rules({})
        self.current_house_rules = current
        for rule in self.own_ruleset.house_rule_spec():
            self.fields[HOUSE_RULE_PREFIX + rule.name] = house_rule_field(rule, current[rule.name])
            self.house_rule_names.append(rule.name)

    def general_fields(self):
        return [self[name] for name in self.fields if not name.startswith(HOUSE_RULE_PREFIX)]

    def house_rule_fields(self):
        return [self[HOUSE_RULE_PREFIX + name] for name in self.house_rule_names]

    def clean(self):
        cleaned = super().clean()
        posted = {}
        for name in self.house_rule_names:
            if HOUSE_RULE_PREFIX + name in cleaned:
                posted[name] = cleaned.pop(HOUSE_RULE_PREFIX + name)
        if self.own_ruleset is None or cleaned.get("ruleset", self.own_ruleset.id) != self.own_ruleset.id:
            return cleaned  # a new ruleset starts from its own house rules' defaults
        try:
            cleaned["house_rules"] = self.own_ruleset.validate_house_rules({**self.current_house_rules, **posted})
        except HouseRuleError as exc:
            field = HOUSE_RULE_PREFIX + exc.field
            self.add_error(field if field in self.fields else None, exc.message)
        return cleaned


class InviteForm(forms.Form):
    username = forms.CharField(max_length=150)
    role = forms.ChoiceField(choices=Role.choices, initial=Role.PLAYER)


class RoleForm(forms.Form):
    role = forms.ChoiceField(choices=Role.choices)


class RefereeForm(forms.ModelForm):
    class Meta:
        model = Referee
        fields = ["name", "skill", "sav", "warning_limit"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name in ("skill", "sav"):
            self.fields[name].min_value = 1
            self.fields[name].max_value = 20
            self.fields[name].validators += [MinValueValidator(1), MaxValueValidator(20)]
            self.fields[name].widget.attrs.update(min=1, max=20)
        self.fields["warning_limit"].validators += [MinValueValidator(1), MaxValueValidator(10)]
        self.fields["warning_limit"].widget.attrs.update(min=1, max=10)

    def _post_clean(self):
        # The promotion is set by the service; skip the model's unique check on (promotion, name) here.
        pass


class TitleForm(forms.ModelForm):
    class Meta:
        model = Title
        fields = ["name", "division", "is_active", "defense_interval_weeks"]
        labels = {"is_active": "Active", "defense_interval_weeks": "Defense interval (weeks)"}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        field = self.fields["defense_interval_weeks"]
        field.validators += [MinValueValidator(1), MaxValueValidator(52)]
        field.widget.attrs.update(min=1, max=52)

    def _post_clean(self):
        pass


class VacateForm(forms.Form):
    reason = forms.CharField(max_length=200, label="Reason")


class AwardForm(forms.Form):
    """One champion for a singles title, two for a tag title."""

    first = forms.ModelChoiceField(queryset=None, label="Champion")
    second = forms.ModelChoiceField(queryset=None, required=False, label="Partner")

    def __init__(self, *args, title, **kwargs):
        from roster.models import Wrestler

        super().__init__(*args, **kwargs)
        qs = Wrestler.objects.filter(promotion=title.promotion, approval="approved").exclude(status="retired")
        self.fields["first"].queryset = qs.order_by("ring_name")
        self.fields["second"].queryset = qs.order_by("ring_name")
        if title.division == "tag":
            self.fields["second"].required = True
        else:
            del self.fields["second"]

    def wrestler_ids(self):
        return [w.pk for w in (self.cleaned_data.get("first"), self.cleaned_data.get("second")) if w]
