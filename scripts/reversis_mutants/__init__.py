"""The source-level mutation check of the rule modules: ``python -m reversis_mutants`` (``make mutants``).

:mod:`reversis_mutants.check` runs mutmut on the rule modules and writes the committed report
(``tests/mutants/report.json``), failing on a survivor that ``tests/mutants/equivalents.yaml`` does
not judge; :mod:`reversis_mutants.audit` (``--audit N``) checks judgments by running the mutants,
with :mod:`reversis_mutants.probe`, what a user observes of many hands. The README's section on the
mutation check says how they fit together. The package is installed beside the engine (setup.py), as
the site builder is, and reads the repository it was installed from.
"""
