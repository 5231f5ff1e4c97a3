"""Template helpers of the live match page."""

from django import template

register = template.Library()


@register.filter
def match_clock(seconds):
    """The match clock as a broadcast shows it: 0:00, 6:08, 61:30."""
    try:
        total = max(0, int(round(float(seconds))))
    except (TypeError, ValueError):
        return ""
    return f"{total // 60}:{total % 60:02d}"
