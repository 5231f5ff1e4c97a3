"""Import circles in a package (not a unit test): the strongly connected components of the graph of imports
between its modules, read from the AST. ``--top-level`` counts only imports at module level (the ones that run
on import); by default imports inside functions count too (a lazy import is still a dependency).

Run from the repository root: ``python bench/import_cycles.py rules/arm [--top-level]``.
"""

import argparse
import ast
import sys
from pathlib import Path


def module_name(path):
    parts = list(path.relative_to(Path.cwd()).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def imports(path, package, top_level, known):
    tree = ast.parse(path.read_text())
    nodes = tree.body if top_level else list(ast.walk(tree))
    found = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            # ``from pkg import mod`` depends on the module (the package's __init__ is not counted as a node)
            subs = {f"{node.module}.{alias.name}" for alias in node.names} & known
            found.update(subs or {node.module})
    return {name for name in found if name.startswith(package)}


def cycles(graph):
    """Tarjan's strongly connected components of size > 1."""
    index, low, stack, on, out = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                out.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return out


def main(argv=None):
    parser = argparse.ArgumentParser()
    parser.add_argument("package", type=Path)
    parser.add_argument("--top-level", action="store_true")
    args = parser.parse_args(argv)
    root = args.package.resolve()
    package = module_name(root / "__init__.py")
    files = sorted(root.rglob("*.py"))
    names = {module_name(p): p for p in files}
    graph = {}
    for name, path in names.items():
        graph[name] = sorted(t for t in imports(path, package, args.top_level, set(names)) if t in names and t != name)
    found = cycles(graph)
    for comp in found:
        print(f"{len(comp)} modules: {', '.join(c.rsplit('.', 1)[-1] for c in comp)}")
    print(f"{len(found)} import circle(s) in {package} ({'module level' if args.top_level else 'all imports'})")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
