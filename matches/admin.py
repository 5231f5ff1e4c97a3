from django.contrib import admin

from matches.models import Card, Match, MatchEvent, MatchParticipant


class MatchInline(admin.TabularInline):
    model = Match
    extra = 0
    fields = ["order", "kind", "title", "referee", "status", "method", "winner_side"]
    readonly_fields = ["status", "method", "winner_side"]
    show_change_link = True


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    list_display = ["name", "promotion", "week", "status", "pace", "went_live", "finished"]
    list_filter = ["status", "promotion"]
    search_fields = ["name", "venue", "promotion__name"]
    autocomplete_fields = ["promotion"]
    readonly_fields = ["created", "went_live", "finished"]
    inlines = [MatchInline]


class ParticipantInline(admin.TabularInline):
    model = MatchParticipant
    extra = 0
    fields = ["side", "slot", "wrestler", "card", "segment"]
    autocomplete_fields = ["wrestler"]
    raw_id_fields = ["card"]


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ["__str__", "kind", "title", "referee", "status", "method", "winner_side", "rounds"]
    list_filter = ["status", "kind", "card__promotion"]
    search_fields = ["card__name", "participants__wrestler__ring_name"]
    raw_id_fields = ["card", "referee", "title"]
    readonly_fields = ["seed", "lease_until", "started", "finished"]
    inlines = [ParticipantInline]


@admin.register(MatchEvent)
class MatchEventAdmin(admin.ModelAdmin):
    """The play-by-play is the engine's record: read it here, never edit it."""

    list_display = ["match", "seq", "round", "type", "created"]
    list_filter = ["type"]
    search_fields = ["match__card__name"]
    ordering = ["match", "seq"]

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
