"""The study guide's build as a library that knows no site engine.

Layers, each importing only those above it:

- `guide.bank`: the question bank: its schema (`models`), loading with line numbers (`yamlsource`), validation with
  file, line, id and what to change (`validate`), the JSON Schema, the author's check and the cue report.
- `guide.render`: the bank as HTML and Markdown: the renderer and its templates, titles, links to the guide's own
  pages, print views, the About the exam tables, the download box.
- `guide.figures`: the figures, one module per topic, named once in the registry.
- `guide.outputs`: what a build writes beside the pages: exports, the bank as scripts, the topic data, minified and
  fingerprinted assets, the offline zip, reproducible dates; `guide.outputs.postbuild` runs all of it over a built
  folder.
- `guide.site`: one build's state: the bank, the renderer, and which lesson went on which page.

Engine adapters live outside: `macros/__init__.py` (the macros plugin's `define_env`) and `macros/hooks.py` (MkDocs
hooks). `python -m guide` runs the commands (check, cues, schema, postbuild) without importing any engine.
"""
