from django.contrib import admin

from promotion.models import Membership, Promotion


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
