"""Command line: ``python -m nardy_core COMMAND``."""

from __future__ import annotations

import argparse
import sys


def cmd_check_vectors(args):
    from .vectors import check_file, report
    failed = 0
    for path in args.files:
        failed += report(check_file(path), sys.stdout)
    return 1 if failed else 0


def build_parser():
    parser = argparse.ArgumentParser(prog="python -m nardy_core",
                                     description="Rules engine for the nardy family of games.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("check-vectors", help="check rule vectors (format 1 or 2)")
    p.add_argument("files", nargs="+")
    p.set_defaults(func=cmd_check_vectors)
    return parser


def main(argv=None):
    args = build_parser().parse_args(argv)
    return args.func(args)
