"""The type stubs (python/tsume/*.pyi) name exactly what the module has, and everything public
has a docstring."""

import ast
import os
import unittest

import tsume
from tsume import _tsume


def stub_tree(name):
    path = os.path.join(os.path.dirname(tsume.__file__), name)
    with open(path, encoding="utf-8") as f:
        return ast.parse(f.read())


def public(names):
    return {n for n in names if not n.startswith("_")}


class StubsTest(unittest.TestCase):
    def test_compiled_module_stubs_match(self):
        tree = stub_tree("_tsume.pyi")
        stubbed = {}
        for node in tree.body:
            if isinstance(node, ast.ClassDef):
                members = set()
                for item in node.body:
                    if isinstance(item, ast.FunctionDef):
                        members.add(item.name)
                    elif isinstance(item, ast.AnnAssign):
                        members.add(item.target.id)
                stubbed[node.name] = members
            elif isinstance(node, ast.FunctionDef):
                stubbed[node.name] = None
        self.assertEqual(public(stubbed), public(n for n in dir(_tsume)
                                                 if n not in ("__version__",)))
        for name, members in stubbed.items():
            if members is None or name.startswith("_"):
                continue
            with self.subTest(cls=name):
                cls = getattr(_tsume, name)
                self.assertEqual(public(members), public(vars(cls)))

    def test_package_stubs_match(self):
        tree = stub_tree("__init__.pyi")
        names = set()
        for node in tree.body:
            if isinstance(node, ast.ImportFrom) and node.module == "_tsume":
                names |= {a.asname or a.name for a in node.names}
            elif isinstance(node, ast.FunctionDef):
                names.add(node.name)
        self.assertEqual(names, set(tsume.__all__))

    def test_docstrings(self):
        for name in tsume.__all__:
            if name == "__version__":
                continue
            with self.subTest(name=name):
                self.assertTrue(getattr(tsume, name).__doc__)


if __name__ == "__main__":
    unittest.main()
