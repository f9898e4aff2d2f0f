"""The figures, one module per topic of data/questions.yaml (its id, with `_` for `-`), each holding the figures its
topic's pages place: whoever edits a topic's page finds the figure and the formula it plots in one file, and
tests/test_figures.py checks that every figure is filed under the topic whose page places it.

A figure of numbers computes them from a function next to the words its page uses for the formula (`*_TEXT`) and from
constants that carry the page's own example (not a question's, so a figure never gives an answer away);
tests/test_figures.py writes each formula out again from the page's words, reads the drawn numbers back from the SVG
and checks that the page still says them.

Importing this package imports every topic module, and so registers every figure (`@figure`, guide/figures/__init__.py).
"""

from guide.figures.topics import (  # noqa: F401  (imported for their @figure registrations)
    alignment,
    architecture,
    data_quality,
    deployment,
    distillation_pruning,
    evaluation,
    hallucination,
    memory,
    monitoring,
    parallelism,
    peft,
    prompting,
    quantization,
    safety,
    training_dynamics,
)
