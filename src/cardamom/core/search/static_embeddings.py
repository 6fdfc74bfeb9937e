"""Static word-piece embeddings, in pure Python, for the semantic fallback (``semantic_fallback``).

The shipped file (``data/minilm-static.bin``, built by ``python -m bench.static_embeddings``)
holds one int8 vector per word piece of all-MiniLM-L6-v2's vocabulary, distilled from that
model with model2vec. A text's vector is the mean of its word pieces' vectors (BERT's
uncased word-piece split, unknown pieces left out), normalised: no model runs, no torch, no
numpy. The file is read the first time a fallback needs it (``shipped``), never at import,
so a cold start that never falls back never pays for it.
"""

from __future__ import annotations

import json
import math
import re
import sys
import unicodedata
from array import array
from collections.abc import Callable, Sequence
from functools import cache
from operator import add, mul
from pathlib import Path

MAGIC = b"CARDAMOM-STATIC-EMBEDDINGS 1\n"
SHIPPED = Path(__file__).resolve().parent / "data" / "minilm-static.bin"
_MAX_WORD_CHARS = 100  # BERT's word-piece limit: a longer word is unknown
_WORD_CACHE_SIZE = 32768


class EmbeddingsFileError(ValueError):
    """The embeddings file is not one this code reads."""


def _is_punctuation(char: str) -> bool:
    code = ord(char)
    if 33 <= code <= 47 or 58 <= code <= 64 or 91 <= code <= 96 or 123 <= code <= 126:
        return True
    return unicodedata.category(char).startswith("P")


def _is_cjk(code: int) -> bool:
    return (
        0x4E00 <= code <= 0x9FFF
        or 0x3400 <= code <= 0x4DBF
        or 0x20000 <= code <= 0x2A6DF
        or 0x2A700 <= code <= 0x2CEAF
        or 0xF900 <= code <= 0xFAFF
        or 0x2F800 <= code <= 0x2FA1F
    )


# ASCII text, the common case, is split by one expression: runs of letters and digits, and each
# ASCII punctuation mark alone (BERT counts ``_``, ``$``, ``^`` and the like as punctuation).
_ASCII_WORDS = re.compile(r"[a-z0-9]+|[!-/:-@\[-`{-~]")
_ASCII_CONTROLS = dict.fromkeys([*range(0, 9), 11, 12, *range(14, 32), 127])


def bert_words(text: str) -> list[str]:
    """BERT's uncased basic split: lower case, accents off, control characters out, and every
    punctuation mark and CJK character a word of its own."""
    if text.isascii():
        return _ASCII_WORDS.findall(text.lower().translate(_ASCII_CONTROLS))
    words: list[str] = []
    current: list[str] = []
    for char in unicodedata.normalize("NFD", text.lower()):
        category = unicodedata.category(char)
        if category == "Mn":
            continue
        if char.isspace():
            if current:
                words.append("".join(current))
                current = []
            continue
        if category.startswith("C") or char == "\ufffd":
            continue
        if _is_punctuation(char) or _is_cjk(ord(char)):
            if current:
                words.append("".join(current))
                current = []
            words.append(char)
            continue
        current.append(char)
    if current:
        words.append("".join(current))
    return words


class StaticEmbeddings:
    """Word-piece vectors (int8, one scale) and the text vectors made of them."""

    def __init__(self, vocabulary: list[str], vectors: bytes, dims: int, unk: str = "[UNK]") -> None:
        if len(vectors) != len(vocabulary) * dims:
            raise EmbeddingsFileError("the vectors do not match the vocabulary")
        self.dims = dims
        self._ids = {piece: i for i, piece in enumerate(vocabulary)}
        self._unk = self._ids.get(unk, -1)
        self._vectors = array("b", vectors)
        self._words: dict[str, tuple[int, int] | None] = {}

    @classmethod
    def read(cls, path: Path) -> StaticEmbeddings:
        data = path.read_bytes()
        if not data.startswith(MAGIC):
            raise EmbeddingsFileError(f"{path.name} is not a static embeddings file")
        end = data.index(b"\n", len(MAGIC))
        header = json.loads(data[len(MAGIC) : end])
        start = end + 1
        vocabulary_end = start + int(header["vocabulary_bytes"])
        vocabulary = data[start:vocabulary_end].decode("utf-8").split("\n")
        if len(vocabulary) != int(header["tokens"]):
            raise EmbeddingsFileError("the vocabulary does not match its header")
        return cls(vocabulary, data[vocabulary_end:], int(header["dims"]), str(header.get("unk", "[UNK]")))

    def word_pieces(self, word: str) -> list[int]:
        """Greedy longest-match word pieces (``##`` continues a word); an unsplittable word is unknown."""
        if len(word) > _MAX_WORD_CHARS:
            return [self._unk]
        ids = self._ids
        pieces: list[int] = []
        start = 0
        while start < len(word):
            end = len(word)
            found = -1
            while start < end:
                piece = word[start:end] if start == 0 else f"##{word[start:end]}"
                found = ids.get(piece, -1)
                if found >= 0:
                    break
                end -= 1
            if found < 0:
                return [self._unk]
            pieces.append(found)
            start = end
        return pieces

    def _word_sum(self, word: str) -> tuple[int, int] | None:
        """The sum of a word's known pieces' vectors, packed (``_pack``), and how many pieces; kept per word."""
        cached = self._words.get(word, False)
        if cached is not False:
            return cached  # type: ignore[return-value]
        dims = self.dims
        pieces = [p for p in self.word_pieces(word) if p != self._unk]
        total: tuple[int, int] | None = None
        if pieces:
            vectors = self._vectors
            summed: list[int] = list(vectors[pieces[0] * dims : (pieces[0] + 1) * dims])
            for piece in pieces[1:]:
                summed = list(map(add, summed, vectors[piece * dims : (piece + 1) * dims]))
            total = (_pack(summed), len(pieces))
        if len(self._words) >= _WORD_CACHE_SIZE:
            del self._words[next(iter(self._words))]
        self._words[word] = total
        return total

    def embed(self, text: str) -> array[float] | None:
        """The text's unit vector (the mean of its known word pieces), or None when it has none."""
        sums = [found for found in map(self._word_sum, bert_words(text)) if found is not None]
        if not sums:
            return None
        summed = _unpack(sum(packed for packed, _ in sums), len(sums), self.dims)
        norm = math.sqrt(sum(map(mul, summed, summed)))
        if norm == 0:
            return None
        return array("f", [x / norm for x in summed])


# A word's summed vector is kept as one integer, each dimension a 32-bit field holding the value
# plus ``_BIAS``: adding the integers adds the vectors in one machine-level loop (a 256-wide
# Python loop per word was most of a query's cost). A field never overflows: a word's value is
# within 127 x its pieces, and a text would need thousands of words to carry into the next field.
_FIELD_BITS = 32
_BIAS = 1 << 20


def _pack(values: list[int]) -> int:
    return int.from_bytes(array("I", [v + _BIAS for v in values]).tobytes(), sys.byteorder)


def _unpack(packed: int, words: int, dims: int) -> list[int]:
    fields = array("I")
    fields.frombytes(packed.to_bytes(dims * _FIELD_BITS // 8, sys.byteorder))
    offset = words * _BIAS
    return [v - offset for v in fields]


def cosine(a: Sequence[float], b: Sequence[float]) -> float:
    """The cosine of two unit vectors (one a list, as ``similar_candidates`` holds the request's:
    its floats are not boxed again for every tool, a third of the product's time)."""
    return float(_dot(a, b))


def _summed_products(a: Sequence[float], b: Sequence[float]) -> float:
    return float(sum(map(mul, a, b)))


# ``math.sumprod`` (Python 3.12 and later, the Lambda's 3.13 among them) is the dot product in one
# machine-level loop: half the time of summing the mapped products there, where ``sum`` of floats
# compensates its rounding; the same products, summed at least as exactly.
_dot: Callable[[Sequence[float], Sequence[float]], float] = getattr(math, "sumprod", _summed_products)


@cache
def shipped() -> StaticEmbeddings:
    """The shipped embeddings, read on first use and kept for the process."""
    return StaticEmbeddings.read(SHIPPED)
