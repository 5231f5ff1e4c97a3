# Kayfabe: `make run` starts the app with a demo league; `make test` runs every test against real services.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell cat requirements.txt | cksum | cut -d' ' -f1)
PYTEST_ARGS ?=

.PHONY: run test install services chromium lint audit format bench check-compose clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): requirements.txt | $(BIN)/python
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -r requirements.txt
	rm -f $(VENV)/.installed-*
	touch $(STAMP)

install: $(STAMP)

run: install
	$(BIN)/python -m config.launcher

# Postgres and Redis on 127.0.0.1, started when installed but stopped.
services:
	@pg_isready -q -h 127.0.0.1 -p 5432 || pg_ctlcluster --skip-systemctl-redirect $$(ls /etc/postgresql) main start
	@for i in $$(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done; pg_isready -h 127.0.0.1 -p 5432
	@redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 || redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no
	@for i in $$(seq 1 30); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 1; done; redis-cli -h 127.0.0.1 -p 6379 ping

# Test tools from Debian: Chromium for the browser tests, docker-compose to validate docker-compose.yml.
chromium:
	@test -x /usr/bin/chromium && command -v docker-compose >/dev/null || \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium docker-compose >/dev/null)

test: install services chromium
	$(BIN)/python -m pytest $(PYTEST_ARGS)

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/bandit -q -c pyproject.toml -r config promotion roster matches rules
	$(BIN)/mypy

# Known vulnerabilities in the pinned dependencies (needs PyPI's JSON API; --strict fails when a package cannot be
# checked, so an unreachable database is a failure, never a silent pass).
audit: install
	$(BIN)/python -m pip install -q pip-audit==2.10.1
	$(BIN)/pip-audit -r requirements.txt --strict

format: install
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

check-compose:
	docker-compose -f docker-compose.yml config -q

bench: install services
	@command -v wrk >/dev/null || (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk >/dev/null)
	$(BIN)/python bench/run.py

clean:
	rm -rf $(VENV) staticfiles var .pytest_cache .ruff_cache
