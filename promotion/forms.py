from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import IntegrityError, transaction

from promotion.models import AUTOMATIC_DQ_CHOICES, Promotion, Referee, Role, Title


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


class PromotionForm(forms.ModelForm):
    automatic_dq = forms.MultipleChoiceField(
        choices=AUTOMATIC_DQ_CHOICES,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label="Automatic disqualifications",
    )

    class Meta:
        model = Promotion
        fields = [
            "name",
            "ruleset",
            "description",
            "is_public",
            "wrestlers_need_approval",
            "time_limit_minutes",
            "referee_warning_limit",
            "automatic_dq",
            "titles_change_on_dq",
            "book_injured",
            "hp_d6_foreign_objects",
            "hp_d6_run_ins",
            "hp_d6_attack_referee",
        ]
        widgets = {"description": forms.Textarea(attrs={"rows": 3})}

    def __init__(self, *args, ruleset_locked=False, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["time_limit_minutes"].widget.attrs.update(min=1, max=120)
        self.fields["referee_warning_limit"].widget.attrs.update(min=1, max=10)
        if ruleset_locked:
            self.fields["ruleset"].disabled = True
            self.fields["ruleset"].help_text = "Fixed: the promotion has wrestlers."


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
