"""Matches URLs: booking (cards, the card builder) and live (match pages, streams, going live)."""

from matches import urls_booking, urls_live

app_name = "matches"

urlpatterns = [*urls_booking.urlpatterns, *urls_live.urlpatterns]
