"""Generate the clients from openapi/openapi.json (``make clients``; the tests run it into a
temporary folder and compare with what is committed).

- Python: openapi-python-client (pinned in pyproject.toml's ``clients`` extra) writes the
  ``gamestate-client`` package into clients/python/, with clients/python-config.yaml and the
  templates in clients/python-templates/; the hand-written live-events helper
  (clients/python-live/live.py) is copied in as ``gamestate_client.live``.
- TypeScript: openapi-typescript (pinned in clients/typescript/package.json, installed by
  ``npm ci`` there) writes clients/typescript/src/schema.d.ts.

Prints the generators' output; exits non-zero if a generator fails or warns."""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CLIENTS = ROOT / "clients"
DOCUMENT = ROOT / "openapi" / "openapi.json"
TS_BIN = CLIENTS / "typescript" / "node_modules" / ".bin" / "openapi-typescript"


def python_client(output: Path) -> str:
    """Generate the Python package into ``output``; returns the generator's output."""
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    command = [
        str(Path(sys.executable).parent / "openapi-python-client"),
        "generate",
        *("--path", str(DOCUMENT)),
        *("--config", str(CLIENTS / "python-config.yaml")),
        *("--custom-template-path", str(CLIENTS / "python-templates")),
        # The template ignores the meta type; "none" would write no pyproject.toml.
        *("--meta", "pdm"),
        *("--output-path", str(output)),
        "--overwrite",
        "--fail-on-warning",
    ]
    run = subprocess.run(
        command,
        capture_output=True,
        text=True,
        env=env,
        cwd=CLIENTS,
    )
    out = run.stdout + run.stderr
    if run.returncode != 0:
        raise SystemExit(f"openapi-python-client failed:\n{out}")
    shutil.copy(CLIENTS / "python-live" / "live.py", output / "gamestate_client" / "live.py")
    shutil.rmtree(output / ".ruff_cache", ignore_errors=True)
    return out


def typescript_types(output: Path) -> str:
    """Generate the TypeScript types into ``output``/schema.d.ts; returns the generator's
    output. Needs ``npm ci`` in clients/typescript first."""
    if not TS_BIN.exists():
        raise SystemExit("run `npm ci` in clients/typescript first (needs node and npm)")
    output.mkdir(parents=True, exist_ok=True)
    run = subprocess.run(
        [str(TS_BIN), str(DOCUMENT), "--output", str(output / "schema.d.ts")],
        capture_output=True,
        text=True,
        cwd=CLIENTS / "typescript",
    )
    out = run.stdout + run.stderr
    if run.returncode != 0:
        raise SystemExit(f"openapi-typescript failed:\n{out}")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--python-out", type=Path, default=CLIENTS / "python")
    parser.add_argument("--typescript-out", type=Path, default=CLIENTS / "typescript" / "src")
    parser.add_argument("--skip-typescript", action="store_true")
    args = parser.parse_args()
    print(python_client(args.python_out.resolve()), end="")
    if not args.skip_typescript:
        print(typescript_types(args.typescript_out.resolve()), end="")
    return 0


if __name__ == "__main__":
    sys.exit(main())
