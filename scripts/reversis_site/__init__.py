"""The site builder: the pages of the site generated from the corpus, the annotations, the rulesets
and the worked examples (``python -m reversis_site``, :mod:`reversis_site.build`), and the steps
after MkDocs (``python -m reversis_site.finish``, :mod:`reversis_site.finish`). The README's
section "The site" says how they fit together."""
