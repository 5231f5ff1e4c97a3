"""No import circle among the project's modules (issue 19: "the import circles broken"), counting every import, at the
top of a module or inside a function: an import moved into a function hides a circle from Python, not from the next
reader. The one exception is Celery's own loop: a service enqueues a task and the task calls a service, so a task
imports its service inside its body (HackSoft's styleguide; docs/architecture.md)."""

import ast
from pathlib import Path

from tests.conftest import BASE_DIR

PACKAGES = ("config", "promotion", "roster", "matches", "rules")
TASK_MODULES = {"tasks.py"}  # their functions' imports are the tasks' services: the allowed loop


def module_name(root, path):
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules_of(root, packages):
    found = {}
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            if "migrations" not in path.parts:
                found[module_name(root, path)] = path
    return found


def _imports(tree, in_task_module):
    """The import statements of a module that count: all of them, but those inside a task module's functions."""
    skipped = set()
    if in_task_module:
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                skipped |= {id(inner) for inner in ast.walk(node) if inner is not node}
    return [n for n in ast.walk(tree) if isinstance(n, ast.Import | ast.ImportFrom) and id(n) not in skipped]


def _target(name, modules):
    """The project module an import of ``name`` loads last (``a.b.c`` may be the name ``c`` of module ``a.b``)."""
    while name and name not in modules:
        name = name.rpartition(".")[0]
    return name or None


def import_graph(root, packages=PACKAGES):
    """``{module: {modules it imports}}`` for the project's modules under ``root``."""
    modules = modules_of(root, packages)
    graph = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        edges = set()
        for node in _imports(tree, path.name in TASK_MODULES):
            if isinstance(node, ast.Import):
                edges |= {_target(alias.name, modules) for alias in node.names}
                continue
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                base = ".".join([*anchor, base]) if base else ".".join(anchor)
            for alias in node.names:
                edges.add(_target(f"{base}.{alias.name}", modules) or _target(base, modules))
        graph[name] = {edge for edge in edges if edge and edge != name}
    return graph


def circles(graph):
    """The strongly connected components of more than one module (Tarjan), each sorted: the import circles."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(start):
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, edges = work[-1]
            step = next(edges, None)
            if step is not None:
                if step not in index:
                    index[step] = low[step] = len(index)
                    stack.append(step)
                    on_stack.add(step)
                    work.append((step, iter(sorted(graph[step]))))
                elif step in on_stack:
                    low[node] = min(low[node], index[step])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return sorted(found)


def test_the_project_has_no_import_circle():
    assert circles(import_graph(BASE_DIR)) == []


def write(root, files):
    for name, text in files.items():
        path = Path(root) / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def test_a_circle_through_an_import_inside_a_function_is_found(tmp_path):
    write(
        tmp_path,
        {
            "app/__init__.py": "",
            "app/services.py": "from app import odds\n",
            "app/odds.py": "def compute():\n    from app.services import card_run\n",
            "app/models.py": "",
        },
    )
    assert circles(import_graph(tmp_path, ("app",))) == [["app.odds", "app.services"]]


def test_a_longer_circle_and_relative_imports_are_found(tmp_path):
    write(
        tmp_path,
        {
            "app/__init__.py": "",
            "app/a.py": "from .b import x\n",
            "app/b.py": "from . import c\n",
            "app/c.py": "import app.a\n",
        },
    )
    assert circles(import_graph(tmp_path, ("app",))) == [["app.a", "app.b", "app.c"]]


def test_a_task_importing_its_service_in_its_body_is_the_one_loop_allowed(tmp_path):
    write(
        tmp_path,
        {
            "app/__init__.py": "",
            "app/services.py": "from app.tasks import run_card\n",
            "app/tasks.py": "def run_card(card_id):\n    from app.services import card_run\n",
        },
    )
    assert circles(import_graph(tmp_path, ("app",))) == []
    (tmp_path / "app/tasks.py").write_text("from app.services import card_run\n")  # at the top it counts
    assert circles(import_graph(tmp_path, ("app",))) == [["app.services", "app.tasks"]]
