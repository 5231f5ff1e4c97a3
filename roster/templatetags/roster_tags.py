from django import template

register = template.Library()


@register.filter
def is_dict(value):
    return isinstance(value, dict)


@register.filter
def is_list(value):
    return isinstance(value, list | tuple)


@register.filter
def contains(container, item):
    try:
        return item in container
    except TypeError:
        return False
