"""Large integer data sets sent to a float candidate as bytes, not as JSON numbers.

The pixel data of the ``realistic`` regime hold four million numbers: written as JSON and
read back they cost a candidate's crosscheck more than a second (for a numpy candidate,
many times its own work).  Where such a data set is made (from an integer numpy
array, :func:`keep`) or read back from the cache, the array is kept beside the rows, in the
narrowest integer type that holds them; the worker is sent its bytes (base64 in the
request's JSON) and makes the float64 array it always made (the same values: the float64
of each integer, as ``astype`` made it from the int64 array the JSON numbers gave), or for
a plain-lists candidate the rows of Python ints the JSON numbers gave.  Data
sets with no array kept (drawn as Fractions, cut short, given in files) go as before.
"""

from __future__ import annotations

import base64
from collections import OrderedDict
from typing import Any

import numpy as np

from perceptron_ref.crosscheck.candidates.outcomes import Data

SMALLEST = 10_000
"""Numbers (n·d) from which an integer data set's array is kept (smaller ones cost little
as JSON, and read better in a request)."""
_KEPT: OrderedDict[int, tuple[Data, np.ndarray]] = OrderedDict()
_SIZE = 256
_NARROW = (np.uint8, np.int8, np.int16, np.int32)


def narrow(X: np.ndarray) -> np.ndarray:
    """``X`` (integers) in the narrowest integer type that holds every value."""
    if X.size == 0 or X.dtype in _NARROW:
        return X
    low, high = int(X.min()), int(X.max())
    kind = next((k for k in _NARROW if np.iinfo(k).min <= low and high <= np.iinfo(k).max), None)
    return X if kind is None else X.astype(kind)


def keep(data: Data, X: np.ndarray) -> Data:
    """Keep ``X`` (an integer array equal to ``data``'s rows) as ``data``'s bytes, when it is
    large enough to be worth it; ``data`` itself is returned."""
    if X.ndim != 2 or X.dtype.kind not in "iu" or X.size < SMALLEST:
        return data
    assert X.shape == (len(data[0]), len(data[0][0])), "the array is not these rows"
    _KEPT[id(data)] = (data, narrow(X))
    while len(_KEPT) > _SIZE:
        _KEPT.popitem(last=False)
    return data


def array(data: Data) -> np.ndarray | None:
    """The array kept for ``data`` (narrow), or None."""
    found = _KEPT.get(id(data))
    return found[1] if found is not None and found[0] is data else None


def to_json(data: Data) -> dict[str, Any] | None:
    """``data``'s X as the worker reads bytes (``{"dtype", "shape", "bytes"}``), or None when
    no array is kept for it."""
    X = array(data)
    if X is None:
        return None
    X = np.ascontiguousarray(X)
    text = base64.b64encode(X.tobytes()).decode("ascii")
    return {"dtype": X.dtype.str, "shape": list(X.shape), "bytes": text}
