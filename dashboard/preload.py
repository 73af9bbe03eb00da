"""The browser loads, while it is idle after the first page, the code of the elements the
other pages draw, so that a host's first switch to each page does not wait for it.

Streamlit's front end loads an element's code (a JavaScript module of its own) the first time
a page shows one: the data grid, images, a dropdown, a slider, a button, HTML in Markdown,
about 0.3-0.5 s of a browser's first visit to an event page. The modules are found by name in
Streamlit's installed front end; a module not found is left out (another Streamlit version
names its modules otherwise: the pages are then only as fast as Streamlit makes them)."""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any

ELEMENTS = ("DataFrame", "ImageList", "Selectbox", "Slider", "Button", "rehype-raw", "Json")
"""the front end's modules of what the pages after the first draw"""

SCRIPT = """<script>
(() => {
  const index = document.querySelector('script[src*="/static/js/index."]');
  if (!index) return;
  const base = index.src.slice(0, index.src.lastIndexOf('/') + 1);
  const load = () => MODULES.forEach(m => import(base + m).catch(() => {}));
  if (window.requestIdleCallback) window.requestIdleCallback(load, {timeout: 3000});
  else window.setTimeout(load, 500);
})();
</script>"""


@lru_cache(maxsize=1)
def modules() -> tuple[str, ...]:
    """The file names of `ELEMENTS` in the installed front end (none found: none)."""
    import streamlit

    folder = Path(streamlit.__file__).parent / "static" / "static" / "js"
    try:
        names = [p.name for p in folder.iterdir()]
    except OSError:
        return ()
    found = []
    for element in ELEMENTS:
        pattern = re.compile(rf"{re.escape(element)}\.[\w-]+\.js")
        found += [n for n in names if pattern.fullmatch(n)][:1]
    return tuple(found)


def preload(st: Any) -> None:
    """Ask the browser to load the other pages' element code when it is idle (nothing
    drawn)."""
    if modules():
        st.html(
            SCRIPT.replace("MODULES", json.dumps(list(modules()))), unsafe_allow_javascript=True
        )
