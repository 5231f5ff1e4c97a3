"""What every app's views share about forms."""

from django import forms
from django.core.exceptions import ValidationError


def add_errors(form: forms.BaseForm, exc: ValidationError) -> None:
    """Put a service's refusal on the form: each field's messages on that field (on the form itself when the form has
    no such field), or the messages of a refusal that names no field on the form."""
    if hasattr(exc, "error_dict"):
        for field, errors in exc.message_dict.items():
            form.add_error(field if field in form.fields else None, errors)
    else:
        form.add_error(None, exc.messages)
