"""Values shown on the site as YAML, as a scenario or a ruleset writes them.

>>> flow_yaml({4: 3, 5: 2}), flow_yaml(True), flow_yaml("JH")
('{4: 3, 5: 2}', 'true', 'JH')
>>> print(block_yaml({"options": {"special_ace": "AO"}}))
options:
  special_ace: AO
"""

from __future__ import annotations

from typing import Any

import yaml

#: libyaml's emitter where PyYAML was built with it (the same text, written faster).
_DUMPER: type[Any] = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def flow_yaml(value: Any) -> str:
    """A value as YAML on one line (``{4: 3, 5: 2}``, ``true``, ``JH``)."""
    dumped = yaml.dump(value, Dumper=_DUMPER, default_flow_style=True, allow_unicode=True, width=10**6, sort_keys=False)
    return dumped.strip().removesuffix("...").strip()


def block_yaml(value: Any) -> str:
    """A mapping as block YAML, as a scenario file writes it."""
    dumped = yaml.dump(value, Dumper=_DUMPER, default_flow_style=False, allow_unicode=True, width=100, sort_keys=False)
    return dumped.rstrip()
