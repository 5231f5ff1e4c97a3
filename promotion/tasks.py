"""Scheduled league work (Celery beat). Thin: ids in, services do the work; safe to run twice."""

from datetime import timedelta

from celery import shared_task
from django.utils import timezone

from promotion.league import AlreadyAdvanced, advance_week
from promotion.models import Promotion, WeekLog


@shared_task(name="promotion.advance_due_weeks")
def advance_due_weeks():
    """Advance every promotion with ``auto_advance`` whose last week ended seven days ago or more."""
    advanced = []
    week_ago = timezone.now() - timedelta(days=7)
    for promotion in Promotion.objects.filter(auto_advance=True):
        last = WeekLog.objects.filter(promotion=promotion).order_by("-week").first()
        if last is not None and last.created > week_ago:
            continue
        try:
            advance_week(promotion=promotion, from_week=promotion.current_week)
            advanced.append(promotion.pk)
        except AlreadyAdvanced:
            continue
    return advanced
