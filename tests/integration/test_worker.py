import pytest

from config.celery_app import ping

pytestmark = pytest.mark.worker


def test_a_real_worker_answers_from_the_test_database(celery_worker, test_database_name):
    result = ping.delay().get(timeout=30)
    assert result == {"pong": True, "database": test_database_name}


def test_a_killed_worker_can_be_replaced(celery_worker, test_database_name):
    celery_worker.kill()
    assert celery_worker.proc.poll() is not None
    celery_worker.start().wait_ready()
    assert ping.delay().get(timeout=30)["database"] == test_database_name
