"""The size of a friend game's links (docs/links.md, "Friend games"): random games between two
devices, every link's code length in characters (encoding 2, and the same message in encoding
1) and the QR code version (level M) that holds the link.

    .venv/bin/python bench/friend_links.py [--games 20]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

from nardy_core.formats.qrcode import encode  # noqa: E402
from nardy_core.friends.protocol import pack, unpack  # noqa: E402
from test_friends import play_out  # noqa: E402

PREFIX = "https://example.org/nardy/#f="  # a host's address before the code


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args(argv)
    for game in ("short", "long", "plakoto"):
        sizes, versions, turns, before = [], [], [], []
        for seed in range(args.games):
            _, _, links = play_out(game, 0, seed=seed)
            turns.append(len(links))
            sizes += [len(link) for link in links]
            before += [len(pack(unpack(link))) for link in links]  # the same, in encoding 1
            versions += [
                encode(PREFIX + link).version for link in links[:: max(1, len(links) // 8)]
            ]
        print(
            f"{game:8} {args.games} games, links per game median {statistics.median(turns):.0f}; "
            f"link length median {statistics.median(sizes):.0f}, p95 "
            f"{sorted(sizes)[int(len(sizes) * 0.95)]}, max {max(sizes)} characters; "
            f"QR version (M, with a {len(PREFIX)}-character address) median "
            f"{statistics.median(versions):.0f}, max {max(versions)}; encoding 1 (deflated JSON): "
            f"median {statistics.median(before):.0f}, max {max(before)} characters"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
