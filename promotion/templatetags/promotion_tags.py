import functools

from django import template
from django.template.loader import render_to_string
from django.urls import get_script_prefix

register = template.Library()


@register.simple_tag(takes_context=True)
def promotion_nav(context):
    """The promotion's menu (``promotion/_nav.html``) for the visitor's access. It depends on nothing else, so each
    process renders each kind once: its ten links were a third of a signed-in page's own rendering."""
    promotion, access = context["promotion"], context.get("access")
    is_player = bool(access and access.is_player)
    is_owner = bool(access and access.is_owner)
    return _nav(get_script_prefix(), promotion.slug, promotion.name, is_player, is_owner)


@functools.lru_cache(maxsize=1024)
def _nav(script_prefix, slug, name, is_player, is_owner):
    flags = {"is_player": is_player, "is_owner": is_owner}
    # Rendered by the template (autoescape) from these values alone: the result is safe HTML.
    return render_to_string("promotion/_nav.html", {"promotion": {"slug": slug, "name": name}, "access": flags})
