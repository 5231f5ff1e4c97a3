from django.contrib import admin

from roster.models import Injury, Wrestler


class InjuryInline(admin.TabularInline):
    model = Injury
    extra = 0


@admin.register(Wrestler)
class WrestlerAdmin(admin.ModelAdmin):
    list_display = ["ring_name", "promotion", "alignment", "status", "approval", "owner", "fame", "prestige"]
    list_filter = ["promotion", "alignment", "status", "approval"]
    search_fields = ["ring_name", "hometown", "owner__username"]
    autocomplete_fields = ["owner", "promotion"]
    inlines = [InjuryInline]
    readonly_fields = ["created", "updated"]


@admin.register(Injury)
class InjuryAdmin(admin.ModelAdmin):
    list_display = ["wrestler", "body_part", "points"]
    list_filter = ["body_part"]
    search_fields = ["wrestler__ring_name"]
