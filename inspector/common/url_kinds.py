"""How a URL parameter's value must look: the kinds a page declares for what it reads.

Each page declares the parameters it reads, with their kind, in its
:class:`~inspector.common.evaluation_view.PageSpec` (``params``); the entry
point hands the table to :mod:`inspector.common.url_state`, which removes a
value of the wrong form before any widget sees it.  No Streamlit here: the
declarations are read before a page runs.

>>> INT.check("12"), INT.check("²")
(None, 'not a whole number of at most 9 digits')
>>> BOOL.check("maybe")
'not true or false'
>>> DATA.check("upload-0123456789ab") is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass

#: Longest whole number read from the URL (digits): a unit, a pair or a page.
MAX_DIGITS = 9
#: Longest text read from the URL (characters): a search, a label, a sample key.
MAX_TEXT = 500
#: ``SOURCE-DIGEST``: data that came from a file (upload, paste, JSON result), named in the URL.
_DATA_TOKEN = re.compile(r"(upload|paste|json)-[0-9a-f]{12}")


@dataclass(frozen=True, slots=True)
class Kind:
    """How a parameter's value must look: ``check(value)`` is ``None`` or what is wrong."""

    name: str

    def check(self, value: str) -> str | None:
        """``None`` when ``value`` has this kind's form, else why not."""
        if self.name == "int":
            if not (value.isascii() and value.isdigit()) or len(value) > MAX_DIGITS:
                return f"not a whole number of at most {MAX_DIGITS} digits"
            return None
        if self.name == "bool":
            return None if value in ("true", "false") else "not true or false"
        if self.name == "data":
            return None if _DATA_TOKEN.fullmatch(value) else "not data loaded from a file in this app"
        if len(value) > MAX_TEXT or not value.isprintable():
            return f"not a text of at most {MAX_TEXT} printable characters"
        return None


INT, BOOL, TEXT, DATA = Kind("int"), Kind("bool"), Kind("text"), Kind("data")

#: A page's parameters: name -> kind.
Params = dict[str, Kind]
