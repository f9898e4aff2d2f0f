"""The one error the library raises for something an author must fix.

Its message names the file, line or page and what to change. Engine adapters show it without a traceback (the MkDocs
adapter turns it into a `PluginError`); the library itself never imports an engine.
"""

from __future__ import annotations


class GuideError(Exception):
    """A problem in the bank or in how a page calls the guide, with what to change."""
