from django.shortcuts import get_object_or_404, render

from matches.models import Card
from promotion.selectors import promotion_access


def card_detail(request, slug, pk):
    access = promotion_access(request.user, slug)
    card = get_object_or_404(Card, pk=pk, promotion=access.promotion)
    return render(request, "matches/card.html", {"access": access, "promotion": access.promotion, "card": card})
