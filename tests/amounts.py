"""The amounts a page shows, read from an AppTest run: the estimate page's answer (`ui.shell.look.headline`, a
label and the amount in one markdown block) and the comparison page's metrics, each as a label and a value."""

from __future__ import annotations

import re
from dataclasses import dataclass

from streamlit.testing.v1.element_tree import Block

from ui.shell.look import HEADLINE


@dataclass(frozen=True)
class Amount:
    label: str
    value: str


def _unescaped(markdown: str) -> str:
    return re.sub(r"\\(.)", r"\1", markdown)


def _headlines(node) -> list[Amount]:
    found = []
    if isinstance(node, Block):
        if getattr(node.proto, "id", "").endswith(f"-{HEADLINE}"):
            label, value = node.children[0].value.split("\n\n")
            assert value.startswith("**") and value.endswith("**"), value
            return [Amount(_unescaped(label), _unescaped(value[2:-2]))]
        for child in node.children.values():
            found += _headlines(child)
    return found


def amounts(at) -> list[Amount]:
    """Every amount on the page, in order, as the member reads it."""
    return _headlines(at.main) + [Amount(m.label, m.value) for m in at.metric]
