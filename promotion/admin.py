from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin

from promotion import services
from promotion.models import Membership, PrestigeEntry, Promotion, Referee, Title, TitleReign


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    autocomplete_fields = ["user"]


@admin.register(Promotion)
class PromotionAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "ruleset", "is_public", "created_by", "created"]
    list_filter = ["ruleset", "is_public"]
    search_fields = ["name", "slug"]
    prepopulated_fields = {"slug": ["name"]}
    inlines = [MembershipInline]
    readonly_fields = ["created"]


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ["user", "promotion", "role", "status", "created"]
    list_filter = ["role", "status", "promotion"]
    search_fields = ["user__username", "promotion__name"]
    autocomplete_fields = ["user", "promotion"]


@admin.register(Referee)
class RefereeAdmin(admin.ModelAdmin):
    list_display = ["name", "promotion", "skill", "sav", "warning_limit"]
    list_filter = ["promotion"]
    search_fields = ["name", "promotion__name"]
    autocomplete_fields = ["promotion"]


class TitleReignInline(admin.TabularInline):
    model = TitleReign
    extra = 0
    fields = ["number", "won_week", "won_method", "is_current", "ended_week", "end", "end_reason", "defenses"]
    show_change_link = True


@admin.register(Title)
class TitleAdmin(admin.ModelAdmin):
    list_display = ["name", "promotion", "division", "is_active", "defense_interval_weeks"]
    list_filter = ["promotion", "division", "is_active"]
    search_fields = ["name", "promotion__name"]
    autocomplete_fields = ["promotion"]
    inlines = [TitleReignInline]


@admin.register(TitleReign)
class TitleReignAdmin(admin.ModelAdmin):
    list_display = ["title", "number", "won_week", "won_method", "is_current", "ended_week", "end", "defenses"]
    list_filter = ["is_current", "end", "title__promotion"]
    search_fields = ["title__name", "holders__ring_name"]
    autocomplete_fields = ["holders"]
    raw_id_fields = ["won_match", "lost_match"]


@admin.register(PrestigeEntry)
class PrestigeEntryAdmin(admin.ModelAdmin):
    list_display = ["wrestler", "week", "reason", "prestige", "fame", "match", "created"]
    list_filter = ["reason", "wrestler__promotion"]
    search_fields = ["wrestler__ring_name"]
    raw_id_fields = ["wrestler", "match"]
    readonly_fields = ["created"]


admin.site.unregister(get_user_model())


@admin.register(get_user_model())
class AccountAdmin(UserAdmin):
    """Django's user admin, writing through the account services: the pages that name a user change with him
    (promotion.pages; no model signal)."""

    def save_model(self, request, obj, form, change):
        services.account_save(user=obj)

    def delete_model(self, request, obj):
        services.account_delete(user=obj)

    def delete_queryset(self, request, queryset):
        for user in queryset:
            services.account_delete(user=user)
