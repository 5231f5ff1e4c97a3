"""Stock parts: Django's own request path, no private Django or standard-library name in the project's code.

The checker reads the source (ast), so docstrings and comments that name these things do not count; a use does,
whether as an attribute, an import, a base class or a name given to getattr."""

import ast

import pytest

from tests.conftest import BASE_DIR

PACKAGES = ("config", "promotion", "roster", "matches", "rules")
# Private names of Django, asgiref and the standard library that this project once used or could be tempted by.
PRIVATE_NAMES = {
    "_iterator",  # HttpResponse / StreamingHttpResponse
    "_randbelow",  # random.Random
    "_sync_handler",
    "_middleware_chain",
    "_get_response",
    "_get_response_async",
    "_handler_class",
    "_resource_closers",
    "_pools",  # django-redis' process-global pools
}
HANDLERS = {"ASGIHandler", "WSGIHandler", "BaseHandler"}


def violations(source, filename="<source>"):
    found = []
    for node in ast.walk(ast.parse(source, filename)):
        where = f"{filename}:{getattr(node, 'lineno', '?')}"
        if isinstance(node, ast.Attribute) and node.attr in PRIVATE_NAMES:
            found.append(f"{where}: .{node.attr}")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in PRIVATE_NAMES:
            found.append(f"{where}: {node.value!r}")
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("django.core.handlers"):
            found.append(f"{where}: from {node.module} import ...")
        elif isinstance(node, ast.Import):
            found += [f"{where}: import {a.name}" for a in node.names if a.name.startswith("django.core.handlers")]
        elif isinstance(node, ast.ClassDef):
            for base in node.bases:
                name = base.attr if isinstance(base, ast.Attribute) else getattr(base, "id", "")
                if name in HANDLERS:
                    found.append(f"{where}: class {node.name}({name})")
        if isinstance(node, ast.Name) and node.id in PRIVATE_NAMES:
            found.append(f"{where}: {node.id}")
    return found


def project_files():
    for package in PACKAGES:
        yield from sorted((BASE_DIR / package).rglob("*.py"))


def test_the_project_uses_no_private_django_or_stdlib_name_and_no_handler_of_its_own():
    found = [v for path in project_files() for v in violations(path.read_text(), str(path.relative_to(BASE_DIR)))]
    assert found == []


def test_the_web_entry_points_are_djangos_own():
    asgi = (BASE_DIR / "config" / "asgi.py").read_text()
    assert "from django.core.asgi import get_asgi_application" in asgi
    assert "application = get_asgi_application()" in asgi
    for gone in ("pagecache.py", "cache.py", "sessions.py"):
        assert not (BASE_DIR / "config" / gone).exists(), gone


@pytest.mark.parametrize(
    "snippet",
    [
        "class H(ASGIHandler): pass",
        "class H(django.core.handlers.asgi.ASGIHandler): pass",
        "from django.core.handlers.asgi import ASGIHandler",
        "import django.core.handlers.base",
        "rng._randbelow(6)",
        "getattr(rng, '_randbelow', None)",
        "response._iterator",
        "self._sync_handler = None",
    ],
)
def test_the_checker_finds_each_kind_of_use(snippet):
    assert violations(snippet), snippet


def test_the_checker_ignores_words_in_docstrings_and_comments():
    source = '"""Django\'s _iterator and Random._randbelow are private."""\n# ASGIHandler\nx = 1\n'
    assert violations(source) == []


def test_every_package_is_read():
    assert {path.relative_to(BASE_DIR).parts[0] for path in project_files()} == set(PACKAGES)
