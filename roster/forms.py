from django import forms

from roster.models import Alignment, WrestlerStatus
from roster.selectors import SORTS


class RosterFilterForm(forms.Form):
    q = forms.CharField(required=False, max_length=60, label="Search")
    alignment = forms.ChoiceField(required=False, choices=[("", "Any alignment"), *Alignment.choices])
    status = forms.ChoiceField(required=False, choices=[("", "Any status"), *WrestlerStatus.choices])
    owner = forms.CharField(required=False, max_length=150, label="Owner", help_text="a username, or 'house'")
    injured = forms.ChoiceField(required=False, choices=[("", "Injured or not"), ("yes", "Injured"), ("no", "Healthy")])
    sort = forms.ChoiceField(
        required=False,
        choices=[
            ("name", "Name A-Z"),
            ("-name", "Name Z-A"),
            ("prestige", "Prestige"),
            ("fame", "Fame"),
            ("weight", "Weight"),
            ("newest", "Newest"),
        ],
    )

    def filters(self):
        if not self.is_valid():
            return {}
        data = {k: v for k, v in self.cleaned_data.items() if v}
        if data.get("sort") not in SORTS:
            data.pop("sort", None)
        return data


class WrestlerProfileForm(forms.Form):
    hometown = forms.CharField(required=False, max_length=80)
    bio = forms.CharField(required=False, max_length=2000, widget=forms.Textarea(attrs={"rows": 3}))


class ReviewForm(forms.Form):
    decision = forms.ChoiceField(choices=[("approve", "Approve"), ("reject", "Reject")])
    note = forms.CharField(required=False, max_length=200)


class StatusForm(forms.Form):
    status = forms.ChoiceField(choices=WrestlerStatus.choices)
    suspended_weeks = forms.IntegerField(required=False, min_value=0, max_value=52, initial=0)
