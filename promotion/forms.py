from django import forms
from django.contrib.auth import get_user_model
from django.contrib.auth.forms import UserCreationForm

from promotion.models import AUTOMATIC_DQ_CHOICES, Promotion, Role


class SignupForm(UserCreationForm):
    email = forms.EmailField(required=True, help_text="For password resets.")

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "email")


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
