import subprocess
import sys

from tests.conftest import BASE_DIR

PRODUCTION_ENV = {
    "PATH": "/usr/bin:/bin",
    "DJANGO_SETTINGS_MODULE": "config.settings.production",
    "SECRET_KEY": "k" * 20 + "a-long-random-production-secret-for-the-check-0123456789",
    "ALLOWED_HOSTS": "kayfabe.example",
    "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/kayfabe",
    "REDIS_URL": "redis://127.0.0.1:6379/14",
}


def run_manage(*args, env):
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=BASE_DIR, env=env, capture_output=True, text=True, timeout=120
    )


def test_it_passes_the_deployment_checklist_in_production():
    result = run_manage("check", "--deploy", "--fail-level", "WARNING", env=PRODUCTION_ENV)
    assert result.returncode == 0, result.stderr
    assert "no issues" in result.stdout


def test_it_refuses_to_start_production_without_a_secret_key():
    env = {k: v for k, v in PRODUCTION_ENV.items() if k != "SECRET_KEY"}
    result = run_manage("check", env=env)
    assert result.returncode == 2
    assert (
        result.stderr.strip()
        == "Kayfabe configuration error: SECRET_KEY must be set (at least 50 characters) in production"
    )


def test_it_has_no_missing_migrations():
    result = run_manage(
        "makemigrations",
        "--check",
        "--dry-run",
        env={**PRODUCTION_ENV, "DJANGO_SETTINGS_MODULE": "config.settings.test"},
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_docker_compose_file_is_valid():
    result = subprocess.run(
        ["docker-compose", "-f", "docker-compose.yml", "config", "-q"],
        cwd=BASE_DIR,
        env={"PATH": "/usr/bin:/bin", "SECRET_KEY": "x" * 50},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr


def test_the_compose_workers_take_the_queues_production_routes_to():
    """docker-compose.yml names its workers' queues; production's router must send live cards, odds and lines there,
    or booked odds (or whole cards) would wait in a queue nobody works. The odds worker takes the odds first."""
    import yaml

    script = (
        "import django; django.setup();"
        "from config.celery_app import app, lines_queue, live_queue, odds_queue;"
        "route = lambda name: app.amqp.router.route({}, name)['queue'].name;"
        "print(live_queue(), odds_queue(), lines_queue(), route('matches.run_card'), route('matches.compute_odds'),"
        " route('matches.compute_win_line'), app.conf.broker_transport_options['queue_order_strategy'])"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=BASE_DIR, env=PRODUCTION_ENV, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    live, odds, lines, card, card_odds, win_line, order = result.stdout.split()
    assert (card, card_odds, win_line) == (live, odds, lines)
    assert order == "priority"  # -Q odds,lines: a line only when no odds wait
    services = yaml.safe_load((BASE_DIR / "docker-compose.yml").read_text())["services"]
    commands = {name: services[name]["command"] for name in ("worker", "odds-worker")}
    queue_of = {name: command[command.index("-Q") + 1] for name, command in commands.items()}
    assert queue_of == {"worker": live, "odds-worker": f"{odds},{lines}"}
